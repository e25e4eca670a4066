/* cmd_sql.c - 'ptfhost sql': an interactive shell in the style of Flink's
 * SQL client (sql-client.sh).
 *
 * Statements may span lines and end with ';' (sql_split.c); line editing
 * and history come from GNU readline. Each statement runs in one session
 * (engine/session.h) as 'ptfhost run' runs a script's, so tables,
 * functions, catalogs and SET options persist from one to the next; a
 * query's rows are shown in the client's result modes (sql_result.c). The
 * client's own commands (HELP, QUIT, EXIT, CLEAR) never reach the session.
 *
 * Ctrl-C at the prompt drops the statement being typed; while a query runs
 * it cancels the query (the session polls our flag) and the shell goes on.
 * Messages read as the client's: "[INFO] ...", "[ERROR] Could not execute
 * SQL statement. Reason:" and ptfhost's message with its position and fix. */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "cli/cli.h"
#include "cli/sql_shell.h"
#include "engine/session.h"
#include "sql/sql.h"
#include "util/arena.h"
#include "util/buf.h"

#define ERRLEN 16384
#define PROMPT "Flink SQL> "
#define CONTINUATION_PROMPT "> "   /* jline's secondary prompt as the client sets it up */
#define HISTORY_FILE ".ptfhost-sql-history"
#define RESULT_MODE_KEY "sql-client.execution.result-mode"

/* Set by SIGINT: the running query's cancel flag; at the prompt the byte
 * written to wake_fd wakes the line reader. */
static volatile sig_atomic_t cancel_query;
static int wake_fd[2] = {-1, -1};

static void on_sigint(int sig)
{
    (void)sig;
    cancel_query = 1;
    if (wake_fd[1] >= 0) {
        ssize_t n = write(wake_fd[1], "", 1);
        (void)n;
    }
}

typedef struct shell {
    session_t s;
    bool interactive;          /* the terminal, not -f: full-screen results allowed */
    const char *history;       /* NULL: none */
    char *err;
} shell_t;

typedef enum { SH_OK, SH_FAILED, SH_QUIT } sh_status_t;

static void print_error(const char *reason)
{
    printf("[ERROR] Could not execute SQL statement. Reason:\n%s\n", reason);
    fflush(stdout);
}

/* ---- the client's own commands -------------------------------------------------- */

static const char *const help_lines[][2] = {
    {"ADD JAR", "Adds the JAR to the session's functions. Syntax: 'ADD JAR '<path_to_filename>.jar';'"},
    {"CLEAR", "Clears the current terminal."},
    {"CREATE CATALOG", "Creates an in-memory catalog. Syntax: 'CREATE CATALOG <name> [WITH (...)];'"},
    {"CREATE DATABASE", "Creates a database in the current or the named catalog."},
    {"CREATE FUNCTION", "Registers a function from a JAR. Syntax: 'CREATE FUNCTION <name> AS '<class>' USING JAR "
                        "'<path>';'"},
    {"CREATE TABLE", "Create table under current catalog and database."},
    {"CREATE VIEW", "Creates a virtual table from a SQL query. Syntax: 'CREATE VIEW <name> AS <query>;'"},
    {"DESCRIBE", "Describes the schema of a table with the given name."},
    {"DROP TABLE", "Drop table with optional catalog and database. Syntax: 'DROP TABLE [IF EXISTS] <name>;'"},
    {"DROP VIEW", "Deletes a previously created virtual table. Syntax: 'DROP VIEW <name>;'"},
    {"EXIT", "Quits the SQL CLI client."},
    {"HELP", "Prints the available commands."},
    {"INSERT INTO", "Inserts the results of a SQL SELECT query into a declared table sink."},
    {"QUIT", "Quits the SQL CLI client."},
    {"RESET", "Resets a session configuration property. Syntax: 'RESET '<key>';'. Use 'RESET;' for reset all "
              "session properties."},
    {"SELECT", "Executes a SQL SELECT query."},
    {"SET", "Sets a session configuration property. Syntax: 'SET '<key>'='<value>';'. Use 'SET;' for listing all "
            "properties."},
    {"SHOW CATALOGS", "Shows all registered catalogs."},
    {"SHOW DATABASES", "Shows all databases in the current catalog."},
    {"SHOW FUNCTIONS", "Shows the user-defined functions. Syntax: 'SHOW [USER] FUNCTIONS;'"},
    {"SHOW TABLES", "Shows all registered tables."},
    {"USE CATALOG", "Sets the current catalog. The current database is set to the catalog's default one. "
                    "Syntax: 'USE CATALOG <name>;'"},
    {"USE", "Sets the current default database. Syntax: 'USE <name>;'"},
};

