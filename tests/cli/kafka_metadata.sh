#!/usr/bin/env bash
# METADATA columns of 'kafka' tables against the built-in broker the test
# starts itself: records produced by kcat (with headers) read with 'topic',
# 'partition', 'offset', 'timestamp', 'timestamp-type', 'headers' and
# 'leader-epoch'; a WATERMARK on the record timestamp; 'timestamp' and
# 'headers' written by an INSERT and read back with kcat; record timestamps
# written by ptfhost firing a seed PTF's event-time timers; Flink's errors for
# an unknown key (listing the keys offered), a key the sink cannot write and
# a query that writes a VIRTUAL column.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}" "${PTFHOST_ROOT:?}"
W=$(mktemp -d)
. "$(dirname "$0")/lib/kafka_lib.sh"
trap 'stop_broker; rm -rf "$W"' EXIT

start_broker --partitions 1 --topics events,copy,written,stamped || { echo "FAIL: no broker: $(cat "$W/broker.err")"; exit 1; }
printf '{"id":1}\n{"id":2}\n' | timeout 60 kcat -b "$BOOT" -P -t events -H trace=abc -H n=1 ||
  bad "kcat could not produce"   # hang guard

kafka_table() {   # kafka_table NAME COLUMNS TOPIC [MORE OPTIONS]
  echo "CREATE TABLE $1 ($2) WITH ('connector' = 'kafka', 'properties.bootstrap.servers' = '$BOOT', \
'topic' = '$3', 'format' = 'json'${4:+, $4});"
}
BOUNDED="'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset'"
EVENTS="id INT, ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp', \`partition\` INT METADATA VIRTUAL, \
\`offset\` BIGINT METADATA VIRTUAL, topic STRING METADATA VIRTUAL, headers MAP<STRING, BYTES> METADATA, \
tstype STRING METADATA FROM 'timestamp-type' VIRTUAL, epoch INT METADATA FROM 'leader-epoch' VIRTUAL"
run() { timeout 120 "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"; }   # hang guard

# instant MILLIS: Java's Instant.toString of epoch milliseconds.
instant() {
  local base; base=$(date -u -d "@$(($1 / 1000))" +%Y-%m-%dT%H:%M:%S)
  if [ $(($1 % 1000)) -eq 0 ]; then echo "${base}Z"; else printf '%s.%03dZ\n' "$base" $(($1 % 1000)); fi
}

# 1. Every readable key; the timestamp is the one kcat reads.
{ kafka_table events "$EVENTS" events "$BOUNDED"; echo "SELECT id, \`partition\`, \`offset\`, topic, headers, tstype, epoch FROM events;"; } >"$W/job.sql"
want='+I[1, 0, 0, events, {trace=[97, 98, 99], n=[49]}, CreateTime, null]
+I[2, 0, 1, events, {trace=[97, 98, 99], n=[49]}, CreateTime, null]'
run && [ "$(cat "$W/out")" = "$want" ] && ok || bad "read metadata: $(cat "$W/out" "$W/err")"
{ kafka_table events "$EVENTS" events "$BOUNDED"; echo "SELECT id, ts FROM events;"; } >"$W/job.sql"
ts=$(timeout 60 kcat -b "$BOOT" -C -t events -o beginning -e -q -f '%T\n')   # hang guard
want=""
i=1; for t in $ts; do want+="+I[$i, $(instant "$t")]"$'\n'; i=$((i + 1)); done
run && [ "$(cat "$W/out")" = "${want%$'\n'}" ] && ok || bad "timestamp: want '$want', got $(cat "$W/out" "$W/err")"

# 2. A WATERMARK on the record timestamp makes it the rowtime attribute.
{
  kafka_table events "$EVENTS, WATERMARK FOR ts AS ts - INTERVAL '5' SECOND" events "$BOUNDED"
  echo "DESCRIBE events;"
  echo "SELECT id FROM events;"
} >"$W/job.sql"
if run && grep -q "TIMESTAMP_LTZ(3) \*ROWTIME\* .*METADATA FROM 'timestamp'.*\`ts\` - INTERVAL '5' SECOND" "$W/out" &&
  [ "$(tail -n 2 "$W/out")" = $'+I[1]\n+I[2]' ]; then ok; else bad "watermark on metadata: $(cat "$W/out" "$W/err")"; fi

# 3. INSERT writes 'timestamp' and 'headers'; VIRTUAL columns are not part of the sink row.
{
  kafka_table events "$EVENTS" events "$BOUNDED"
  kafka_table copy "id INT, ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp', headers MAP<STRING, BYTES> METADATA, \
\`offset\` BIGINT METADATA VIRTUAL" copy
  echo "INSERT INTO copy SELECT id, ts, headers FROM events;"
} >"$W/job.sql"
if run; then
  got=$(timeout 60 kcat -b "$BOOT" -C -t copy -o beginning -e -q -f '%T|%h|%s\n')   # hang guard
  want=$(timeout 60 kcat -b "$BOOT" -C -t events -o beginning -e -q -f '%T|%h|%s\n')   # hang guard
  [ -n "$got" ] && [ "$got" = "$want" ] && ok || bad "copied records '$got', want '$want'"
else
  bad "copy job failed: $(cat "$W/err")"
