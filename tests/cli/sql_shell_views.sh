#!/usr/bin/env bash
# The keys of ptfhost sql's full-screen result views, as Flink's SQL client
# binds them (CliTableResultView, CliChangelogResultView), in a real
# terminal (tmux): the key help in the client's two lines; G opens the input
# dialog (its prompt with the page range, its error for a page out of range,
# ESC cancels, Enter goes to the page); N / P / L page; the arrows and W / S
# select a row, O or Enter opens it in the row summary (each column's name,
# type and value) and Q goes back; + / - step the refresh interval; A / D and
# the arrows scroll a wide result sideways; R refreshes; in the changelog a
# selected row opens once refreshing stops ('-'); Q and ESC quit a view.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
fail=0
bad() { echo "FAIL: $*"; fail=1; }
. "$(dirname "$0")/lib/tmux_lib.sh"   # tm, screen, wait_for, count, type_line, clear_screen

# shows TEXT: the screen shows TEXT now (fixed string).
shows() { screen | grep -qF -- "$1" || { bad "$2: no '$1'"; screen | tail -25; }; }
# selected: the screen line shown in inverse (the selected row), blanks squeezed.
# (the title and status lines, also inverse, are the first two).
selected() { tm capture-pane -p -e | tail -n +3 | grep -a $'^\e\\[7m ' | sed 's/\x1b\[[0-9;]*m//g' | tr -s ' ' | head -1; }

# 20 rows on a 20-line screen: 14 rows a page, so two pages.
ROWS="(1,'a'),(2,'b'),(3,'c'),(4,'d'),(5,'e'),(6,'f'),(7,'g'),(8,'h'),(9,'i'),(10,'j'),(11,'k'),(12,'l'),(13,'m')"
ROWS="$ROWS,(14,'n'),(15,'o'),(16,'p'),(17,'q'),(18,'r'),(19,'s'),(20,'t')"
tm new-session -d -x 100 -y 20 "cd '$W' && HOME='$W' '$PTFHOST' sql; sleep 600"
wait_for "Flink SQL>" || exit 1
type_line "SELECT * FROM (VALUES $ROWS) AS t(n, s);"
wait_for "SQL Query Result (Table)" && wait_for "Table program finished."
shows "Page: Last of 2" "table"
screen | grep -qE '^ +20 +t$' || bad "the last page does not end with row 20"
screen | grep -qE '^Q Quit +\+ Inc Refresh +G Goto Page +N Next Page +O Open Row$' || bad "key help, line 1"
screen | grep -qE '^R Refresh +- Dec Refresh +L Last Page +P Prev Page$' || bad "key help, line 2"

# G: the input dialog; an invalid page is refused, ESC cancels, a valid one goes there.
tm send-keys G
wait_for "Input Dialog"
shows "Enter page number: [1 to 2]" "goto"
shows "Press Enter to submit. Press ESC or submit an empty string to cancel." "goto"
tm send-keys 7 Enter
wait_for "The input is invalid please check it again."
tm send-keys Escape
wait_for "Page: Last of 2"
tm send-keys g 1 Enter
wait_for "Page: 1 of 2"
screen | grep -qE '^ +1 +a$' || bad "page 1 does not show row 1"
tm send-keys N
wait_for "Page: 2 of 2"
tm send-keys P
wait_for "Page: 1 of 2"
tm send-keys L
wait_for "Page: Last of 2"
tm send-keys g 1 Enter
wait_for "Page: 1 of 2"

# Selection and the row summary: Down selects the first row, S the next; O opens it.
tm send-keys Down s
sleep 0.3
[ "$(selected)" = " 2 b" ] || bad "Down, S: selected '$(selected)', want row 2"
tm send-keys Up
sleep 0.3
[ "$(selected)" = " 1 a" ] || bad "Up: selected '$(selected)', want row 1"
tm send-keys o
wait_for "Row Summary"
shows "Press Q to go back." "row summary"
screen | grep -qE '^ n \(INT NOT NULL\):$' || bad "row summary: no 'n (INT NOT NULL):'"
screen | grep -qx ' 1' || bad "row summary: no value 1"
tm send-keys q
wait_for "Page: 1 of 2"
tm send-keys Enter   # Enter opens the selected row too
wait_for "Row Summary"
tm send-keys Escape
wait_for "Page: 1 of 2"

tm send-keys q
wait_for "[INFO] Result retrieval cancelled."

# A wide result scrolls sideways: D or Right moves one column, A or Left back.
clear_screen
tm resize-window -x 30 -y 12
type_line "SELECT 12345 AS n, CAST('abc' AS STRING) AS s;"
wait_for "Table program finished."
screen | grep -qE '^ +n$' || bad "narrow: no column header"
tm send-keys d Right Right
wait_for '^ +n$' E
screen | grep -qE '^ {8}n$' || bad "D, Right: the header did not move 3 columns left"
tm send-keys a Left Left
sleep 0.3
screen | grep -qE '^ {11}n$' || bad "A, Left: not back at column 0"
tm resize-window -x 100 -y 20
tm send-keys Escape
wait_for "[INFO] Result retrieval cancelled."

# changelog of a streaming query: + / - and the refresh labels; '-' stops
# refreshing, then a selected row stays selected and opens.
type_line "SET 'sql-client.execution.result-mode' = 'changelog';"
clear_screen
type_line "SELECT user_id, url FROM examples.marketplace.clicks;"
wait_for "SQL Query Result (Changelog)"
shows "Refresh: Fastest" "changelog"
screen | grep -qE '^Q Quit +\+ Inc Refresh +O Open Row$' || bad "changelog key help, line 1"
screen | grep -qE '^R Refresh +- Dec Refresh$' || bad "changelog key help, line 2"
for _ in $(seq 600); do [ "$(count " +I ")" -ge 3 ] && break; sleep 0.2; done   # hang guard: 120 s
tm send-keys +
wait_for "Refresh: 100 ms"
tm send-keys -- -
wait_for "Refresh: Fastest"
for _ in 1 2 3 4 5 6 7; do tm send-keys +; done
wait_for "Refresh: -"
tm send-keys Up
sleep 0.5
row=$(selected)
[ -n "$row" ] || bad "changelog: Up selected no row"
tm send-keys O
wait_for "Row Summary"
shows "user_id (INT):" "changelog row summary"
shows "url (STRING):" "changelog row summary"
uid=$(echo "$row" | awk '{print $2}')
screen | grep -qx " $uid" || bad "changelog row summary: no user_id $uid of the selected row '$row'"
tm send-keys Q
wait_for "Refresh: -"
tm send-keys C-c   # Ctrl-C quits a view as Q does
wait_for "[INFO] Result retrieval cancelled."

[ $fail -eq 0 ] && echo "sql_shell_views: ok"
exit $fail
