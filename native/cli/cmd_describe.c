/* cmd_describe.c - 'ptfhost describe': the signature Flink infers for the PTF
 * classes in a JAR, or the error Flink would raise plus how to fix it.
 *
 * The extraction itself runs in Java (io.ptfhost.bridge.Bridge#describe, one
 * JNI call for all JARs); this file checks the input files, starts the JVM
 * with start-up-friendly options and renders the answer (schema:
 * docs/internals.md) as text from the parsed signatures (engine/signature.h),
 * or prints the JSON as it came with --json. */
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
#include "cli/describe_scalars.h"
#include "engine/layout.h"
#include "engine/signature.h"
#include "jb.h"
#include "types/types.h"
#include "util/buf.h"
#include "util/table_print.h"
#include "util/xalloc.h"

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

/* --- rendering (from the parsed signature only) ---------------------------- */

static const char *or_unknown(const char *s) { return s ? s : "?"; }

static bool has_trait(const ptf_arg_t *a, const char *trait)
{
    unsigned bit;
    return ptf_trait_parse(trait, &bit) == 0 && (a->traits & bit);
}

/* Flink's StaticArgumentTrait order (2.1-2.3); a StaticArgument prints its
 * traits in this order with '_' as ' ', and table arguments always carry
 * TABLE plus ROW_SEMANTIC_TABLE unless they have set semantics. */
static const char *const static_traits[] = {
    "SCALAR", "TABLE", "MODEL", "ROW_SEMANTIC_TABLE", "SET_SEMANTIC_TABLE", "PASS_COLUMNS_THROUGH",
    "SUPPORT_UPDATES", "REQUIRE_ON_TIME", "OPTIONAL_PARTITION_BY", "REQUIRE_UPDATE_BEFORE",
    "REQUIRE_FULL_DELETE",
};

static void print_flink_argument(const ptf_arg_t *a)
{
    printf("%s =>", or_unknown(a->name));
    if (a->type_text) printf(" %s", a->type_text);
    if (a->kind != ARG_TABLE) return;   /* a scalar's only trait is SCALAR, which Flink does not print */
    bool set = (a->traits & TRAIT_SET_SEMANTIC_TABLE) != 0;
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
static void print_duration(buf_t *b, long long ms)
{
    static const struct { long long ms; const char *unit; } units[] = {
        {86400000LL, "d"}, {3600000LL, "h"}, {60000LL, "min"}, {1000LL, "s"}, {1LL, "ms"},
    };
    for (size_t i = 0; i < sizeof units / sizeof *units; i++)
        if (ms % units[i].ms == 0) {
            buf_printf(b, "%lld %s", ms / units[i].ms, units[i].unit);
            return;
        }
}

/* Output layout (engine/layout.h): <pass-through or PARTITION BY part> |
 * function output | [rowtime], and the note on its rowtime. */
static void print_columns(const ptf_sig_t *fn)
{
    buf_t b = BUF_INIT;
    const char *note = layout_describe_signature(&b, fn);
    printf("%s\n             %s\n", buf_cstr(&b), note);
    buf_free(&b);
}

/* A labelled block of aligned columns (util/table_print.h): rows of up to
 * NCOL cells, the label on the first line. */
enum { NCOL = 5 };
typedef struct { buf_t cell[NCOL]; } block_row_t;
typedef struct { block_row_t *rows; int n, cap; } block_t;

static block_row_t *block_row(block_t *t)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 8;
        t->rows = xrealloc(t->rows, (size_t)t->cap * sizeof *t->rows);
    }
    block_row_t *r = &t->rows[t->n++];
    memset(r, 0, sizeof *r);
    return r;
}

static void block_print(block_t *t, const char *label)
{
    tbl_t cols;
    tbl_init(&cols, NCOL, 0);
    const char *(*text)[NCOL] = xcalloc((size_t)t->n + 1, sizeof *text);
    for (int i = 0; i < t->n; i++) {
        for (int c = 0; c < NCOL; c++) text[i][c] = buf_cstr(&t->rows[i].cell[c]);
        tbl_fit(&cols, text[i]);
    }
    buf_t out = BUF_INIT;
    for (int i = 0; i < t->n; i++) {
        buf_printf(&out, "  %-9s  ", i == 0 ? label : "");
        tbl_aligned_line(&cols, text[i], &out);
        buf_putc(&out, '\n');
    }
    fputs(buf_cstr(&out), stdout);
    buf_free(&out);
    for (int i = 0; i < t->n; i++)
        for (int c = 0; c < NCOL; c++) buf_free(&t->rows[i].cell[c]);
    free(text);
    free(t->rows);
    tbl_free(&cols);
}

static void add_list_item(buf_t *cell, const char *item)
{
    buf_printf(cell, "%s%s", cell->len ? ", " : "", item);
}

/* name, kind, type, traits, Java class; then the system arguments Flink
 * appends to every PTF. */
