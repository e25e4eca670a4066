/* session.c - see session.h. DDL and the session's own statements are
 * handled here; queries go to job.c. */
#include "engine/session.h"
#include "engine/session_int.h"
#include "engine/session_udf.h"
#include "util/xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "connectors/format.h"
#include "engine/job.h"
#include "engine/plan.h"
#include "engine/values.h"
#include "expr/expr.h"
#include "expr/expr_udf.h"
#include "jb.h"
#include "sql/sql.h"
#include "util/jvm_size.h"
#include "util/table_print.h"

#define ERR_AT(pos, ...) sqlp_format_error(script, (pos), 0, err, errlen, __VA_ARGS__)


void session_init(session_t *s, const char *base_dir, FILE *out)
{
    memset(s, 0, sizeof *s);
    catalog_init(&s->catalog);
    s->base_dir = xstrdup(base_dir ? base_dir : ".");
    s->out = out;
    s->flink_version = "2.3";
    arena_init(&s->retained, 0);
}

void session_free(session_t *s)
{
    job_uids_clear(&s->uids);
    session_udfs_free(s->udfs);
    s->udfs = NULL;
    catalog_free(&s->catalog);
    free(s->base_dir);
    if (s->vm) jb_vm_stop(s->vm);
    s->vm = NULL;
    arena_destroy(&s->retained);
}

static int ensure_vm(session_t *s, char *err, size_t errlen)
{
    if (s->vm) return 0;
    jb_options_t opts = {.home = s->home,
                         .max_heap = catalog_get(&s->catalog, "ptfhost.jvm.heap"),
                         .max_metaspace = catalog_get(&s->catalog, "ptfhost.jvm.metaspace")};
    return jb_vm_start(&opts, &s->vm, err, errlen);
}

int session_vm(session_t *s, char *err, size_t errlen)
{
    return ensure_vm(s, err, errlen);
}

int session_describe(session_t *s, const char *const *jars, int njars, const char *class_name, ptf_sig_t **out,
                     char *err, size_t errlen)
{
    *out = NULL;
    if (ensure_vm(s, err, errlen) != 0) return -1;
    char *json = NULL;
    if (jb_signature(s->vm, jars, njars, class_name, &json, err, errlen) != 0) return -1;
    *out = ptf_sig_first_from_answer(json, err, errlen);
    free(json);
    return *out ? 0 : -1;
}

static int plan_describe(void *ctx, const char *const *jars, int njars, const char *class_name, ptf_sig_t **out,
                         char *err, size_t errlen)
{
    return session_describe(ctx, jars, njars, class_name, out, err, errlen);
}

/* What a query's job gets from the session. */
static job_env_t job_env(session_t *s, const sqlp_script_t *script)
{
    return (job_env_t){
        .catalog = &s->catalog,
        .script = script,
        .flink_version = s->flink_version,
        .base_dir = s->base_dir,
        .out = s->out,
        .format = s->format == SESSION_TABLEAU        ? CONN_STDOUT_TABLEAU
                  : s->format == SESSION_TABLE_RESULT ? CONN_STDOUT_TABLE_RESULT
                  : s->format == SESSION_ROWS         ? CONN_STDOUT_ROWS
                                                      : CONN_STDOUT_CHANGELOG,
        .materialize = s->materialize,
        .time_limit_ms = s->time_limit_ms,
        .clock = &s->clock,
        .describe = plan_describe,
        .describe_ctx = s,
        .vm = &s->vm,
        .uids = &s->uids,
        .hooks = &s->hooks,
        .udfs = session_udfs_resolver(s),
        .cancel = s->cancel,
        .parallel_calls = &s->parallel_calls,
        .notes = s->notes,
    };
}

/* ---- CREATE TABLE ------------------------------------------------------------- */

static type_t *column_type(const sqlp_script_t *script, const sqlp_text_t *t, char *err, size_t errlen)
{
    char terr[512];
    type_t *ty = type_parse_n(t->text, t->len, terr, sizeof terr);
    if (ty) return ty;
    /* map "... at position N" back into the script */
    const char *at = strstr(terr, "at position ");
    sqlp_pos_t pos = t->pos;
    if (at) {
        long n = strtol(at + 12, NULL, 10);
        if (n > 0) pos = sqlp_pos_advance(script, t->pos, (size_t)(n - 1));
    }
    ERR_AT(pos, "Invalid data type: %s", terr);
    return NULL;
}

static int col_index(const type_t *schema, const char *name)
{
    return type_field_index(schema, name);
}

/* A METADATA column: its key and VIRTUAL flag. Whether the connector offers
 * the key is checked when a query opens the table, as in Flink. */
