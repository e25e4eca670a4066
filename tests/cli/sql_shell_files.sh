#!/usr/bin/env bash
# ptfhost sql without a terminal: -f runs a file's statements as the client
# echoes them (prompt, continuation prompt) with their results; a ';' inside
# a string literal, a quoted name or a comment does not end a statement, a
# statement set ends with its END; -i
# runs an init file first and its session state is there for -f; -D sets an
# option; in -f a query needs the tableau mode (Flink's message otherwise);
# an error stops the file with exit code 1 and the file's own line and column;
# the tableau is what 'ptfhost run --format tableau' prints.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# has FILE TEXT: FILE holds TEXT (fixed string).
has() { grep -qF -- "$2" "$1" || { bad "$(basename "$1") lacks '$2'"; sed 's/^/  | /' "$1" | head -30; }; }

cat >"$W/init.sql" <<'SQL'
-- a view the session keeps for the file run after it
CREATE VIEW words AS VALUES ('a;b', 1), ('it''s', 2);
SQL
cat >"$W/job.sql" <<'SQL'
SET 'sql-client.execution.result-mode' = 'tableau';
/* a comment; with a semicolon */
SELECT EXPR$0 AS w,   -- a ';' in a comment
       EXPR$1 AS `n;`
FROM words;
SQL
(cd "$W" && "$PTFHOST" sql -i init.sql -f job.sql >out 2>err); rc=$?
[ $rc -eq 0 ] || { bad "-i/-f: exit $rc"; cat "$W/err"; }
has "$W/out" "Flink SQL> SET 'sql-client.execution.result-mode' = 'tableau';"
has "$W/out" "> FROM words;"
has "$W/out" "|                            a;b |           1 |"
has "$W/out" "|                           it's |           2 |"
has "$W/out" "Received a total of 2 rows"
grep -qF "CREATE VIEW" "$W/out" && bad "-i echoed its statements"

# The same rows as ptfhost run prints them.
printf "CREATE VIEW words AS VALUES ('a;b', 1), ('it''s', 2);\nSELECT EXPR\$0 AS w, EXPR\$1 AS \`n;\` FROM words;\n" >"$W/run.sql"
(cd "$W" && "$PTFHOST" run --format tableau run.sql >run.out 2>&1) || bad "ptfhost run failed"
sed -n '/^+----+/,/^Received/p' "$W/out" >"$W/shell.table"
cmp -s "$W/shell.table" "$W/run.out" || { bad "the tableau differs from ptfhost run's"; diff "$W/shell.table" "$W/run.out"; }

# -D sets a session option; an error stops the file at the file's position.
cat >"$W/bad.sql" <<'SQL'
SELECT 1 AS x;

SELECT *
  FROM nope;
SELECT 2 AS y;
SQL
(cd "$W" && "$PTFHOST" sql -D sql-client.execution.result-mode=tableau -f bad.sql >out 2>err); rc=$?
[ $rc -eq 1 ] || bad "a failing statement: exit $rc, want 1"
has "$W/out" "[ERROR] Could not execute SQL statement. Reason:"
has "$W/out" "bad.sql:4:8: SQL validation failed. Object 'nope' not found"
grep -qF "AS y" "$W/out" && bad "the statement after the error ran"

# In -f a query in the table mode (the default) is Flink's error.
printf "SELECT 1 AS x;\n" >"$W/table.sql"
(cd "$W" && "$PTFHOST" sql -f table.sql >out 2>err); rc=$?
[ $rc -eq 1 ] || bad "table mode in -f: exit $rc, want 1"
has "$W/out" "In non-interactive mode, it only supports to use TABLEAU as value of sql-client.execution.result-mode"

# A statement without its ';' at the end of the file.
printf "SET 'a' = 'b';\nSELECT 1\n" >"$W/open.sql"
(cd "$W" && "$PTFHOST" sql -f open.sql >out 2>err); rc=$?
[ $rc -eq 1 ] || bad "an unterminated statement: exit $rc, want 1"
has "$W/out" "the last statement does not end with ';'"

# A statement set is one statement with ';' inside, ending with its END.
cat >"$W/set.sql" <<'SQL'
CREATE TABLE s1 (a INT) WITH ('connector' = 'print');
EXECUTE STATEMENT SET
BEGIN
  INSERT INTO s1 VALUES (1);
  INSERT INTO s1 VALUES (2);
END;
BEGIN STATEMENT SET;
INSERT INTO s1 VALUES (3);
end;
SQL
(cd "$W" && "$PTFHOST" sql -f set.sql >out 2>err); rc=$?
[ $rc -eq 0 ] || { bad "statement sets: exit $rc"; cat "$W/out" "$W/err"; }
[ "$(grep -c '^+I\[[123]\]$' "$W/out")" -eq 3 ] || bad "statement sets: want +I[1], +I[2], +I[3]"
[ "$(grep -c '^\[INFO\] Execute statement succeed.$' "$W/out")" -eq 3 ] || bad "statement sets: one INFO each"

# QUIT in a file ends it with 0; what follows does not run.
printf "SET 'sql-client.execution.result-mode' = 'tableau';\nQUIT;\nSELECT 1 AS x;\n" >"$W/quit.sql"
(cd "$W" && "$PTFHOST" sql -f quit.sql >out 2>err); rc=$?
[ $rc -eq 0 ] || bad "QUIT in a file: exit $rc"
has "$W/out" "[INFO] Exiting Flink SQL CLI Client..."
grep -qF "Received" "$W/out" && bad "a statement after QUIT ran"

"$PTFHOST" sql --help >"$W/help" 2>&1 || bad "sql --help failed"
has "$W/help" "--file"
"$PTFHOST" sql --fil x >"$W/near" 2>&1 && bad "an unknown option was accepted"
has "$W/near" "did you mean '--file'?"

[ $fail -eq 0 ] && echo "sql_shell_files: ok"
exit $fail