fi
# From a file: a TIMESTAMP(3) as the record timestamp (in UTC), BYTES headers from base64 JSON, NULL headers none.
printf '%s\n' '{"id":7,"t0":"2024-01-01 00:00:00.123","h":{"k1":"djE=","k2":"d28="}}' '{"id":8,"t0":null,"h":null}' >"$W/in.json"
{
  echo "CREATE TABLE src (id INT, t0 TIMESTAMP(3), h MAP<STRING, BYTES>) WITH ('connector' = 'filesystem', \
'path' = '$W/in.json', 'format' = 'json');"
  kafka_table written "id INT, t0 TIMESTAMP(3) METADATA FROM 'timestamp', h MAP<STRING, BYTES> METADATA FROM 'headers'" written
  echo "INSERT INTO written SELECT id, t0, h FROM src;"
} >"$W/job.sql"
if run; then
  got=$(timeout 60 kcat -b "$BOOT" -C -t written -o beginning -e -q -f '%T|%h|%s\n')   # hang guard
  first=$(head -n 1 <<<"$got") second=$(tail -n 1 <<<"$got")
  { [ "$first" = '1704067200123|k1=v1,k2=wo|{"id":7}' ] || [ "$first" = '1704067200123|k2=wo,k1=v1|{"id":7}' ]; } &&
    [[ "$second" =~ ^[0-9]+\|\|\{\"id\":8\}$ ]] && ok || bad "written records '$got'"
else
  bad "write job failed: $(cat "$W/err")"
fi

# 4. The record timestamp drives a PTF's timers: the seed InactivityAlert over a topic whose
#    records carry the seed's event times as their Kafka timestamps (written by ptfhost) prints
#    the seed's rows.
SEED=$PTFHOST_ROOT/compat/run/inactivity_alert
{
  echo "CREATE TABLE file_events (user_id STRING, event_time TIMESTAMP(3)) WITH ('connector' = 'filesystem', \
'path' = '$SEED/user_events.json', 'format' = 'json');"
  kafka_table stamped "user_id STRING, event_time TIMESTAMP(3) METADATA FROM 'timestamp'" stamped
  echo "INSERT INTO stamped SELECT * FROM file_events;"
} >"$W/job.sql"
run || bad "writing the seed's events failed: $(cat "$W/err")"
sed "s#@SEEDS_JAR@#$PTFHOST_BUILD/compat/seeds.jar#; s#WITH ('connector' = 'filesystem'.*#WITH ('connector' = 'kafka', \
'topic' = 'stamped', 'properties.bootstrap.servers' = '$BOOT', $BOUNDED, 'format' = 'json');#; \
s#event_time TIMESTAMP(3),#event_time TIMESTAMP(3) METADATA FROM 'timestamp',#" "$SEED/job.sql" >"$W/job.sql"
if run && diff -u "$SEED/expected.txt" "$W/out" >"$W/diff"; then ok; else bad "timers on record time: $(cat "$W/diff" "$W/err")"; fi

# check_error COLUMNS QUERY MESSAGE: the job fails and stderr holds MESSAGE.
check_error() {
  { kafka_table events "$1" events "$BOUNDED"; echo "$2"; } >"$W/job.sql"
  if run; then bad "accepted: $1"; else grep -qF -- "$3" "$W/err" && ok || bad "$1: $(cat "$W/err")"; fi
}
check_error "id INT, k STRING METADATA FROM 'key'" "SELECT * FROM events;" \
  "Invalid metadata key 'key' in column 'k' of table 'default_catalog.default_database.events'. The \
DynamicTableSource class 'org.apache.flink.streaming.connectors.kafka.table.KafkaDynamicSource' supports the \
following metadata keys for reading:
topic
partition
headers
leader-epoch
offset
timestamp
timestamp-type"
check_error "id INT, ts INT METADATA FROM 'timestamp'" "SELECT * FROM events;" \
  "Invalid data type for metadata column 'ts' with metadata key 'timestamp' of table \
'default_catalog.default_database.events'. The column cannot be declared as 'TIMESTAMP_LTZ(3) NOT NULL' because \
the type must be castable from metadata type 'INT'."
check_error "id INT, p INT METADATA FROM 'partition'" "INSERT INTO events SELECT id, 0 FROM events;" \
  "Invalid metadata key 'partition' in column 'p' of table 'default_catalog.default_database.events'. The \
DynamicTableSink class 'org.apache.flink.streaming.connectors.kafka.table.KafkaDynamicSink' supports the following \
metadata keys for writing:
headers
timestamp"
check_error "id INT, \`offset\` BIGINT METADATA VIRTUAL" "INSERT INTO events SELECT id, \`offset\` FROM events;" \
  "Column types of query result and sink for 'default_catalog.default_database.events' do not match.
Cause: Different number of columns.

Query schema: [id: INT, offset: BIGINT]
Sink schema:  [id: INT]"
check_error "id INT, k INT METADATA FROM 'offset' VIRTUAL" "SELECT * FROM events;" \
  "Invalid data type for metadata column 'k' with metadata key 'offset' of table"
{ kafka_table events "id INT, p INT METADATA FROM 'partition' VIRTUAL" events "$BOUNDED, 'key.format' = 'json', \
'key.fields' = 'p', 'value.fields-include' = 'EXCEPT_KEY'"; echo "SELECT * FROM events;"; } >"$W/job.sql"
if run; then bad "a metadata key field"; else
  grep -qF "Could not find the field 'p' in the table schema for usage in the key format. A key field must be a \
regular, physical column." "$W/err" && ok || bad "metadata key field: $(cat "$W/err")"; fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