static void print_help(void)
{
    fputs("The following commands are available:\n\n", stdout);
    for (size_t i = 0; i < sizeof help_lines / sizeof help_lines[0]; i++)
        printf("%s\t\t%s\n", help_lines[i][0], help_lines[i][1]);
    fputs("\nHint: Make sure that a statement ends with \";\" for finalizing (multi-line) statements.\n"
          "The result mode is set with SET 'sql-client.execution.result-mode' = 'table' | 'tableau' | "
          "'changelog';\n", stdout);
}

/* The command a statement's words name (HELP, QUIT, EXIT, CLEAR), or NULL. */
static const char *client_command(const char *text, size_t len)
{
    static const char *const names[] = {"HELP", "QUIT", "EXIT", "CLEAR"};
    while (len && strchr(" \t\r\n;", text[len - 1])) len--;
    while (len && strchr(" \t\r\n", *text)) text++, len--;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (len == strlen(names[i]) && strncasecmp(text, names[i], len) == 0) return names[i];
    return NULL;
}

static sh_status_t run_client_command(const char *cmd)
{
    if (strcmp(cmd, "HELP") == 0) print_help();
    else if (strcmp(cmd, "CLEAR") == 0) fputs("\x1b[H\x1b[2J", stdout);
    else {
        puts("[INFO] Exiting Flink SQL CLI Client...");
        fflush(stdout);
        return SH_QUIT;
    }
    fflush(stdout);
    return SH_OK;
}

/* ---- statements ------------------------------------------------------------------ */

static void set_sigint(void (*handler)(int))
{
    struct sigaction sa = {.sa_handler = handler};
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
}

static void drain_wake(void)
{
    char buf[64];
    struct pollfd p = {wake_fd[0], POLLIN, 0};
    while (wake_fd[0] >= 0 && poll(&p, 1, 0) > 0 && read(wake_fd[0], buf, sizeof buf) > 0) {}
}

/* A query: its rows go to a result in the session's result mode. */
static sh_status_t run_query(shell_t *sh, const char *text, const char *file)
{
    const char *mode_text = catalog_get(&sh->s.catalog, RESULT_MODE_KEY);
    int mode = cli_result_mode_parse(mode_text);
    if (mode < 0) {
        snprintf(sh->err, ERRLEN, "Could not parse value '%s' for key '%s': it is one of 'table', 'tableau', "
                                  "'changelog'.", mode_text, RESULT_MODE_KEY);
        return SH_FAILED;
    }
    if (!sh->interactive && mode != CLI_RESULT_TABLEAU) {
        snprintf(sh->err, ERRLEN, "In non-interactive mode, it only supports to use TABLEAU as value of "
                                  "sql-client.execution.result-mode when execute query. Please add "
                                  "'SET sql-client.execution.result-mode=TABLEAU;' in the sql file.");
        return SH_FAILED;
    }
    cli_result_t *res = cli_result_new((cli_result_mode_t)mode, stdout, &cancel_query);
    FILE *stream = cli_result_stream(res);
    if (!stream) {
        cli_result_free(res);
        snprintf(sh->err, ERRLEN, "cannot show the result: out of memory");
        return SH_FAILED;
    }
    FILE *out = sh->s.out;
    session_format_t format = sh->s.format;
    sh->s.out = stream;
    sh->s.format = SESSION_ROWS;
    int rc = session_run_retained(&sh->s, text, file, sh->err, ERRLEN);
    sh->s.out = out;
    sh->s.format = format;
    bool ended = cli_result_finish(res, rc == 0);
    cli_result_free(res);
    return ended ? SH_OK : SH_FAILED;
}

/* What the statement is: parsed once here to pick how it runs. */
static int statement_kind(shell_t *sh, const char *text, const char *file, sqlp_stmt_kind_t *kind, bool *lists)
{
    arena_t a;
    arena_init(&a, 0);
    sqlp_script_t *script = NULL;
    int rc = sqlp_parse_script(text, file, &a, &script, sh->err, ERRLEN);
    if (rc == 0 && script->nstmts > 0) {
        *kind = script->stmts[0]->kind;
        *lists = *kind == SQLP_STMT_SHOW || *kind == SQLP_STMT_DESCRIBE ||
                 (*kind == SQLP_STMT_SET && !script->stmts[0]->u.set.key);
    }
    if (rc == 0 && script->nstmts == 0) rc = 1;
    arena_destroy(&a);
    return rc;
}

