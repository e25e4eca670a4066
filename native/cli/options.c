/* options.c - declarative option parsing for the subcommands (see cli.h). */
#include "cli/cli.h"

#include <limits.h>
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
            fprintf(stderr, "ptfhost %s: unknown option '--%.*s' (see 'ptfhost %s --help')\n",
                    cmd, (int)len, name, cmd);
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
