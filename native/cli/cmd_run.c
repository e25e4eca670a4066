/* cmd_run.c - 'ptfhost run SCRIPT.sql': execute a Flink SQL script. */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkpoint/ckpt_store.h"
#include "cli/cli.h"
#include "engine/session.h"
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

int cmd_run(int argc, char **argv)
{
    const char *format = NULL, *flink_version = NULL;
    bool materialize = false, resume = false, help = false;
    cli_option_t opts[] = {
        {"format", CLI_STRING, &format, "changelog|tableau  how SELECT results print (default changelog)"},
        {"materialize", CLI_FLAG, &materialize, "print the final table the changelog converges to"},
        {"flink-version", CLI_STRING, &flink_version, "2.1|2.2|2.3  whose runtime behaviour to reproduce (default 2.3)"},
        {"resume", CLI_FLAG, &resume, "start from the newest complete checkpoint in execution.checkpointing.dir (if any)"},
        {"help", CLI_FLAG, &help, "show this help"},
        {NULL, 0, NULL, NULL},
    };
    cli_strlist_t pos = {0};
    if (cli_parse("run", opts, argc, argv, &pos) != 0) return 2;
    if (help || pos.n != 1) {
        cli_usage("run", "[options] SCRIPT.sql", opts);
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

    int rc = session_run_script(&s, buf_cstr(&text), path, err, ERRLEN) == 0 ? 0 : 1;
    if (rc != 0 && ckpt_stop_signal()) {
        fprintf(stderr, "ptfhost run: %s\n", err);   /* stopped with a savepoint (docs/checkpoints.md) */
        rc = CKPT_EXIT_STOPPED(ckpt_stop_signal());
    } else {
        rc = cli_finish("run", rc, err);
    }
    session_free(&s);
    buf_free(&text);
    free(err);
    return rc;
}
