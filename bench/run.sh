#!/usr/bin/env bash
# Runs every benchmark in bench/ against a build (`./build.sh bench` calls this).
# Benchmarks measure and report; they are not tests and do not gate the build.
#   bench/run.sh BUILD_DIR
set -euo pipefail
BUILD=$(cd "${1:?usage: bench/run.sh BUILD_DIR}" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
status=0
for b in "$HERE"/describe.sh "$HERE"/run_median.sh "$HERE"/timers.sh "$HERE"/bridge.sh \
         "$HERE"/memory.sh "$HERE"/kafka.sh "$HERE"/checkpoint.sh; do
  echo "== $(basename "$b")"
  "$b" "$BUILD" || status=1
done
exit $status
