#!/usr/bin/env bash
# Catalogs and databases: CREATE / USE / SHOW / DROP, names resolved as Flink
# resolves catalog.database.object against the current catalog and database,
# and Flink's messages for names that resolve to nothing.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
cat >"$W/job.sql" <<'SQL'
CREATE CATALOG c1 WITH ('type' = 'generic_in_memory');
CREATE CATALOG IF NOT EXISTS c1 WITH ('type' = 'generic_in_memory');
CREATE DATABASE c1.db1;
SHOW CATALOGS;
USE CATALOG c1;
SHOW CURRENT CATALOG;
SHOW DATABASES;
USE db1;
SHOW CURRENT DATABASE;
CREATE TABLE t (a INT) WITH ('connector' = 'datagen', 'number-of-rows' = '1', 'fields.a.kind' = 'sequence',
  'fields.a.start' = '7', 'fields.a.end' = '7');
SHOW TABLES;
WITH w AS (SELECT * FROM t) SELECT * FROM w;
USE CATALOG default_catalog;
CREATE TABLE t (a INT) WITH ('connector' = 'datagen', 'number-of-rows' = '1', 'fields.a.kind' = 'sequence',
  'fields.a.start' = '1', 'fields.a.end' = '1');
SELECT * FROM t;
SELECT * FROM c1.db1.t;
SELECT * FROM default_database.t;
SHOW CREATE TABLE c1.db1.t;
DROP DATABASE c1.db1 CASCADE;
DROP CATALOG c1;
SHOW CATALOGS;
SQL
# box FILE: FILE's text as the client's one-cell "result" table: the cell as
# wide as the whole text (its newlines count one column each), printed raw.
box() {
  local w line
  w=$(wc -m <"$1")
  line="+$(printf '%*s' $((w + 2)) '' | tr ' ' -)+"
  printf '%s\n| %*s |\n%s\n| %s |\n%s\n1 row in set\n' "$line" "$w" result "$line" "$(cat "$1"; printf x)" "$line" |
    sed 's/^x |$/ |/'
}
cat >"$W/t.ddl" <<'OUT'
CREATE TABLE `c1`.`db1`.`t` (
  `a` INT
)
WITH (
  'connector' = 'datagen',
  'fields.a.end' = '7',
  'fields.a.kind' = 'sequence',
  'fields.a.start' = '7',
  'number-of-rows' = '1'
)
OUT
cat >"$W/expected.in" <<'OUT'
+-----------------+
|    catalog name |
+-----------------+
|              c1 |
| default_catalog |
|        examples |
+-----------------+
3 rows in set
+----------------------+
| current catalog name |
+----------------------+
|                   c1 |
+----------------------+
1 row in set
+---------------+
| database name |
+---------------+
|           db1 |
|       default |
+---------------+
2 rows in set
+-----------------------+
| current database name |
+-----------------------+
|                   db1 |
+-----------------------+
1 row in set
+------------+
| table name |
+------------+
|          t |
+------------+
1 row in set
+I[7]
+I[1]
+I[7]
+I[1]
@SHOW_CREATE_T@
+-----------------+
|    catalog name |
+-----------------+
| default_catalog |
|        examples |
+-----------------+
2 rows in set
OUT
while IFS= read -r l; do
  if [ "$l" = "@SHOW_CREATE_T@" ]; then box "$W/t.ddl"; else printf '%s\n' "$l"; fi
done <"$W/expected.in" >"$W/expected"
"$PTFHOST" run "$W/job.sql" >"$W/actual" 2>"$W/err" || bad "catalog script: $(cat "$W/err")"
diff -u "$W/expected" "$W/actual" || bad "catalog script output"

# SHOW CREATE TABLE as Flink 2 prints it (ShowCreateUtil; the sql-client's
# table.q with 2.x's default constraint name PK_<columns>), in the client's
# one-cell result table: backquoted names,
# serializable types, the computed column and the watermark in Calcite's
# form, then COMMENT, PARTITIONED BY and the options sorted by key.
cat >"$W/show.sql" <<'SQL'
CREATE TABLE IF NOT EXISTS orders (
 `user` BIGINT NOT NULl,
 product VARCHAR(32),
 amount INT,
 ts TIMESTAMP(3),
 ptime AS PROCTIME(),
 PRIMARY KEY(`user`) NOT ENFORCED,
 WATERMARK FOR ts AS ts - INTERVAL '1' SECONDS
) with (
 'connector' = 'datagen'
);
SHOW CREATE TABLE orders;
CREATE TEMPORARY TABLE t2 (id INT COMMENT 'the ''id''', name STRING, m STRING METADATA FROM 'topic' VIRTUAL,
  c AS id*2, CONSTRAINT my_pk PRIMARY KEY (id) NOT ENFORCED)
