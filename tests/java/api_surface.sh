#!/usr/bin/env bash
# Binary API surface of the shim vs compat/api-manifest.txt (the reference sheet in machine form):
# every class, member, descriptor, modifier, enum ordinal and annotation default a PTF JAR compiled
# against Flink 2.1-2.3 can link against. Prints each missing or mismatched entry; exit 1 if any.
set -euo pipefail
B=${PTFHOST_BUILD:?}
ROOT=${PTFHOST_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
JAR=$B/java/ptfhost-shim.jar
ASM=$B/java/lib/asm.jar
[ -f "$ASM" ] || ASM=/usr/share/java/asm.jar
for f in "$JAR" "$ASM" "$ROOT/compat/api-manifest.txt"; do
  [ -f "$f" ] || { echo "api_surface: missing $f (build first: ./build.sh)" >&2; exit 2; }
done
# Single-file source launch; the checker links only against ASM and the JDK.
exec java -cp "$ASM" "$ROOT/tests/java/ApiSurfaceCheck.java" "$ROOT/compat/api-manifest.txt" "$JAR"
