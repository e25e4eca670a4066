# Shared by the scale-out tests (kafka_scale_out*.sh): the CountClicks seed over a
# clicks topic keyed by user, read by processes of one consumer group. Source it after
# kafka_lib.sh with SO_TOPIC set to the input topic; uses BOOT, JAR, W and bad.

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