/* One statement: a client command, a query, or any other statement (which
 * says "[INFO] Execute statement succeed." unless it prints a listing).
 * SIGINT cancels what runs. On SH_FAILED sh->err holds the reason. */
static sh_status_t run_statement(shell_t *sh, const char *text, const char *file)
{
    const char *cmd = client_command(text, strlen(text));
    if (cmd) return run_client_command(cmd);
    sqlp_stmt_kind_t kind = SQLP_STMT_QUERY;
    bool lists = false;
    int rc = statement_kind(sh, text, file, &kind, &lists);
    if (rc != 0) return rc > 0 ? SH_OK : SH_FAILED;
    cancel_query = 0;
    drain_wake();
    sh_status_t st;
    if (kind == SQLP_STMT_QUERY) {
        st = run_query(sh, text, file);
    } else {
        st = session_run_retained(&sh->s, text, file, sh->err, ERRLEN) == 0 ? SH_OK : SH_FAILED;
        if (st == SH_OK && !lists) puts("[INFO] Execute statement succeed.");
    }
    fflush(stdout);
    return st;
}

/* ---- reading statements ------------------------------------------------------------- */

static char *line_read;
static bool line_done;

static void on_line(char *line)
{
    line_read = line;
    line_done = true;
    rl_callback_handler_remove();
}

/* One line from the terminal with readline's editing; NULL at the end of
 * input, or with *interrupted when Ctrl-C dropped the line. */
static char *read_line(const char *prompt, bool *interrupted)
{
    *interrupted = false;
    line_read = NULL;
    line_done = false;
    drain_wake();
    rl_callback_handler_install(prompt, on_line);
    while (!line_done) {
        struct pollfd p[2] = {{STDIN_FILENO, POLLIN, 0}, {wake_fd[0], POLLIN, 0}};
        if (poll(p, 2, -1) < 0) {
            if (errno == EINTR) continue;
            rl_callback_handler_remove();
            return NULL;
        }
        if (p[1].revents & POLLIN) {
            drain_wake();
            rl_free_line_state();
            rl_callback_sigcleanup();
            rl_callback_handler_remove();
            fputs("\n", stdout);
            *interrupted = true;
            return NULL;
        }
        if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) rl_callback_read_char();
    }
    return line_read;
}

static void remember(const shell_t *sh, const char *text, size_t len)
{
    while (len && strchr(" \t\r\n", text[len - 1])) len--;
    while (len && strchr(" \t\r\n", *text)) text++, len--;
    if (!len) return;
    char *entry = strndup(text, len);
    add_history(entry);
    free(entry);
    if (sh->history) write_history(sh->history);
}

/* Runs every complete statement at the start of pending, keeping the rest;
 * SH_QUIT when one of them quits. Errors are printed, the session goes on. */
static sh_status_t run_pending(shell_t *sh, buf_t *pending)
{
    size_t end;
    while ((end = cli_sql_statement_end((const char *)pending->data, pending->len)) > 0) {
        char *text = strndup((const char *)pending->data, end);
        memmove(pending->data, pending->data + end, pending->len - end);
        pending->len -= end;
        sh_status_t st = cli_sql_is_blank(text, end) ? SH_OK : run_statement(sh, text, "<stdin>");
        free(text);
        if (st == SH_FAILED) print_error(sh->err);
        if (st == SH_QUIT) return st;
        fputs("\n", stdout);   /* the client's space before the next prompt */
    }
    if (cli_sql_is_blank((const char *)pending->data, pending->len)) pending->len = 0;
    return SH_OK;
}

/* The prompt loop: Flink SQL> for a new statement, > while one continues. */
static int interactive(shell_t *sh)
{
    buf_t pending = BUF_INIT;
    set_sigint(on_sigint);
    for (;;) {
        bool interrupted;
        char *line = read_line(pending.len ? CONTINUATION_PROMPT : PROMPT, &interrupted);
        if (interrupted) {
            pending.len = 0;
            continue;
        }
        if (!line) {   /* Ctrl-D */
            fputs("\n", stdout);
            break;
        }
        buf_puts(&pending, line);
        buf_putc(&pending, '\n');
        free(line);
        if (cli_sql_statement_end((const char *)pending.data, pending.len) == 0) continue;
        remember(sh, (const char *)pending.data, pending.len);
        if (run_pending(sh, &pending) == SH_QUIT) break;
    }
    set_sigint(SIG_DFL);
    buf_free(&pending);
    return 0;
}

