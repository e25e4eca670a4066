#!/usr/bin/env bash
# ptfhost sql in a real terminal: tmux runs the shell, send-keys types, and
# capture-pane reads the screen. Multi-line input with the continuation
# prompt, a streaming query cancelled with Ctrl-C and the session going on,
# Ctrl-C at the prompt, the three result modes (tableau, the materialised
# table view, the changelog view; Q quits a view, also while its query still
# runs), Ctrl-C cancelling an INSERT, an error as the client prints it, HELP,
# the history file, and QUIT ending the shell with exit code 0. Waits poll
# the screen (hang guards only).
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
fail=0
bad() { echo "FAIL: $*"; fail=1; }
. "$(dirname "$0")/lib/tmux_lib.sh"   # tm, screen, wait_for, count, type_line, clear_screen

tm new-session -d -x 120 -y 40 "cd '$W' && HOME='$W' '$PTFHOST' sql; echo SHELL-EXIT=\$?; sleep 600"
wait_for "Flink SQL>" || exit 1
screen | grep -qF "Command history file path: $W/.ptfhost-sql-history" || bad "no history path line"

# Multi-line input: the continuation prompt, then the statement runs.
type_line "CREATE VIEW v AS"
wait_for '^>$' E && type_line "VALUES (1, 'a'), (2, 'b');"
wait_for "[INFO] Execute statement succeed."
screen | grep -q "^> VALUES (1, 'a'), (2, 'b');$" || bad "no continuation prompt '> ' on the second line"

# tableau: the rows printed as they come, the footer.
type_line "SET 'sql-client.execution.result-mode' = 'tableau';"
wait_for "Flink SQL> SET" && clear_screen
type_line "SELECT * FROM v;"
wait_for "Received a total of 2 rows"
[ "$(count "|           2 |                              b |")" -eq 1 ] || bad "tableau: row (2, b) missing"

# A streaming query: rows arrive until Ctrl-C cancels it; the session goes on.
clear_screen
type_line "SELECT user_id, view_time FROM examples.marketplace.clicks;"
wait_for "| op |     user_id |   view_time |"
for _ in $(seq 600); do [ "$(count "| +I |")" -ge 3 ] && break; sleep 0.2; done   # hang guard: 120 s
tm send-keys C-c
wait_for "Query terminated, received a total of"
clear_screen
type_line "SELECT 1 + 1 AS two;"
wait_for "Received a total of 1 row"
[ "$(count "|           2 |")" -eq 1 ] || bad "the statement after the cancelled query printed no row"

# Ctrl-C at the prompt drops the statement being typed.
clear_screen
type_line "SELECT 'dropped'"
wait_for '^>$' E
tm send-keys C-c
type_line "SELECT 'kept' AS w;"
wait_for "Received a total of 1 row"
screen | grep -qF "dropped |" && bad "Ctrl-C at the prompt did not drop the statement"

# table: the materialised result of an updating query, full screen, Q back.
AGG="SELECT k, COUNT(*) AS c FROM (VALUES ('a'), ('a'), ('b')) AS t(k) GROUP BY k;"
type_line "SET 'sql-client.execution.result-mode' = 'table';"
wait_for "Flink SQL> SET 'sql-client.execution.result-mode' = 'table';" && clear_screen
type_line "$AGG"
wait_for "SQL Query Result (Table)"
wait_for "Table program finished."
screen | grep -qE "^ +a +2$" || bad "table: no materialised row (a, 2)"
screen | grep -qE "^ +a +1$" && bad "table: the retracted row (a, 1) is still shown"
screen | grep -qF "Page: Last of 1" || bad "table: no page in the status line"
screen | grep -qF "Q Quit" || bad "table: no key help"
tm send-keys q
wait_for "[INFO] Result retrieval cancelled."

# changelog: every change with its op, full screen.
type_line "SET 'sql-client.execution.result-mode' = 'changelog';"
wait_for "Flink SQL> SET 'sql-client.execution.result-mode' = 'changelog';" && clear_screen
type_line "$AGG"
wait_for "SQL Query Result (Changelog)"
wait_for "Table program finished."
for row in '\+I +a +1' '-U +a +1' '\+U +a +2' '\+I +b +1'; do
  screen | grep -qE "^ $row$" || bad "changelog: no row '$row'"
done
tm send-keys q
wait_for "[INFO] Result retrieval cancelled."

# Q quits a view while its streaming query still runs (cancelling it).
clear_screen
type_line "SELECT user_id FROM examples.marketplace.clicks;"
wait_for "Q Quit"
for _ in $(seq 600); do [ "$(count " +I ")" -ge 2 ] && break; sleep 0.2; done   # hang guard: 120 s
tm send-keys Q
wait_for "[INFO] Result retrieval cancelled."

# Ctrl-C also cancels a running INSERT; that statement fails, the session goes on.
type_line "CREATE TABLE printed (user_id INT) WITH ('connector' = 'print');"
wait_for "Flink SQL> CREATE TABLE printed" && clear_screen
type_line "INSERT INTO printed SELECT user_id FROM examples.marketplace.clicks;"
wait_for '^\+I\[[0-9]+\]$' E
tm send-keys C-c
wait_for "the query was cancelled"

# An error as the client prints it, with ptfhost's position.
clear_screen
type_line "SELECT * FROM nope;"
wait_for "[ERROR] Could not execute SQL statement. Reason:"
wait_for "Object 'nope' not found"

type_line "HELP;"
wait_for "The following commands are available:"

clear_screen
type_line "QUIT;"
wait_for "SHELL-EXIT="
screen | grep -qF "[INFO] Exiting Flink SQL CLI Client..." || bad "QUIT printed no exit message"
screen | grep -qF "SHELL-EXIT=0" || bad "QUIT: exit code $(screen | sed -n 's/.*SHELL-EXIT=//p')"
grep -qxF "SELECT * FROM v;" "$W/.ptfhost-sql-history" || bad "the history file misses the statements"

[ $fail -eq 0 ] && echo "sql_shell: ok"
exit $fail
