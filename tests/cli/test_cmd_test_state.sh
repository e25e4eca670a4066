#!/usr/bin/env bash
# `ptfhost test` with state: '-- state' sections seed a call (CountClicks
# continues from a seeded count, seeded timers fire, TTL runs from the call's
# start), --dump-state prints each call's state and pending timers
# (TtlCountdown, InactivityAlert), a dump pasted into a '-- state' section
# is exactly what the next run starts from (round trip), and seeding
# mistakes name file:line.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_ROOT:?}" "${PTFHOST_BUILD:?}"
export NO_COLOR=1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() { grep -qF -- "$3" "$2" && ok || bad "$1: output lacks '$3'; output:"$'\n'"$(head -c 4000 "$2")"; }
lacks() { grep -qF -- "$3" "$2" && bad "$1: output has '$3'" || ok; }
t() { rc=0; "$PTFHOST" test "$@" >"$WORK/out" 2>&1 || rc=$?; }
expect_rc() { [ "$rc" = "$2" ] && ok || bad "$1: exit $rc, expected $2; output:"$'\n'"$(head -c 4000 "$WORK/out")"; }
# block FILE HEADING: the indented JSON lines under the first line ending in HEADING, without the indentation.
block() { awk -v h="$2" 'found && /^    \{/ { sub(/^    /, ""); print; next } found { exit }
                         index($0, h) && substr($0, length($0) - length(h) + 1) == h { found = 1 }' "$1"; }

SEEDS=$PTFHOST_ROOT/compat/cases/seeds.case
DUMP=$PTFHOST_ROOT/compat/cases/dump

# 1. The seeding cases pass: CountClicks seeded with 41 prints 42 first, seeded
#    timers fire, and each seeding mistake fails with its file:line.
t "$DUMP"
expect_rc "compat/cases/dump" 0
check "compat/cases/dump" "$WORK/out" "PASS CountClicks continues counting from a seeded count ("
check "compat/cases/dump" "$WORK/out" "PASS InactivityAlert's seeded timers fire when the watermark passes them ("
check "compat/cases/dump" "$WORK/out" "PASS an unknown state entry names the entries the function has ("
[ "$(tail -n 1 "$WORK/out")" = "$(grep -c '^-- case:' "$DUMP"/*.case | awk -F: '{n += $2} END {print n}') passed, 0 failed" ] &&
  ok || bad "compat/cases/dump: not every case passed: $(tail -n 1 "$WORK/out")"

# Seeded 41 -> first output 42, and --dump-state shows the seeded and the final count.
cat >"$WORK/clicks.case" <<EOF
-- case: clicks
-- sql
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$PTFHOST_BUILD/compat/seeds.jar';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'c.json', 'format' = 'json');
SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
-- state count_clicks
{"key": {"user_id": 1}, "state": {"clicks": {"count": 41}}}
-- input clicks
+I {"user_id": 1, "url": "/home"}
+I {"user_id": 2, "url": "/shop"}
-- expected
+I[1, /home, 42]
+I[2, /shop, 1]
EOF
t --dump-state "$WORK/clicks.case"
expect_rc "seeded clicks" 0
check "seeded clicks" "$WORK/out" "PASS clicks ("
[ "$(block "$WORK/out" "(call 1) seeded:")" = '{"key": {"user_id": 1}, "state": {"clicks": {"count":41}}, "timers": []}' ] &&
  ok || bad "seeded clicks: the seeded block: $(cat "$WORK/out")"
[ "$(block "$WORK/out" "(call 1) before the end of input:")" = '{"key": {"user_id": 1}, "state": {"clicks": {"count":42}}, "timers": []}
{"key": {"user_id": 2}, "state": {"clicks": {"count":1}}, "timers": []}' ] &&
  ok || bad "seeded clicks: the state after the input: $(cat "$WORK/out")"
check "seeded clicks" "$WORK/out" "count_clicks (call 1) at the end: unchanged"
# Without the section the count starts at 1 (the seed is what made it 42).
sed '/^-- state/,/^-- input/{/^-- input/!d}' "$WORK/clicks.case" >"$WORK/unseeded.case"
t "$WORK/unseeded.case"
expect_rc "unseeded clicks" 1
check "unseeded clicks" "$WORK/out" "+I[1, /home, 42] | +I[1, /home, 1]"

# 2. TtlCountdown: the dump shows the live counter (TTL-expired values are left out).
t --dump-state --filter TtlCountdown "$SEEDS"
expect_rc "ttl dump" 0
check "ttl dump" "$WORK/out" "  TtlCountdown (call 1, uid 'ttl-countdown-v1') before the end of input:"
[ "$(block "$WORK/out" "before the end of input:")" = '{"key": {"user_id": 1234}, "state": {"state": {"counter":2}}, "timers": []}' ] &&
  ok || bad "ttl dump: $(cat "$WORK/out")"

# 3. InactivityAlert: pending timers before the end of input, none at the end.
t --dump-state --filter InactivityAlert "$SEEDS"
expect_rc "inactivity dump" 0
cp "$WORK/out" "$WORK/inactivity.out"
before=$(block "$WORK/inactivity.out" "before the end of input:")
at_end=$(block "$WORK/inactivity.out" "at the end:")
[ "$(printf '%s\n' "$before" | wc -l)" = 4 ] && ok || bad "inactivity dump: 4 keys expected before the end: $before"
printf '%s\n' "$before" | grep -qE '^\{"key": \{"user_id": "alice"\}, "state": \{"state": \{"lastSeenMs":[0-9]+\}\}, "timers": \[\{"name": "inactivity", "time": "2026-01-01 00:02:00.000"\}\]\}$' &&
  ok || bad "inactivity dump: alice's pending timer: $before"
printf '%s\n' "$before" | grep -qE '^\{"key": \{"user_id": "carol"\}, .*"timers": \[\]\}$' &&
  ok || bad "inactivity dump: carol's timer fired during the input: $before"
[ "$(printf '%s\n' "$at_end" | grep -c '"timers": \[\]}$')" = 4 ] && ok || bad "inactivity dump: timers left at the end: $at_end"

# 4. Round trip: the dump before the end of input, pasted into '-- state', is
#    exactly what the next run starts from; without input it is also what that
#    run holds before its end, and the seeded timers fire at its end.
{
  sed -n '/^-- case: InactivityAlert/,/^-- input/p' "$SEEDS" | sed '$d' | sed "s|@BUILD@|$PTFHOST_BUILD|"
  echo "-- state inactivity-v1"
  printf '%s\n' "$before"
  echo "-- input user_events"
  echo "-- expected"
  echo "+I[bob, inactive, 2026-01-01T00:01:40]"
  echo "+I[alice, inactive, 2026-01-01T00:02]"
  echo "+I[dave, inactive, 2026-01-01T00:02:30]"
} >"$WORK/roundtrip.case"
t --dump-state "$WORK/roundtrip.case"
expect_rc "round trip" 0
[ "$(block "$WORK/out" "seeded:")" = "$before" ] && ok ||
  bad "round trip: the seeded state differs from the dump:"$'\n'"$before"$'\n'"$(cat "$WORK/out")"
[ "$(block "$WORK/out" "before the end of input:")" = "$before" ] && ok ||
  bad "round trip: the state before the end differs from the dump: $(cat "$WORK/out")"
# ... and a run that continues from it: CountClicks' dump seeds a run with more clicks.
t --dump-state "$WORK/clicks.case"
{
  sed -n '1,/^-- state/p' "$WORK/clicks.case"
  block "$WORK/out" "before the end of input:"
  echo "-- input clicks"
  echo '+I {"user_id": 2, "url": "/again"}'
  echo "-- expected"
  echo "+I[2, /again, 2]"
} >"$WORK/continue.case"
t --dump-state "$WORK/continue.case"
expect_rc "continue from a dump" 0
check "continue from a dump" "$WORK/out" '{"key": {"user_id": 1}, "state": {"clicks": {"count":42}}, "timers": []}'

# 5. Seeding mistakes name file:line: a line that is not JSON stops the file;
#    an unknown entry fails the run.
sed 's/^{"key": {"user_id": 1}, "state": {"clicks": {"count": 41}}}$/{"key": {"user_id": 1}, "state": {"clicks": {"count": 41}}/' \
  "$WORK/clicks.case" >"$WORK/badjson.case"
line=$(grep -n '^{"key"' "$WORK/badjson.case" | cut -d: -f1)
t "$WORK/badjson.case"
expect_rc "bad json" 1
check "bad json" "$WORK/out" "ERROR $WORK/badjson.case:$line: column 58: the state line is not valid JSON"
sed 's/"clicks": {"count": 41}/"click": {"count": 41}/' "$WORK/clicks.case" >"$WORK/entry.case"
t "$WORK/entry.case"
expect_rc "unknown entry" 1
check "unknown entry" "$WORK/out" "$WORK/entry.case:$line: count_clicks has no state entry 'click' (its entries: clicks)"
sed 's/{"user_id": 1}, "state"/{"user": 1}, "state"/' "$WORK/clicks.case" >"$WORK/key.case"
t "$WORK/key.case"
expect_rc "wrong key column" 1
check "wrong key column" "$WORK/out" "$WORK/key.case:$line: 'user' is not a PARTITION BY column of this call of count_clicks (its key: user_id)"

# 6. --dump-state on a run without a PTF call says so; the option is in the help.
printf -- '-- case: none\n-- sql\nSHOW USER FUNCTIONS;\n-- expected\nEmpty set\n' >"$WORK/none.case"
t --dump-state "$WORK/none.case"
check "no call" "$WORK/out" "  (no PTF call ran)"
t --help
check "help" "$WORK/out" "--dump-state"

echo "test_cmd_test_state: $pass passed, $fail failed"
[ "$fail" = 0 ]