static void table_metadata_column(const sqlp_column_t *c, catalog_table_t *t)
{
    const char *key = c->metadata_key ? c->metadata_key->value : c->name.name;
    catalog_table_set_metadata(t, t->schema->nfields - 1, key, c->is_virtual);
    t->metadata[t->schema->nfields - 1].key_declared = c->metadata_key != NULL;
}

/* A column of the table: its name is new, its type parses. */
static type_t *declared_column(const sqlp_script_t *script, const sqlp_column_t *c, const type_t *schema, char *err,
                               size_t errlen)
{
    if (col_index(schema, c->name.name) >= 0) {
        ERR_AT(c->name.pos, "A column with the same name `%s` has been defined.", c->name.name);
        return NULL;
    }
    return column_type(script, &c->type, err, errlen);
}

/* The row computed columns read: the physical and metadata columns, in
 * declared order (Flink resolves computed columns against these). */
static type_t *sourced_columns(const sqlp_script_t *script, const sqlp_create_table_t *ct, char *err,
                               size_t errlen)
{
    type_t *row = type_new(TYPE_ROW, true);
    for (int i = 0; i < ct->ncols; i++) {
        if (ct->cols[i].kind == SQLP_COL_COMPUTED) continue;
        type_t *ty = declared_column(script, &ct->cols[i], row, err, errlen);
        if (!ty) {
            type_free(row);
            return NULL;
        }
        type_add_field(row, ct->cols[i].name.name, ty, NULL);
    }
    return row;
}

/* A computed column (name AS expr): typed by its expression over the
 * sourced columns, which it may only read (not another computed column). */
static type_t *computed_column(const sqlp_script_t *script, const expr_udf_resolver_t *udfs, const sqlp_column_t *c,
                               const type_t *schema, const type_t *sourced, char *err, size_t errlen)
{
    if (col_index(schema, c->name.name) >= 0 || col_index(sourced, c->name.name) >= 0) {
        ERR_AT(c->name.pos, "A column with the same name `%s` has been defined.", c->name.name);
        return NULL;
    }
    expr_env_t xenv = {script, NULL};
    expr_t *x = expr_compile_udfs(&xenv, udfs, c->expr, sourced, err, errlen);
    if (!x) return NULL;
    type_t *ty = type_clone(expr_type(x));
    bool proctime = c->expr->kind == SQLP_E_CALL && c->expr->u.call.name.nparts == 1 && !c->expr->u.call.nargs &&
                    strcasecmp(c->expr->u.call.name.parts[0].name, "PROCTIME") == 0;
    ty->time_kind = proctime ? TYPE_TK_PROCTIME : TYPE_TK_REGULAR;   /* Flink: `pt AS PROCTIME()` */
    expr_free(x);
    return ty;
}

/* The columns in declared order: physical, METADATA and computed. */
static int table_columns(const sqlp_script_t *script, const expr_udf_resolver_t *udfs, const sqlp_create_table_t *ct,
                         catalog_table_t *t, char *err, size_t errlen)
{
    type_t *sourced = sourced_columns(script, ct, err, errlen);
    if (!sourced) return -1;
    int rc = 0;
    for (int i = 0; rc == 0 && i < ct->ncols; i++) {
        const sqlp_column_t *c = &ct->cols[i];
        type_t *ty = c->kind == SQLP_COL_COMPUTED ? computed_column(script, udfs, c, t->schema, sourced, err, errlen)
                                                   : type_clone(sourced->fields[col_index(sourced, c->name.name)].type);
        if (!ty) {
            rc = -1;
            break;
        }
        type_add_field(t->schema, c->name.name, ty, NULL);
        if (c->kind == SQLP_COL_METADATA) table_metadata_column(c, t);
        if (c->kind == SQLP_COL_COMPUTED)
            catalog_table_set_computed(t, t->schema->nfields - 1, c->expr_text.text, c->expr_text.len);
    }
    type_free(sourced);
    return rc;
}

static int table_primary_key(const sqlp_script_t *script, const sqlp_create_table_t *ct, catalog_table_t *t,
                             char *err, size_t errlen)
{
    if (ct->npk == 0) return 0;
    t->npk = ct->npk;
    t->pk = calloc((size_t)ct->npk, sizeof(int));
    for (int i = 0; i < ct->npk; i++) {
        int c = col_index(t->schema, ct->pk[i].name);
        if (c < 0) {
            ERR_AT(ct->pk[i].pos, "Could not create a PRIMARY KEY with column '%s'. Column does not exist.",
                   ct->pk[i].name);
            return -1;
        }
        if (!catalog_column_is_physical(t, c)) {
            buf_t name = BUF_INIT;
            for (int k = 0; k < ct->npk; k++) buf_printf(&name, "_%s", ct->pk[k].name);
            ERR_AT(ct->pk[i].pos, "Invalid primary key 'PK%s'. Column '%s' is not a physical column.",
                   buf_cstr(&name), ct->pk[i].name);
            buf_free(&name);
            return -1;
        }
        t->pk[i] = c;
        t->schema->fields[c].type->nullable = false;   /* primary key columns are NOT NULL in Flink */
    }
    return 0;
}

