#!/usr/bin/env bash
# 'ptfhost run' over Kafka, against the built-in broker the test starts
# itself: a seed example (CountClicks) with its input produced by kcat, read
# by a bounded kafka source and written by a kafka sink that kcat reads
# back; keyed writes on the partition the murmur2 vectors give; startup and
# bounded modes; bad records (fail with topic/partition/offset, or skip and
# count); option errors; at-least-once failing a job whose records were not
# delivered; upsert-kafka both ways (seeds RunningMax and ChangelogAuditor).
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}" "${PTFHOST_ROOT:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
trap 'stop_broker; rm -rf "$W"' EXIT
SEED=$PTFHOST_ROOT/compat/run/count_clicks
JAR=$PTFHOST_BUILD/compat/seeds.jar

start_broker --partitions 1 --topics clicks,counts,mixed || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }
timeout 60 kcat -b "$BOOT" -P -t clicks <"$SEED/clicks.json" || bad "kcat could not produce the seed's input"   # hang guard

# kafka_table NAME COLUMNS WITH...: a CREATE TABLE over the built-in broker.
kafka_table() {
  echo "CREATE TABLE $1 ($2) WITH ('connector' = 'kafka', 'properties.bootstrap.servers' = '$BOOT', $3);"
}
BOUNDED="'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset'"
run() { timeout 120 "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"; }   # hang guard

# 1. The seed's job with its filesystem table replaced by a kafka one prints the seed's rows.
sed "s#@SEEDS_JAR@#$JAR#; s#WITH ('connector' = 'filesystem'.*#WITH ('connector' = 'kafka', 'topic' = 'clicks', \
'properties.bootstrap.servers' = '$BOOT', $BOUNDED, 'format' = 'json');#" "$SEED/job.sql" >"$W/job.sql"
if run && diff -u "$SEED/expected.txt" "$W/out" >"$W/diff"; then ok; else bad "seed over kafka: $(cat "$W/diff" "$W/err")"; fi

# 2. The same rows written to a kafka sink, read back with kcat.
{
  echo "CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$JAR';"
  kafka_table clicks "user_id INT, url STRING" "'topic' = 'clicks', $BOUNDED, 'format' = 'json'"
  kafka_table counts "user_id INT, url STRING, click_count BIGINT" "'topic' = 'counts', 'format' = 'json'"
  echo "INSERT INTO counts SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);"
} >"$W/job.sql"
want='{"user_id":1,"url":"/home","click_count":1}
{"user_id":2,"url":"/shop","click_count":1}
{"user_id":1,"url":"/cart","click_count":2}
{"user_id":1,"url":"/pay","click_count":3}'
if run; then
  got=$(timeout 60 kcat -b "$BOOT" -C -t counts -o beginning -e -q -f '%s\n')   # hang guard
  [ "$got" = "$want" ] && ok || bad "sink wrote '$got'"
else
  bad "kafka sink job failed: $(cat "$W/err")"
fi

# 3. Keyed writes land on the partition Kafka's Java producer picks (tests/vectors/murmur2.txt).
{
  echo "CREATE VIEW users AS SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd'), (5, 'e'), (6, 'f'), \
(7, 'g'), (8, 'h')) AS T(user_id, url);"
  kafka_table keyed "user_id INT, url STRING" "'topic' = 'keyed', 'key.format' = 'json', 'key.fields' = 'user_id', \
'value.format' = 'json', 'sink.partitioner' = 'default'"
  echo "INSERT INTO keyed SELECT * FROM users;"
} >"$W/job.sql"
# 'keyed' is auto-created with the mock cluster's 4 partitions when first written.
if run; then
  got=$(timeout 60 kcat -b "$BOOT" -C -t keyed -o beginning -e -q -f '%k %p\n' | sort)   # hang guard
  want=""
  for id in 1 2 3 4 5 6 7 8; do
    k="{\"user_id\":$id}"
    hex=$(printf '%s' "$k" | od -An -tx1 | tr -d ' \n')
    want+="$k $(awk -v h="$hex" '$1 == h && $2 == 4 {print $3}' "$PTFHOST_ROOT/tests/vectors/murmur2.txt")"$'\n'
  done
  [ "$got" = "${want%$'\n'}" ] && ok || bad "keys landed on '$got', the vectors say '$want'"
