#!/usr/bin/env bash
# Output that cannot be written is never a silent success: `ptfhost run`,
# `describe` and `test` with stdout on /dev/full, closed, or a pipe whose
# reader went away while SIGPIPE is ignored exit non-zero with one line on
# stderr saying the output could not be written and where. When SIGPIPE is not
# ignored, a closed pipe ends ptfhost by SIGPIPE (exit 141 in the shell, no
# message), as it ends any writer - even with a JVM running, which ignores it.
# A filesystem sink that cannot write its file fails the job the same way.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_ROOT:?}" "${PTFHOST_BUILD:?}"
SEEDS=$PTFHOST_BUILD/compat/seeds.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1"; sed 's/^/  | /' "$W/err" | head -10; }

# expect NAME RC NEEDLE: the last command exited RC (any non-zero for "nz") and
# its stderr ($W/err) is exactly one line holding NEEDLE.
expect() {
  local name=$1 want=$2 needle=$3
  if [ "$want" = nz ]; then [ "$rc" -ne 0 ] || { bad "$name: exit 0"; return; }
  else [ "$rc" -eq "$want" ] || { bad "$name: exit $rc, want $want"; return; }; fi
  [ "$(wc -l <"$W/err")" -eq 1 ] || { bad "$name: stderr is not one line"; return; }
  grep -qF -- "$needle" "$W/err" && ok || bad "$name: stderr lacks '$needle'"
}

cat >"$W/gen.sql" <<'SQL'
CREATE TABLE gen (id BIGINT, v INT) WITH ('connector' = 'datagen', 'number-of-rows' = '3',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '10', 'fields.id.end' = '100');
SELECT * FROM gen;
SQL
# enough rows that the pipe fills long before the job ends
sed 's/'"'"'3'"'"'/'"'"'200000'"'"'/; s/'"'"'100'"'"'/'"'"'1000000'"'"'/' "$W/gen.sql" >"$W/big.sql"
cat >"$W/print.sql" <<'SQL'
CREATE TABLE gen (id BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '3',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '9');
CREATE TABLE out_print (id BIGINT) WITH ('connector' = 'print', 'print-identifier' = 'sink');
INSERT INTO out_print SELECT * FROM gen;
SQL
printf 'SHOW TABLES;\n' >"$W/show.sql"
cat >"$W/ptf.sql" <<SQL
CREATE FUNCTION Median AS 'com.example.Median' USING JAR '$SEEDS';
CREATE TABLE readings (sensor_id INT, temperature DOUBLE)
  WITH ('connector' = 'filesystem', 'path' = 'readings.json', 'format' = 'json');
SELECT * FROM Median(input => TABLE readings PARTITION BY sensor_id, numTrailing => 3);
SQL
for i in $(seq 1 20000); do echo "{\"sensor_id\": $((i % 7)), \"temperature\": $i.0}"; done >"$W/readings.json"

# 1. stdout on a full device, every kind of stdout output.
full="cannot write the output to stdout: No space left on device"
"$PTFHOST" run "$W/gen.sql" >/dev/full 2>"$W/err"; rc=$?
expect "run changelog >/dev/full" 2 "ptfhost run: $full"
"$PTFHOST" run --format tableau "$W/gen.sql" >/dev/full 2>"$W/err"; rc=$?
expect "run tableau >/dev/full" 2 "$full"
"$PTFHOST" run --materialize "$W/gen.sql" >/dev/full 2>"$W/err"; rc=$?
expect "run --materialize >/dev/full" 2 "$full"
"$PTFHOST" run --materialize --format tableau "$W/gen.sql" >/dev/full 2>"$W/err"; rc=$?
expect "run --materialize tableau >/dev/full" 2 "$full"
"$PTFHOST" run "$W/print.sql" >/dev/full 2>"$W/err"; rc=$?
expect "print connector >/dev/full" 2 "$full"
"$PTFHOST" run "$W/show.sql" >/dev/full 2>"$W/err"; rc=$?
expect "SHOW TABLES >/dev/full" 2 "$full"
"$PTFHOST" run "$W/big.sql" >/dev/full 2>"$W/err"; rc=$?
expect "many rows >/dev/full" 2 "$full"
"$PTFHOST" run "$W/ptf.sql" >/dev/full 2>"$W/err"; rc=$?
expect "PTF job >/dev/full" 2 "$full"
"$PTFHOST" describe --jar "$SEEDS" >/dev/full 2>"$W/err"; rc=$?
expect "describe >/dev/full" 2 "ptfhost describe: $full"
"$PTFHOST" test "$PTFHOST_ROOT/compat/cases/seeds.case" >/dev/full 2>"$W/err"; rc=$?
expect "test >/dev/full" 2 "ptfhost test: $full"