/* ---- files: -i and -f ------------------------------------------------------------------ */

/* The statement at text[start..end) padded with the lines and columns
 * before it, so that positions in messages are the file's. */
static char *positioned(const char *text, size_t start, size_t end)
{
    buf_t b = BUF_INIT;
    size_t line_start = 0;
    for (size_t i = 0; i < start; i++)
        if (text[i] == '\n') buf_putc(&b, '\n'), line_start = i + 1;
    for (size_t i = line_start; i < start; i++) buf_putc(&b, text[i] == '\t' ? '\t' : ' ');
    buf_append(&b, text + start, end - start);
    return buf_steal(&b);
}

/* The statement as the client echoes it from a file: the prompt, then
 * the continuation prompt on each further line. */
static void echo_statement(const char *text, size_t len)
{
    while (len && strchr(" \t\r\n", *text)) text++, len--;
    while (len && strchr(" \t\r\n", text[len - 1])) len--;
    fputs(PROMPT, stdout);
    for (size_t i = 0; i < len; i++) {
        putchar(text[i]);
        if (text[i] == '\n') fputs(CONTINUATION_PROMPT, stdout);
    }
    putchar('\n');
}

/* Runs the file's statements in order, stopping at the first that fails
 * (1, its error printed); echo: as -f shows them. */
static int run_file(shell_t *sh, const char *path, bool echo)
{
    buf_t text = BUF_INIT;
    if (buf_read_file(&text, path, sh->err, ERRLEN) != 0) {
        fprintf(stderr, "ptfhost sql: %s\n", sh->err);
        return 2;
    }
    const char *t = buf_cstr(&text);
    size_t at = 0, n = text.len, end;
    int rc = 0;
    bool quit = false;
    while (rc == 0 && !quit && (end = cli_sql_statement_end(t + at, n - at)) > 0) {
        if (!cli_sql_is_blank(t + at, end)) {
            if (echo) echo_statement(t + at, end);
            char *stmt = positioned(t, at, at + end);
            sh_status_t st = run_statement(sh, stmt, path);
            free(stmt);
            if (st == SH_FAILED) print_error(sh->err), rc = 1;
            quit = st == SH_QUIT;
            if (echo && !quit) fputs("\n", stdout);
        }
        at += end;
    }
    if (rc == 0 && !quit && !cli_sql_is_blank(t + at, n - at)) {
        snprintf(sh->err, ERRLEN, "%s: the last statement does not end with ';'", path);
        print_error(sh->err);
        rc = 1;
    }
    buf_free(&text);
    return rc;
}

/* ---- the command --------------------------------------------------------------------- */

/* -D key=value as SET 'key' = 'value' (quotes doubled). */
static int define(shell_t *sh, const char *kv)
{
    const char *eq = strchr(kv, '=');
    if (!eq || eq == kv) {
        fprintf(stderr, "ptfhost sql: -D takes key=value, not '%s'\n", kv);
        return 2;
    }
    buf_t b = BUF_INIT;
    buf_puts(&b, "SET '");
    for (const char *p = kv; *p; p++) {
        if (p == eq) {
            buf_puts(&b, "' = '");
            continue;
        }
        if (*p == '\'') buf_putc(&b, '\'');
        buf_putc(&b, *p);
    }
    buf_puts(&b, "';");
    int rc = session_run_retained(&sh->s, buf_cstr(&b), "-D", sh->err, ERRLEN);
    buf_free(&b);
    if (rc != 0) print_error(sh->err);
    return rc == 0 ? 0 : 1;
}

/* Flink's short options (-f, -i, -D, -hist) as this CLI's long ones. */
static char **long_options(int argc, char **argv)
{
    char **out = calloc((size_t)argc * 2 + 1, sizeof *out);
    int n = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-f") == 0) out[n++] = "--file";
        else if (strcmp(a, "-i") == 0) out[n++] = "--init";
        else if (strcmp(a, "-hist") == 0) out[n++] = "--history";
        else if (strcmp(a, "-D") == 0) out[n++] = "--define";
        else if (strncmp(a, "-D", 2) == 0 && a[2]) out[n++] = "--define", out[n++] = argv[i] + 2;
        else out[n++] = argv[i];
    }
    out[n] = NULL;
    return out;
}