/* WATERMARK FOR c AS c [- INTERVAL ...]: c becomes the rowtime attribute. */
static int table_watermark(const sqlp_script_t *script, const sqlp_watermark_t *w, catalog_table_t *t, char *err,
                           size_t errlen)
{
    if (!w) return 0;
    int c = col_index(t->schema, w->column.name);
    if (c < 0) {
        ERR_AT(w->column.pos, "The rowtime attribute field '%s' is not defined in the table schema, at line %d "
                              "column %d", w->column.name, w->column.pos.line, w->column.pos.col);
        return -1;
    }
    const type_t *ty = t->schema->fields[c].type;
    if ((ty->id != TYPE_TIMESTAMP && ty->id != TYPE_TIMESTAMP_LTZ) || ty->precision > 3) {
        char *tn = type_to_string(ty);
        ERR_AT(w->column.pos, "Invalid data type of time field for watermark definition. The field must be of "
                              "type TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to "
                              "3, but the time field type is %s", tn);
        free(tn);
        return -1;
    }
    if (strcmp(w->source.name, w->column.name) != 0) {
        ERR_AT(w->pos, "Unsupported watermark expression: ptfhost supports `%s` and `%s - INTERVAL 'n' unit`.",
               w->column.name, w->column.name);
        return -1;
    }
    t->watermark_col = c;
    t->watermark_delay_ms = w->delay_ms;
    t->schema->fields[c].type->time_kind = TYPE_TK_ROWTIME;
    return 0;
}

static int table_options(const sqlp_script_t *script, const sqlp_create_table_t *ct, catalog_table_t *t, char *err,
                         size_t errlen)
{
    t->nopts = ct->noptions;
    t->opts = calloc((size_t)ct->noptions + 1, sizeof *t->opts);
    for (int i = 0; i < ct->noptions; i++) {
        for (int j = 0; j < i; j++)
            if (strcmp(ct->options[j].key.value, ct->options[i].key.value) == 0) {
                ERR_AT(ct->options[i].key.pos, "Option '%s' is given twice.", ct->options[i].key.value);
                return -1;
            }
        t->opts[i].key = xstrdup(ct->options[i].key.value);
        t->opts[i].value = xstrdup(ct->options[i].value.value);
    }
    return 0;
}

/* What SHOW CREATE TABLE prints beyond the schema and options. */
static void table_ddl(const sqlp_create_table_t *ct, catalog_table_t *t)
{
    if (ct->comment) t->comment = xstrdup(ct->comment->value);
    if (ct->pk_constraint) t->pk_name = xstrdup(ct->pk_constraint);
    t->ncolumn_comments = ct->ncols;
    t->column_comments = xcalloc((size_t)ct->ncols + 1, sizeof *t->column_comments);
    for (int i = 0; i < ct->ncols; i++)
        if (ct->cols[i].comment) t->column_comments[i] = xstrdup(ct->cols[i].comment->value);
    if (ct->watermark)
        t->watermark_sql = catalog_expr_sql(t, ct->watermark->expr_text.text, ct->watermark->expr_text.len);
    const char **cols = xcalloc((size_t)ct->ndist + (size_t)ct->npartitioned + 1, sizeof *cols);
    for (int i = 0; i < ct->ndist; i++) cols[i] = ct->dist_cols[i].name;
    if (ct->ndist || ct->dist_buckets >= 0)
        t->distribution = catalog_distribution_sql(ct->dist_kind, cols, ct->ndist, ct->dist_buckets);
    free(cols);
    t->npartition_keys = ct->npartitioned;
    t->partition_keys = xcalloc((size_t)ct->npartitioned + 1, sizeof *t->partition_keys);
    for (int i = 0; i < ct->npartitioned; i++) t->partition_keys[i] = xstrdup(ct->partitioned_by[i].name);
}

