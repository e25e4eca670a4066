#!/usr/bin/env bash
# 'ptfhost broker': a Kafka-protocol cluster on 127.0.0.1 that kcat can use.
# The test starts the broker itself (on a fixed free port, then on one the
# kernel picks), produces and consumes with kcat, and stops it with SIGTERM,
# on which the broker exits 0.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# start_broker ARGS...: runs the broker in the background; sets pid and BOOT
# from its first line. Returns 1 if the broker ended instead.
start_broker() {
  : >"$W/out"
  "$PTFHOST" broker "$@" >"$W/out" 2>"$W/err" &
  pid=$!
  for _ in $(seq 600); do   # hang guard: 60 s
    if [ -s "$W/out" ] && [ "$(wc -l <"$W/out")" -ge 1 ]; then
      BOOT=$(head -n 1 "$W/out"); BOOT=${BOOT#bootstrap.servers=}; return 0
    fi
    kill -0 "$pid" 2>/dev/null || { wait "$pid"; pid=""; return 1; }
    sleep 0.1
  done
  return 1
}

stop_broker() {
  kill -TERM "$pid"; wait "$pid"; local rc=$?; pid=""; return $rc
}

# 1. A fixed port (a random one; another is tried if it is taken).
started=0
for _ in 1 2 3 4 5; do
  port=$((20000 + RANDOM % 30000))
  if start_broker --port "$port" --partitions 3 --topics orders,clicks; then started=1; break; fi
  grep -q "cannot listen" "$W/err" || break
done
if [ "$started" = 1 ]; then
  line=$(head -n 1 "$W/out")
  [ "$line" = "bootstrap.servers=127.0.0.1:$port" ] && ok || bad "first line is '$line', not bootstrap.servers=127.0.0.1:$port"
  meta=$(timeout 60 kcat -b "$BOOT" -L -t orders 2>&1)   # hang guard
  echo "$meta" | grep -q 'topic "orders" with 3 partitions' && ok || bad "orders does not have 3 partitions: $meta"
  printf 'k1:one\nk2:two\nk3:three\n' | timeout 60 kcat -b "$BOOT" -P -t orders -K: 2>"$W/perr" \
    && ok || bad "kcat could not produce: $(cat "$W/perr")"   # hang guard
  got=$(timeout 60 kcat -b "$BOOT" -C -t orders -o beginning -e -q -f '%k=%s\n' 2>"$W/cerr" | sort)   # hang guard
  want=$'k1=one\nk2=two\nk3=three'
  [ "$got" = "$want" ] && ok || bad "consumed '$got', want '$want' ($(cat "$W/cerr"))"
  # kcat's balanced consumer (group coordinator, offsets) works too.
  printf 'a\nb\n' | timeout 60 kcat -b "$BOOT" -P -t clicks   # hang guard
  got=$(timeout 60 kcat -b "$BOOT" -G g1 -o beginning -c 2 -q -f '%s\n' clicks 2>/dev/null | sort)   # hang guard
  [ "$got" = $'a\nb' ] && ok || bad "group consumer read '$got'"
  stop_broker && ok || bad "broker exited $? on SIGTERM"
else
  bad "broker did not start on a fixed port: $(cat "$W/err")"
fi

# 2. No --port: the kernel picks, and the first line says where.
if start_broker --brokers 3; then
  [[ "$(head -n 1 "$W/out")" =~ ^bootstrap\.servers=127\.0\.0\.1:[0-9]+(,127\.0\.0\.1:[0-9]+)*$ ]] \
    && ok || bad "first line '$(head -n 1 "$W/out")'"
  meta=$(timeout 60 kcat -b "$BOOT" -L 2>&1)   # hang guard
  echo "$meta" | grep -q '3 brokers' && ok || bad "not 3 brokers: $meta"
  kill -INT "$pid"; wait "$pid"; rc=$?; pid=""
  [ "$rc" = 0 ] && ok || bad "broker exited $rc on SIGINT"
else
  bad "broker did not start: $(cat "$W/err")"
fi

# 3. Bad arguments are usage errors.
"$PTFHOST" broker --partitions 0 >/dev/null 2>"$W/err"; rc=$?
[ "$rc" = 2 ] && grep -q -- "--partitions must be an integer from 1" "$W/err" && ok || bad "--partitions 0: rc $rc $(cat "$W/err")"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
