/* options.c - declarative option parsing for the subcommands (see cli.h). */
#include "cli/cli.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void cli_strlist_push(cli_strlist_t *l, const char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        const char **p = realloc(l->items, (size_t)l->cap * sizeof *p);
        if (!p) abort();
        l->items = p;
    }
    l->items[l->n++] = s;
}

void cli_strlist_free(cli_strlist_t *l)
{
    free(l->items);
    l->items = NULL;
    l->n = l->cap = 0;
}

void cli_usage(const char *cmd, const char *synopsis, const cli_option_t *opts)
{
    fprintf(stderr, "usage: ptfhost %s %s\n", cmd, synopsis);
    for (const cli_option_t *o = opts; o && o->name; o++)
        fprintf(stderr, "  --%-16s %s\n", o->name, o->help);
}

static const cli_option_t *find_option(const cli_option_t *opts, const char *name, size_t len)
{
    for (const cli_option_t *o = opts; o && o->name; o++)
        if (strlen(o->name) == len && strncmp(o->name, name, len) == 0) return o;
    return NULL;
}

/* Levenshtein distance, for "did you mean" (short strings only). */
static size_t distance(const char *a, size_t la, const char *b)
{
    size_t lb = strlen(b), row[64];
    if (la >= 63 || lb >= 63) return SIZE_MAX;
    for (size_t j = 0; j <= lb; j++) row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

const char *cli_nearest(const char *const *names, int n, const char *word, size_t len)
{
    const char *best = NULL;
    size_t best_d = len / 3 + 2;   /* further than this is not a typo */
    for (int i = 0; i < n; i++) {
        size_t d = distance(word, len, names[i]);
        bool prefix = len >= 2 && strncmp(names[i], word, len) == 0;
        if (prefix) d = 1;
        if (d < best_d) best = names[i], best_d = d;
    }
    return best;
}

static const char *nearest_option(const cli_option_t *opts, const char *name, size_t len)
{
    const char *names[64];
    int n = 0;
    for (const cli_option_t *o = opts; o && o->name && n < 64; o++) names[n++] = o->name;
    return cli_nearest(names, n, name, len);
}

int cli_parse(const char *cmd, const cli_option_t *opts, int argc, char **argv,
              cli_strlist_t *positional)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            for (i++; i < argc; i++) cli_strlist_push(positional, argv[i]);
            break;
        }
        if (strncmp(a, "--", 2) != 0 || a[2] == '\0') {
            cli_strlist_push(positional, a);
            continue;
        }
        const char *name = a + 2;
        const char *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        const cli_option_t *o = find_option(opts, name, len);
        if (!o) {
            const char *near = nearest_option(opts, name, len);
            if (near)
                fprintf(stderr, "ptfhost %s: unknown option '--%.*s'; did you mean '--%s'? (see 'ptfhost %s --help')\n",
                        cmd, (int)len, name, near, cmd);
            else
                fprintf(stderr, "ptfhost %s: unknown option '--%.*s' (see 'ptfhost %s --help')\n", cmd, (int)len,
                        name, cmd);
            return 2;
        }
        if (o->kind == CLI_FLAG) {
            if (eq) {
                fprintf(stderr, "ptfhost %s: option '--%s' takes no value\n", cmd, o->name);
                return 2;
            }
            *(bool *)o->target = true;
            continue;
        }
        const char *val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!val) {
            fprintf(stderr, "ptfhost %s: option '--%s' needs a value\n", cmd, o->name);
            return 2;
        }
        if (o->kind == CLI_STRING) *(const char **)o->target = val;
        else cli_strlist_push((cli_strlist_t *)o->target, val);
    }
    return 0;
}

const char *cli_home(void)
{
    static char home[PATH_MAX];
    if (home[0]) return home;
    const char *env = getenv("PTFHOST_HOME");
    if (env && *env) {
        snprintf(home, sizeof home, "%s", env);
        return home;
    }
    ssize_t n = readlink("/proc/self/exe", home, sizeof home - 1);
    if (n <= 0) {
        snprintf(home, sizeof home, ".");
        return home;
    }
    home[n] = '\0';
    char *slash = strrchr(home, '/');
    if (slash) *slash = '\0';
    return home;
}
