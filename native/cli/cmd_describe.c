/* cmd_describe.c - 'ptfhost describe': the signature Flink infers for the PTF
 * classes in a JAR, or the error Flink would raise plus how to fix it.
 *
 * The extraction itself runs in Java (io.ptfhost.bridge.Bridge#describe, one
 * JNI call for all JARs); this file checks the input files, starts the JVM
 * with start-up-friendly options and renders the JSON answer (schema:
 * docs/internals.md) as text, or prints it as it came with --json. */
#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "jb.h"
#include "types/types.h"
#include "util/buf.h"

#define SYNOPSIS "--jar FILE|FOLDER [--jar ...] [--class NAME] [--json]"

/* --- input files --------------------------------------------------------- */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A JAR is a zip file: local file header "PK\3\4", or "PK\5\6" for an empty one. */
static int check_jar(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "ptfhost describe: cannot read '%s': %s\n", path, strerror(errno));
        return 2;
    }
    unsigned char magic[4] = {0};
    size_t n = fread(magic, 1, sizeof magic, f);
    fclose(f);
    if (n == 4 && magic[0] == 'P' && magic[1] == 'K' &&
        ((magic[2] == 3 && magic[3] == 4) || (magic[2] == 5 && magic[3] == 6)))
        return 0;
    fprintf(stderr, "ptfhost describe: '%s' is not a JAR: %s (a JAR is a zip archive; build it with "
                    "'jar --create' or 'mvn package')\n",
            path, n == 0 ? "the file is empty" : "it does not start with a zip header");
    return 2;
}

static char *absolute(const char *path)
{
    char buf[PATH_MAX];
    return strdup(realpath(path, buf) ? buf : path);
}

/* Adds FILE, or every *.jar in FOLDER (sorted, so output order is stable). */
static int add_jar_arg(const char *arg, cli_strlist_t *jars)
{
    struct stat st;
    if (stat(arg, &st) != 0) {
        fprintf(stderr, "ptfhost describe: cannot read '%s': %s\n", arg, strerror(errno));
        return 2;
    }
    if (!S_ISDIR(st.st_mode)) {
        int rc = check_jar(arg);
        if (rc == 0) cli_strlist_push(jars, absolute(arg));
        return rc;
    }
    DIR *d = opendir(arg);
    if (!d) {
        fprintf(stderr, "ptfhost describe: cannot list folder '%s': %s\n", arg, strerror(errno));
        return 2;
    }
    cli_strlist_t found = {0};
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".jar") == 0) {
            char *p = malloc(strlen(arg) + len + 2);
            sprintf(p, "%s/%s", arg, e->d_name);
            cli_strlist_push(&found, p);
        }
    }
    closedir(d);
    if (found.n == 0) {
        fprintf(stderr, "ptfhost describe: folder '%s' holds no .jar files\n", arg);
        cli_strlist_free(&found);
        return 2;
    }
    qsort(found.items, (size_t)found.n, sizeof *found.items, cmp_str);
    int rc = 0;
    for (int i = 0; i < found.n; i++) {
        if (rc == 0) rc = check_jar(found.items[i]);
        if (rc == 0) cli_strlist_push(jars, absolute(found.items[i]));
        free((char *)found.items[i]);
    }
    cli_strlist_free(&found);
    return rc;
}

/* --- JSON access --------------------------------------------------------- */

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static bool flag(const cJSON *o, const char *key)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, key));
}

static const cJSON *arr(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsArray(v) ? v : NULL;
}

static bool has_trait(const cJSON *arg, const char *trait)
{
    const cJSON *t;
    cJSON_ArrayForEach(t, arr(arg, "traits"))
        if (cJSON_IsString(t) && strcmp(t->valuestring, trait) == 0) return true;
    return false;
}

static bool is_table(const cJSON *arg)
{
    const char *k = str(arg, "kind");
    return k && strcmp(k, "table") == 0;
}

/* --- rendering ----------------------------------------------------------- */

/* Flink's StaticArgumentTrait order (2.1-2.3); a StaticArgument prints its
 * traits in this order with '_' as ' ', and table arguments always carry
 * TABLE plus ROW_SEMANTIC_TABLE unless they have set semantics. */
