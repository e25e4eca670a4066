#!/usr/bin/env bash
# A .case.json with a control character between tokens (cJSON skips any byte
# below 0x20 as if it were a blank; JSON allows only space, tab, CR and LF)
# is a syntax error at the character's line and column - never a parser that
# allocates until it is killed. Each run is bounded by a hang guard and a
# memory limit, so the old behaviour fails here instead of eating the machine.
set -uo pipefail
: "${PTFHOST:?}"
export NO_COLOR=1
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# bounded CMD...: CMD under a hang guard and a memory bound of about 4 GB (an ASan build
# reserves terabytes of address space at start, so there the bound is on its RSS).
bounded() {
  if ldd "$PTFHOST" 2>/dev/null | grep -q libasan; then
    ASAN_OPTIONS="${ASAN_OPTIONS:-}:hard_rss_limit_mb=4000" timeout 60 "$@"   # hang guard
  else
    (ulimit -v 4000000; timeout 60 "$@")   # hang guard
  fi
}

# case NAME PRINTF_TEXT LINE COLUMN CODE
case_of() {
  local name=$1 text=$2 line=$3 col=$4 code=$5 f="$W/$1.case.json" rc
  printf "$text" >"$f"
  bounded "$PTFHOST" test "$f" >"$W/out" 2>&1; rc=$?
  [ $rc -eq 1 ] || { bad "$name: exit $rc, want 1: $(head -c 300 "$W/out")"; return; }
  grep -qF "ERROR $f:$line: column $col: illegal character (control character, code $code) between JSON tokens" \
    "$W/out" && ok || bad "$name: $(head -c 400 "$W/out")"
}

case_of before_an_object '{"cases":[\001{}]}' 1 11 1
case_of before_an_array '{"cases":\001[]}' 1 10 1
case_of after_a_name '{"cases"\002:[]}' 1 9 2
case_of inside_an_object '{"cases":[{\037}]}' 1 12 31
case_of on_line_3 '{"cases": [\n {"name": "a",\n  \033"sql": "S"}]}' 3 3 27
# a NUL anywhere is caught before parsing
printf '{"cases":[\000{}]}' >"$W/nul.case.json"
bounded "$PTFHOST" test "$W/nul.case.json" >"$W/out" 2>&1
grep -qF "nul.case.json:1: the file contains a NUL byte" "$W/out" && ok || bad "NUL: $(head -c 300 "$W/out")"
# inside a string it is the string's business, not a blank: still reported by cJSON's rules
printf '{"cases": [{"name": "a\tb", "sql": ["SELECT 1;"], "expected": {"rows": []}}]}' >"$W/tab.case.json"
bounded "$PTFHOST" test "$W/tab.case.json" >"$W/out" 2>&1
grep -q "illegal character" "$W/out" && bad "a tab inside a string is not between tokens: $(head -c 300 "$W/out")" || ok

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
