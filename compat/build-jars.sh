#!/usr/bin/env bash
# Builds the compat fixture JARs from compat/**/*.java into BUILD/compat/.
set -euo pipefail
BUILD=${1:?usage: build-jars.sh BUILD_DIR}
mkdir -p "$BUILD/compat"