# 2. stdout closed: EBADF, and no file the job opens takes descriptor 1.
"$PTFHOST" run "$W/gen.sql" >&- 2>"$W/err"; rc=$?
expect "run >&-" 2 "cannot write the output to stdout: Bad file descriptor"
"$PTFHOST" run "$W/ptf.sql" >&- 2>"$W/err"; rc=$?
expect "PTF job >&-" 2 "cannot write the output to stdout: Bad file descriptor"
"$PTFHOST" describe --jar "$SEEDS" >&- 2>"$W/err"; rc=$?
expect "describe >&-" 2 "cannot write the output to stdout: Bad file descriptor"
# a script without output has nothing to lose
printf "CREATE TABLE t (a INT) WITH ('connector' = 'blackhole');\n" >"$W/quiet.sql"
"$PTFHOST" run "$W/quiet.sql" >&- 2>"$W/err"; rc=$?
[ "$rc" -eq 0 ] && [ ! -s "$W/err" ] && ok || bad "no output, stdout closed: exit $rc"

# 3. A reader that goes away while SIGPIPE is ignored: EPIPE is an error.
(trap '' PIPE; "$PTFHOST" run "$W/big.sql" 2>"$W/err" | head -c1 >/dev/null; exit "${PIPESTATUS[0]}"); rc=$?
expect "big job | head, SIGPIPE ignored" 2 "cannot write the output to stdout: Broken pipe"
(trap '' PIPE; "$PTFHOST" run "$W/ptf.sql" 2>"$W/err" | head -c1 >/dev/null; exit "${PIPESTATUS[0]}"); rc=$?
expect "PTF job | head, SIGPIPE ignored" 2 "cannot write the output to stdout: Broken pipe"

# 4. SIGPIPE not ignored: ended by SIGPIPE, quietly, with or without a JVM.
(trap - PIPE; "$PTFHOST" run "$W/big.sql" 2>"$W/err" | head -c1 >/dev/null; exit "${PIPESTATUS[0]}"); rc=$?
[ "$rc" -eq 141 ] && [ ! -s "$W/err" ] && ok || bad "big job | head: exit $rc, want 141 and no message"
(trap - PIPE; "$PTFHOST" run "$W/ptf.sql" 2>"$W/err" | head -c1 >/dev/null; exit "${PIPESTATUS[0]}"); rc=$?
[ "$rc" -eq 141 ] && [ ! -s "$W/err" ] && ok || bad "PTF job | head: exit $rc, want 141 and no message"

# 5. A filesystem sink whose file cannot be written (a file-size limit: EFBIG, SIGXFSZ
#    ignored) fails the job with the reason and leaves nothing in the folder.
cat >"$W/fs.sql" <<'SQL'
CREATE TABLE gen (id BIGINT, v INT) WITH ('connector' = 'datagen', 'number-of-rows' = '20000',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '100000');
CREATE TABLE sink (id BIGINT, v INT) WITH ('connector' = 'filesystem', 'path' = 'fs_out', 'format' = 'json');
INSERT INTO sink SELECT * FROM gen;
SQL
mkdir "$W/fs_out"
(trap '' XFSZ; ulimit -f 8; exec "$PTFHOST" run "$W/fs.sql") >/dev/null 2>"$W/err"; rc=$?
expect "filesystem sink over a file-size limit" 1 "ptfhost run: cannot write '$W/fs_out': File too large"
[ -z "$(ls -A "$W/fs_out")" ] && ok || bad "filesystem sink over a file-size limit left: $(ls -A "$W/fs_out")"

# 6. Output that fits is still written whole and exits 0.
"$PTFHOST" run "$W/gen.sql" >"$W/out" 2>"$W/err"; rc=$?
[ "$rc" -eq 0 ] && [ "$(wc -l <"$W/out")" -eq 3 ] && ok || bad "plain run: exit $rc"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
