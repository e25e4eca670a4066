#!/usr/bin/env bash
# Scalar UDFs (CREATE FUNCTION of a ScalarFunction class, compat/udfs): in the
# select list, in WHERE, in computed columns and VALUES, in a GROUP BY's WHERE
# and aggregate arguments and a de-duplication's WHERE, as a PTF's scalar argument; overloads, varargs, a
# NULL for a primitive parameter, open(), type hints, isDeterministic; the job
# failing on an exception in eval with the function, its arguments and the
# Java stack; table and aggregate functions refused naming their kind; no
# matching overload listing the signatures; describe showing them; class-level
# @FunctionHint (signatures with input/arguments/isVarArgs, output-only for every
# eval) and Flink's error when an eval cannot take a class-level hint's signature.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$(dirname "$0")/lib/run_lib.sh"
J=$PTFHOST_BUILD/compat/udfs.jar
printf '%s\n' '{"id": 1, "name": "a"}' '{"id": 2, "name": "bb"}' '{"id": null, "name": null}' >"$W/t.json"
printf '%s\n' '{"k": 1, "value": 5.0}' '{"k": 1, "value": 15.0}' >"$W/v.json"
DDL="CREATE TABLE t (id INT, name STRING) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');"
fn() { echo "CREATE FUNCTION $1 AS 'com.example.udf.$2' USING JAR '$J';"; }

