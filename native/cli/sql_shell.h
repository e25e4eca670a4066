/* sql_shell.h - the parts of 'ptfhost sql' (cmd_sql.c), the shell in the
 * style of Flink's SQL client; internal to native/cli.
 *
 *   sql_split.c   where a statement ends: the first ';' outside string
 *                 literals, quoted identifiers and comments (Flink's
 *                 CliStatementSplitter / SqlMultiLineParser rule)
 *   sql_result.c  a query's rows as the client shows them, in the three
 *                 result modes of 'sql-client.execution.result-mode':
 *                 tableau (printed as they come), table (the materialised,
 *                 updating view, full screen) and changelog (every change
 *                 with its op, full screen)
 *
 * Single-threaded from the caller's side: one statement at a time. */
#ifndef PTF_CLI_SQL_SHELL_H
#define PTF_CLI_SQL_SHELL_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* ---- statements ---------------------------------------------------------------- */

/* The length of the first complete statement of text[0..len), its ';'
 * included, or 0 when text holds none yet (a ';' inside '...', "...",
 * `...`, a -- comment or a block comment does not end one; a statement
 * set, BEGIN STATEMENT SET; ... END; or EXECUTE STATEMENT SET BEGIN ...
 * END;, ends with its END). */
size_t cli_sql_statement_end(const char *text, size_t len);

/* True when text[0..len) holds only blanks, comments and ';'. */
bool cli_sql_is_blank(const char *text, size_t len);

/* ---- results ------------------------------------------------------------------- */

typedef enum cli_result_mode { CLI_RESULT_TABLE, CLI_RESULT_TABLEAU, CLI_RESULT_CHANGELOG } cli_result_mode_t;

/* The mode a 'sql-client.execution.result-mode' value names (any case);
 * -1 for another value. NULL is Flink's default, table. */
int cli_result_mode_parse(const char *value);

typedef struct cli_result cli_result_t;

/* A query's result on the terminal term (the shell's stdout; keys are read
 * from stdin in the full-screen modes). cancel is the flag the query's job
 * polls: the full-screen views set it when the user quits them. */
cli_result_t *cli_result_new(cli_result_mode_t mode, FILE *term, volatile sig_atomic_t *cancel);

/* The stream the query's rows go to: what the session's ROWS format writes
 * (the row type on one line, then codec-encoded rows), decoded as it comes
 * and shown in the result's mode. Owned by the result. NULL: out of memory. */
FILE *cli_result_stream(cli_result_t *r);

/* After the query returned (ok: it ended by itself; else it failed or was
 * cancelled): the tableau's footer, or in the full-screen modes the final
 * view until the user quits it (at once when they already did). Returns
 * true when the user ended the result (Ctrl-C in tableau, Q in a view). */
bool cli_result_finish(cli_result_t *r, bool ok);

void cli_result_free(cli_result_t *r);

#endif
