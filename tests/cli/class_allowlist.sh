#!/usr/bin/env bash
# The class allowlist (CMF's cmf.sql.classAllowlist, set by PTFHOST_CLASS_ALLOWLIST): unset, user
# code loads any class; set, a class no pattern matches fails the job naming the class and the
# rule (run and describe); patterns are comma-separated globs; a matching list runs as before.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_BUILD:?}"
SHIM=$PTFHOST_BUILD/java/ptfhost-shim.jar
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; shift; [ $# -gt 0 ] && cat "$@" | head -40; }

mkdir -p "$W/src/com/example" "$W/cls"
cat >"$W/src/com/example/FileProbe.java" <<'JAVA'
package com.example;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

public class FileProbe extends ProcessTableFunction<String> {
    public void eval(@ArgumentHint(ArgumentTrait.ROW_SEMANTIC_TABLE) Row r) {
        collect(new java.io.File("/tmp/" + r.getField(0)).getName());
    }
}
JAVA
javac --release 17 -parameters -nowarn -cp "$SHIM" -d "$W/cls" "$W"/src/com/example/*.java || { echo "FAIL: javac"; exit 1; }
jar --create --file "$W/probe.jar" -C "$W/cls" . || exit 1
cat >"$W/job.sql" <<'SQL'
CREATE FUNCTION probe AS 'com.example.FileProbe' USING JAR 'probe.jar';
CREATE VIEW t AS SELECT * FROM (VALUES ('a.txt')) AS T(name);
SELECT * FROM probe(r => TABLE t);
SQL
cd "$W" || exit 1

# unset: any class
env -u PTFHOST_CLASS_ALLOWLIST "$PTFHOST" run job.sql >out1.txt 2>err1.txt
rc=$?
if [ $rc -eq 0 ] && grep -qxF '+I[a.txt]' out1.txt; then ok; else bad "no allowlist (rc $rc)" err1.txt out1.txt; fi

# java.io.File matches no pattern: the job fails naming the class and the rule
PTFHOST_CLASS_ALLOWLIST='java.lang.*, org.apache.flink.*, com.example.*' "$PTFHOST" run job.sql >out2.txt 2>err2.txt
rc=$?
msg="class java.io.File is not allowed: it matches no pattern of the class allowlist (cmf.sql.classAllowlist, PTFHOST_CLASS_ALLOWLIST) 'java.lang.*,org.apache.flink.*,com.example.*'"
if [ $rc -eq 1 ] && grep -qF "$msg" err2.txt && ! grep -qF '+I[a.txt]' out2.txt; then ok; else bad "java.io.File refused (rc $rc)" err2.txt out2.txt; fi

# a list that matches every class the function loads runs as before
PTFHOST_CLASS_ALLOWLIST='java.*,org.apache.flink.*,com.example.FileProbe' "$PTFHOST" run job.sql >out3.txt 2>err3.txt
rc=$?
if [ $rc -eq 0 ] && grep -qxF '+I[a.txt]' out3.txt; then ok; else bad "matching allowlist (rc $rc)" err3.txt out3.txt; fi

# describe: the function class itself must match
PTFHOST_CLASS_ALLOWLIST='java.*,org.apache.flink.*' "$PTFHOST" describe --jar probe.jar --class com.example.FileProbe >out4.txt 2>err4.txt
rc=$?
if [ $rc -ne 0 ] && grep -qF "class com.example.FileProbe is not allowed" out4.txt err4.txt; then ok; else bad "describe refuses the class (rc $rc)" out4.txt err4.txt; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
