#!/usr/bin/env bash
# Runs Flink's Table API PTF programs (compat/tableapi/programs.tsv) as ptfhost runs a user's
# program: `ptfhost run -c MAIN BUILD/compat/tableapi.jar ARGS`. Each program writes into a print
# sink; its stdout must hold Flink's rows (compat/tableapi/expected/NAME.txt) as a multiset, as
# Flink's TableTestProgram compares them.
#
#   compat/tableapi/run.sh PTFHOST BUILD [NAME...]     one line per program: pass / FAIL (+ diff)
# Exit: 0 all passed, 1 some failed, 2 usage.
set -uo pipefail
[ $# -ge 2 ] || { sed -n '2,8p' "$0" >&2; exit 2; }
bin=$1 build=$2; shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
# absolute: each program runs in a scratch folder
case $bin in /*) ;; */*) bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin") ;; esac
build=$(cd "$build" && pwd) || exit 2
JAR=$build/compat/tableapi.jar
[ -x "$bin" ] && [ -f "$JAR" ] || { echo "run.sh: need $bin and $JAR (./build.sh)" >&2; exit 2; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
while IFS=$'\t' read -r name main args; do
  case $name in '#'*|'') continue ;; esac
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qxF "$name"; then continue; fi
  # shellcheck disable=SC2086 # the arguments are words
  argv=(${args//@DATA@/$HERE/data})
  rc=0
  : >"$W/diff"
  (cd "$W" && "$bin" run -c "io.ptfhost.compat.tableapi.$main" "$JAR" "${argv[@]}") >"$W/out" 2>"$W/err" || rc=$?
  if [ $rc -eq 0 ] && diff -u <(LC_ALL=C sort "$HERE/expected/$name.txt") <(LC_ALL=C sort "$W/out") >"$W/diff"; then
    pass=$((pass + 1)); echo "pass  $name"
  else
    fail=$((fail + 1)); echo "FAIL  $name (exit $rc)"
    head -n 20 "$W/err"; head -n 40 "$W/diff"
  fi
done <"$HERE/programs.tsv"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