else
  bad "keyed sink job failed: $(cat "$W/err")"
fi

# 4. Startup and bounded specific offsets read offsets 1 and 2 only; two topics as a ';' list.
{
  kafka_table clicks "user_id INT, url STRING" "'topic' = 'clicks', 'scan.startup.mode' = 'specific-offsets', \
'scan.startup.specific-offsets' = 'partition:0,offset:1', 'scan.bounded.mode' = 'specific-offsets', \
'scan.bounded.specific-offsets' = 'partition:0,offset:3', 'format' = 'json'"
  echo "SELECT * FROM clicks;"
} >"$W/job.sql"
run && [ "$(cat "$W/out")" = $'+I[2, /shop]\n+I[1, /cart]' ] && ok || bad "specific offsets: $(cat "$W/out" "$W/err")"
{
  kafka_table clicks "user_id INT, url STRING" "'topic' = 'clicks', 'scan.startup.mode' = 'latest-offset', \
'scan.bounded.mode' = 'latest-offset', 'format' = 'json'"
  echo "SELECT * FROM clicks;"
} >"$W/job.sql"
run && [ ! -s "$W/out" ] && ok || bad "latest to latest is empty and ends: $(cat "$W/out" "$W/err")"
printf '{"user_id": 9, "url": "/nine"}\n' | timeout 60 kcat -b "$BOOT" -P -t mixed   # hang guard
{
  kafka_table clicks "user_id INT, url STRING" "'topic' = 'mixed; clicks', $BOUNDED, 'format' = 'json'"
  echo "SELECT * FROM clicks;"
} >"$W/job.sql"
run && [ "$(sort "$W/out" | tr '\n' ' ')" = "+I[1, /cart] +I[1, /home] +I[1, /pay] +I[2, /shop] +I[9, /nine] " ] \
  && ok || bad "two topics: $(cat "$W/out" "$W/err")"

# 4b. group-offsets starts after what the group committed (kcat's balanced consumer commits two);
#     the other partitions of the auto-created topic have none, so auto.offset.reset decides.
printf '{"user_id": 1, "url": "/%d"}\n' 1 2 3 4 | timeout 60 kcat -b "$BOOT" -P -t grouped -p 0   # hang guard
timeout 60 kcat -b "$BOOT" -G g1 -o beginning -c 2 -q grouped >/dev/null   # hang guard
{
  kafka_table grouped "user_id INT, url STRING" "'topic' = 'grouped', 'properties.group.id' = 'g1', \
'properties.auto.offset.reset' = 'earliest', 'scan.bounded.mode' = 'latest-offset', 'format' = 'json'"
  echo "SELECT * FROM grouped;"
} >"$W/job.sql"
run && [ "$(cat "$W/out")" = $'+I[1, /3]\n+I[1, /4]' ] && ok || bad "group-offsets: $(cat "$W/out" "$W/err")"

# 5. A record that does not decode fails the job with its topic, partition, offset and field;
#    json.ignore-parse-errors skips it and the job reports the count.
printf '{"user_id": 1, "url": "/a"}\n{"user_id": "x1", "url": "/b"}\nnot json\n{"user_id": 2, "url": "/c"}\n' |
  timeout 60 kcat -b "$BOOT" -P -t bad -p 0   # hang guard
{
  echo "CREATE FUNCTION count_clicks AS 'com.example.CountClicks' USING JAR '$JAR';"
  kafka_table bad "user_id INT, url STRING" "'topic' = 'bad', $BOUNDED, 'format' = 'json'"
  echo "SELECT * FROM count_clicks(input => TABLE bad PARTITION BY user_id);"
} >"$W/job.sql"
if run; then bad "a bad record did not fail the job"; else
  grep -q "record at topic 'bad', partition 0, offset 1: .*field 'user_id' (INT)" "$W/err" && ok \
    || bad "bad record message: $(cat "$W/err")"