static int create_table(session_t *s, const sqlp_script_t *script, const sqlp_create_table_t *ct, char *err,
                        size_t errlen)
{
    char *name = session_names_writable_key(s, script, &ct->name, err, errlen);
    if (!name) return -1;
    if (catalog_find_table(&s->catalog, name)) {
        int rc = 0;
        if (!ct->if_not_exists) {
            ERR_AT(ct->name.pos, "Table or view '%s' already exists. Use CREATE TABLE IF NOT EXISTS, or DROP TABLE "
                                 "it first.", name);
            rc = -1;
        }
        free(name);
        return rc;
    }
    catalog_table_t *t = catalog_table_new(name);
    free(name);
    t->temporary = ct->temporary;
    t->line = ct->name.pos.line;
    t->schema = type_new(TYPE_ROW, true);
    if (table_columns(script, session_udfs_resolver(s), ct, t, err, errlen) != 0 || table_primary_key(script, ct, t, err, errlen) != 0 ||
        table_watermark(script, ct->watermark, t, err, errlen) != 0 || table_options(script, ct, t, err, errlen) != 0) {
        catalog_table_free(t);
        return -1;
    }
    table_ddl(ct, t);
    catalog_add_table(&s->catalog, t);
    return 0;
}

/* ---- CREATE VIEW v AS [SELECT * FROM] (VALUES ...) ----------------------------- */

static const sqlp_query_t *values_of(const sqlp_query_t *q, const sqlp_ident_t **aliases, int *naliases)
{
    if (q->kind == SQLP_Q_VALUES) return q;
    if (q->kind == SQLP_Q_SELECT && q->from && q->from->kind == SQLP_FROM_SUBQUERY && q->nitems == 1 &&
        q->items[0].expr->kind == SQLP_E_STAR && !q->where && q->from->query->kind == SQLP_Q_VALUES) {
        *aliases = q->from->col_aliases;
        *naliases = q->from->ncol_aliases;
        return q->from->query;
    }
    return NULL;
}

/* What SHOW CREATE VIEW prints: the query's text and the comment. */
static void view_ddl(const sqlp_create_view_t *cv, catalog_table_t *t)
{
    t->view_sql = strndup(cv->query_text.text, cv->query_text.len);
    if (cv->comment) t->comment = xstrdup(cv->comment->value);
}

/* A view over a query: it runs when first read (job.c). Takes name. */
static int create_query_view(session_t *s, const sqlp_script_t *script, const sqlp_create_view_t *cv, char *name,
                             char *err, size_t errlen)
{
    if (cv->ncols) {
        ERR_AT(cv->name.pos, "Unsupported: a column list on a view over a query; alias the columns in its SELECT.");
        free(name);
        return -1;
    }
    catalog_table_t *t = catalog_table_new(name);
    free(name);
    view_ddl(cv, t);
    t->view_query = cv->query;
    t->view_script = script;
    t->temporary = cv->temporary;
    catalog_add_table(&s->catalog, t);
    return 0;
}

static int create_view(session_t *s, const sqlp_script_t *script, const sqlp_create_view_t *cv, char *err,
                       size_t errlen)
{
    const sqlp_ident_t *aliases = NULL;
    int naliases = 0;
    const sqlp_query_t *vq = values_of(cv->query, &aliases, &naliases);
    char *name = session_names_writable_key(s, script, &cv->name, err, errlen);
    if (!name) return -1;
    if (catalog_find_table(&s->catalog, name)) {
        int rc = 0;
        if (!cv->if_not_exists) {
            ERR_AT(cv->name.pos, "Table or view '%s' already exists.", name);
            rc = -1;
        }
        free(name);
        return rc;
    }
    if (!vq) return create_query_view(s, script, cv, name, err, errlen);
    if (cv->ncols) aliases = cv->cols, naliases = cv->ncols;
    if (naliases && naliases != values_width(vq)) {
        ERR_AT(cv->name.pos, "The view's column list has %d names but the VALUES rows have %d columns.", naliases,
               values_width(vq));
        free(name);
        return -1;
    }
    catalog_table_t *t = catalog_table_new(name);
    free(name);
    view_ddl(cv, t);
    t->temporary = cv->temporary;
    plan_env_t env = {&s->catalog, script, NULL, NULL, s->flink_version, &s->clock, session_udfs_resolver(s), NULL};
    if (values_table_fill(&env, vq, aliases, naliases, t, err, errlen) != 0) {
        catalog_table_free(t);
        return -1;
    }
    catalog_add_table(&s->catalog, t);
    return 0;
}

/* ---- functions ------------------------------------------------------------------ */

static char *resolve_jar(session_t *s, const sqlp_script_t *script, const sqlp_str_t *jar, char *err, size_t errlen)
{
    char *path = conn_resolve_path(s->base_dir, jar->value);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        ERR_AT(jar->pos, "'%s' is a folder: name its JARs, e.g. USING JAR 'lib/ptfs.jar', JAR 'lib/dependency.jar' "
                         "(or ADD JAR each of them).", jar->value);
        free(path);
        return NULL;
    }
    if (stat(path, &st) != 0) {
        ERR_AT(jar->pos, "Cannot find JAR '%s' (resolved to '%s'): %s. Paths are relative to the script's folder.",
               jar->value, path, strerror(errno));
        free(path);
        return NULL;
    }
    char *real = realpath(path, NULL);
    free(path);
    return real ? real : xstrdup(jar->value);
}

