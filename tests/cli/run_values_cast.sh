#!/usr/bin/env bash
# CAST (any expression without columns) inside VALUES rows of a view
# (CREATE VIEW v AS [SELECT * FROM] (VALUES ...)): the column takes the
# expression's type (a PTF fed this way is compat/run/values_cast); plain
# literals type as before; errors point at the item.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$(dirname "$0")/lib/run_lib.sh"

values_case() {   # values_case NAME EXPECTED_RC SQL PATTERN... (all patterns in the output)
  local name=$1 want=$2 sql=$3; shift 3
  run_case "$name" "$want" "" "$sql" "$@"
}

values_case cast_types_the_column 0 "CREATE VIEW v AS SELECT * FROM (VALUES
  ('Bob', CAST(12 AS BIGINT), CAST('2020-01-01 12:12:12' AS TIMESTAMP(3)), CAST(1.5 AS DECIMAL(5, 2))),
  ('Alice', CAST(NULL AS BIGINT), CAST('2020-01-02 00:00:00.5' AS TIMESTAMP(3)), 2.25)) AS T(name, score, ts, amount);
SELECT * FROM v;
DESCRIBE v;" "+I[Bob, 12, 2020-01-01T12:12:12, 1.50]" "+I[Alice, null, 2020-01-02T00:00:00.500, 2.25]" \
  "|  score |        BIGINT |  TRUE |" "|     ts |  TIMESTAMP(3) | FALSE |" "| amount | DECIMAL(5, 2) | FALSE |"
values_case expressions_and_literals_mix 0 "CREATE VIEW w (a, b) AS VALUES (1, CAST('x' AS STRING)), (2, 'yy'), (3, NULL), (4, UPPER('z'));
SELECT a, b FROM w;" "+I[1, x]" "+I[2, yy]" "+I[3, null]" "+I[4, Z]"
values_case numbers_widen 0 "CREATE VIEW w (n) AS VALUES (1), (CAST(2 AS BIGINT)), (CAST(3 AS INT));
SELECT n FROM w;
DESCRIBE w;" "+I[1]" "+I[3]" "|    n | BIGINT | FALSE |"
values_case literal_widens_after_cast 0 "CREATE VIEW w (n) AS VALUES (CAST(1 AS INT)), (2.5);
SELECT n FROM w;" "+I[1.0]" "+I[2.5]"
values_case incompatible_types 1 "CREATE VIEW w AS VALUES (CAST(1 AS INT)), (CAST('2020-01-01' AS DATE));" \
  "job.sql:1:44: Values passed to VALUES operator must have compatible types."
values_case type_error_points_at_item 1 "CREATE VIEW w AS VALUES (1, CAST(TRUE AS DATE));" "job.sql:1:29:" "Cast function cannot convert value of type BOOLEAN NOT NULL to type DATE"
values_case evaluation_error_points_at_item 1 "CREATE VIEW w AS VALUES (1, CAST('x' AS INT));" \
  "job.sql:1:29: Evaluating a VALUES item failed:"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