static void print_arguments(const ptf_sig_t *fn)
{
    block_t t = {0};
    for (int i = 0; i < fn->nargs; i++) {
        const ptf_arg_t *a = &fn->args[i];
        bool table = a->kind == ARG_TABLE;
        block_row_t *row = block_row(&t);
        buf_puts(&row->cell[0], or_unknown(a->name));
        buf_puts(&row->cell[1], table ? "table" : "scalar");
        buf_puts(&row->cell[2], a->type_text ? a->type_text : table ? "untyped (any columns)" : "?");
        for (int k = 0; k < a->ndeclared; k++)
            if (table || a->declared[k] != TRAIT_SCALAR) add_list_item(&row->cell[3], ptf_trait_name(a->declared[k]));
        if (a->optional) add_list_item(&row->cell[3], "optional");
        if (a->conversion) buf_puts(&row->cell[4], a->conversion);
    }
    static const char *const system[2][NCOL] = {
        {"on_time", "system", "DESCRIPTOR", "optional", "the time column: on_time => DESCRIPTOR(col)"},
        {"uid", "system", "STRING", "optional", "names this call's state: uid => 'id'"},
    };
    for (int i = 0; i < 2; i++) {
        block_row_t *row = block_row(&t);
        for (int c = 0; c < NCOL; c++) buf_puts(&row->cell[c], system[i][c]);
    }
    block_print(&t, "arguments");
}

static const char *state_kind_name(ptf_state_kind_t k)
{
    return k == STATE_LIST ? "list" : k == STATE_MAP ? "map" : "value";
}

/* name, kind, type, TTL, Java class. */
static void print_state(const ptf_sig_t *fn)
{
    if (fn->nstate == 0) {
        puts("  state      none");
        return;
    }
    block_t t = {0};
    for (int i = 0; i < fn->nstate; i++) {
        const ptf_state_t *s = &fn->state[i];
        block_row_t *row = block_row(&t);
        buf_puts(&row->cell[0], or_unknown(s->name));
        buf_puts(&row->cell[1], state_kind_name(s->kind));
        buf_puts(&row->cell[2], or_unknown(s->type_text));
        if (s->ttl_ms == 0) buf_puts(&row->cell[3], "ttl: none");
        else if (s->ttl_ms > 0) buf_puts(&row->cell[3], "ttl: "), print_duration(&row->cell[3], s->ttl_ms);
        else buf_puts(&row->cell[3], "ttl: table.exec.state.ttl");
        if (s->class_name) buf_puts(&row->cell[4], s->class_name);
    }
    block_print(&t, "state");
}

static void print_changelog(const ptf_sig_t *fn)
{
    fputs("  changelog  in: ", stdout);
    bool any = false;
    for (int i = 0; i < fn->nargs; i++) {
        const ptf_arg_t *a = &fn->args[i];
        if (a->kind != ARG_TABLE) continue;
        printf("%s%s ", any ? ", " : "", or_unknown(a->name));
        any = true;
        if (!(a->traits & TRAIT_SUPPORT_UPDATES)) {
            fputs("insert-only", stdout);
            continue;
        }
        fputs("updates", stdout);
        if (a->traits & TRAIT_REQUIRE_UPDATE_BEFORE) fputs(" with -U", stdout);
        if (a->traits & TRAIT_REQUIRE_FULL_DELETE) fputs(", full -D rows", stdout);
    }
    if (!any) fputs("no table", stdout);
    printf("; out: %s\n", fn->changelog_function ? "ChangelogFunction (getChangelogMode() decides at planning)"
                                                 : "insert-only");
}

static void print_warnings(char *const *warnings, int n, const char *indent)
{
    for (int i = 0; i < n; i++) printf("%swarning: %s\n", indent, warnings[i]);
}

static void print_signature(const ptf_sig_t *fn, const char *cls)
{
    printf("  signature  %s(", simple_name(cls));
    for (int i = 0; i < fn->nargs; i++) {
        print_flink_argument(&fn->args[i]);
        fputs(", ", stdout);
    }
    puts("on_time => DESCRIPTOR, uid => STRING)");
    if (fn->eval) printf("  eval       %s%s\n", fn->eval, fn->has_context ? "  (with Context)" : "");
}

static void print_function(const ptf_sig_t *fn)
{
    const char *cls = or_unknown(fn->class_name);
    if (!fn->valid) {
        printf("%s  INVALID\n", cls);
        printf("%s\n", fn->error ? fn->error : "(no message)");
        if (fn->fix) printf("fix: %s\n", fn->fix);
        print_warnings(fn->warnings, fn->nwarnings, "");
        return;
    }
    printf("%s\n", cls);
    print_signature(fn, cls);
    print_arguments(fn);
    print_state(fn);
    printf("  output     %s%s\n", or_unknown(fn->output_text),
           fn->output_atomic ? "  (atomic: one column EXPR$0)" : "");
    if (fn->has_on_timer) printf("  on_timer   yes%s\n", fn->on_timer_has_context ? " (with OnTimerContext)" : "");
    else puts("  on_timer   no");
    print_changelog(fn);
    fputs("  columns    ", stdout);
    print_columns(fn);
    print_warnings(fn->warnings, fn->nwarnings, "  ");
}