static int create_function(session_t *s, const sqlp_script_t *script, const sqlp_create_function_t *cf, char *err,
                           size_t errlen)
{
    const char *name = sqlp_name_last(&cf->name)->name;
    if (strcmp(cf->language, "JAVA") != 0) {
        ERR_AT(cf->language_pos, "Unsupported language %s: ptfhost runs Java functions (LANGUAGE JAVA).",
               cf->language);
        return -1;
    }
    if (catalog_find_function(&s->catalog, name)) {
        if (cf->if_not_exists) return 0;
        ERR_AT(cf->name.pos, "Could not register temporary catalog function. A function '%s' does already exist.",
               name);
        return -1;
    }
    catalog_function_t *f = calloc(1, sizeof *f);
    if (!f) abort();
    f->name = xstrdup(name);
    f->class_name = xstrdup(cf->class_name.value);
    f->temporary = cf->temporary;
    f->system = cf->system;
    f->jars = calloc((size_t)cf->njars + 1, sizeof *f->jars);
    for (int i = 0; i < cf->njars; i++) {
        f->jars[i] = resolve_jar(s, script, &cf->jars[i], err, errlen);
        if (!f->jars[i]) {
            catalog_function_free(f);
            return -1;
        }
        f->njars++;
    }
    if (f->njars == 0 && s->catalog.njars == 0) {
        ERR_AT(cf->name.pos, "Function '%s' has no JAR: add USING JAR 'path/to/ptfs.jar', or ADD JAR it first.",
               name);
        catalog_function_free(f);
        return -1;
    }
    catalog_add_function(&s->catalog, f);
    return 0;
}

/* ---- SHOW / DESCRIBE: the SQL client's table form ------------------------------- */

void session_print_box(FILE *out, int ncols, const char *const *header, int nrows, char ***cells)
{
    if (nrows == 0) {   /* the client's (and TableResult.print's) empty result */
        fputs("Empty set\n", out);
        return;
    }
    tbl_t t;
    tbl_init(&t, ncols, 0);
    buf_t b = BUF_INIT;
    tbl_box_print(&t, header, (const char *const *const *)cells, (size_t)nrows, &b);
    buf_printf(&b, "%d row%s in set\n", nrows, nrows == 1 ? "" : "s");
    fputs(buf_cstr(&b), out);
    buf_free(&b);
    tbl_free(&t);
}