static const char *const static_traits[] = {
    "SCALAR", "TABLE", "MODEL", "ROW_SEMANTIC_TABLE", "SET_SEMANTIC_TABLE", "PASS_COLUMNS_THROUGH",
    "SUPPORT_UPDATES", "REQUIRE_ON_TIME", "OPTIONAL_PARTITION_BY", "REQUIRE_UPDATE_BEFORE",
    "REQUIRE_FULL_DELETE",
};

static void print_flink_argument(const cJSON *a)
{
    const char *type = str(a, "type");
    printf("%s =>", str(a, "name") ? str(a, "name") : "?");
    if (type) printf(" %s", type);
    if (!is_table(a)) return;   /* a scalar's only trait is SCALAR, which Flink does not print */
    bool set = has_trait(a, "SET_SEMANTIC_TABLE");
    const char *sep = " {";
    for (size_t i = 0; i < sizeof static_traits / sizeof *static_traits; i++) {
        const char *t = static_traits[i];
        bool on = strcmp(t, "TABLE") == 0 || (strcmp(t, "ROW_SEMANTIC_TABLE") == 0 && !set) || has_trait(a, t);
        if (!on || strcmp(t, "SCALAR") == 0) continue;
        fputs(sep, stdout);
        for (const char *p = t; *p; p++) putchar(*p == '_' ? ' ' : *p);
        sep = ", ";
    }
    putchar('}');
}

static const char *simple_name(const char *cls)
{
    const char *dot = strrchr(cls, '.');
    const char *s = dot ? dot + 1 : cls;
    const char *dollar = strrchr(s, '$');
    return dollar && dollar[1] ? dollar + 1 : s;
}

/* "3 d", "45 min", "1500 ms": the largest unit that divides the value. */
static void print_duration(buf_t *b, double ms)
{
    static const struct { long long ms; const char *unit; } units[] = {
        {86400000LL, "d"}, {3600000LL, "h"}, {60000LL, "min"}, {1000LL, "s"}, {1LL, "ms"},
    };
    long long v = (long long)ms;
    for (size_t i = 0; i < sizeof units / sizeof *units; i++)
        if (v % units[i].ms == 0) {
            buf_printf(b, "%lld %s", v / units[i].ms, units[i].unit);
            return;
        }
}

/* ROW<`a` INT, `b` STRING> -> "a INT | b STRING"; an atomic output is one column EXPR$0. */
static void print_output_columns(const cJSON *output)
{
    const char *text = str(output, "type");
    char err[256];
    type_t *t = text ? type_parse(text, err, sizeof err) : NULL;
    if (!t) {
        printf("<columns of %s>", text ? text : "the output type");
        return;
    }
    if (flag(output, "atomic") || !type_is_composite(t)) {
        char *s = type_to_string(t);
        printf("EXPR$0 %s", s);
        free(s);
    }
    for (int i = 0; type_is_composite(t) && !flag(output, "atomic") && i < t->nfields; i++) {
        char *s = type_to_string(t->fields[i].type);
        printf("%s%s %s", i ? " | " : "", t->fields[i].name, s);
        free(s);
    }
    type_free(t);
}

/* Output layout: <pass-through or PARTITION BY part> | function output | [rowtime]. */
static void print_columns(const cJSON *fn)
{
    bool require_time = false;
    const cJSON *a;
    cJSON_ArrayForEach(a, arr(fn, "arguments")) {
        if (!is_table(a)) continue;
        const char *name = str(a, "name") ? str(a, "name") : "?";
        if (has_trait(a, "REQUIRE_ON_TIME")) require_time = true;
        if (has_trait(a, "PASS_COLUMNS_THROUGH")) printf("<all columns of %s> | ", name);
        else if (has_trait(a, "SET_SEMANTIC_TABLE"))
            printf("<PARTITION BY columns of %s%s> | ", name,
                   has_trait(a, "OPTIONAL_PARTITION_BY") ? ", if any" : "");
    }
    print_output_columns(cJSON_GetObjectItemCaseSensitive(fn, "output"));
    fputs(require_time ? " | rowtime" : " | [rowtime]", stdout);
    putchar('\n');
    printf("             %s\n", require_time ? "(rowtime: the on_time column, which every call must give)"
                                             : "([rowtime] only when the call gives on_time)");
}