COMMENT 'tab' PARTITIONED BY (name) WITH ('b' = 'x', 'a' = 'it''s');
SHOW CREATE TABLE t2;
SQL
cat >"$W/orders.ddl" <<'OUT'
CREATE TABLE `default_catalog`.`default_database`.`orders` (
  `user` BIGINT NOT NULL,
  `product` VARCHAR(32),
  `amount` INT,
  `ts` TIMESTAMP(3),
  `ptime` AS PROCTIME(),
  WATERMARK FOR `ts` AS `ts` - INTERVAL '1' SECOND,
  CONSTRAINT `PK_user` PRIMARY KEY (`user`) NOT ENFORCED
)
WITH (
  'connector' = 'datagen'
)
OUT
cat >"$W/t2.ddl" <<'OUT'
CREATE TEMPORARY TABLE `default_catalog`.`default_database`.`t2` (
  `id` INT NOT NULL COMMENT 'the ''id''',
  `name` VARCHAR(2147483647),
  `m` VARCHAR(2147483647) METADATA FROM 'topic' VIRTUAL,
  `c` AS `id` * 2,
  CONSTRAINT `my_pk` PRIMARY KEY (`id`) NOT ENFORCED
)
COMMENT 'tab'
PARTITIONED BY (`name`)
WITH (
  'a' = 'it''s',
  'b' = 'x'
)
OUT
{ box "$W/orders.ddl"; box "$W/t2.ddl"; } >"$W/show.expected"
"$PTFHOST" run "$W/show.sql" >"$W/show.actual" 2>"$W/err" || bad "show create: $(cat "$W/err")"
diff -u "$W/show.expected" "$W/show.actual" || bad "SHOW CREATE TABLE output"

# A declared FROM 'key' stays in SHOW CREATE TABLE and DESCRIBE even when the
# key is the column's name, as Flink keeps the key the DDL gave.
cat >"$W/meta.sql" <<'SQL'
CREATE TABLE t3 (id INT, topic STRING METADATA FROM 'topic' VIRTUAL, `partition` INT METADATA VIRTUAL)
  WITH ('connector' = 'kafka');
SHOW CREATE TABLE t3;
SQL
cat >"$W/t3.ddl" <<'OUT'
CREATE TABLE `default_catalog`.`default_database`.`t3` (
  `id` INT,
  `topic` VARCHAR(2147483647) METADATA FROM 'topic' VIRTUAL,
  `partition` INT METADATA VIRTUAL
)
WITH (
  'connector' = 'kafka'
)
OUT
box "$W/t3.ddl" >"$W/meta.expected"
"$PTFHOST" run "$W/meta.sql" >"$W/meta.actual" 2>"$W/err" || bad "show create t3: $(cat "$W/err")"
diff -u "$W/meta.expected" "$W/meta.actual" || bad "SHOW CREATE TABLE keeps a declared metadata key"

# SHOW FUNCTIONS lists the built-in functions with the user's, sorted as
# Flink sorts them (internal $-names left out); [NOT] LIKE / ILIKE filter.
cat >"$W/fn.sql" <<'SQL'
SHOW FUNCTIONS LIKE 'UPPE_';
SHOW FUNCTIONS ILIKE 'upper';
SHOW FUNCTIONS NOT LIKE '%';
SHOW USER FUNCTIONS;
SHOW FUNCTIONS;
SQL
cat >"$W/upper" <<'OUT'
+---------------+
| function name |
+---------------+
|         UPPER |
+---------------+
1 row in set
OUT
{ cat "$W/upper" "$W/upper"; printf 'Empty set\nEmpty set\n'; } >"$W/fn.expected"
"$PTFHOST" run "$W/fn.sql" >"$W/fn.actual" 2>"$W/err" || bad "show functions: $(cat "$W/err")"
head -n 14 "$W/fn.actual" | diff -u "$W/fn.expected" - || bad "SHOW FUNCTIONS LIKE output"
tail -n +15 "$W/fn.actual" | sed -n 's/^| *\([^ ]*\) |$/\1/p' >"$W/fn.names"
grep -qx ABS "$W/fn.names" && grep -qx JSON_VALUE "$W/fn.names" || bad "SHOW FUNCTIONS: no built-in functions"
grep -q '^\$' "$W/fn.names" && bad "SHOW FUNCTIONS lists an internal function"
LC_ALL=C sort -c "$W/fn.names" || bad "SHOW FUNCTIONS is not sorted"
grep -qx "$(wc -l <"$W/fn.names") rows in set" "$W/fn.actual" || bad "SHOW FUNCTIONS row count"

