#!/usr/bin/env bash
# Flink's Table API PTF programs (the -table-api, -inline and -inline-named variants of
# ProcessTableFunctionTestPrograms) run with `ptfhost run -c MAIN app.jar` and print Flink's rows
# (compat/tableapi/run.sh; the mapping is in compat/ptfs/README.md).
set -uo pipefail
: "${PTFHOST:?}" "${PTFHOST_ROOT:?}" "${PTFHOST_BUILD:?}"
exec "$PTFHOST_ROOT/compat/tableapi/run.sh" "$PTFHOST" "$PTFHOST_BUILD"