/* A small aligned table: rows of up to NCOL cells, the first line labelled. */
enum { NCOL = 5 };
typedef struct { buf_t cell[NCOL]; } row_t;
typedef struct { row_t *rows; int n, cap; } table_t;

static row_t *table_row(table_t *t)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 8;
        t->rows = realloc(t->rows, (size_t)t->cap * sizeof *t->rows);
        if (!t->rows) abort();
    }
    row_t *r = &t->rows[t->n++];
    memset(r, 0, sizeof *r);
    return r;
}

static void table_print(table_t *t, const char *label)
{
    size_t w[NCOL] = {0};
    for (int i = 0; i < t->n; i++)
        for (int c = 0; c < NCOL; c++)
            if (t->rows[i].cell[c].len > w[c]) w[c] = t->rows[i].cell[c].len;
    for (int i = 0; i < t->n; i++) {
        printf("  %-9s  ", i == 0 ? label : "");
        int last = NCOL - 1;
        while (last > 0 && t->rows[i].cell[last].len == 0) last--;
        for (int c = 0; c <= last; c++)
            printf("%-*s%s", c < last ? (int)w[c] : 0, buf_cstr(&t->rows[i].cell[c]), c < last ? "  " : "");
        putchar('\n');
        for (int c = 0; c < NCOL; c++) buf_free(&t->rows[i].cell[c]);
    }
    free(t->rows);
}

/* name, kind, type, traits, Java class; then the system arguments Flink
 * appends to every PTF. */
static void print_arguments(const cJSON *fn)
{
    table_t t = {0};
    const cJSON *a;
    cJSON_ArrayForEach(a, arr(fn, "arguments")) {
        row_t *row = table_row(&t);
        const char *type = str(a, "type");
        buf_puts(&row->cell[0], str(a, "name") ? str(a, "name") : "?");
        buf_puts(&row->cell[1], is_table(a) ? "table" : "scalar");
        buf_puts(&row->cell[2], type ? type : is_table(a) ? "untyped (any columns)" : "?");
        const cJSON *tr;
        cJSON_ArrayForEach(tr, arr(a, "traits"))
            if (cJSON_IsString(tr) && (is_table(a) || strcmp(tr->valuestring, "SCALAR") != 0))
                buf_printf(&row->cell[3], "%s%s", row->cell[3].len ? ", " : "", tr->valuestring);
        if (flag(a, "optional")) buf_printf(&row->cell[3], "%soptional", row->cell[3].len ? ", " : "");
        if (str(a, "conversion")) buf_puts(&row->cell[4], str(a, "conversion"));
    }
    static const char *const system[2][NCOL] = {
        {"on_time", "system", "DESCRIPTOR", "optional", "the time column: on_time => DESCRIPTOR(col)"},
        {"uid", "system", "STRING", "optional", "names this call's state: uid => 'id'"},
    };
    for (int i = 0; i < 2; i++) {
        row_t *row = table_row(&t);
        for (int c = 0; c < NCOL; c++) buf_puts(&row->cell[c], system[i][c]);
    }
    table_print(&t, "arguments");
}

/* name, kind, type, TTL, Java class. */
static void print_state(const cJSON *fn)
{
    const cJSON *list = arr(fn, "state");
    if (!list || cJSON_GetArraySize(list) == 0) {
        puts("  state      none");
        return;
    }
    table_t t = {0};
    const cJSON *s;
    cJSON_ArrayForEach(s, list) {
        row_t *row = table_row(&t);
        buf_puts(&row->cell[0], str(s, "name") ? str(s, "name") : "?");
        buf_puts(&row->cell[1], str(s, "kind") ? str(s, "kind") : "?");
        buf_puts(&row->cell[2], str(s, "type") ? str(s, "type") : "?");
        const cJSON *ttl = cJSON_GetObjectItemCaseSensitive(s, "ttl_ms");
        if (cJSON_IsNumber(ttl) && ttl->valuedouble == 0) buf_puts(&row->cell[3], "ttl: none");
        else if (cJSON_IsNumber(ttl)) buf_puts(&row->cell[3], "ttl: "), print_duration(&row->cell[3], ttl->valuedouble);
        else buf_puts(&row->cell[3], "ttl: table.exec.state.ttl");
        if (str(s, "class")) buf_puts(&row->cell[4], str(s, "class"));
    }
    table_print(&t, "state");
}

