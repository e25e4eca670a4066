/* cmd_run.c - 'ptfhost run SCRIPT.sql': execute a Flink SQL script; and
 * 'ptfhost run [-c MAIN_CLASS] app.jar [args...]': run a Java program whose
 * Table API calls execute on the engine (the shape of 'flink run -c'). */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "checkpoint/ckpt_store.h"
#include "cli/cli.h"
#include "engine/job_checkpoint.h"
#include "engine/session.h"
#include "jb.h"
#include "sql/sql.h"
#include "util/buf.h"

#define ERRLEN 16384

/* The session reads the script as a C string, which a NUL byte would end
 * early (running only the statements before it): the lexer names the byte
 * and its position instead. */
static bool script_has_nul(const buf_t *text, const char *path, char *err, size_t errlen)
{
    if (text->len == 0 || !memchr(text->data, '\0', text->len)) return false;
    arena_t a;
    arena_init(&a, 0);
    sqlp_script_t *script;
    if (sqlp_parse_script_n((const char *)text->data, text->len, path, &a, &script, err, errlen) == 0)
        snprintf(err, errlen, "%s: the script holds a NUL byte (is it a text file?)", path);
    arena_destroy(&a);
    return true;
}

static int run_app(int argc, char **argv, int jar_at, const char *main_class);
static int app_jar_at(int argc, char **argv, const char **main_class);

int cmd_run(int argc, char **argv)
{
    const char *main_class = NULL;
    int jar_at = app_jar_at(argc, argv, &main_class);
    if (jar_at > 0) return run_app(argc, argv, jar_at, main_class);
    const char *format = NULL, *flink_version = NULL, *parallelism = NULL;
    bool materialize = false, resume = false, help = false;
    cli_option_t opts[] = {
        {"format", CLI_STRING, &format, "changelog|tableau  how SELECT results print (default changelog)"},
        {"materialize", CLI_FLAG, &materialize, "print the final table the changelog converges to"},
        {"flink-version", CLI_STRING, &flink_version, "2.1|2.2|2.3  whose runtime behaviour to reproduce (default 2.3)"},
        {"parallelism", CLI_STRING, &parallelism, "N  worker threads per PTF call with set semantics ('parallelism.default', default 1)"},
        {"resume", CLI_FLAG, &resume, "start from the newest complete checkpoint in execution.checkpointing.dir (if any)"},
        {"help", CLI_FLAG, &help, "show this help"},
        {NULL, 0, NULL, NULL},
    };
    cli_strlist_t pos = {0};
    if (cli_parse("run", opts, argc, argv, &pos) != 0) return 2;
    if (help || pos.n != 1) {
        cli_usage("run", "[options] SCRIPT.sql | [-c MAIN_CLASS] APP.jar [ARGS...]", opts);
        cli_strlist_free(&pos);
        return cli_finish("run", help ? 0 : 2, NULL);
    }
    const char *path = pos.items[0];
    cli_strlist_free(&pos);

    session_format_t fmt = SESSION_CHANGELOG;
    if (format && strcmp(format, "tableau") == 0) fmt = SESSION_TABLEAU;
    else if (format && strcmp(format, "changelog") != 0) {
        fprintf(stderr, "ptfhost run: --format must be 'changelog' or 'tableau', not '%s'\n", format);
        return 2;
    }
    if (flink_version && strcmp(flink_version, "2.1") && strcmp(flink_version, "2.2") &&
        strcmp(flink_version, "2.3")) {
        fprintf(stderr, "ptfhost run: --flink-version must be 2.1, 2.2 or 2.3, not '%s'\n", flink_version);
        return 2;
    }

    char *err = malloc(ERRLEN);
    buf_t text = BUF_INIT;
    if (!err || buf_read_file(&text, path, err, ERRLEN) != 0) {
        fprintf(stderr, "ptfhost run: %s\n", err ? err : "out of memory");
        free(err);
        buf_free(&text);
        return 2;
    }
    if (script_has_nul(&text, path, err, ERRLEN)) {
        int rc = cli_finish("run", 1, err);
        free(err);
        buf_free(&text);
        return rc;
    }
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    session_t s;
    session_init(&s, dirname(dir), stdout);
    s.home = cli_home();
    s.format = fmt;
    s.materialize = materialize;
    if (flink_version) s.flink_version = flink_version;
    if (resume) catalog_set(&s.catalog, "ptfhost.resume", "true");
    if (parallelism) catalog_set(&s.catalog, "parallelism.default", parallelism);   /* checked where a call reads it */
    s.notes = stderr;

    int rc = session_run_script(&s, buf_cstr(&text), path, err, ERRLEN) == 0 ? 0 : 1;
    if (rc != 0 && (ckpt_stop_signal() || strstr(err, JOB_CKPT_STOPPED))) {
        fprintf(stderr, "ptfhost run: %s\n", err);   /* stopped with a savepoint (docs/checkpoints.md) */
        rc = ckpt_stop_signal() ? CKPT_EXIT_STOPPED(ckpt_stop_signal()) : 0;   /* 0: stop-at-end */
    } else {
        rc = cli_finish("run", rc, err);
    }
    session_free(&s);
    buf_free(&text);
    free(err);
    return rc;
}

