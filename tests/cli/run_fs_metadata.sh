#!/usr/bin/env bash
# METADATA columns of the filesystem connector, as Flink's
# FileSystemTableSource offers them: 'file.path', 'file.name', 'file.size',
# 'file.modification-time', read per file of a folder, with or without FROM,
# VIRTUAL or not, cast to the declared type; DESCRIBE shows them; an unknown
# key lists the keys offered, a type they do not cast to, a source without
# metadata (datagen) and a sink that cannot write them fail with Flink's
# messages.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
run() { (cd "$W" && timeout 120 "$PTFHOST" run job.sql >out 2>err); }   # hang guard

mkdir -p "$W/data/sub"
printf '{"id":1}\n{"id":2}\n' >"$W/data/a.json"
printf '{"id":3}\n' >"$W/data/sub/b.json"
touch -d '2024-01-02 03:04:05 UTC' "$W/data/a.json"
touch -d '2024-05-06 07:08:09 UTC' "$W/data/sub/b.json"
W_ABS=$(cd "$W" && pwd -P)

table() {   # table COLUMNS [CONNECTOR OPTIONS]
  echo "CREATE TABLE files ($1) WITH (${2:-'connector' = 'filesystem', 'path' = 'data', 'format' = 'json'});"
}

# 1. Every key, in declared order between physical columns; SELECT * shows them.
{
  table "\`file.name\` STRING NOT NULL METADATA VIRTUAL, id INT, path STRING METADATA FROM 'file.path', \
size BIGINT METADATA FROM 'file.size' VIRTUAL, mtime TIMESTAMP_LTZ(3) METADATA FROM 'file.modification-time'"
  echo "SELECT * FROM files;"
} >"$W/job.sql"
want="+I[a.json, 1, $W_ABS/data/a.json, 18, 2024-01-02T03:04:05Z]
+I[a.json, 2, $W_ABS/data/a.json, 18, 2024-01-02T03:04:05Z]
+I[b.json, 3, $W_ABS/data/sub/b.json, 9, 2024-05-06T07:08:09Z]"
(cd "$W_ABS" && timeout 120 "$PTFHOST" run job.sql >out 2>err)   # hang guard
[ "$(cat "$W/out")" = "$want" ] && ok || bad "file metadata: $(cat "$W/out" "$W/err")"

# 2. A declared type the key's value casts to (BIGINT -> DECIMAL, STRING -> VARCHAR(200),
#    TIMESTAMP_LTZ(3) -> TIMESTAMP(3) in UTC).
{
  table "id INT, size DECIMAL(20, 0) METADATA FROM 'file.size', name VARCHAR(200) METADATA FROM 'file.name', \
mtime TIMESTAMP(3) METADATA FROM 'file.modification-time'"
  echo "SELECT id, size, name, mtime FROM files;"
} >"$W/job.sql"
run && [ "$(head -n 1 "$W/out")" = "+I[1, 18, a.json, 2024-01-02T03:04:05]" ] && ok || bad "cast: $(cat "$W/out" "$W/err")"

# 3. DESCRIBE shows the extras as Flink does.
{ table "id INT, path STRING METADATA FROM 'file.path' VIRTUAL, \`file.size\` BIGINT METADATA"; echo "DESCRIBE files;"; } >"$W/job.sql"
if run; then
  grep -q "METADATA FROM 'file.path' VIRTUAL" "$W/out" && grep -q "| *file.size *|.*| *METADATA *|" "$W/out" && ok ||
    bad "describe: $(cat "$W/out")"
else
  bad "describe failed: $(cat "$W/err")"
fi

