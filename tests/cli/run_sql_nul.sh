#!/usr/bin/env bash
# A NUL byte in a SQL script is reported as what it is, at its line and
# column, wherever it is - between statements, inside a string literal, a
# quoted name or a comment - and nothing runs: the statements after it are
# never silently dropped. A UTF-16 file (a NUL after every ASCII letter) is
# the usual way to get one.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; sed 's/^/  | /' "$W/err" | head -5; }

# nul NAME PRINTF_SCRIPT NEEDLE: exit 1, nothing on stdout, NEEDLE on stderr
nul() {
  printf "$2" >"$W/job.sql"
  "$PTFHOST" run "$W/job.sql" >"$W/out" 2>"$W/err"; local rc=$?
  [ $rc -eq 1 ] && [ ! -s "$W/out" ] && grep -qF -- "$3" "$W/err" && ok || bad "$1: exit $rc, out: $(head -c 200 "$W/out")"
}
L="SQL parse failed. Lexical error at line"
nul between_statements 'SHOW TABLES;\000\nSHOW FUNCTIONS;\n' "job.sql:1:13: $L 1, column 13: unexpected NUL byte"
nul in_a_string "SHOW TABLES;\nSET 'a' = 'x\000y';\n" "job.sql:2:13: $L 2, column 13: a NUL byte (0x00) inside a string literal"
nul in_a_name 'SHOW TABLES;\nDESCRIBE `t\000`;\n' "job.sql:2:12: $L 2, column 12: a NUL byte (0x00) inside a quoted identifier"
nul in_a_comment 'SHOW TABLES; -- done\000\n' "job.sql:1:21: $L 1, column 21: a NUL byte (0x00) inside a comment"
nul utf16 'S\000H\000O\000W\000 \000T\000A\000B\000L\000E\000S\000;\000\n\000' "job.sql:1:2: $L 1, column 2: unexpected NUL byte"
# the excerpt shows the byte (as U+2400) and the caret under it
printf "SET 'a' = 'x\000y';\n" >"$W/job.sql"
"$PTFHOST" run "$W/job.sql" >/dev/null 2>"$W/err"
printf "    1 | SET 'a' = 'x\342\220\200y';\n      |             ^\n" | diff - <(tail -n 2 "$W/err") >/dev/null && ok || bad "excerpt"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