static int cmp_cstr(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

void session_show_names(FILE *out, const char *header, char **names, int n)
{
    qsort(names, (size_t)n, sizeof *names, cmp_cstr);
    char ***cells = calloc((size_t)n + 1, sizeof *cells);
    for (int i = 0; i < n; i++) cells[i] = &names[i];
    const char *h[1] = {header};
    session_print_box(out, 1, h, n, cells);
    free(cells);
}

/* Flink's [NOT] LIKE | ILIKE filter of SHOW FUNCTIONS (escape '\\', ILIKE
 * lowercases both sides): 1 keeps name, 0 drops it, -1 for a bad pattern. */
static int show_like(const sqlp_show_t *sh, const char *name)
{
    if (!sh->like) return 1;
    char *n = xstrdup(name), *p = xstrdup(sh->like->value);
    for (char *c = n; sh->ilike && *c; c++) *c = (char)tolower((unsigned char)*c);
    for (char *c = p; sh->ilike && *c; c++) *c = (char)tolower((unsigned char)*c);
    int r = expr_like_match(n, p, '\\');
    free(n);
    free(p);
    return r < 0 ? r : sh->not_like ? !r : r;
}

/* SHOW [USER] FUNCTIONS as Flink's ShowFunctionsOperation: the user's
 * functions, for SHOW FUNCTIONS also the built-in ones (the registry's,
 * internal $-names left out), each name once, filtered, sorted. */
static int show(session_t *s, const sqlp_script_t *script, const sqlp_show_t *sh, char *err, size_t errlen)
{
    catalog_t *c = &s->catalog;
    int nbuiltin = sh->what == SQLP_SHOW_FUNCTIONS ? expr_func_names(NULL, 0) : 0;
    const char **all = xcalloc((size_t)(c->nfunctions + nbuiltin) + 1, sizeof *all);
    for (int i = 0; i < c->nfunctions; i++) all[i] = c->functions[i]->name;
    expr_func_names(all + c->nfunctions, nbuiltin);
    char **names = xcalloc((size_t)(c->nfunctions + nbuiltin) + 1, sizeof *names);
    int n = 0, rc = 0;
    for (int i = 0; i < c->nfunctions + nbuiltin && rc == 0; i++) {
        bool seen = all[i][0] == '$';
        for (int j = 0; j < n && !seen; j++) seen = strcmp(names[j], all[i]) == 0;
        int keep = seen ? 0 : show_like(sh, all[i]);
        if (keep < 0) {
            ERR_AT(sh->like->pos, "Invalid escape sequence '%s'", sh->like->value);
            rc = -1;
        }
        if (keep > 0) names[n++] = (char *)all[i];
    }
    if (rc == 0) session_show_names(s->out, "function name", names, n);
    free(names);
    free(all);
    return rc;
}

/* Flink's extras column: METADATA [FROM 'key'] [VIRTUAL], or AS expr. */
static char *describe_extras(const catalog_table_t *t, int col, arena_t *a)
{
    if (!catalog_column_is_metadata(t, col) && !catalog_column_is_computed(t, col)) return "";
    const catalog_metadata_t *m = &t->metadata[col];
    buf_t b = BUF_INIT;
    if (m->expr) buf_printf(&b, "AS %s", m->expr);
    else buf_puts(&b, "METADATA");
    if (m->key && m->key_declared) buf_printf(&b, " FROM '%s'", m->key);
    if (m->is_virtual) buf_puts(&b, " VIRTUAL");
    char *out = arena_strdup(a, buf_cstr(&b));
    buf_free(&b);
    return out;
}

int session_view_schema(session_t *s, const sqlp_script_t *script, catalog_table_t *t, char *err, size_t errlen)
{
    job_env_t env = job_env(s, script);
    return job_view_schema(&env, t, err, errlen);
}

static int describe_table(session_t *s, const sqlp_script_t *script, const sqlp_name_t *name, char *err,
                          size_t errlen)
{
    catalog_table_t *t = plan_find_table(&s->catalog, name);
    if (!t) {
        char *n = session_names_identifier(s, name);
        ERR_AT(name->pos, "Tables or views with the identifier '%s' doesn't exist.", n);
        free(n);
        return -1;
    }
    job_env_t env = job_env(s, script);
    if (job_view_schema(&env, t, err, errlen) != 0) return -1;
    const char *h[6] = {"name", "type", "null", "key", "extras", "watermark"};
    int n = t->schema->nfields;
    char ***cells = calloc((size_t)n + 1, sizeof *cells);
    arena_t a;
    arena_init(&a, 0);
    for (int i = 0; i < n; i++) {
        const type_t *ty = t->schema->fields[i].type;
        cells[i] = arena_calloc(&a, 6, sizeof(char *));
        cells[i][0] = t->schema->fields[i].name;
        type_t *plain = type_clone(ty);
        plain->nullable = true;
        plain->time_kind = TYPE_TK_REGULAR;
        char *tn = type_to_string(plain);
        if (ty->time_kind != TYPE_TK_REGULAR) {
            char tmp[256];
            snprintf(tmp, sizeof tmp, "%s %s", tn, ty->time_kind == TYPE_TK_ROWTIME ? "*ROWTIME*" : "*PROCTIME*");
            cells[i][1] = arena_strdup(&a, tmp);
        } else {
            cells[i][1] = arena_strdup(&a, tn);
        }
        free(tn);
        type_free(plain);
        cells[i][2] = ty->nullable ? "TRUE" : "FALSE";
        bool pk = false;
        for (int k = 0; k < t->npk; k++) pk |= t->pk[k] == i;
        if (pk) {
            buf_t b = BUF_INIT;
            buf_puts(&b, "PRI(");
            for (int k = 0; k < t->npk; k++) buf_printf(&b, "%s%s", k ? ", " : "", t->schema->fields[t->pk[k]].name);
            buf_putc(&b, ')');
            cells[i][3] = arena_strdup(&a, buf_cstr(&b));
            buf_free(&b);
        } else {
            cells[i][3] = "";
        }
        cells[i][4] = describe_extras(t, i, &a);
        if (t->watermark_col == i) {
            char tmp[256];
            if (t->watermark_delay_ms % 1000 == 0 && t->watermark_delay_ms)
                snprintf(tmp, sizeof tmp, "`%s` - INTERVAL '%lld' SECOND", cells[i][0],
                         (long long)(t->watermark_delay_ms / 1000));
            else if (t->watermark_delay_ms)
                snprintf(tmp, sizeof tmp, "`%s` - INTERVAL '%.3f' SECOND", cells[i][0],
                         (double)t->watermark_delay_ms / 1000.0);
            else
                snprintf(tmp, sizeof tmp, "`%s`", cells[i][0]);
            cells[i][5] = arena_strdup(&a, tmp);
        } else {
            cells[i][5] = "";
        }
    }
    session_print_box(s->out, 6, h, n, cells);
    free(cells);
    arena_destroy(&a);
    return 0;
}

/* ---- SET ---------------------------------------------------------------------- */

static int set_option(session_t *s, const sqlp_script_t *script, const sqlp_str_t *key, const sqlp_str_t *value,
                      char *err, size_t errlen)
{
    if (strcmp(key->value, "ptfhost.flink-version") == 0) {
        const char *v = value->value;
        if (strcmp(v, "2.1") && strcmp(v, "2.2") && strcmp(v, "2.3")) {
            ERR_AT(value->pos, "Unsupported Flink version '%s': ptfhost reproduces 2.1, 2.2 and 2.3.", v);
            return -1;
        }
        s->flink_version = strcmp(v, "2.1") == 0 ? "2.1" : strcmp(v, "2.2") == 0 ? "2.2" : "2.3";
    } else if (strcmp(key->value, "ptfhost.processing-time") == 0) {
        char *end;
        errno = 0;
        long long ms = strtoll(value->value, &end, 10);
        if (errno || end == value->value || *end) {
            ERR_AT(value->pos, "'ptfhost.processing-time' takes epoch milliseconds, got '%s'.", value->value);
            return -1;
        }
        proctime_set(&s->clock, ms);
    } else if (strcmp(key->value, "ptfhost.jvm.heap") == 0 || strcmp(key->value, "ptfhost.jvm.metaspace") == 0) {
        const char *v = value->value;
        if (jvm_size_bytes(v) < 0) {
            ERR_AT(value->pos, "'%s' takes a JVM memory size such as 512m or 2g, got '%s'.", key->value, v);
            return -1;
        }
        if (s->vm) {
            ERR_AT(key->pos, "'%s' must be set before the JVM starts (before the first statement that loads a "
                             "JAR).", key->value);
            return -1;
        }
    } else if (strcmp(key->value, "sql-client.execution.result-mode") == 0) {
        if (strcmp(value->value, "tableau") == 0 || strcmp(value->value, "TABLEAU") == 0) s->format = SESSION_TABLEAU;
        else s->format = SESSION_CHANGELOG;
    }
    catalog_set(&s->catalog, key->value, value->value);
    return 0;
}

/* ---- the statement loop ------------------------------------------------------- */

static int run_stmt_body(session_t *s, const sqlp_script_t *script, const sqlp_stmt_t *st, char *err,
                         size_t errlen);

static int run_stmt(session_t *s, const sqlp_script_t *script, const sqlp_stmt_t *st, char *err, size_t errlen)
{
    job_uids_clear(&s->uids);
    int rc = run_stmt_body(s, script, st, err, errlen);
    job_uids_clear(&s->uids);
    return rc;
}

static int drop_table(session_t *s, const sqlp_script_t *script, const sqlp_drop_t *d, bool view, char *err,
                      size_t errlen)
{
    char *name = session_names_writable_key(s, script, &d->name, err, errlen);
    if (!name) return -1;
    int rc = catalog_drop_table(&s->catalog, name);
    if (rc != 0 && !d->if_exists) {
        char *id = session_names_identifier(s, &d->name);
        ERR_AT(d->name.pos, "%s with identifier '%s' does not exist.", view ? "View" : "Table", id);
        free(id);
    }
    free(name);
    return rc != 0 && !d->if_exists ? -1 : 0;
}

static int drop_function(session_t *s, const sqlp_script_t *script, const sqlp_drop_t *d, char *err, size_t errlen)
{
    const char *name = sqlp_name_last(&d->name)->name;
    if (catalog_drop_function(&s->catalog, name) != 0 && !d->if_exists) {
        ERR_AT(d->name.pos, "Function '%s' doesn't exist.", name);
        return -1;
    }
    return 0;
}

static int add_jar(session_t *s, const sqlp_script_t *script, const sqlp_str_t *path, char *err, size_t errlen)
{
    char *jar = resolve_jar(s, script, path, err, errlen);
    if (!jar) return -1;
    catalog_add_jar(&s->catalog, jar);
    free(jar);
    return 0;
}

/* SET 'k' = 'v', or SET alone: the options set so far. */
static int set_stmt(session_t *s, const sqlp_script_t *script, const sqlp_stmt_t *st, char *err, size_t errlen)
{
    if (st->u.set.key) return set_option(s, script, st->u.set.key, st->u.set.value, err, errlen);
    for (int i = 0; i < s->catalog.nconfig; i++)
        fprintf(s->out, "'%s' = '%s'\n", s->catalog.config[i].key, s->catalog.config[i].value);
    return 0;
}

/* A query, an INSERT or a statement set: each query is a job. */
static int run_jobs(session_t *s, const sqlp_script_t *script, const sqlp_stmt_t *st, char *err, size_t errlen)
{
    job_env_t env = job_env(s, script);
    if (st->kind == SQLP_STMT_QUERY) return job_run_query(&env, st->u.query, NULL, err, errlen);
    if (st->kind == SQLP_STMT_INSERT) return job_run_insert(&env, &st->u.insert, err, errlen);
    for (int i = 0; i < st->u.statement_set.n; i++)
        if (job_run_insert(&env, &st->u.statement_set.inserts[i]->u.insert, err, errlen) != 0) return -1;
    return 0;
}

static int run_stmt_body(session_t *s, const sqlp_script_t *script, const sqlp_stmt_t *st, char *err,
                         size_t errlen)
{
    switch (st->kind) {
    case SQLP_STMT_CREATE_TABLE: return create_table(s, script, &st->u.create_table, err, errlen);
    case SQLP_STMT_CREATE_VIEW: return create_view(s, script, &st->u.create_view, err, errlen);
    case SQLP_STMT_CREATE_FUNCTION: return create_function(s, script, &st->u.create_function, err, errlen);
    case SQLP_STMT_DROP_TABLE:
    case SQLP_STMT_DROP_VIEW:
        return drop_table(s, script, &st->u.drop, st->kind == SQLP_STMT_DROP_VIEW, err, errlen);
    case SQLP_STMT_DROP_FUNCTION: return drop_function(s, script, &st->u.drop, err, errlen);
    case SQLP_STMT_ADD_JAR: return add_jar(s, script, &st->u.add_jar, err, errlen);
    case SQLP_STMT_SHOW:
        if (st->u.show.what != SQLP_SHOW_FUNCTIONS && st->u.show.what != SQLP_SHOW_USER_FUNCTIONS)
            return session_names_stmt(s, script, st, err, errlen);
        return show(s, script, &st->u.show, err, errlen);
    case SQLP_STMT_DESCRIBE: return describe_table(s, script, &st->u.describe.name, err, errlen);
    case SQLP_STMT_SET: return set_stmt(s, script, st, err, errlen);
    case SQLP_STMT_RESET:
        catalog_reset(&s->catalog, st->u.reset_key ? st->u.reset_key->value : NULL);
        return 0;
    case SQLP_STMT_USE:
    case SQLP_STMT_USE_CATALOG:
    case SQLP_STMT_CREATE_CATALOG:
    case SQLP_STMT_CREATE_DATABASE:
    case SQLP_STMT_DROP_CATALOG:
    case SQLP_STMT_DROP_DATABASE: return session_names_stmt(s, script, st, err, errlen);
    case SQLP_STMT_QUERY:
    case SQLP_STMT_INSERT:
    case SQLP_STMT_STATEMENT_SET: return run_jobs(s, script, st, err, errlen);
    }
    snprintf(err, errlen, "unsupported statement");
    return -1;
}

static int run_stmts(session_t *s, const char *text, const char *filename, arena_t *a, sqlp_script_t **script,
                     char *err, size_t errlen)
{
    int rc = sqlp_parse_script(text, filename, a, script, err, errlen);
    for (int i = 0; rc == 0 && i < (*script)->nstmts; i++) rc = run_stmt(s, *script, (*script)->stmts[i], err, errlen);
    return rc;
}

int session_run_retained(session_t *s, const char *text, const char *filename, char *err, size_t errlen)
{
    sqlp_script_t *script = NULL;
    return run_stmts(s, arena_strdup(&s->retained, text), arena_strdup(&s->retained, filename), &s->retained,
                     &script, err, errlen);
}

int session_run_script(session_t *s, const char *text, const char *filename, char *err, size_t errlen)
{
    arena_t a;
    arena_init(&a, 0);
    sqlp_script_t *script = NULL;
    int rc = run_stmts(s, text, filename, &a, &script, err, errlen);
    /* Views over queries borrow this script's syntax tree, which dies here:
     * keep the ones that ran (their rows), drop the others. */
    for (int i = 0; script && i < s->catalog.ntables; i++) {
        catalog_table_t *t = s->catalog.tables[i];
        if (t->view_script != script) continue;
        if (t->has_events) {
            t->view_query = NULL;
            t->view_script = NULL;
        } else {
            catalog_drop_table(&s->catalog, t->name);
            i--;
        }
    }
    arena_destroy(&a);
    return rc;
}