static void print_changelog(const cJSON *fn)
{
    fputs("  changelog  in: ", stdout);
    bool any = false;
    const cJSON *a;
    cJSON_ArrayForEach(a, arr(fn, "arguments")) {
        if (!is_table(a)) continue;
        printf("%s%s ", any ? ", " : "", str(a, "name") ? str(a, "name") : "?");
        any = true;
        if (!has_trait(a, "SUPPORT_UPDATES")) {
            fputs("insert-only", stdout);
            continue;
        }
        fputs("updates", stdout);
        if (has_trait(a, "REQUIRE_UPDATE_BEFORE")) fputs(" with -U", stdout);
        if (has_trait(a, "REQUIRE_FULL_DELETE")) fputs(", full -D rows", stdout);
    }
    if (!any) fputs("no table", stdout);
    printf("; out: %s\n", flag(fn, "changelog_function")
                              ? "ChangelogFunction (getChangelogMode() decides at planning)"
                              : "insert-only");
}

static void print_warnings(const cJSON *o, const char *indent)
{
    const cJSON *w;
    cJSON_ArrayForEach(w, arr(o, "warnings"))
        if (cJSON_IsString(w)) printf("%swarning: %s\n", indent, w->valuestring);
}

static void print_function(const cJSON *fn)
{
    const char *cls = str(fn, "class") ? str(fn, "class") : "?";
    if (!flag(fn, "valid")) {
        printf("%s  INVALID\n", cls);
        printf("%s\n", str(fn, "error") ? str(fn, "error") : "(no message)");
        if (str(fn, "fix")) printf("fix: %s\n", str(fn, "fix"));
        print_warnings(fn, "");
        return;
    }
    printf("%s\n", cls);
    printf("  signature  %s(", simple_name(cls));
    const cJSON *a;
    cJSON_ArrayForEach(a, arr(fn, "arguments")) {
        print_flink_argument(a);
        fputs(", ", stdout);
    }
    puts("on_time => DESCRIPTOR, uid => STRING)");
    if (str(fn, "eval")) printf("  eval       %s%s\n", str(fn, "eval"), flag(fn, "has_context") ? "  (with Context)" : "");
    print_arguments(fn);
    print_state(fn);
    const cJSON *out = cJSON_GetObjectItemCaseSensitive(fn, "output");
    printf("  output     %s%s\n", str(out, "type") ? str(out, "type") : "?",
           flag(out, "atomic") ? "  (atomic: one column EXPR$0)" : "");
    const cJSON *timer = cJSON_GetObjectItemCaseSensitive(fn, "on_timer");
    if (cJSON_IsObject(timer)) printf("  on_timer   yes%s\n", flag(timer, "has_context") ? " (with OnTimerContext)" : "");
    else puts("  on_timer   no");
    print_changelog(fn);
    fputs("  columns    ", stdout);
    print_columns(fn);
    print_warnings(fn, "  ");
}

/* --- the command --------------------------------------------------------- */

/* A class that is missing, or a JAR Java could not open, is a usage or I/O
 * error (exit 2), not an invalid function. Bridge.describe reports both as an
 * invalid entry; these are the message formats of io.ptfhost.bridge.extract.Describer. */
static bool is_input_error(const cJSON *fn)
{
    const char *e = str(fn, "error");
    const char *cls = str(fn, "class");
    if (!e || flag(fn, "valid")) return false;
    if (strncmp(e, "JAR file '", 10) == 0 || strstr(e, "' is not a JAR file: ")) return true;
    if (!cls || strncmp(e, "Class '", 7) != 0) return false;
    size_t n = strlen(cls);
    return strncmp(e + 7, cls, n) == 0 && strncmp(e + 7 + n, "' not found in ", 15) == 0;
}

