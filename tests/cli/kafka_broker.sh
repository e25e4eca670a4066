#!/usr/bin/env bash
# 'ptfhost broker': a Kafka-protocol cluster on 127.0.0.1 that kcat can use.
# The test starts the broker itself (on a fixed free port, then on one the
# kernel picks), produces and consumes with kcat, and stops it with SIGTERM,
# on which the broker exits 0.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
trap 'stop_broker; rm -rf "$W"' EXIT

# 1. A fixed port (a random one; another is tried if it is taken).
started=0
for _ in 1 2 3 4 5; do
  port=$((20000 + RANDOM % 30000))
  if start_broker --port "$port" --partitions 3 --topics orders,clicks; then started=1; break; fi
  grep -q "cannot listen" "$W/broker.err" || break
done
if [ "$started" = 1 ]; then
  line=$(head -n 1 "$W/broker.out")
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
  bad "broker did not start on a fixed port: $(cat "$W/broker.err")"
fi

# 2. No --port: the kernel picks, and the first line says where.
if start_broker --brokers 3; then
  [[ "$(head -n 1 "$W/broker.out")" =~ ^bootstrap\.servers=127\.0\.0\.1:[0-9]+(,127\.0\.0\.1:[0-9]+)*$ ]] \
    && ok || bad "first line '$(head -n 1 "$W/broker.out")'"
  meta=$(timeout 60 kcat -b "$BOOT" -L 2>&1)   # hang guard
  echo "$meta" | grep -q '3 brokers' && ok || bad "not 3 brokers: $meta"
  stop_broker INT; rc=$?
  [ "$rc" = 0 ] && ok || bad "broker exited $rc on SIGINT"
else
  bad "broker did not start: $(cat "$W/broker.err")"
fi

# 3. The mock cluster keeps about 5 MB per partition and drops the oldest records beyond that:
#    the broker says so on stderr, once per partition, instead of losing them silently.
if start_broker --topics small,big; then
  seq 1 1000 | timeout 60 kcat -b "$BOOT" -P -t small   # hang guard
  awk 'BEGIN { for (i = 0; i < 40000; i++) { s = sprintf("%06d", i); for (j = 0; j < 20; j++) s = s "xxxxxxxxxx"; print s } }' \
    | timeout 60 kcat -b "$BOOT" -P -t big   # hang guard
  for _ in $(seq 100); do grep -q "topic 'big'" "$W/broker.err" && break; sleep 0.1; done   # hang guard: 10 s
  grep -q "topic 'big' partition 0 dropped its oldest records (it starts at offset [1-9][0-9]* now)" "$W/broker.err" \
    && ok || bad "no report of the trimmed partition: $(cat "$W/broker.err")"
  sleep 1.2   # one more watch: still one line, and none for the small topic
  [ "$(grep -c "dropped its oldest" "$W/broker.err")" = 1 ] && ok || bad "reports: $(cat "$W/broker.err")"
  stop_broker
else
  bad "broker did not start: $(cat "$W/broker.err")"
fi

# 4. Bad arguments are usage errors.
"$PTFHOST" broker --partitions 0 >/dev/null 2>"$W/err"; rc=$?
[ "$rc" = 2 ] && grep -q -- "--partitions must be an integer from 1" "$W/err" && ok || bad "--partitions 0: rc $rc $(cat "$W/err")"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
