#!/usr/bin/env bash
# ptfhost init end to end: the project builds with Maven (offline against
# Debian's repository, with the ptfhost-api fallback profile), and ptfhost
# describe, run and test accept what it built.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
if ! command -v mvn >/dev/null; then echo "SKIP: no mvn"; exit 0; fi

"$PTFHOST" init "$W/proj" --package org.acme.ptfs >"$W/init.out" 2>&1 || { cat "$W/init.out"; exit 1; }
for f in pom.xml job.sql clicks.json count_clicks.case src/main/java/org/acme/ptfs/CountClicks.java; do
  [ -f "$W/proj/$f" ] || bad "init: no $f"
done
grep -qF '<arg>-parameters</arg>' "$W/proj/pom.xml" || bad "pom: no -parameters"
grep -qF '<artifactId>flink-table-common</artifactId>' "$W/proj/pom.xml" || bad "pom: no flink-table-common"
"$PTFHOST" init "$W/proj" >/dev/null 2>"$W/again" && bad "init over a non-empty folder succeeded"
grep -qF "exists and is not empty" "$W/again" || bad "init again: $(cat "$W/again")"
"$PTFHOST" init "$W/p2" --package 1bad >/dev/null 2>"$W/pkg" && bad "bad package accepted"

cd "$W/proj" || exit 1
mvn -o -q -s /etc/maven/settings-debian.xml -Pptfhost-api package >"$W/mvn.out" 2>&1 || {
  bad "mvn package: $(tail -20 "$W/mvn.out")"; exit 1; }
"$PTFHOST" describe --jar target/ptfs.jar >"$W/describe.out" 2>&1 || bad "describe: $(cat "$W/describe.out")"
grep -qF 'CountClicks(input => {TABLE, SET SEMANTIC TABLE}' "$W/describe.out" || bad "describe: $(cat "$W/describe.out")"
grep -qF 'state      state  value' "$W/describe.out" || bad "describe: state name lost (-parameters)"
"$PTFHOST" run job.sql >"$W/run.out" 2>&1 || bad "run: $(cat "$W/run.out")"
printf '+I[1, /home, 1]\n+I[2, /shop, 1]\n+I[1, /cart, 2]\n' | diff - "$W/run.out" || bad "run output"
"$PTFHOST" test count_clicks.case >"$W/test.out" 2>&1 || bad "test: $(cat "$W/test.out")"
grep -qF '1 passed, 0 failed' "$W/test.out" || bad "test: $(cat "$W/test.out")"
[ "$fail" -eq 0 ] && echo "init: ok"
exit "$fail"
