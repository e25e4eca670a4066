#!/usr/bin/env bash
# No dependency runs upward: each folder of native/ (and jni/) includes only
# the folders below it. The order, lowest first, is the one docs/internals.md
# gives in "Layering"; a new folder must be added to this map.
set -uo pipefail
: "${PTFHOST_ROOT:?}"
declare -A ALLOWED=(
  [util]=""
  [types]="util"
  [sql]="util"
  [state]="util"
  [time]="util"
  [kafka]="util"
  [checkpoint]="util"
  [protocol]="types util"
  [catalog]="types util"
  [expr]="sql types util"
  [connectors]="catalog kafka types util"
  [engine]="catalog checkpoint connectors expr protocol sql state time types util"
  [testrun]="catalog checkpoint connectors engine expr protocol sql state time types util"
  [cli]="catalog checkpoint connectors engine expr kafka protocol sql state testrun time types util"
  [jni]="util"
)
pass=0 fail=0
check_folder() {   # check_folder NAME DIR
  local name=$1 dir=$2 f inc
  if [ -z "${ALLOWED[$name]+set}" ]; then
    echo "FAIL: $dir is not in tests/cli/layering.sh's map: place it in the layering"; fail=$((fail + 1)); return
  fi
  local bad=0
  for f in "$dir"/*.c "$dir"/*.h; do
    [ -e "$f" ] || continue
    while IFS= read -r inc; do
      [ "$inc" = "$name" ] && continue
      [ -d "$PTFHOST_ROOT/native/$inc" ] || continue
      case " ${ALLOWED[$name]} " in
        *" $inc "*) ;;
        *) echo "FAIL: ${f#"$PTFHOST_ROOT"/} includes $inc/ (above $name/)"; bad=1 ;;
      esac
    done < <(sed -n 's|^#include "\([a-z_]*\)/.*|\1|p' "$f" | sort -u)
  done
  # jni/ is the only C code that knows <jni.h>
  if [ "$name" != jni ] && grep -l '#include <jni.h>' "$dir"/*.[ch] >/dev/null 2>&1; then
    echo "FAIL: $dir includes <jni.h>"; bad=1
  fi
  if [ "$bad" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
}
for d in "$PTFHOST_ROOT"/native/*/; do d=${d%/}; check_folder "$(basename "$d")" "$d"; done
check_folder jni "$PTFHOST_ROOT/jni"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
