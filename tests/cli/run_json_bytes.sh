#!/usr/bin/env bash
# Bytes inside the JSON strings of an input file, as Flink's JSON format
# (Jackson reading UTF-8, ALLOW_UNESCAPED_CONTROL_CHARS on) takes them:
# invalid UTF-8 fails the job with file:line and Jackson's message (or is
# skipped and counted under json.ignore-parse-errors); a raw NUL or other
# control character is part of the string, and the json sink escapes it.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SEEDS=$PTFHOST_BUILD/compat/seeds.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; head -c 600 "$W/err"; }
cd "$W" || exit 1
cat >copy.sql <<'SQL'
CREATE TABLE src (id INT, name STRING) WITH ('connector' = 'filesystem', 'path' = 'in.json', 'format' = 'json');
CREATE TABLE sink (id INT, name STRING) WITH ('connector' = 'filesystem', 'path' = 'out.json', 'format' = 'json');
INSERT INTO sink SELECT * FROM src;
SQL

# 1. An invalid start byte on line 2: the job fails there, nothing is committed.
printf '{"id": 1, "name": "ok"}\n{"id": 2, "name": "a\377b"}\n' >in.json
"$PTFHOST" run copy.sql >out 2>err; rc=$?
[ $rc -eq 1 ] && ok || bad "start byte: exit $rc"
grep -qF "malformed JSON at ./in.json:2: " err && grep -qF "Invalid UTF-8 start byte 0xff at column 21" err &&
  grep -qF "json.ignore-parse-errors" err && ok || bad "start byte: message"
[ ! -e out.json ] && ok || bad "start byte: out.json was written"

# 2. A sequence cut short, in a value and in a field name.
printf '{"id": 3, "name": "\303"}\n' >in.json
"$PTFHOST" run copy.sql >out 2>err; rc=$?
[ $rc -eq 1 ] && grep -qF "in.json:1: " err && grep -qF "Invalid UTF-8 middle byte 0x22 at column 21" err && ok ||
  bad "cut short: exit $rc"
printf '{"id": 4, "na\351me": "x"}\n' >in.json
"$PTFHOST" run copy.sql >out 2>err; rc=$?
[ $rc -eq 1 ] && grep -qF "Invalid UTF-8 middle byte 0x6d at column 15" err && ok || bad "field name: exit $rc"

# 3. Under json.ignore-parse-errors such a record is skipped and counted.
cat >median.sql <<SQL
CREATE FUNCTION Median AS 'com.example.Median' USING JAR '$SEEDS';
CREATE TABLE readings (sensor_id INT, temperature DOUBLE)
  WITH ('connector' = 'filesystem', 'path' = 'readings.json', 'format' = 'json', 'json.ignore-parse-errors' = 'true');
SELECT * FROM Median(input => TABLE readings PARTITION BY sensor_id, numTrailing => 3);
SQL
printf '{"sensor_id": 1, "temperature": 20.0}\n{"sensor_id": 1, "temp\377rature": 9.0}\n{"sensor_id": 1, "temperature": 22.0}\n' \
  >readings.json
"$PTFHOST" run median.sql >out 2>err; rc=$?
[ $rc -eq 0 ] && [ "$(cat out)" = $'+I[1, 20.0, 20.0]\n+I[1, 22.0, 21.0]' ] && grep -qF "skipped 1 malformed row" err && ok ||
  bad "ignore-parse-errors: exit $rc: $(cat out)"

# 4. Valid UTF-8 of every length, a raw NUL and a raw control character pass.
printf '{"id": 5, "name": "\303\251\342\202\254\360\237\230\200"}\n{"id": 6, "name": "a\000b\001c"}\n' >in.json
"$PTFHOST" run copy.sql >out 2>err; rc=$?
[ $rc -eq 0 ] && ok || bad "valid bytes: exit $rc"
printf '{"id":5,"name":"\303\251\342\202\254\360\237\230\200"}\n{"id":6,"name":"a\\u0000b\\u0001c"}\n' | cmp -s - out.json &&
  ok || bad "valid bytes: out.json is $(od -c out.json | head -5)"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