fi
sed -i "s/'format' = 'json'/'format' = 'json', 'json.ignore-parse-errors' = 'true'/" "$W/job.sql"
run && [ "$(cat "$W/out")" = $'+I[1, /a, 1]\n+I[null, /b, 1]\n+I[2, /c, 1]' ] && grep -q "skipped 1 malformed row" "$W/err" \
  && ok || bad "ignore-parse-errors: $(cat "$W/out" "$W/err")"

# 6. Option errors: a misspelt option, a property librdkafka does not know, a missing companion option.
check_error() {   # WITH-options expected-text
  { kafka_table t "a INT" "'topic' = 'clicks', 'format' = 'json', $1"; echo "SELECT * FROM t;"; } >"$W/job.sql"
  if run; then bad "accepted $1"; else grep -qF "$2" "$W/err" && ok || bad "$1: $(cat "$W/err")"; fi
}
check_error "'scan.bounded.mod' = 'latest-offset'" "Unsupported options found for 'kafka'."
check_error "'properties.fetch.mni.bytes' = '1'" "unknown Kafka client property 'properties.fetch.mni.bytes'"
check_error "'scan.startup.mode' = 'timestamp'" "'scan.startup.timestamp-millis' is required in 'timestamp' startup mode"
check_error "'scan.startup.mode' = 'group-offsets', 'scan.bounded.mode' = 'latest-offset'" \
  "has no committed offset for group 'ptfhost-t'"

# 7. at-least-once fails the job when the records cannot be delivered (no broker there);
#    'none' lets it end.
{
  echo "CREATE TABLE src (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = '$SEED/clicks.json', \
'format' = 'json');"
  echo "CREATE TABLE lost (user_id INT, url STRING) WITH ('connector' = 'kafka', 'topic' = 'lost', \
'properties.bootstrap.servers' = '127.0.0.1:1', 'properties.message.timeout.ms' = '1000', 'format' = 'json');"
  echo "INSERT INTO lost SELECT * FROM src;"
} >"$W/job.sql"
if run; then bad "undelivered records did not fail the job"; else
  grep -q "4 records were not delivered to topic 'lost'" "$W/err" && ok || bad "at-least-once: $(cat "$W/err")"
fi
sed -i "s/message.timeout.ms' = '1000',/message.timeout.ms' = '1000', 'sink.delivery-guarantee' = 'none',/" "$W/job.sql"
run && ok || bad "delivery-guarantee none failed: $(cat "$W/err")"

# 8. upsert-kafka: RunningMax (seed "Emit a changelog") writes its +I/+U changelog as records keyed
#    by the PRIMARY KEY; ChangelogAuditor over an upsert-kafka topic holding its seed input sees the
#    seed's INSERT and UPDATEs, and a tombstone as the DELETE of the key's last row; a -D written to
#    an upsert-kafka sink is a tombstone again.
RM=$PTFHOST_ROOT/compat/run/running_max
timeout 60 kcat -b "$BOOT" -P -t rates -p 0 <"$RM/rate_observations.json"   # hang guard
upsert_rates() {   # NAME TOPIC [more WITH options]
  echo "CREATE TABLE $1 (currency STRING, max_rate DECIMAL(10, 4), PRIMARY KEY (currency) NOT ENFORCED) WITH (\
'connector' = 'upsert-kafka', 'topic' = '$2', 'properties.bootstrap.servers' = '$BOOT', 'key.format' = 'json', \
'value.format' = 'json'${3:+, $3});"
}
{
  echo "CREATE FUNCTION RunningMax AS 'com.example.RunningMax' USING JAR '$JAR';"
  kafka_table rate_observations "currency STRING, rate DECIMAL(10, 4)" "'topic' = 'rates', $BOUNDED, 'format' = 'json'"
  upsert_rates max_rate max_rate
  echo "INSERT INTO max_rate SELECT * FROM RunningMax(input => TABLE rate_observations PARTITION BY currency, \
uid => 'running-max-v1');"
} >"$W/job.sql"
want='{"currency":"EUR"} {"currency":"EUR","max_rate":1.0850}
{"currency":"EUR"} {"currency":"EUR","max_rate":1.0920}'
if run; then
  got=$(timeout 60 kcat -b "$BOOT" -C -t max_rate -o beginning -e -q -f '%k %s\n')   # hang guard
  [ "$got" = "$want" ] && ok || bad "upsert-kafka sink wrote '$got'"
