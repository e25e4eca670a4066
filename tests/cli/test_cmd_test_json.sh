#!/usr/bin/env bash
# `ptfhost test` on JSON case files (*.case.json, docs/test-cases.md "The JSON
# form"): compat/cases/json/seeds.case.json passes with the same expected rows
# as the text cases it ports; a wrong row gives the diff with its file:line and
# exit 1; syntax and shape errors point at their line (and field); SQL errors
# point at the SQL line in the JSON file; --update restores a wrong row and
# leaves every other byte; folders pick up both forms; --junit names the lines;
# the documented example passes.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_ROOT:?}" "${PTFHOST_BUILD:?}"
export NO_COLOR=1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() { grep -qF -- "$3" "$2" && ok || bad "$1: output lacks '$3'; output:"$'\n'"$(head -c 3000 "$2")"; }
t() { rc=0; "$PTFHOST" test "$@" >"$WORK/out" 2>&1 || rc=$?; }
expect_rc() { [ "$rc" = "$2" ] && ok || bad "$1: exit $rc, expected $2; output:"$'\n'"$(head -c 3000 "$WORK/out")"; }

JSON=$PTFHOST_ROOT/compat/cases/json/seeds.case.json
TEXT=$PTFHOST_ROOT/compat/cases/seeds.case

# 1. The JSON seed cases pass (the folder is searched for *.case.json).
t "$PTFHOST_ROOT/compat/cases/json"
expect_rc "json seeds" 0
check "json seeds" "$WORK/out" "PASS ThresholdFilter flags readings above the threshold ("
check "json seeds" "$WORK/out" "PASS Median emits the trailing median of three readings [flink 2.1] ("
check "json seeds" "$WORK/out" "PASS Median emits the trailing median of three readings [flink 2.3] ("
check "json seeds" "$WORK/out" "PASS CountClicks continues counting from a seeded count [materialized] ("
[ "$(tail -n 1 "$WORK/out")" = "5 passed, 0 failed" ] && ok || bad "json seeds: summary $(tail -n 1 "$WORK/out")"

# 2. The ported cases expect exactly the rows the text cases expect (and those pass too).
text_rows() {  # the '-- expected' rows of the text case NAME
  awk -v n="-- case: $1" '$0 == n { c = 1; next } /^-- case:/ { c = 0 } c && /^-- expected/ { e = 1; next }
                          c && /^-- / { e = 0 } c && e && NF && !/^#/ { print }' "$TEXT"
}
json_rows() {
  python3 -c 'import json, sys
for c in json.load(open(sys.argv[1]))["cases"]:
    if c["name"] == sys.argv[2]:
        e = c["expected"]
        print("\n".join((e[0] if isinstance(e, list) else e)["rows"]))' "$JSON" "$1"
}
for name in "ThresholdFilter flags readings above the threshold" "Median emits the trailing median of three readings"; do
  [ -n "$(text_rows "$name")" ] && [ "$(text_rows "$name")" = "$(json_rows "$name")" ] && ok ||
    bad "rows of '$name' differ: text:"$'\n'"$(text_rows "$name")"$'\n'"json:"$'\n'"$(json_rows "$name")"
done
t --filter "Median emits" "$TEXT"
expect_rc "text median" 0

# 3. A wrong expected row: FAIL, the diff at the row's line in the JSON file, exit 1.
sed 's/"+I\[1, 22.0, 21.0\]"/"+I[1, 22.0, 22.5]"/' "$JSON" >"$WORK/wrong.case.json"
line=$(grep -n '"+I\[1, 22.0, 22.5\]"' "$WORK/wrong.case.json" | cut -d: -f1)
[ -n "$line" ] && ok || bad "could not plant the wrong row"
t "$WORK/wrong.case.json"
expect_rc "wrong row" 1
check "wrong row" "$WORK/out" "FAIL Median emits the trailing median of three readings [flink 2.3] ("
check "wrong row" "$WORK/out" "first difference at $WORK/wrong.case.json:$line (the key's row 2)"
check "wrong row" "$WORK/out" "* $(printf '%6d' "$line")  +I[1, 22.0, 22.5] | +I[1, 22.0, 21.0]"
[ "$(tail -n 1 "$WORK/out")" = "3 passed, 2 failed" ] && ok || bad "wrong row: summary $(tail -n 1 "$WORK/out")"

