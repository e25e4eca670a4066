# tmux_lib.sh - sourced by the tests that drive `ptfhost sql` in a real
# terminal: tmux runs the shell, send-keys types, capture-pane reads the
# screen. Needs W (the work folder) and the caller's bad(); sets SOCK and
# kills the tmux server on exit. Waits poll the screen (hang guards only).
command -v tmux >/dev/null || { echo "FAIL: tmux is missing (build.sh installs it)"; exit 1; }
SOCK=$W/tmux.sock
tm() { tmux -S "$SOCK" "$@"; }
trap 'tm kill-server 2>/dev/null; rm -rf "$W"' EXIT

screen() { tm capture-pane -p -S - 2>/dev/null; }

# wait_for TEXT [E]: until the screen shows TEXT (a fixed string, or with
# E a regex). capture-pane drops trailing blanks: the prompt is "Flink SQL>".
wait_for() {
  for _ in $(seq 600); do   # hang guard: 120 s
    screen | grep -q"${2:-F}" -- "$1" && return 0
    sleep 0.2
  done
  bad "the screen never showed '$1'"; screen | tail -30; return 1
}

# count TEXT: how many lines of the screen hold TEXT.
count() { screen | grep -cF -- "$1"; }

# type_line TEXT: types TEXT and Enter; a ';' goes as its key code, as tmux
# would take a trailing ';' for its own command separator.
type_line() {
  local rest=$1 part
  while [ -n "$rest" ]; do
    part=${rest%%;*}
    [ -n "$part" ] && tm send-keys -l -- "$part"
    [ "$part" = "$rest" ] && break
    tm send-keys -H 3b
    rest=${rest#*;}
  done
  tm send-keys Enter
}

# clear_screen: empties the pane and its history, so waits see only what follows.
clear_screen() { tm send-keys C-l; tm clear-history; sleep 0.3; }
