# describe_lib.sh - shared by tests/cli/compat_describe*.sh (sourced, not run).
#
# The tests run `ptfhost describe --json` on the compat JARs and compare what it reports
# against hand-written expectations in compat/expected/:
#   describe*/CLASS.txt  the signature Flink infers, as "key=value" lines of the function's
#                        entry in the signature JSON (docs/internals.md), flattened by
#                        jsonflat.awk; key order does not matter, warnings are not compared.
#   describe*/CLASS.err  the error Flink raises: one line per line of the error chain
#                        (outer message first). "re:" lines are regular expressions (ERE).
#                        By default the chain must match line for line; with a line
#                        "%subsequence" the expected lines must appear in this order, the first
#                        one as the chain's first line, other lines may sit in between.
# Lines starting with '#' are comments.

: "${PTFHOST:?PTFHOST must point to the ptfhost binary}"
: "${PTFHOST_ROOT:?}" "${PTFHOST_BUILD:?}"

COMPAT=$PTFHOST_ROOT/compat
JARS=$PTFHOST_BUILD/compat
FLAT="awk -f $COMPAT/tools/jsonflat.awk"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ptfhost-compat.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

FAILURES=0
CHECKS=0
fail() { echo "FAIL: $*" >&2; FAILURES=$((FAILURES + 1)); }
pass() { CHECKS=$((CHECKS + 1)); }

# finish: summary line and exit status for ctest.
finish() {
  if [ "$FAILURES" -gt 0 ]; then
    echo "$FAILURES failure(s), $CHECKS check(s) passed" >&2
    exit 1
  fi
  echo "ok: $CHECKS check(s)"
}

require_jar() {
  [ -f "$JARS/$1" ] || { echo "missing $JARS/$1 (built by compat/build-jars.sh)" >&2; exit 1; }
}

# seed_classes: the class names of compat/seeds, one per line.
seed_classes() {
  (cd "$COMPAT/seeds/src" && find . -name '*.java' | sed 's|^\./||; s|\.java$||; s|/|.|g' | sort)
}

# describe JAR CLASS OUT: runs describe --json, leaves stdout in OUT.json, stderr in OUT.err
# and the exit status in OUT.rc; returns 0.
describe() {
  local jar=$1 cls=$2 out=$3 rc=0
  if [ -n "$cls" ]; then
    "$PTFHOST" describe --jar "$jar" --class "$cls" --json >"$out.json" 2>"$out.err" || rc=$?
  else
    "$PTFHOST" describe --jar "$jar" --json >"$out.json" 2>"$out.err" || rc=$?
  fi
  echo "$rc" >"$out.rc"
}

# function_facts FLATFILE CLASS: the flattened entry of CLASS without its "functions[i]."
# prefix and without warnings, sorted.
function_facts() {
  local idx
  idx=$(sed -n "s/^functions\[\([0-9]*\)\]\.class=$2\$/\1/p" "$1" | head -n 1)
  [ -n "$idx" ] || return 1
  grep "^functions\[$idx\]\." "$1" | sed "s/^functions\[$idx\]\.//" |
    grep -v -e '^warnings\[' -e '^warnings=' | LC_ALL=C sort
}

# expected_facts FILE: the expectation lines without comments, sorted.
expected_facts() { grep -v -e '^#' -e '^$' "$1" | LC_ALL=C sort; }

# check_valid LABEL OUT CLASS EXPECTED.txt: describe of CLASS succeeded and matches.
check_valid() {
  local label=$1 out=$2 cls=$3 exp=$4
  if [ "$(cat "$out.rc")" != 0 ]; then
    fail "$label: exit $(cat "$out.rc"), expected 0; stderr: $(head -c 600 "$out.err")"
    return
  fi
  if ! $FLAT "$out.json" >"$out.flat" 2>"$out.flaterr"; then
    fail "$label: output is not JSON ($(cat "$out.flaterr")): $(head -c 300 "$out.json")"
    return
  fi
  if ! function_facts "$out.flat" "$cls" >"$out.actual"; then
    fail "$label: no function entry for $cls in the output"
    return
  fi
  expected_facts "$exp" >"$out.expected"
  if diff -u "$out.expected" "$out.actual" >"$out.diff"; then
    pass
  else
    fail "$label: signature differs from $(basename "$(dirname "$exp")")/$(basename "$exp") (- expected, + actual):"
    sed 1,2d "$out.diff" | grep '^[-+]' >&2
  fi
}