# 4. --junit: the JSON file's runs with their lines.
t --junit "$WORK/r.xml" "$WORK/wrong.case.json"
expect_rc "junit" 1
check "junit" "$WORK/r.xml" "tests=\"5\" failures=\"2\" errors=\"0\""
# a run's line is its expectation's (the "expected" object of ThresholdFilter, the first in the file)
check "junit" "$WORK/r.xml" "file=\"$WORK/wrong.case.json\" line=\"$(grep -n -m1 '"expected": {' "$JSON" | cut -d: -f1)\""

# 5. --update rewrites the "rows" array; the file is the original again, byte for byte.
cp "$WORK/wrong.case.json" "$WORK/update.case.json"
t --update "$WORK/update.case.json"
expect_rc "update" 0
check "update" "$WORK/out" "updated 1 expectation in 1 file"
cmp -s "$WORK/update.case.json" "$JSON" && ok || bad "update: $(diff "$JSON" "$WORK/update.case.json" | head -20)"

# 6. Syntax and shape errors point at their line; nothing runs; exit 1.
printf '{"cases": [\n  {"name": "a",\n   "sql": "SELECT 1;",\n  }\n]}\n' >"$WORK/syntax.case.json"
t "$WORK/syntax.case.json"
expect_rc "syntax error" 1
check "syntax error" "$WORK/out" "ERROR $WORK/syntax.case.json:4: near column 4: the file is not valid JSON here"
check "syntax error" "$WORK/out" "0 passed, 1 failed"
printf '{"cases": [\n  {"name": "a", "sql": "SELECT 1;",\n   "expected": {"order": "sorted",\n                "rows": []}}\n]}\n' >"$WORK/shape.case.json"
t "$WORK/shape.case.json"
expect_rc "shape error" 1
check "shape error" "$WORK/out" "ERROR $WORK/shape.case.json:3: cases[0].expected.order: must be \"exact\", \"multiset\" or {\"per_key\": [COLUMNS]}"
check "shape error" "$WORK/out" "(case 'a')"

# 7. An SQL error points at its line in the JSON file.
sed 's/FROM ThresholdFilter(/FROM ThresholdFiltre(/' "$JSON" >"$WORK/sqlerr.case.json"
line=$(grep -n 'FROM ThresholdFiltre(' "$WORK/sqlerr.case.json" | cut -d: -f1)
t --filter ThresholdFilter "$WORK/sqlerr.case.json"
expect_rc "sql error" 1
check "sql error" "$WORK/out" "$WORK/sqlerr.case.json:$line:6: SQL validation failed. No function named 'ThresholdFiltre'"

# 8. A folder with both forms runs both; a JSON case without an expectation says what to add.
mkdir -p "$WORK/mixed/sub"
cp "$JSON" "$WORK/mixed/sub/j.case.json"
cat >"$WORK/mixed/t.case" <<'CASE'
-- case: text
-- sql
SHOW USER FUNCTIONS;
-- expected
Empty set
CASE
printf '{"cases": [{"name": "json without expectation", "sql": "SHOW USER FUNCTIONS;"}]}\n' >"$WORK/mixed/n.case.json"
printf '{"not": "a case file"}\n' >"$WORK/mixed/data.json"
t "$WORK/mixed"
expect_rc "mixed" 1
check "mixed" "$WORK/out" "PASS text ("
check "mixed" "$WORK/out" "PASS ThresholdFilter flags readings above the threshold ("
check "mixed" "$WORK/out" "$WORK/mixed/n.case.json:1: no \"expected\" for Flink 2.3 (run with --update"
grep -q "data.json" "$WORK/out" && bad "mixed: data.json was read as a case file" || ok
[ "$(tail -n 1 "$WORK/out")" = "6 passed, 1 failed" ] && ok || bad "mixed: summary $(tail -n 1 "$WORK/out")"

# 9. The example in docs/test-cases.md ("The JSON form") runs and passes as printed there.
python3 -c 'import re, sys
doc = open(sys.argv[1]).read()
sys.stdout.write(re.search(r"```json\n(.*?)```", doc, re.S).group(1))' "$PTFHOST_ROOT/docs/test-cases.md" >"$WORK/doc.case.json"
t "$WORK/doc.case.json"
expect_rc "docs example" 0
[ "$(tail -n 1 "$WORK/out")" = "4 passed, 0 failed" ] && ok || bad "docs example: $(cat "$WORK/out")"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
