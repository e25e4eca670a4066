#!/usr/bin/env bash
# `ptfhost test --junit FILE` and `--update` write through an in-progress file
# created exclusively under a random hidden name (util/outfile.h), so a
# symbolic link planted where a pid-based name would go is never written
# through; the link's target stays untouched and FILE is a regular file.
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_ROOT:?}"
export NO_COLOR=1
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
cd "$W" || exit 1
printf 'precious\n' >victim
# plant_and_run NAME ARGS...: a link at NAME.tmp<pid> (the old name), then exec ptfhost ARGS
plant_and_run() {
  bash -c 'for n in $1; do ln -s "$PWD/victim" "$n.tmp$$"; done; shift; exec "$@"' _ "$1" "$PTFHOST" "${@:2}"
}
plant_and_run r.xml test --junit r.xml "$PTFHOST_ROOT/compat/cases/seeds.case" >out 2>&1
[ "$(cat victim)" = precious ] && ok || bad "junit: the link's target was overwritten"
[ -f r.xml ] && [ ! -L r.xml ] && grep -q '<testsuites' r.xml && ok || bad "junit: r.xml: $(ls -la)"

sed 's/^+I\[1, 22.0, 21.0\]$/+I[1, 22.0, 22.5]/' "$PTFHOST_ROOT/compat/cases/seeds.case" >u.case
plant_and_run u.case test --update u.case >out 2>&1
[ "$(cat victim)" = precious ] && ok || bad "update: the link's target was overwritten"
[ -f u.case ] && [ ! -L u.case ] && grep -qx '+I\[1, 22.0, 21.0\]' u.case && ok || bad "update: u.case: $(head -3 out)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
