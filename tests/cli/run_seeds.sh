#!/usr/bin/env bash
# Every seed example that needs no event time or changelog, run end to end
# through `ptfhost run`: each compat/run/<case>/ holds job.sql, its input files
# and expected.txt (the rows the seed page shows, in Flink's print format, or
# the tableau/materialized form when the case has an `args` file with options).
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_ROOT:?}" "${PTFHOST_BUILD:?}"
SEEDS_JAR=$PTFHOST_BUILD/compat/seeds.jar
pass=0 fail=0
for dir in "$PTFHOST_ROOT"/compat/run/*/; do
  name=$(basename "$dir")
  work=$(mktemp -d)
  cp -r "$dir"/. "$work"/
  sed -i "s#@SEEDS_JAR@#$SEEDS_JAR#g" "$work/job.sql"
  args=()
  [ -f "$work/args" ] && read -r -a args <"$work/args"
  if "$PTFHOST" run "${args[@]}" "$work/job.sql" >"$work/actual.txt" 2>"$work/stderr.txt" &&
     diff -u "$work/expected.txt" "$work/actual.txt" >"$work/diff.txt"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name"
    cat "$work/stderr.txt" "$work/diff.txt" 2>/dev/null | head -40
  fi
  rm -rf "$work"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
