# Shared by the scale-out tests (kafka_scale_out*.sh): the CountClicks seed over a
# clicks topic keyed by user, read by processes of one consumer group. Source it after
# kafka_lib.sh with SO_TOPIC set to the input topic; uses BOOT, W and bad. Sets the EXIT
# trap: it kills the members pa and pb and a producer pp still running, stops the broker
# and removes W.

JAR=$PTFHOST_BUILD/compat/seeds.jar
pa="" pb="" pp=""
trap '[ -n "$pa" ] && kill -9 "$pa" 2>/dev/null; [ -n "$pb" ] && kill -9 "$pb" 2>/dev/null; [ -n "$pp" ] && kill "$pp" 2>/dev/null; stop_broker; rm -rf "$W"' EXIT

# produce FROM TO: clicks keyed by user ({"user_id":U}), 97 users
produce() {
  awk -v a="$1" -v b="$2" 'BEGIN { for (i = a; i <= b; i++) printf "{\"user_id\":%d}|{\"user_id\": %d, \"url\": \"/p%d\"}\n", i % 97, i % 97, i }' \
    | timeout 120 kcat -b "$BOOT" -P -t "$SO_TOPIC" -K '|' || bad "kcat could not produce the input"   # hang guard
}

# script NAME SINK KEY-OPTIONS EXTRA-SETS [SOURCE-EXTRA [SINK-EXTRA]]: W/NAME.sql; SINK
# is a Kafka topic, or file:PATH for a filesystem sink writing CSV to PATH
script() {
  local sink="'connector' = 'kafka', 'topic' = '$2', 'properties.bootstrap.servers' = '$BOOT', 'format' = 'json'"
  case $2 in file:*) sink="'connector' = 'filesystem', 'path' = '${2#file:}', 'format' = 'csv'" ;; esac
  cat >"$W/$1.sql" <<SQL
$4
CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$JAR';
CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'kafka', 'topic' = '$SO_TOPIC',
  'properties.bootstrap.servers' = '$BOOT', 'properties.group.id' = 'g-$1', $3
  'scan.startup.mode' = 'earliest-offset', 'format' = 'json'${5:-});
CREATE TABLE counts (user_id INT, url STRING, click_count BIGINT) WITH ($sink${6:-});
INSERT INTO counts SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);
SQL
}
KEYED="'key.format' = 'json', 'key.fields' = 'user_id',"
SCALE="SET 'ptfhost.scale-out' = 'true';
SET 'execution.checkpointing.interval' = '200 ms';
SET 'execution.checkpointing.dir' = 'ckpts';"
GROUP=", 'properties.session.timeout.ms' = '6000', 'properties.heartbeat.interval.ms' = '500'"

# wait_for FILE PATTERN COUNT: until FILE has COUNT lines matching PATTERN (hang guard: 60 s)
wait_for() {
  for _ in $(seq 600); do
    [ "$(grep -c "$2" "$1" 2>/dev/null)" -ge "$3" ] && return 0
    sleep 0.1
  done
  return 1
}

# b_partitions: the partitions B was assigned ("TOPIC-N", one a line)
b_partitions() { grep -o "partition $SO_TOPIC-[0-9]* assigned" "$W/b.err" | sort -u | grep -o "$SO_TOPIC-[0-9]*"; }

# two_members NAME WROTE: process A runs W/NAME.sql and is assigned every partition; once
# the command WROTE says it wrote something, B joins and is assigned 1 to 3 of them, A having
# checkpointed what it gave up. Sets pa, pb and b_parts.
two_members() {
  (cd "$W" && exec "$PTFHOST" run "$1.sql" >a.out 2>a.err) & pa=$!
  wait_for "$W/a.err" "partition $SO_TOPIC-.* assigned" 4 && ok || bad "A was not assigned 4 partitions: $(cat "$W/a.err")"
  $2 && ok || bad "A wrote nothing: $(cat "$W/a.err")"
  (cd "$W" && exec "$PTFHOST" run "$1.sql" >b.out 2>b.err) & pb=$!
  wait_for "$W/b.err" "partition $SO_TOPIC-.* assigned" 1 && ok || bad "B was not assigned a partition: $(cat "$W/b.err")"
  grep -q "revoked, checkpointed" "$W/a.err" && ok || bad "A did not checkpoint the partitions it gave up: $(cat "$W/a.err")"
  b_parts=$(b_partitions | wc -l)
  [ "$b_parts" -ge 1 ] && [ "$b_parts" -le 3 ] && ok || bad "B has $b_parts partitions"
}

# kill_b FROM TO: B reads a while; then clicks FROM..TO arrive at once, and B dies (kill -9)
# while it works through them, past a new checkpoint of one of its partitions. Sets restored
# and a_lines (A's stderr so far) for a_takes_over.
kill_b() {
  sleep 1.5
  local bp chk; bp=$(b_partitions | head -1)
  chk=$(newest_checkpoint "$W/ckpts/partitions/$bp")
  produce "$1" "$2" & pp=$!
  for _ in $(seq 3000); do   # hang guard: 60 s
    [ "$(newest_checkpoint "$W/ckpts/partitions/$bp")" != "$chk" ] && break
    sleep 0.02
  done
  [ "$(newest_checkpoint "$W/ckpts/partitions/$bp")" != "$chk" ] && ok || bad "B did not checkpoint $bp: $(tail -3 "$W/b.err")"
  sleep "$(printf '0.%02d' $((RANDOM % 10)))"
  kill -0 "$pb" 2>/dev/null && ok || bad "B ended early: $(cat "$W/b.err")"
  restored=$(grep -c "assigned, restored from" "$W/a.err")
  a_lines=$(wc -l <"$W/a.err")
  kill -9 "$pb"; wait "$pb" 2>/dev/null; pb=""
  wait "$pp"; pp=""
}

# a_takes_over: A is assigned each of B's partitions (after the session timeout), restored
# from its newest checkpoint.
a_takes_over() {
  wait_for "$W/a.err" "assigned, restored from .*ckpts/partitions/$SO_TOPIC-[0-9]*/chk-[0-9]*" $((restored + b_parts)) \
    && ok || bad "A did not restore B's partitions: $(cat "$W/a.err")"
  for p in $(b_partitions); do
    tail -n +"$((a_lines + 1))" "$W/a.err" | grep -q "partition $p assigned, restored from" && ok \
      || bad "A did not take $p over from B with its state: $(cat "$W/a.err")"
  done
}
