#!/usr/bin/env bash
# Regenerates the conformance table in compat/README.md from a real run of `ptfhost test`.
#
#   compat/tools/conformance.sh [--ptfhost BIN] [--build DIR] [--out DIR]          rewrite the table
#   compat/tools/conformance.sh --check [--ptfhost BIN] [--build DIR] [--out DIR]  exit 1 if it is stale
#   --from DIR      no run: use the JUnit reports a run left in DIR (--out DIR of an earlier call)
#   --git-tracked   only case files git tracks (to write the table for a commit from a tree that
#                   holds other people's unfinished cases)
#
# The run: every *.case under compat/cases except compat/cases/pending/, plus compat/fatjar/*.case,
# in one `ptfhost test --junit` (the suite CI runs); then compat/cases/pending/ in a second one (those
# cases are expected to fail). The table (conformance.awk) joins the JUnit results with the case
# files' `-- case:` names, compat/tools/seed-examples.tsv (seed pages -> cases) and the "Runtime
# programs" table of compat/ptfs/README.md (Flink programs -> cases), and replaces the block between
# the conformance markers of compat/README.md.
#
# --out DIR keeps the run: DIR/suite.{out,xml,rc}, DIR/pending.{out,xml,rc}, DIR/table.md.
# Exit: 0 done (or up to date), 1 the committed table differs (--check), 2 usage or internal error.
# Failing cases do not change the exit status: the table records them (tests/cli/compat_cases.sh
# fails on them).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
README=$ROOT/compat/README.md
BEGIN_MARK='<!-- conformance:begin -->'
END_MARK='<!-- conformance:end -->'

die() { echo "conformance.sh: $*" >&2; exit 2; }
usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

check=0 tracked=0 from='' bin=${PTFHOST:-} build=${PTFHOST_BUILD:-} out=''
while [ $# -gt 0 ]; do
  case $1 in
    --check) check=1 ;;
    --git-tracked) tracked=1 ;;
    --from) [ $# -ge 2 ] || usage; from=$2; shift ;;
    --ptfhost) [ $# -ge 2 ] || usage; bin=$2; shift ;;
    --build) [ $# -ge 2 ] || usage; build=$2; shift ;;
    --out) [ $# -ge 2 ] || usage; out=$2; shift ;;
    -h|--help) usage ;;
    *) echo "conformance.sh: unknown argument '$1'" >&2; usage ;;
  esac
  shift
done
if [ -z "$from" ]; then
  [ -n "$bin" ] || bin=$ROOT/build/ptfhost
  [ -x "$bin" ] || die "no ptfhost at '$bin': build it (./build.sh) or pass --ptfhost BIN"
  [ -n "$build" ] || build=$(dirname "$bin")
  # Absolute: ptfhost resolves the cases' @BUILD@ JAR paths against each case's folder.
  build=$(cd "$build" && pwd) || die "--build $build: no such folder"
  case $bin in /*) ;; */*) bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin") ;; esac
else
  [ -s "$from/suite.xml" ] || die "--from $from: no suite.xml there (write one with --out $from)"
fi
if [ -z "$out" ]; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"

mapfile -t suite < <({ find "$ROOT/compat/cases" -name '*.case' -not -path "$ROOT/compat/cases/pending/*"
                        find "$ROOT/compat/fatjar" -maxdepth 1 -name '*.case'; } | LC_ALL=C sort)
mapfile -t pending < <(find "$ROOT/compat/cases/pending" -name '*.case' 2>/dev/null | LC_ALL=C sort)
if [ "$tracked" = 1 ]; then
  # keep FILES git tracks: tracked_only NAME -> filters the array NAME in place
  tracked_only() {
    local -n files=$1
    local kept=() f
    for f in "${files[@]}"; do
      git -C "$ROOT" ls-files --error-unmatch -- "$f" >/dev/null 2>&1 && kept+=("$f")
    done
    files=("${kept[@]}")
  }
  tracked_only suite
  tracked_only pending
fi
[ ${#suite[@]} -gt 0 ] || die "no *.case files under $ROOT/compat/cases"

# run NAME FILES...: one ptfhost test over FILES; output, JUnit and exit status in $out/NAME.*
run() {
  local name=$1 rc=0; shift
  NO_COLOR=1 "$bin" test --build "$build" --junit "$out/$name.xml" "$@" >"$out/$name.out" 2>&1 || rc=$?
  echo "$rc" >"$out/$name.rc"
  # 0 all passed, 1 some failed: both leave a report. Anything else is a usage or I/O error.
  [ "$rc" -le 1 ] && [ -s "$out/$name.xml" ] || { tail -n 20 "$out/$name.out" >&2; die "ptfhost test ($name) exited $rc"; }
}
if [ -z "$from" ]; then
  run suite "${suite[@]}"
  [ ${#pending[@]} -eq 0 ] || run pending "${pending[@]}"
  from=$out
fi
junits=("$from/suite.xml")
[ ${#pending[@]} -eq 0 ] || [ ! -s "$from/pending.xml" ] || junits+=("$from/pending.xml")

awk -f "$HERE/conformance.awk" \
    kind=seeds "$HERE/seed-examples.tsv" \
    kind=ptfs "$ROOT/compat/ptfs/README.md" \
    kind=case "${suite[@]}" "${pending[@]}" \
    kind=junit "${junits[@]}" >"$out/table.md"

block() { echo "$BEGIN_MARK"; cat "$out/table.md"; echo "$END_MARK"; }
committed() { awk -v b="$BEGIN_MARK" -v e="$END_MARK" '$0 == b { f = 1 } f { print } $0 == e { f = 0 }' "$README"; }

if [ "$check" = 1 ]; then
  if ! diff -u --label "compat/README.md (committed)" --label "generated from this run" \
         <(committed) <(block) >"$out/table.diff"; then
    cat "$out/table.diff"
    echo "conformance.sh: the table in compat/README.md is not what this run generates;" \
         "regenerate it with compat/tools/conformance.sh (after fixing any failing case)" >&2
    exit 1
  fi
  echo "compat/README.md: the conformance table is up to date"
  exit 0
fi

block >"$out/block.md"
if grep -qxF "$BEGIN_MARK" "$README"; then
  awk -v b="$BEGIN_MARK" -v e="$END_MARK" -v blk="$out/block.md" '
    $0 == b { while ((getline l < blk) > 0) print l; skip = 1; next }
    $0 == e { skip = 0; next }
    !skip' "$README" >"$README.new"
else
  { cat "$README"; echo; echo "## Conformance"; echo; cat "$out/block.md"; } >"$README.new"
fi
mv -f "$README.new" "$README"
echo "compat/README.md: conformance table written ($(sed -n 's/^\*\*\(.*\)\*\*.*/\1/p' "$out/table.md"))"