/* --- the command --------------------------------------------------------- */

/* A class that is missing, or a JAR Java could not open, is a usage or I/O
 * error (exit 2), not an invalid function. Bridge.describe reports both as an
 * invalid entry; these are the message formats of io.ptfhost.bridge.extract.Describer. */
static bool is_input_error(const ptf_sig_t *fn)
{
    const char *e = fn->error;
    const char *cls = fn->class_name;
    if (!e || fn->valid) return false;
    if (strncmp(e, "JAR file '", 10) == 0 || strstr(e, "' is not a JAR file: ")) return true;
    if (!cls || strncmp(e, "Class '", 7) != 0) return false;
    size_t n = strlen(cls);
    return strncmp(e + 7, cls, n) == 0 && strncmp(e + 7 + n, "' not found in ", 15) == 0;
}

static int exit_code(const ptf_sig_doc_t *doc, const char *class_name, bool report)
{
    if (doc->nfunctions == 0) {
        if (report && class_name)
            fprintf(stderr, "ptfhost describe: class '%s' not found in the given JARs\n", class_name);
        else if (report && doc->nwarnings == 0)   /* Java's warning says it already */
            fprintf(stderr, "ptfhost describe: no ProcessTableFunction classes found in the given JARs\n");
        return class_name ? 2 : 1;
    }
    int rc = 0;
    for (int i = 0; i < doc->nfunctions; i++) {
        if (is_input_error(doc->functions[i])) return 2;
        if (!doc->functions[i]->valid) rc = 1;
    }
    return rc;
}

static int print_text(const ptf_sig_doc_t *doc, const char *class_name)
{
    print_warnings(doc->warnings, doc->nwarnings, "");
    int nvalid = 0, ninvalid = 0;
    for (int i = 0; i < doc->nfunctions; i++) {
        const ptf_sig_t *fn = doc->functions[i];
        if (nvalid + ninvalid > 0 || doc->nwarnings > 0) putchar('\n');
        print_function(fn);
        if (fn->valid) nvalid++;
        else ninvalid++;
    }
    int rc = exit_code(doc, class_name, true);
    if (nvalid + ninvalid > 1) printf("\n%d function%s: %d valid, %d invalid\n", nvalid + ninvalid,
                                      nvalid + ninvalid == 1 ? "" : "s", nvalid, ninvalid);
    return rc;
}

/* Prints Bridge.describe's answer: the JSON as it came (--json) or the text;
 * returns the exit code. */
static int print_answer(const char *answer, bool json, const char *class_name)
{
    cJSON *doc = cJSON_Parse(answer);
    if (!doc) {
        fprintf(stderr, "ptfhost describe: internal error: Bridge.describe returned malformed JSON near: %.80s\n",
                cJSON_GetErrorPtr() ? cJSON_GetErrorPtr() : answer);
        return 2;
    }
    ptf_sig_doc_t *sigs = ptf_sig_doc_from_json(doc);
    /* a JAR of scalar functions only, or --class naming one (its PTF entry only says it is none) */
    bool only_scalars = describe_scalars_count(doc) > 0 && (sigs->nfunctions == 0 || class_name);
    int rc = 0;
    if (json) {
        char *pretty = cJSON_Print(doc);
        puts(pretty);
        free(pretty);
        if (!only_scalars) rc = exit_code(sigs, class_name, false);
    } else if (only_scalars) {
        print_warnings(sigs->warnings, sigs->nwarnings, "");
    } else {
        rc = print_text(sigs, class_name);
    }
    rc = describe_scalars(doc, !json, (sigs->nfunctions > 0 && !only_scalars) || sigs->nwarnings > 0, rc);
    ptf_sig_doc_free(sigs);
    cJSON_Delete(doc);
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
        jb_options_t o = {.use = JB_VM_QUICK, .home = cli_home()};
        if (jb_vm_start(&o, &vm, err, sizeof err) != 0 ||
            jb_describe(vm, jars.items, jars.n, class_name, &answer, err, sizeof err) != 0) {
            fprintf(stderr, "ptfhost describe: %s\n", err);
            rc = 2;
        }
        jb_vm_stop(vm);
    }
    if (rc == 0) rc = print_answer(answer, json, class_name);
    free(answer);
    for (int i = 0; i < jars.n; i++) free((char *)jars.items[i]);
    cli_strlist_free(&jars);
    cli_strlist_free(&jar_args);
    cli_strlist_free(&positional);
    return cli_finish("describe", rc < 0 ? 0 : rc, NULL);
}
