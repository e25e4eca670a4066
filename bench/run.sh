#!/usr/bin/env bash
# Runs every benchmark in bench/ against a build (`./build.sh bench` calls this), then prints
# every figure that has a goal again, in one table (bench/README.md explains each).
# Benchmarks measure and report; they are not tests and do not gate the build.
#   bench/run.sh BUILD_DIR
set -euo pipefail
BUILD=$(cd "${1:?usage: bench/run.sh BUILD_DIR}" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
for b in "$HERE"/describe.sh "$HERE"/run_median.sh "$HERE"/timers.sh "$HERE"/bridge.sh \
         "$HERE"/memory.sh "$HERE"/kafka.sh "$HERE"/checkpoint.sh; do
  echo "== $(basename "$b")"
  "$b" "$BUILD" 2>&1 | tee -a "$out" || { status=1; echo "| $(basename "$b") failed: no figures from it |" >>"$out"; }
done
echo
echo "== every goal"
header
grep -E '^\| .*\| (met|not met) +\|$|failed: no figures' "$out" || true
exit $status