else
  bad "upsert-kafka sink job failed: $(cat "$W/err")"
fi
# ChangelogAuditor's seed input as upsert records, then a tombstone for USD.
printf '%s\n' '{"currency":"USD"}|{"currency":"USD","rate":1.0000}' '{"currency":"EUR"}|{"currency":"EUR","rate":1.0850}' \
  '{"currency":"EUR"}|{"currency":"EUR","rate":1.0920}' '{"currency":"EUR"}|{"currency":"EUR","rate":1.0875}' \
  '{"currency":"USD"}|' | timeout 60 kcat -b "$BOOT" -P -t currency_rates -p 0 -K'|' -Z   # hang guard
{
  echo "CREATE FUNCTION ChangelogAuditor AS 'com.example.ChangelogAuditor' USING JAR '$JAR';"
  echo "CREATE TABLE currency_rates (currency STRING, rate DECIMAL(10, 4), PRIMARY KEY (currency) NOT ENFORCED) \
WITH ('connector' = 'upsert-kafka', 'topic' = 'currency_rates', 'properties.bootstrap.servers' = '$BOOT', \
'key.format' = 'json', 'value.format' = 'json', 'scan.bounded.mode' = 'latest-offset');"
  echo "SELECT * FROM ChangelogAuditor(input => TABLE currency_rates PARTITION BY currency);"
} >"$W/job.sql"
want='+I[USD, INSERT, null, 1.0000]
+I[EUR, INSERT, null, 1.0850]
+I[EUR, UPDATE, 1.0850, 1.0920]
+I[EUR, UPDATE, 1.0920, 1.0875]
+I[USD, DELETE, 1.0000, null]'
run && [ "$(cat "$W/out")" = "$want" ] && ok || bad "upsert-kafka source: $(cat "$W/out" "$W/err")"
{
  sed -n 2p "$W/job.sql"   # currency_rates
  echo "CREATE TABLE copy (currency STRING, rate DECIMAL(10, 4), PRIMARY KEY (currency) NOT ENFORCED) WITH (\
'connector' = 'upsert-kafka', 'topic' = 'copy', 'properties.bootstrap.servers' = '$BOOT', 'key.format' = 'json', \
'value.format' = 'json');"
  echo "INSERT INTO copy SELECT * FROM currency_rates;"
} >"$W/copy.sql"
mv "$W/copy.sql" "$W/job.sql"
if run; then
  got=$(timeout 60 kcat -b "$BOOT" -C -t copy -o beginning -e -q -f '%k %S\n' | grep USD | tail -n 1)   # hang guard
  [ "$got" = '{"currency":"USD"} -1' ] && ok || bad "a -D did not become a tombstone: '$got'"
else
  bad "upsert-kafka copy failed: $(cat "$W/err")"
fi
check_error_upsert() {
  { upsert_rates t max_rate "$1"; echo "SELECT * FROM t;"; } >"$W/job.sql"
  if run; then bad "accepted $1"; else grep -qF "$2" "$W/err" && ok || bad "$1: $(cat "$W/err")"; fi
}
check_error_upsert "'scan.startup.mode' = 'earliest-offset'" "Unsupported options found for 'upsert-kafka'."

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