# error_lines FLATFILE CLASS: the function's error chain, one line per line.
error_lines() {
  local idx
  idx=$(sed -n "s/^functions\[\([0-9]*\)\]\.class=$2\$/\1/p" "$1" | head -n 1)
  [ -n "$idx" ] || return 1
  sed -n "s/^functions\[$idx\]\.error=//p" "$1" | awk '{ gsub(/\\n/, "\n"); print }'
}

# line_matches EXPECTED ACTUAL: exact, or ERE for "re:" lines.
line_matches() {
  case $1 in
    re:*) printf '%s\n' "$2" | grep -Eq -- "${1#re:}" ;;
    *) [ "$1" = "$2" ] ;;
  esac
}

# chain_matches EXPECTED.err ACTUAL_LINES_FILE: see the header for the two modes.
chain_matches() {
  local mode=exact
  grep -qx '%subsequence' "$1" && mode=subsequence
  local -a exp act
  mapfile -t exp < <(grep -v -e '^#' -e '^%' -e '^$' "$1")
  mapfile -t act <"$2"
  [ ${#exp[@]} -gt 0 ] && [ ${#act[@]} -gt 0 ] || return 1
  line_matches "${exp[0]}" "${act[0]}" || return 1
  if [ "$mode" = exact ]; then
    [ ${#exp[@]} -eq ${#act[@]} ] || return 1
    local i
    for ((i = 1; i < ${#exp[@]}; i++)); do line_matches "${exp[$i]}" "${act[$i]}" || return 1; done
    return 0
  fi
  local e=1 a=1
  while [ $e -lt ${#exp[@]} ] && [ $a -lt ${#act[@]} ]; do
    line_matches "${exp[$e]}" "${act[$a]}" && e=$((e + 1))
    a=$((a + 1))
  done
  [ $e -eq ${#exp[@]} ]
}

# check_invalid LABEL OUT CLASS EXPECTED.err: describe exits 1, reports the class invalid
# with Flink's message chain and a one-line fix.
check_invalid() {
  local label=$1 out=$2 cls=$3 exp=$4
  if [ "$(cat "$out.rc")" != 1 ]; then
    fail "$label: exit $(cat "$out.rc"), expected 1; stderr: $(head -c 600 "$out.err")"
    return
  fi
  if ! $FLAT "$out.json" >"$out.flat" 2>"$out.flaterr"; then
    fail "$label: output is not JSON ($(cat "$out.flaterr")): $(head -c 300 "$out.json")"
    return
  fi
  if ! error_lines "$out.flat" "$cls" >"$out.chain"; then
    fail "$label: no function entry for $cls in the output"
    return
  fi
  local idx fix
  idx=$(sed -n "s/^functions\[\([0-9]*\)\]\.class=$cls\$/\1/p" "$out.flat" | head -n 1)
  if ! grep -qx "functions\[$idx\]\.valid=false" "$out.flat"; then
    fail "$label: not reported invalid"
  elif ! chain_matches "$exp" "$out.chain"; then
    fail "$label: error differs from $(basename "$exp"); expected:"
    grep -v -e '^#' -e '^$' "$exp" | sed 's/^/    /' >&2
    echo "  actual:" >&2
    sed 's/^/    /' "$out.chain" >&2
  else
    fix=$(sed -n "s/^functions\[$idx\]\.fix=//p" "$out.flat")
    if [ -z "$fix" ] || [ "$fix" = null ]; then
      fail "$label: no fix line"
    else
      pass
    fi
  fi
}

# normalize: trim each line and collapse runs of blanks (the text form aligns columns).
normalize() { sed 's/^[[:blank:]]*//; s/[[:blank:]]*$//; s/[[:blank:]][[:blank:]]*/ /g'; }

# check_text LABEL TEXTFILE CLASS EXPECTED.txt: the block of CLASS in a text-form describe
# output (from its "CLASS" line to the next blank line) equals the expectation, normalized.
check_text() {
  local label=$1 text=$2 cls=$3 exp=$4 out=$WORK/text.$3
  normalize <"$text" | awk -v c="$cls" '$0 == c { on = 1 } on && $0 == "" { exit } on' >"$out.actual"
  grep -v '^#' "$exp" | normalize >"$out.expected"
  if [ ! -s "$out.actual" ]; then
    fail "$label: no block for $cls in the text output"
  elif diff -u "$out.expected" "$out.actual" >"$out.diff"; then
    pass
  else
    fail "$label: text differs from $(basename "$exp") (- expected, + actual; blanks collapsed):"
    sed 1,2d "$out.diff" | grep '^[-+]' >&2
  fi
}
