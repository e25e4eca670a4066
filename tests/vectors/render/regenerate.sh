#!/usr/bin/env bash
# Regenerates the render vectors from Java (JDK 17: its Double.toString is the reference).
#   tests/vectors/render/regenerate.sh [BUILD_DIR]
# Needs the shim jar and test classes built (./build.sh, or mvn package with -Dptf.build).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
B=${1:-${PTFHOST_BUILD_DIR:-$ROOT/build}}
java -cp "$B/java/ptfhost-shim.jar:$B/maven/test-classes" io.ptfhost.bridge.render.RenderVectors "$ROOT/tests/vectors/render"
