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
 *   sql_screen.c  the client's full-screen frame (CliView: a title, header,
 *                 a scrollable main part, a footer), its keys, and its two
 *                 dialogs: the row summary (O) and the input dialog (G)
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

/* ---- the full screen (sql_screen.c) -------------------------------------------- */

/* Keys beyond the bytes 0..255, as the views read them. */
enum {
    CLI_KEY_NONE = -1,           /* no key within the timeout */
    CLI_KEY_ESC = 256,           /* ESC alone (200 ms without a sequence after it) */
    CLI_KEY_UP, CLI_KEY_DOWN, CLI_KEY_LEFT, CLI_KEY_RIGHT, CLI_KEY_END, CLI_KEY_F5,
    CLI_KEY_OTHER,               /* another escape sequence */
};

/* The next key from stdin within timeout_ms: a byte, a CLI_KEY_*, or
 * CLI_KEY_NONE. */
int cli_key_read(int timeout_ms);

typedef enum cli_style { CLI_PLAIN, CLI_INVERSE, CLI_BOLD, CLI_RED } cli_style_t;

typedef struct cli_line {
    char *text;                  /* plain text; the style applies to all of it */
    cli_style_t style;
} cli_line_t;

/* One screen of a view, as CliView.display lays it out: the title line,
 * the header lines, the main header and the main lines (both cut to the
 * width from column offset_x; the main lines from line offset_y), blank
 * lines, and the footer lines (already styled, not cut) at the bottom.
 * Lines are borrowed. */
typedef struct cli_frame {
    const char *title;
    const cli_line_t *header, *main_header, *main;
    int nheader, nmain_header, nmain;
    const char *const *footer;
    int nfooter;
    int offset_x, offset_y;
} cli_frame_t;

/* The terminal's size (80x24 when it cannot be told). */
void cli_screen_size(FILE *term, int *w, int *h);

/* Lines for the main part: the height h minus the frame's other lines. */
int cli_frame_visible(const cli_frame_t *f, int h);

/* The widest main or main header line, in columns. */
int cli_frame_width(const cli_frame_t *f);

/* Bounds f's offsets as CliView.display does, then draws it on term. */
void cli_frame_draw(FILE *term, cli_frame_t *f);

/* The client's two footer lines of key help (CliUtils.formatTwoLineHelpOptions):
 * options[i] = {key, label}, alternating between the lines. Caller frees both. */
void cli_help_lines(int w, const char *const (*options)[2], int n, char *lines[2]);

/* The row summary (CliRowView): each column's name and type, then its
 * value; W/S/A/D and the arrows scroll, Q or ESC goes back. Blocks until
 * then. The terminal is already in the views' raw mode. */
void cli_row_view(FILE *term, int n, char *const *names, char *const *types, char *const *values);

/* The input dialog (CliInputView) for a page number in 1..max: Enter
 * submits, an invalid number shows the client's error, ESC or an empty
 * input cancels. Returns the number, or 0 when cancelled. Blocks. */
int cli_input_page(FILE *term, int max);

#endif
