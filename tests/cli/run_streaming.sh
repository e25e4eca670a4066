#!/usr/bin/env bash
# A slow source's results are printed as they are produced, not when a batch
# fills or the input ends: datagen at 10 rows per second for 10 rows takes about
# a second, and the first row must appear well before the job ends.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cat >"$W/job.sql" <<SQL
CREATE FUNCTION running_count AS 'com.example.demo.RunningCount' USING JAR '$PTFHOST_BUILD/compat/demo.jar';
CREATE TABLE orders (user_id INT, item STRING) WITH ('connector' = 'datagen', 'rows-per-second' = '10',
  'number-of-rows' = '10', 'fields.user_id.min' = '1', 'fields.user_id.max' = '2', 'fields.item.length' = '3');
SELECT * FROM running_count(input => TABLE orders PARTITION BY user_id);
SQL
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
first=""
while IFS= read -r line; do
  [ -z "$first" ] && first=$(now_ms)
  n=$((${n:-0} + 1))
done < <("$PTFHOST" run "$W/job.sql")
end=$(now_ms)
if [ "${n:-0}" -eq 10 ] && [ -n "$first" ] && [ $((end - first)) -ge 400 ]; then
  echo "first row $((end - first)) ms before the end of the job"
  echo "1 passed, 0 failed"
else
  echo "FAIL: ${n:-0} rows; first row only $((end - ${first:-$end})) ms before the end (expected >= 400 ms)"
  echo "0 passed, 1 failed"
  exit 1
fi
