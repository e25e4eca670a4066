#!/usr/bin/env bash
# A slow source's results are printed as they are produced, not when a batch
# fills or the input ends: datagen at 10 rows per second for 600 rows would run
# for a minute, and its first rows must reach the reader while the job is still
# running. Nothing here measures time: the job cannot have ended when its first
# row arrives, however busy the machine is.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$W"' EXIT
cat >"$W/job.sql" <<SQL
CREATE FUNCTION running_count AS 'com.example.demo.RunningCount' USING JAR '$PTFHOST_BUILD/compat/demo.jar';
CREATE TABLE orders (user_id INT, item STRING) WITH ('connector' = 'datagen', 'rows-per-second' = '10',
  'number-of-rows' = '600', 'fields.user_id.min' = '1', 'fields.user_id.max' = '2', 'fields.item.length' = '3');
SELECT * FROM running_count(input => TABLE orders PARTITION BY user_id);
SQL
mkfifo "$W/out"
"$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err" &
pid=$!
exec 3<"$W/out"
fail=0
for i in 1 2 3; do
  if ! IFS= read -r -t 50 line <&3; then   # hang guard
    echo "FAIL: row $i did not arrive; stderr: $(head -c 2000 "$W/err")"; fail=1; break
  fi
  case "$line" in
    "+I["*) ;;
    *) echo "FAIL: row $i is not a changelog row: $line"; fail=1 ;;
  esac
done
if [ "$fail" = 0 ] && ! kill -0 "$pid" 2>/dev/null; then
  echo "FAIL: the job had already ended when its first rows arrived (600 rows at 10/s take a minute)"; fail=1
fi
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; pid=""
exec 3<&-
if [ "$fail" = 0 ]; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; exit 1; fi