run_exact select_list 0 "" "$(fn plus_one PlusOne) $(fn kind Kind) $(fn joined Joined)
$DDL
SELECT id, plus_one(id) AS p, kind(id) AS k1, kind(name) AS k2, kind(1.5, 2.5) AS k3, joined('-', name, 'x') AS j FROM t;" \
"+I[1, 2, int:1, string:a, doubles:4.0, a-x]
+I[2, 3, int:2, string:bb, doubles:4.0, bb-x]
+I[null, null, int:null, string:null, doubles:4.0, null-x]"
run_exact where_open_and_hints 0 "" "$(fn plus_one PlusOne) $(fn prefixed Prefixed)
$DDL
SELECT prefixed(name) AS o, prefixed(CAST(1.25 AS DECIMAL(10, 2))) AS d FROM t WHERE plus_one(id) > 2;" \
"+I[opened:bb, 2.25]"
run_exact not_deterministic_is_called_per_row 0 "" "$(fn counter Counter)
$DDL
SELECT id, counter() AS c FROM t;" \
"+I[1, 1]
+I[2, 2]
+I[null, 3]"
run_exact where_calls_once_per_row 0 "" "$(fn counter Counter)
$DDL
SELECT id FROM t WHERE counter() > 1;" \
"+I[2]
+I[null]"
run_exact temporary_system_function_shadows_a_built_in 0 "" \
"CREATE TEMPORARY SYSTEM FUNCTION initcap AS 'com.example.udf.Prefixed' USING JAR '$J';
$DDL
SELECT initcap(name) FROM t WHERE id = 1;" "+I[opened:a]"
run_exact catalog_function_does_not_shadow_a_built_in 0 "" "$(fn initcap Prefixed)
$DDL
SELECT initcap(name) FROM t WHERE id = 1;" "+I[A]"
run_exact ptf_scalar_argument 0 "" "$(fn plus_one PlusOne)
CREATE FUNCTION ThresholdFilter AS 'com.example.ThresholdFilter' USING JAR '$PTFHOST_BUILD/compat/seeds.jar';
CREATE TABLE v (k INT, \`value\` DOUBLE) WITH ('connector' = 'filesystem', 'path' = 'v.json', 'format' = 'json');
SELECT k, \`value\`, EXPR\$0 AS above, plus_one(k) AS k1
FROM ThresholdFilter(input => TABLE v PARTITION BY k, threshold => plus_one(9));" \
"+I[1, 5.0, false, 2]
+I[1, 15.0, true, 2]"
run_exact computed_column_and_values 0 "" "$(fn plus_one PlusOne) $(fn kind Kind)
CREATE TABLE c (id INT, nxt AS plus_one(id)) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');
SELECT id, nxt FROM c WHERE id IS NOT NULL;
SELECT * FROM (VALUES (plus_one(1), kind('v')), (plus_one(2), kind(3))) AS x(a, b);" \
"+I[1, 2]
+I[2, 3]
+I[2, string:v]
+I[3, int:3]"
# 1200 rows: the computed column's calls cross in batches, in row order (counter() = id)
seq 1 1200 | sed 's/.*/{"id": &}/' >"$W/many.json"
run_exact computed_column_in_batches_in_row_order 0 "" "$(fn counter Counter)
CREATE TABLE m (id INT, c AS counter()) WITH ('connector' = 'filesystem', 'path' = 'many.json', 'format' = 'json');
SELECT id, c FROM m WHERE c <> id OR id = 1200;" "+I[1200, 1200]"
# A GROUP BY query's WHERE and aggregate arguments call their UDFs in batches, in row order, once
# per row: the results a row-at-a-time run gives (counter() = id when called once per row in order)
awk 'BEGIN { for (i = 1; i <= 1200; i++) printf "{\"id\": %d, \"k\": %d}\n", i, i % 3 }' >"$W/grouped.json"
G="CREATE TABLE g (id INT, k INT) WITH ('connector' = 'filesystem', 'path' = 'grouped.json', 'format' = 'json');"
run_exact group_by_udf_in_where_and_argument 0 "" "$(fn plus_one PlusOne)
$G
SELECT k, MIN(plus_one(id)) AS lo FROM g WHERE plus_one(id) > 600 GROUP BY k;" \
"+I[0, 601]
+I[1, 602]
+I[2, 603]"
run_exact group_by_udf_argument_called_once_per_row_in_order 0 "" "$(fn counter Counter)
$G
SELECT k, MAX(ABS(counter() - id)) AS off FROM g GROUP BY k;" \
"+I[1, 0]
+I[2, 0]
+I[0, 0]"
run_exact group_by_udf_where_called_once_per_row_in_order 0 "" "$(fn counter Counter)
$G
SELECT k, MIN(id) AS lo FROM g WHERE counter() > 1000 GROUP BY k;" \
"+I[2, 1001]
+I[0, 1002]
+I[1, 1003]"
run_case group_by_exception_in_argument_after_the_rows_before 1 "" "$(fn fails Fails)
$DDL
SELECT name, COUNT(fails(id)) AS c FROM t GROUP BY name;" "+I[a, 1]" \
  "Function 'fails' (com.example.udf.Fails) failed on fails(2): java.lang.IllegalStateException: no twos here"
run_case group_by_exception_in_where_after_the_rows_before 1 "" "$(fn fails Fails)
$DDL
SELECT name, COUNT(*) AS c FROM t WHERE fails(id) > 0 GROUP BY name;" "+I[a, 1]" \
  "WHERE: Function 'fails' (com.example.udf.Fails) failed on fails(2): java.lang.IllegalStateException: no twos here"
run_exact dedup_udf_where_called_once_per_row_in_order 0 "" "$(fn counter Counter)
CREATE TABLE gp (id INT, k INT, pt AS PROCTIME()) WITH ('connector' = 'filesystem', 'path' = 'grouped.json', 'format' = 'json');
SELECT k, id FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt) AS rn FROM gp WHERE counter() > 1000)
WHERE rn = 1;" \
"+I[2, 1001]
+I[0, 1002]
+I[1, 1003]"
run_case dedup_exception_in_where_after_the_rows_before 1 "" "$(fn fails Fails)
CREATE TABLE tp (id INT, name STRING, pt AS PROCTIME()) WITH ('connector' = 'filesystem', 'path' = 't.json', 'format' = 'json');
SELECT name, id FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY name ORDER BY pt) AS rn FROM tp WHERE fails(id) > 0)
WHERE rn = 1;" "+I[a, 1]" \
  "WHERE: Function 'fails' (com.example.udf.Fails) failed on fails(2): java.lang.IllegalStateException: no twos here"
run_case exception_fails_the_job 1 "" "$(fn fails Fails)
$DDL
SELECT id, fails(id) AS f FROM t;" "+I[1, 1]" \
  "job.sql:3:12: Evaluating SELECT column 'f' failed: Function 'fails' (com.example.udf.Fails) failed on fails(2): java.lang.IllegalStateException: no twos here" \
  "	at com.example.udf.Fails.eval(Fails.java:9)"
run_case exception_in_where_after_the_rows_before 1 "" "$(fn fails Fails)
$DDL
SELECT id FROM t WHERE fails(id) > 0;" "+I[1]" "WHERE: Function 'fails' (com.example.udf.Fails) failed on fails(2): java.lang.IllegalStateException: no twos here"
run_case table_function_is_refused 1 "" "$(fn split Split)
$DDL
SELECT split(name) FROM t;" \
  "job.sql:3:8: Function 'split': Function class 'com.example.udf.Split' is a table function (it extends org.apache.flink.table.functions.TableFunction): ptfhost runs scalar functions (ScalarFunction) and process table functions (ProcessTableFunction) only."
run_case aggregate_function_is_refused 1 "" "$(fn total Total)
$DDL
SELECT total(id) FROM t;" "Function class 'com.example.udf.Total' is an aggregate function (it extends org.apache.flink.table.functions.AggregateFunction)"
run_case no_matching_overload 1 "" "$(fn kind Kind)
$DDL
SELECT kind(TRUE) FROM t;" "job.sql:3:8: SQL validation failed. Invalid function call:" "kind(BOOLEAN NOT NULL)" \
  "Invalid input arguments. Expected signatures are:" "kind(a DOUBLE, b DOUBLE)" "kind(i INT)" "kind(s STRING)"
run_exact class_level_hints_define_overloads 0 "" "$(fn hinted Hinted) $(fn priced Priced)
$DDL
SELECT id, hinted(id, id) AS two, hinted(name) AS s, hinted('-', id, 2, 3) AS v, hinted('-') AS bare,
  priced(id) AS c, priced('2.5') AS t FROM t;" \
"+I[1, 22, 11, 74, 11, 0.01, 2.50]
+I[2, 42, 21, 84, 11, 0.02, 2.50]
+I[null, null, null, null, 11, null, 2.50]"
run_case class_level_hint_an_eval_cannot_take 1 "" "$(fn mismatched Mismatched)
$DDL
SELECT mismatched(id) FROM t;" \
  "Could not extract a valid type inference for function class 'com.example.udf.Mismatched'." \
  "Unable to extract a type inference from method:
public java.lang.String com.example.udf.Mismatched.eval(java.lang.String)
Considering all hints, the method should comply with the signature:
java.lang.String eval(java.lang.Integer)"

# describe lists the overloads Flink infers (exit 1: the JAR holds the invalid Mismatched)
(cd "$W" && "$PTFHOST" describe --jar "$J" >all 2>&1); rc=$?
want="com.example.udf.Kind  (scalar function)
  overload   Kind(a DOUBLE, b DOUBLE) RETURNS STRING
  eval       public java.lang.String com.example.udf.Kind.eval(java.lang.Double,java.lang.Double)
  overload   Kind(i INT) RETURNS STRING
  eval       public java.lang.String com.example.udf.Kind.eval(java.lang.Integer)
  overload   Kind(s STRING) RETURNS STRING
  eval       public java.lang.String com.example.udf.Kind.eval(java.lang.String)"
verdict describe_shows_overloads "$(grep -qF -- "$want" "$W/all" && grep -qF "Joined(sep STRING, parts STRING...) RETURNS STRING" "$W/all" &&
  grep -qF "PlusOne(x INT NOT NULL) RETURNS INT NOT NULL" "$W/all" &&
  grep -qF "com.example.udf.Mismatched  INVALID" "$W/all" && echo 1 || echo 0)" "$rc" 1
(cd "$W" && "$PTFHOST" describe --jar "$J" --class com.example.udf.Joined >all 2>&1); rc=$?
verdict describe_class_of_a_scalar "$([ "$(cat "$W/all")" = "com.example.udf.Joined  (scalar function)
  overload   Joined(sep STRING, parts STRING...) RETURNS STRING
  eval       public java.lang.String com.example.udf.Joined.eval(java.lang.String,java.lang.String[])" ] && echo 1 || echo 0)" "$rc" 0
(cd "$W" && "$PTFHOST" describe --jar "$J" --class com.example.udf.Hinted >all 2>&1); rc=$?
verdict describe_class_level_hints "$([ "$(cat "$W/all")" = "com.example.udf.Hinted  (scalar function)
  overload   Hinted(arg0 INT, arg1 INT) RETURNS BIGINT
  eval       public java.lang.Long com.example.udf.Hinted.eval(java.lang.Object[])
  overload   Hinted(s STRING) RETURNS BIGINT
  eval       public java.lang.Long com.example.udf.Hinted.eval(java.lang.Object[])
  overload   Hinted(sep STRING, n INT...) RETURNS BIGINT
  eval       public java.lang.Long com.example.udf.Hinted.eval(java.lang.Object[])" ] && echo 1 || echo 0)" "$rc" 0
(cd "$W" && "$PTFHOST" describe --jar "$J" --class com.example.udf.Priced >all 2>&1); rc=$?
verdict describe_class_level_output_hint "$(grep -qF "Priced(cents INT) RETURNS DECIMAL(10, 2)" "$W/all" &&
  grep -qF "Priced(text STRING) RETURNS DECIMAL(10, 2)" "$W/all" && echo 1 || echo 0)" "$rc" 0
(cd "$W" && "$PTFHOST" describe --jar "$J" --class com.example.udf.Mismatched >all 2>&1); rc=$?
verdict describe_class_level_hint_no_eval "$(grep -qF "com.example.udf.Mismatched  INVALID" "$W/all" &&
  grep -qF "should comply with the signature:" "$W/all" && echo 1 || echo 0)" "$rc" 1
(cd "$W" && "$PTFHOST" describe --jar "$J" --class com.example.udf.Split >all 2>&1); rc=$?
verdict describe_class_of_a_table_function "$(grep -qF "com.example.udf.Split  INVALID
Function class 'com.example.udf.Split' is a table function" "$W/all" && echo 1 || echo 0)" "$rc" 1
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
