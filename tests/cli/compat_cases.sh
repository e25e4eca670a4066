#!/usr/bin/env bash
# The compat suite in CI: every case under compat/cases (except compat/cases/pending/) and
# compat/fatjar, in one `ptfhost test --junit` run, through compat/tools/conformance.sh --check.
# Fails when a case fails, when a pending case passes (it must
# move back into the suite), when a seed or Flink case is missing from the mappings, or when the
# conformance table committed in compat/README.md is not what this run generates.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_ROOT:?}" "${PTFHOST_BUILD:?}"
export NO_COLOR=1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
CONF=$PTFHOST_ROOT/compat/tools/conformance.sh
RUN=$WORK/run

# 1. The run and the table check.
start=$(date +%s%N)
rc=0
"$CONF" --check --ptfhost "$PTFHOST" --build "$PTFHOST_BUILD" --out "$RUN" >"$WORK/check.out" 2>&1 || rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ -s "$RUN/suite.xml" ] || { echo "FAIL: no run: $(head -c 3000 "$WORK/check.out")"; exit 1; }

# 2. Every case of the suite passed.
runs=$(sed -n 's/^<testsuites .* tests="\([0-9]*\)".*/\1/p' "$RUN/suite.xml")
files=$(grep -c '^  <testsuite ' "$RUN/suite.xml")
echo "compat suite: $runs runs in $files case files, $ms ms (one ptfhost test, plus pending and the table)"
[ "$(cat "$RUN/suite.rc")" = 0 ] && ok || bad "ptfhost test exited $(cat "$RUN/suite.rc"); failures:"$'\n'"$(grep -v '^PASS ' "$RUN/suite.out" | head -c 6000)"
[ "$(tail -n 1 "$RUN/suite.out")" = "$runs passed, 0 failed" ] && ok || bad "summary: $(tail -n 1 "$RUN/suite.out"), expected '$runs passed, 0 failed'"
[ "$runs" -ge 100 ] && ok || bad "only $runs runs: cases went missing"

# 3. How long it took is reported above, never asserted: speed is measured in bench/.

# 4. Pending cases still fail; one that passes moves back into the suite.
if grep -q 'passes now' "$RUN/table.md"; then
  bad "pending cases pass now; move them out of compat/cases/pending/:"$'\n'"$(grep 'passes now' "$RUN/table.md")"
else ok; fi

# 5. Every seed and Flink case is in a mapping (tools/seed-examples.tsv, ptfs/README.md), not
#    under "Other cases".
other=$(sed -n '/^### Other cases/,/^##/p' "$RUN/table.md" | grep -E '\]\(cases/(seeds\.case|flink/)' || true)
[ -z "$other" ] && ok || bad "cases missing from compat/tools/seed-examples.tsv or compat/ptfs/README.md:"$'\n'"$other"

# 6. The committed table is what this run generates.
case $rc in
  0) ok ;;
  1) bad "compat/README.md's conformance table is stale (run compat/tools/conformance.sh and commit it):"$'\n'"$(head -c 4000 "$WORK/check.out")" ;;
  *) bad "conformance.sh failed ($rc): $(head -c 3000 "$WORK/check.out")" ;;
esac

# 7. The check can fail: the same run with one passing case turned into a failure gives a table
#    that differs from the committed one in exactly that case's row.
mkdir -p "$WORK/bad"
victim=$(grep -m1 -o '<testcase name="[^"]*" classname="[^"]*seeds.case"' "$RUN/suite.xml" | sed 's/<testcase name="\([^"]*\)".*/\1/')
awk -v v="$victim" 'index($0, "<testcase name=\"" v "\"") && /\/>$/ { sub(/\/>$/, "><failure message=\"planted\" type=\"mismatch\">planted</failure></testcase>") } { print }' \
    "$RUN/suite.xml" >"$WORK/bad/suite.xml"
[ -s "$RUN/pending.xml" ] && cp "$RUN/pending.xml" "$WORK/bad/"
rc=0; "$CONF" --check --from "$WORK/bad" --out "$WORK/badout" >"$WORK/bad.out" 2>&1 || rc=$?
[ "$rc" = 1 ] && ok || bad "a planted failure of '$victim' was not detected (exit $rc): $(head -c 2000 "$WORK/bad.out")"
grep -qF "+| Confluent Cloud " "$WORK/bad.out" && grep -qF "$victim | **FAIL** |" "$WORK/bad.out" && ok ||
  bad "the diff does not show '$victim' failing: $(head -c 2000 "$WORK/bad.out")"

echo "compat_cases: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