static int exit_code(const cJSON *doc, const char *class_name, bool report)
{
    const cJSON *fns = arr(doc, "functions");
    if (!fns || cJSON_GetArraySize(fns) == 0) {
        if (report && class_name)
            fprintf(stderr, "ptfhost describe: class '%s' not found in the given JARs\n", class_name);
        else if (report && cJSON_GetArraySize(arr(doc, "warnings")) == 0)   /* Java's warning says it already */
            fprintf(stderr, "ptfhost describe: no ProcessTableFunction classes found in the given JARs\n");
        return class_name ? 2 : 1;
    }
    int rc = 0;
    const cJSON *fn;
    cJSON_ArrayForEach(fn, fns) {
        if (is_input_error(fn)) return 2;
        if (!flag(fn, "valid")) rc = 1;
    }
    return rc;
}

static int print_text(const cJSON *doc, const char *class_name)
{
    print_warnings(doc, "");
    const cJSON *fns = arr(doc, "functions");
    int nvalid = 0, ninvalid = 0;
    const cJSON *fn;
    cJSON_ArrayForEach(fn, fns) {
        if (nvalid + ninvalid > 0 || cJSON_GetArraySize(arr(doc, "warnings")) > 0) putchar('\n');
        print_function(fn);
        if (flag(fn, "valid")) nvalid++;
        else ninvalid++;
    }
    int rc = exit_code(doc, class_name, true);
    if (nvalid + ninvalid > 1) printf("\n%d function%s: %d valid, %d invalid\n", nvalid + ninvalid,
                                      nvalid + ninvalid == 1 ? "" : "s", nvalid, ninvalid);
    return rc;
}

int cmd_describe(int argc, char **argv)
{
    cli_strlist_t jar_args = {0}, positional = {0}, jars = {0};
    const char *class_name = NULL;
    bool json = false, help = false;
    const cli_option_t opts[] = {
        {"jar", CLI_STRING_LIST, &jar_args, "FILE|FOLDER  a JAR of PTFs, or a folder: every *.jar in it (repeatable)"},
        {"class", CLI_STRING, &class_name, "NAME  describe only this class (fully qualified)"},
        {"json", CLI_FLAG, &json, "print the signature JSON instead of text"},
        {"help", CLI_FLAG, &help, "show this help"},
        {0},
    };
    int rc = cli_parse("describe", opts, argc, argv, &positional);
    if (rc == 0 && help) {
        cli_usage("describe", SYNOPSIS, opts);
        rc = -1;
    } else if (rc == 0 && (positional.n > 0 || jar_args.n == 0)) {
        if (positional.n > 0) fprintf(stderr, "ptfhost describe: unexpected argument '%s'\n", positional.items[0]);
        else fputs("ptfhost describe: --jar is required\n", stderr);
        cli_usage("describe", SYNOPSIS, opts);
        rc = 2;
    }
    for (int i = 0; rc == 0 && i < jar_args.n; i++) rc = add_jar_arg(jar_args.items[i], &jars);

    char err[16384];
    jb_vm_t *vm = NULL;
    char *answer = NULL;
    if (rc == 0) {
        static const char *const quick[] = {JB_JVM_QUICK_OPTIONS, NULL};
        jb_options_t o = {.jvm_args = quick};
        if (jb_vm_start(&o, &vm, err, sizeof err) != 0 ||
            jb_describe(vm, jars.items, jars.n, class_name, &answer, err, sizeof err) != 0) {
            fprintf(stderr, "ptfhost describe: %s\n", err);
            rc = 2;
        }
        jb_vm_stop(vm);
    }
    if (rc == 0) {
        cJSON *doc = cJSON_Parse(answer);
        if (!doc) {
            fprintf(stderr, "ptfhost describe: internal error: Bridge.describe returned malformed JSON near: %.80s\n",
                    cJSON_GetErrorPtr() ? cJSON_GetErrorPtr() : answer);
            rc = 2;
        } else if (json) {
            char *pretty = cJSON_Print(doc);
            puts(pretty);
            free(pretty);
            rc = exit_code(doc, class_name, false);
        } else {
            rc = print_text(doc, class_name);
        }
        cJSON_Delete(doc);
    }
    free(answer);
    for (int i = 0; i < jars.n; i++) free((char *)jars.items[i]);
    cli_strlist_free(&jars);
    cli_strlist_free(&jar_args);
    cli_strlist_free(&positional);
    return cli_finish("describe", rc < 0 ? 0 : rc, NULL);
}