# check_error COLUMNS QUERY MESSAGE [CONNECTOR OPTIONS]: the job fails and stderr holds MESSAGE.
check_error() {
  { table "$1" "${4:-}"; echo "$2"; } >"$W/job.sql"
  if run; then bad "accepted: $1"; else grep -qF -- "$3" "$W/err" && ok || bad "$1: $(cat "$W/err")"; fi
}
check_error "id INT, f STRING METADATA FROM 'file'" "SELECT * FROM files;" \
  "Invalid metadata key 'file' in column 'f' of table 'default_catalog.default_database.files'. The \
DynamicTableSource class 'org.apache.flink.connector.file.table.FileSystemTableSource' supports the following \
metadata keys for reading:
file.path
file.name
file.size
file.modification-time"
check_error "id INT, f INT METADATA FROM 'file.path'" "SELECT * FROM files;" \
  "Invalid data type for metadata column 'f' with metadata key 'file.path' of table \
'default_catalog.default_database.files'. The column cannot be declared as 'STRING NOT NULL' because the type must \
be castable from metadata type 'INT'."
check_error "id INT, \`file.name\` BOOLEAN METADATA" "SELECT * FROM files;" \
  "Invalid data type for metadata column 'file.name' of table 'default_catalog.default_database.files'."
check_error "id INT, f STRING METADATA FROM 'file.path'" "SELECT * FROM files;" \
  "Table 'DataGenTableSource' declares metadata columns, but the underlying DynamicTableSource doesn't implement \
the SupportsReadingMetadata interface. Therefore, metadata cannot be read from the given source." \
  "'connector' = 'datagen', 'number-of-rows' = '1'"

# A PRIMARY KEY must be physical (Flink's schema resolver), checked at CREATE TABLE.
{ echo "CREATE TABLE t (id INT, p STRING METADATA FROM 'file.path', PRIMARY KEY (id, p) NOT ENFORCED) WITH \
('connector' = 'filesystem', 'path' = 'data', 'format' = 'json');"; } >"$W/job.sql"
if run; then bad "a metadata primary key"; else
  grep -qF "Invalid primary key 'PK_id_p'. Column 'p' is not a physical column." "$W/err" && ok ||
    bad "metadata primary key: $(cat "$W/err")"; fi

# 4. A sink that writes no metadata: a persisted metadata column fails, a VIRTUAL one is left out.
{
  table "id INT, path STRING METADATA FROM 'file.path' VIRTUAL"
  echo "CREATE TABLE sink (id INT, p STRING METADATA FROM 'file.path') WITH ('connector' = 'print');"
  echo "INSERT INTO sink SELECT id, path FROM files;"
} >"$W/job.sql"
if run; then bad "a print sink accepted a persisted metadata column"; else
  grep -qF "Table 'default_catalog.default_database.sink' declares persistable metadata columns, but the underlying \
DynamicTableSink doesn't implement the SupportsWritingMetadata interface. If the column should not be persisted, it \
can be declared with the VIRTUAL keyword." "$W/err" && ok || bad "persisted metadata in print: $(cat "$W/err")"
fi
{
  table "id INT, path STRING METADATA FROM 'file.path' VIRTUAL"
  echo "CREATE TABLE sink (id INT, p STRING METADATA FROM 'file.path' VIRTUAL) WITH ('connector' = 'print');"
  echo "INSERT INTO sink SELECT id FROM files;"
} >"$W/job.sql"
run && [ "$(cat "$W/out")" = $'+I[1]\n+I[2]\n+I[3]' ] && ok || bad "virtual column in a sink: $(cat "$W/out" "$W/err")"

# --materialize folds a print sink on its PRIMARY KEY, found in the row without the VIRTUAL column before it.
printf '{"id":1}\n{"id":1}\n{"id":2}\n' >"$W/data/sub/b.json"
{
  table "id INT, n STRING METADATA FROM 'file.name' VIRTUAL"
  echo "CREATE TABLE sink (x STRING METADATA FROM 'file.path' VIRTUAL, id INT, n STRING, PRIMARY KEY (id) NOT \
ENFORCED) WITH ('connector' = 'print');"
  echo "INSERT INTO sink SELECT id, n FROM files;"
} >"$W/job.sql"
(cd "$W" && timeout 120 "$PTFHOST" run --materialize job.sql >out 2>err)   # hang guard
[ "$(cat "$W/out")" = $'+I[1, b.json]\n+I[2, b.json]' ] && ok || bad "materialize: $(cat "$W/out" "$W/err")"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