/* ---- ptfhost run [-c MAIN_CLASS] app.jar [args...] ---------------------------- */

/* The index of app.jar when argv is the JAR form (an optional -c/--class
 * NAME, then a file ending in .jar), else 0. What follows the JAR is the
 * program's. */
static int app_jar_at(int argc, char **argv, const char **main_class)
{
    int i = 1;
    if (i + 1 < argc && (strcmp(argv[i], "-c") == 0 || strcmp(argv[i], "--class") == 0)) {
        *main_class = argv[i + 1];
        i += 2;
    }
    size_t n = i < argc ? strlen(argv[i]) : 0;
    return n > 4 && strcmp(argv[i] + n - 4, ".jar") == 0 ? i : 0;
}

/* The name of the first table argument of function fname (*out NULL when
 * the catalog has no such function): the Table API passes its table by name,
 * as SQL cannot mix a positional table with named scalars. The JARs are the
 * planner's: the function's own, then ADD JAR's. */
static int first_table_arg(session_t *s, const char *fname, char **out, char *err, size_t errlen)
{
    const catalog_function_t *fn = catalog_find_function(&s->catalog, fname);
    if (!fn) return 0;
    int njars = fn->njars + s->catalog.njars;
    const char **jars = calloc((size_t)njars + 1, sizeof *jars);
    if (!jars) return snprintf(err, errlen, "out of memory"), -1;
    for (int i = 0; i < fn->njars; i++) jars[i] = fn->jars[i];
    for (int i = 0; i < s->catalog.njars; i++) jars[fn->njars + i] = s->catalog.jars[i];
    ptf_sig_t *sig = NULL;
    int rc = session_describe(s, jars, njars, fn->class_name, &sig, err, errlen);
    for (int i = 0; rc == 0 && sig->valid && i < sig->nargs && !*out; i++)
        if (sig->args[i].kind == ARG_TABLE) *out = strdup(sig->args[i].name);
    if (sig) ptf_sig_free(sig);
    free(jars);
    return rc;
}

/* data[0..len) with the bytes after the first newline as hex digits. */
static char *hex_after_first_line(const char *data, size_t len)
{
    const char *nl = len ? memchr(data, '\n', len) : NULL;
    size_t head = nl ? (size_t)(nl - data) + 1 : len;
    char *out = malloc(head + 2 * (len - head) + 1);
    if (!out) return NULL;
    memcpy(out, data, head);
    char *p = out + head;
    for (size_t i = head; i < len; i++, p += 2) sprintf(p, "%02x", (unsigned char)data[i]);
    *p = '\0';
    return out;
}

/* A query's rows for TableResult.collect(): what the ROWS sink writes (the
 * type line, then the encoded rows), the rows as hex so the answer is a C
 * string. */
static int collect_rows(session_t *s, const char *sql, char **result, char *err, size_t errlen)
{
    char *data = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&data, &len);
    if (!mem) return snprintf(err, errlen, "cannot collect rows: out of memory"), -1;
    FILE *out = s->out;
    s->out = mem;
    s->format = SESSION_ROWS;
    int rc = session_run_retained(s, sql, "<Table API>", err, errlen);
    s->out = out;
    fclose(mem);
    if (rc == 0 && !(*result = hex_after_first_line(data, len))) {
        snprintf(err, errlen, "cannot collect rows: out of memory");
        rc = -1;
    }
    free(data);
    return rc;
}

/* The Table API's statements run in the session as a script's do; a query
 * printed by TableResult.print() gets Flink's print layout. */
static int app_statement(void *ctx, const char *sql, jb_sql_mode_t mode, char **result, char *err, size_t errlen)
{
    session_t *s = ctx;
    *result = NULL;
    if (mode == JB_SQL_TABLE_ARG) return first_table_arg(s, sql, result, err, errlen);
    if (mode == JB_SQL_COLLECT) return collect_rows(s, sql, result, err, errlen);
    s->format = mode == JB_SQL_PRINT ? SESSION_TABLE_RESULT : SESSION_CHANGELOG;
    int rc = session_run_retained(s, sql, "<Table API>", err, errlen);
    fflush(s->out);
    return rc;
}

static int run_app(int argc, char **argv, int jar_at, const char *main_class)
{
    char *err = malloc(ERRLEN);
    if (!err) return cli_finish("run", 2, "out of memory");
    err[0] = '\0';
    session_t s;
    session_init(&s, ".", stdout);
    s.home = cli_home();
    jb_options_t opts = {.home = s.home};
    int rc = jb_vm_start(&opts, &s.vm, err, ERRLEN) == 0 ? 0 : 2;
    if (rc == 0) {
        const char *const *args = (const char *const *)argv + jar_at + 1;
        if (jb_app_run(s.vm, argv[jar_at], main_class, args, argc - jar_at - 1, app_statement, &s, err, ERRLEN) != 0)
            rc = 1;
    }
    rc = cli_finish("run", rc, err);
    session_free(&s);
    free(err);
    return rc;
}
