# kafka_lib.sh - sourced by tests/cli/kafka_*.sh: the built-in broker for a
# test, and the pass/fail count. Needs PTFHOST and a work folder W; the
# caller's EXIT trap must call stop_broker (a no-op once it is stopped).

pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

BROKER_PID=""

# start_broker ARGS...: 'ptfhost broker ARGS' in the background; sets
# BROKER_PID and BOOT (its bootstrap.servers) from its first line. Returns 1
# (leaving its stderr in $W/broker.err) if the broker ended instead. Its
# stdin (fault-control commands) is $BROKER_IN, /dev/null by default.
start_broker() {
  : >"$W/broker.out"
  "$PTFHOST" broker "$@" <"${BROKER_IN:-/dev/null}" >"$W/broker.out" 2>"$W/broker.err" &
  BROKER_PID=$!
  for _ in $(seq 600); do   # hang guard: 60 s
    if [ "$(wc -l <"$W/broker.out")" -ge 1 ]; then
      BOOT=$(head -n 1 "$W/broker.out"); BOOT=${BOOT#bootstrap.servers=}; return 0
    fi
    kill -0 "$BROKER_PID" 2>/dev/null || { wait "$BROKER_PID"; BROKER_PID=""; return 1; }
    sleep 0.1
  done
  return 1
}

# control CMD: sends a fault-control command to the broker on fd 4 (the
# caller opens it onto BROKER_IN, a FIFO) and waits for its answer line
# (hang guard: 30 s).
control() {
  local before; before=$(wc -l <"$W/broker.out")
  echo "$1" >&4
  for _ in $(seq 300); do
    [ "$(wc -l <"$W/broker.out")" -gt "$before" ] && return 0
    sleep 0.1
  done
  echo "FAIL: the broker did not answer '$1': $(cat "$W/broker.err")"; return 1
}

# stop_broker [SIGNAL]: stops it (SIGTERM by default); returns its exit code.
stop_broker() {
  [ -n "$BROKER_PID" ] || return 0
  kill "-${1:-TERM}" "$BROKER_PID" 2>/dev/null
  wait "$BROKER_PID"; local rc=$?
  BROKER_PID=""
  return $rc
}

# kill_after_checkpoint CKPT-DIR SQL OUT ERR: runs `ptfhost run --resume SQL` in $W (OUT and
# ERR appended, relative to $W), waits for a new complete checkpoint in CKPT-DIR, then kills
# the job with kill -9 at a random point up to 0.25 s later. 0 when the kill hit a running
# job. The job's pid is in $bg while it runs (for the caller's EXIT trap).
kill_after_checkpoint() {
  local before; before=$(newest_checkpoint "$1")
  (cd "$W" && exec "$PTFHOST" run --resume "$2" >>"$3" 2>>"$4") &
  bg=$!
  for _ in $(seq 1200); do   # hang guard: up to 60 s for a new checkpoint
    [ "$(newest_checkpoint "$1")" != "$before" ] && break
    kill -0 "$bg" 2>/dev/null || break
    sleep 0.05
  done
  sleep "$(printf '0.%02d' $((RANDOM % 25)))"
  local hit=1
  kill -0 "$bg" 2>/dev/null && hit=0
  kill -9 "$bg" 2>/dev/null; wait "$bg" 2>/dev/null; bg=""
  return $hit
}

# newest_checkpoint DIR: the id of DIR's newest complete checkpoint (empty when none).
newest_checkpoint() { ls "$1" 2>/dev/null | sed -n 's/^chk-\([0-9]*\)$/\1/p' | sort -n | tail -1; }