# error SQL MESSAGE: the script fails with MESSAGE.
error() {
  printf '%s\n' "$1" >"$W/e.sql"
  if "$PTFHOST" run "$W/e.sql" >/dev/null 2>"$W/e.err"; then bad "succeeded: $1"; return; fi
  grep -qF "$2" "$W/e.err" || bad "$1: got $(cat "$W/e.err")"
}
error "SHOW FUNCTIONS LIKE 'a\\b';" "Invalid escape sequence 'a\\b'"
error "USE CATALOG nope;" "A catalog with name [nope] does not exist."
error "USE nope;" "A database with name [nope] does not exist in the catalog: [default_catalog]."
error "CREATE CATALOG c WITH ('type' = 'hive');" "Could not find any factory for identifier 'hive'"
error "CREATE CATALOG c WITH ('type' = 'generic_in_memory'); CREATE CATALOG c WITH ('type' = 'generic_in_memory');" \
  "Catalog c already exists."
error "CREATE DATABASE default_database;" "Database default_database already exists in Catalog default_catalog."
error "DROP DATABASE nope;" "Database nope does not exist in Catalog default_catalog."
error "DROP DATABASE default_database;" "Cannot drop a database which is currently in use."
error "DROP CATALOG default_catalog;" "Cannot drop a catalog which is currently in use."
error "DROP CATALOG nope;" "Catalog nope does not exist."
error "CREATE DATABASE d; CREATE TABLE d.t (a INT); DROP DATABASE d;" "Database d in catalog default_catalog is not empty."
error "CREATE TABLE nope.t (a INT);" "Database nope does not exist in Catalog default_catalog."
# A qualified name no longer resolves by its last part.
error "CREATE TABLE clicks (a INT); SELECT * FROM other.db.clicks;" "SQL validation failed. Object 'other' not found"
error "CREATE TABLE clicks (a INT); SELECT * FROM default_catalog.db.clicks;" \
  "Object 'db' not found within 'default_catalog'"
error 'CREATE CATALOG c WITH ('"'type' = 'generic_in_memory'"'); SELECT * FROM c.`default`.clicks;' \
  "Object 'clicks' not found within 'c.default'"
# The sql-client's table.q messages name the qualified identifier.
error "DROP TABLE nope;" "Table with identifier 'default_catalog.default_database.nope' does not exist."
error "CREATE CATALOG c WITH ('type' = 'generic_in_memory'); DROP VIEW c.db.v;" \
  "Database db does not exist in Catalog c."
error "DROP VIEW nope;" "View with identifier 'default_catalog.default_database.nope' does not exist."
error "DESCRIBE nope;" "Tables or views with the identifier 'default_catalog.default_database.nope' doesn't exist."
error "SHOW CREATE TABLE default_database.nope;" \
  "Table with identifier 'default_catalog.default_database.nope' does not exist."
# SHOW CREATE VIEW, and each SHOW CREATE refusing the other kind (ShowCreateUtil's messages).
printf "CREATE VIEW v COMMENT 'c' AS VALUES (1, 'a');\nSHOW CREATE VIEW v;\n" >"$W/view.sql"
"$PTFHOST" run "$W/view.sql" >"$W/view.out" 2>&1 || bad "SHOW CREATE VIEW: $(cat "$W/view.out")"
printf '%s\n' "CREATE VIEW \`default_catalog\`.\`default_database\`.\`v\` (" '  `EXPR$0`,' '  `EXPR$1`' ')' \
  "COMMENT 'c'" "AS VALUES (1, 'a')" >"$W/v.ddl"
box "$W/v.ddl" | cmp -s - "$W/view.out" || { bad "SHOW CREATE VIEW output"; cat "$W/view.out"; }
error "CREATE VIEW v AS VALUES (1); SHOW CREATE TABLE v;" \
  "SHOW CREATE TABLE is only supported for tables, but \`default_catalog\`.\`default_database\`.\`v\` is a view. Please use SHOW CREATE VIEW instead."
error "CREATE TABLE t (a INT); SHOW CREATE VIEW t;" \
  "SHOW CREATE VIEW is only supported for views, but \`default_catalog\`.\`default_database\`.\`t\` is a table. Please use SHOW CREATE TABLE instead."
error "SHOW CREATE VIEW nope;" "Could not execute SHOW CREATE VIEW. View with identifier 'default_catalog.default_database.nope' does not exist."
# An empty listing is the client's "Empty set" (table.q: show tables after the drop).
printf 'SHOW TABLES;\n' >"$W/empty.sql"
[ "$("$PTFHOST" run "$W/empty.sql" 2>&1)" = "Empty set" ] || bad "SHOW TABLES of no tables: $("$PTFHOST" run "$W/empty.sql" 2>&1)"
[ "$fail" -eq 0 ] && echo "catalogs: ok"
exit "$fail"
