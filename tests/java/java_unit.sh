#!/usr/bin/env bash
# Java unit tests of javashim (API behaviour, extraction, codec), run by ctest.
set -euo pipefail
B=${PTFHOST_BUILD:?}
exec java -cp "$B/java/ptfhost-shim.jar:$B/java/lib/asm.jar:$B/maven/test-classes" \
  io.ptfhost.testkit.TestRunner "$B/maven/test-classes"
