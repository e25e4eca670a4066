#!/usr/bin/env bash
# A filesystem-sink job killed while it writes (kill -9, SIGTERM, Ctrl-C)
# leaves nothing a reader would take for data: the part file is written as a
# hidden ".NAME.inprogress.UUID" beside its target (Flink's name) and renamed
# onto the target only when complete. A later job reading the folder sees no
# rows, and the next run writes the target as if nothing had happened.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
bg=
trap '[ -n "$bg" ] && kill -9 "$bg" 2>/dev/null; exec 3>&- 2>/dev/null; rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
cd "$W" || exit 1
# Job control: a background job of a script otherwise ignores SIGINT (Ctrl-C).
set -m

cat >write.sql <<'SQL'
CREATE TABLE src (id INT, name STRING) WITH ('connector' = 'filesystem', 'path' = 'in.json', 'format' = 'json');
CREATE TABLE sink (id INT, name STRING) WITH ('connector' = 'filesystem', 'path' = 'out/part-0.json', 'format' = 'json');
INSERT INTO sink SELECT * FROM src;
SQL
cat >read.sql <<'SQL'
CREATE TABLE back (id INT, name STRING) WITH ('connector' = 'filesystem', 'path' = 'out', 'format' = 'json');
SELECT * FROM back;
SQL
rows() { for i in $(seq "$1" "$2"); do echo "{\"id\": $i, \"name\": \"name-$i\"}"; done; }

# killed SIGNAL: runs write.sql on a FIFO that never ends, waits until the
# in-progress file holds data (a hang guard bounds the wait), sends SIGNAL.
killed() {
  local sig=$1
  rm -rf out in.json && mkdir out && mkfifo in.json
  exec 3<>in.json                 # keeps the FIFO open: the job never sees its end
  "$PTFHOST" run write.sql >/dev/null 2>&1 &
  bg=$!
  rows 1 8000 >&3                 # more than the 64 KiB stdio buffer: some reaches the file
  has_data() { [ -n "$(find out -name '*inprogress*' -size +0 2>/dev/null)" ]; }
  for _ in $(seq 1200); do has_data && break; sleep 0.1; done   # hang guard: up to 120 s
  has_data || bad "$sig: no in-progress file with data appeared"
  kill -s "$sig" "$bg"; wait "$bg" 2>/dev/null
  bg=
  exec 3>&-
  rm -f in.json
  local visible
  visible=$(ls out)
  [ -z "$visible" ] && ok || bad "$sig: visible files left in out/: $visible"
  ls -A out | grep -Eq '^\.part-0\.json\.inprogress\.[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$' \
    && ok || bad "$sig: the in-progress file is not named .part-0.json.inprogress.UUID: $(ls -A out)"
  "$PTFHOST" run read.sql >read.out 2>read.err; local rc=$?
  [ $rc -eq 0 ] && [ ! -s read.out ] && ok || bad "$sig: reading the folder: exit $rc, rows: $(head -3 read.out) $(head -3 read.err)"
}

killed KILL
killed TERM
killed INT


# The next complete run commits the target; the stale hidden file is ignored.
rows 1 3 >in.json
"$PTFHOST" run write.sql >/dev/null 2>&1 && ok || bad "rerun failed"
"$PTFHOST" run read.sql >read.out 2>&1
printf '+I[1, name-1]\n+I[2, name-2]\n+I[3, name-3]\n' | diff - read.out >/dev/null && ok || bad "rerun reads: $(cat read.out)"
[ "$(ls out)" = "part-0.json" ] && ok || bad "after the rerun: $(ls -A out)"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