static int count_args(char **argv)
{
    int n = 0;
    while (argv[n]) n++;
    return n;
}

static const char *history_path(const char *given, char *buf, size_t len)
{
    if (given) return given;
    const char *home = getenv("HOME");
    if (!home || !*home) return NULL;
    snprintf(buf, len, "%s/%s", home, HISTORY_FILE);
    return buf;
}

static void welcome(const shell_t *sh)
{
    printf("ptfhost %s SQL shell (Flink %s)\n\n", PTFHOST_VERSION, PTFHOST_FLINK_VERSIONS);
    puts("        Welcome! Enter 'HELP;' to list all available commands. 'QUIT;' to exit.\n");
    if (sh->history) printf("Command history file path: %s\n", sh->history);
    putchar('\n');
    fflush(stdout);
}

static int start_shell(shell_t *sh, const char *file, const char *init, const cli_strlist_t *defines)
{
    int rc = 0;
    for (int i = 0; rc == 0 && i < defines->n; i++) rc = define(sh, defines->items[i]);
    if (rc == 0 && init) rc = run_file(sh, init, false);
    if (rc != 0) return rc;
    if (file) return run_file(sh, file, true);
    if (sh->history) {
        using_history();
        read_history(sh->history);
    }
    rl_catch_signals = 0;   /* SIGINT is ours: it drops the line or cancels the query */
    rl_readline_name = "ptfhost";
    welcome(sh);
    return interactive(sh);
}

int cmd_sql(int argc, char **argv)
{
    const char *file = NULL, *init = NULL, *history = NULL, *flink_version = NULL;
    bool help = false;
    cli_strlist_t defines = {0}, pos = {0};
    cli_option_t opts[] = {
        {"file", CLI_STRING, &file, "FILE  run the statements of FILE, then end (-f; queries print as tableau)"},
        {"init", CLI_STRING, &init, "FILE  run FILE's statements first, quietly (-i)"},
        {"define", CLI_STRING_LIST, &defines, "KEY=VALUE  a session option, as SET 'KEY' = 'VALUE' (-D)"},
        {"history", CLI_STRING, &history, "FILE  the command history (default ~/" HISTORY_FILE ")"},
        {"flink-version", CLI_STRING, &flink_version, "2.1|2.2|2.3  whose runtime behaviour to reproduce"},
        {"help", CLI_FLAG, &help, "show this help"},
        {NULL, 0, NULL, NULL},
    };
    char **args = long_options(argc, argv);
    if (!args || cli_parse("sql", opts, count_args(args), args, &pos) != 0) {
        free(args);
        cli_strlist_free(&defines);
        return 2;
    }
    int rc = 2;
    if (help || pos.n != 0) {
        cli_usage("sql", "[-f FILE] [-i INIT_FILE] [-D KEY=VALUE]... [--history FILE]", opts);
        rc = cli_finish("sql", help ? 0 : 2, NULL);
    } else if (flink_version && strcmp(flink_version, "2.1") && strcmp(flink_version, "2.2") &&
               strcmp(flink_version, "2.3")) {
        fprintf(stderr, "ptfhost sql: --flink-version must be 2.1, 2.2 or 2.3, not '%s'\n", flink_version);
    } else {
        char dir[PATH_MAX], hist[PATH_MAX];
        snprintf(dir, sizeof dir, "%s", file ? file : "./.");
        shell_t sh = {.interactive = !file, .history = file ? NULL : history_path(history, hist, sizeof hist),
                      .err = malloc(ERRLEN)};
        session_init(&sh.s, dirname(dir), stdout);
        sh.s.home = cli_home();
        sh.s.cancel = &cancel_query;
        if (flink_version) sh.s.flink_version = flink_version;
        if (pipe(wake_fd) == 0 && sh.err) rc = start_shell(&sh, file, init, &defines);
        rc = cli_finish("sql", rc, NULL);
        session_free(&sh.s);
        free(sh.err);
        for (int i = 0; i < 2; i++)
            if (wake_fd[i] >= 0) close(wake_fd[i]), wake_fd[i] = -1;
    }
    cli_strlist_free(&pos);
    cli_strlist_free(&defines);
    free(args);
    return rc;
}
