/* session.c - see session.h. DDL and the session's own statements are
 * handled here; queries go to job.c. */
#include "engine/session.h"
#include "engine/session_int.h"
#include "util/xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "connectors/format.h"
#include "engine/job.h"
#include "engine/plan.h"
#include "expr/expr.h"
#include "types/cast.h"
#include "jb.h"
#include "sql/sql.h"
#include "util/table_print.h"

#define ERR_AT(pos, ...) sqlp_format_error(script, (pos), 0, err, errlen, __VA_ARGS__)


void session_init(session_t *s, const char *base_dir, FILE *out)
{
    memset(s, 0, sizeof *s);
    catalog_init(&s->catalog);
    s->base_dir = xstrdup(base_dir ? base_dir : ".");
    s->out = out;
    s->flink_version = "2.3";
}

void session_free(session_t *s)
{
    job_uids_clear(&s->uids);
    catalog_free(&s->catalog);
    free(s->base_dir);
    if (s->vm) jb_vm_stop(s->vm);
    s->vm = NULL;
}

static int ensure_vm(session_t *s, char *err, size_t errlen)
{
    if (s->vm) return 0;
    jb_options_t opts = {.home = s->home};
    return jb_vm_start(&opts, &s->vm, err, errlen);
}

int session_describe(session_t *s, const char *const *jars, int njars, const char *class_name, ptf_sig_t **out,
                     char *err, size_t errlen)
{
    *out = NULL;
    if (ensure_vm(s, err, errlen) != 0) return -1;
    char *json = NULL;
    if (jb_describe(s->vm, jars, njars, class_name, &json, err, errlen) != 0) return -1;
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
        .format = s->format == SESSION_TABLEAU ? CONN_STDOUT_TABLEAU : CONN_STDOUT_CHANGELOG,
        .materialize = s->materialize,
        .time_limit_ms = s->time_limit_ms,
        .clock = &s->clock,
        .describe = plan_describe,
        .describe_ctx = s,
        .vm = &s->vm,
        .uids = &s->uids,
        .hooks = &s->hooks,
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
}

/* The physical and metadata columns; computed columns are not supported. */
static int table_columns(const sqlp_script_t *script, const sqlp_create_table_t *ct, catalog_table_t *t, char *err,
                         size_t errlen)
{
    for (int i = 0; i < ct->ncols; i++) {
        const sqlp_column_t *c = &ct->cols[i];
        if (c->kind == SQLP_COL_COMPUTED) {
            ERR_AT(c->name.pos, "Computed column '%s' is not supported by ptfhost yet; compute the value in the "
                                "input data instead.", c->name.name);
            return -1;
        }
        if (col_index(t->schema, c->name.name) >= 0) {
            ERR_AT(c->name.pos, "A column with the same name `%s` has been defined.", c->name.name);
            return -1;
        }
        type_t *ty = column_type(script, &c->type, err, errlen);
        if (!ty) return -1;
        type_add_field(t->schema, c->name.name, ty, NULL);
        if (c->kind == SQLP_COL_METADATA) table_metadata_column(c, t);
    }
    return 0;
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
    if (table_columns(script, ct, t, err, errlen) != 0 || table_primary_key(script, ct, t, err, errlen) != 0 ||
        table_watermark(script, ct->watermark, t, err, errlen) != 0 || table_options(script, ct, t, err, errlen) != 0) {
        catalog_table_free(t);
        return -1;
    }
    catalog_add_table(&s->catalog, t);
    return 0;
}

/* ---- CREATE VIEW v AS [SELECT * FROM] (VALUES ...) ----------------------------- */

typedef struct lit_col {
    type_id_t id;
    bool nullable;
    int precision, scale;    /* DECIMAL, VARCHAR length, TIMESTAMP precision */
    bool any_value;
    type_t *type;            /* the type of an expression item (CAST(...)), if there is one */
} lit_col_t;

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

/* INT < BIGINT < DECIMAL < DOUBLE; -1 for other types. */
static int numeric_rank(type_id_t id)
{
    return id == TYPE_INT ? 0 : id == TYPE_BIGINT ? 1 : id == TYPE_DECIMAL ? 2 : id == TYPE_DOUBLE ? 3 : -1;
}

static int literal_type(const sqlp_expr_t *e, lit_col_t *c)
{
    if (e->kind == SQLP_E_UNARY && e->u.op.op == SQLP_OP_NEG) e = e->u.op.a;
    if (e->kind != SQLP_E_LITERAL) return -1;
    const sqlp_literal_t *l = &e->u.lit;
    type_id_t id;
    int p = 0, sc = 0;
    switch (l->kind) {
    case SQLP_LIT_NULL: c->nullable = true; return 0;
    case SQLP_LIT_BOOL: id = TYPE_BOOLEAN; break;
    case SQLP_LIT_INTEGER:
        id = l->fits_int64 && l->i >= INT32_MIN && l->i <= INT32_MAX ? TYPE_INT : TYPE_BIGINT;
        break;
    case SQLP_LIT_DECIMAL: {
        const char *dot = strchr(l->text, '.');
        int digits = 0;
        for (const char *x = l->text; *x; x++) digits += isdigit((unsigned char)*x) != 0;
        sc = dot ? (int)strlen(dot + 1) : 0;
        p = digits < sc + 1 ? sc + 1 : digits;
        id = TYPE_DECIMAL;
        break;
    }
    case SQLP_LIT_DOUBLE: id = TYPE_DOUBLE; break;
    case SQLP_LIT_STRING: id = TYPE_VARCHAR; p = (int)strlen(l->text); break;
    case SQLP_LIT_DATE: id = TYPE_DATE; break;
    case SQLP_LIT_TIMESTAMP:
    case SQLP_LIT_TIMESTAMP_LTZ: {
        id = l->kind == SQLP_LIT_TIMESTAMP ? TYPE_TIMESTAMP : TYPE_TIMESTAMP_LTZ;
        const char *dot = strrchr(l->text, '.');
        p = dot && strchr(l->text, ':') < dot ? (int)strlen(dot + 1) : 0;
        break;
    }
    default: return -1;
    }
    if (!c->any_value) {
        c->id = id;
        c->precision = p;
        c->scale = sc;
        c->any_value = true;
        return 0;
    }
    if (c->id != id) {
        /* numeric widening as Flink's VALUES does: INT < BIGINT < DECIMAL < DOUBLE */
        int rank_c = numeric_rank(c->id), rank_n = numeric_rank(id);
        if (rank_c < 0 || rank_n < 0) return -2;
        if (rank_n > rank_c) {
            c->id = id;
            if (id == TYPE_DECIMAL) c->precision = p, c->scale = sc;
        }
        return 0;
    }
    if (p > c->precision) c->precision = p;
    if (sc > c->scale) c->scale = sc;
    return 0;
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
    t->view_query = cv->query;
    t->view_script = script;
    t->temporary = cv->temporary;
    catalog_add_table(&s->catalog, t);
    return 0;
}

/* A VALUES item that is not a plain literal (CAST('...' AS t), any
 * expression without columns): typed by the expression module. Rows agree
 * on a type family; lengths and precisions take the largest. */
static int expression_type(const sqlp_script_t *script, const sqlp_expr_t *e, lit_col_t *c, char *err,
                           size_t errlen)
{
    expr_env_t xenv = {script, NULL};
    expr_t *x = expr_compile(&xenv, e, NULL, err, errlen);
    if (!x) return -3;
    const type_t *t = expr_type(x);
    int rc = 0;
    if (t->id == TYPE_NULL) {
        c->nullable = true;
    } else if (!c->any_value || (c->id == t->id && !c->type)) {
        c->id = t->id;
        c->any_value = true;
        c->type = type_clone(t);
    } else if (c->id != t->id && numeric_rank(c->id) >= 0 && numeric_rank(t->id) >= 0) {
        if (numeric_rank(t->id) > numeric_rank(c->id)) {   /* INT < BIGINT < DECIMAL < DOUBLE, as for literals */
            c->id = t->id;
            type_free(c->type);
            c->type = type_clone(t);
        }
    } else if (c->id != t->id || !type_equals_ignore_null(c->type, t)) {
        rc = c->id == t->id && t->precision >= 0 ? 0 : -2;   /* CHAR(1) vs CHAR(3): the longer */
        if (rc == 0 && t->precision > c->type->precision) c->type->precision = t->precision;
    }
    if (t->nullable) c->nullable = true;
    expr_free(x);
    return rc;
}

/* The type of each VALUES column, from its literals (cols: ncols zeroed). */
static int values_types(const sqlp_script_t *script, const sqlp_query_t *vq, int ncols, lit_col_t *cols, char *err,
                        size_t errlen)
{
    for (int r = 0; r < vq->nrows; r++) {
        if (vq->rows[r].n != ncols) {
            ERR_AT(vq->rows[r].pos, "Values passed to VALUES operator must have compatible types: row %d has %d "
                                    "values, row 1 has %d.", r + 1, vq->rows[r].n, ncols);
            return -1;
        }
        for (int c = 0; c < ncols; c++) {
            const sqlp_expr_t *e = vq->rows[r].items[c];
            int rc = literal_type(e, &cols[c]);
            if (rc == -1) rc = expression_type(script, e, &cols[c], err, errlen);
            if (rc == -3) return -1;
            if (rc != 0) {
                ERR_AT(e->pos, "Values passed to VALUES operator must have compatible types.");
                return -1;
            }
        }
    }
    return 0;
}

static type_t *values_schema(const lit_col_t *cols, int ncols, const sqlp_ident_t *aliases, int naliases)
{
    type_t *schema = type_new(TYPE_ROW, true);
    for (int c = 0; c < ncols; c++) {
        /* an expression's type, unless a later literal widened the column */
        const type_t *xt = cols[c].type && cols[c].type->id == cols[c].id ? cols[c].type : NULL;
        type_t *ty = xt ? type_clone(xt) : type_new(cols[c].any_value ? cols[c].id : TYPE_NULL, false);
        ty->nullable = cols[c].nullable || ty->nullable;
        if ((ty->id == TYPE_VARCHAR || ty->id == TYPE_TIMESTAMP || ty->id == TYPE_TIMESTAMP_LTZ) &&
            (!xt || cols[c].precision > ty->precision))
            ty->precision = cols[c].precision;
        if (ty->id == TYPE_VARCHAR && ty->precision == 0) ty->precision = 1;
        if (ty->id == TYPE_DECIMAL && !xt) ty->precision = cols[c].precision, ty->scale = cols[c].scale;
        char def[16];
        snprintf(def, sizeof def, "EXPR$%d", c);
        type_add_field(schema, naliases ? aliases[c].name : def, ty, NULL);
    }
    return schema;
}

/* An expression item's value as the column's type (copied into a). */
static int expression_value(const sqlp_script_t *script, const sqlp_expr_t *e, const type_t *ct, arena_t *a,
                            value_t *out, char *err, size_t errlen)
{
    expr_env_t xenv = {script, NULL};
    expr_t *x = expr_compile(&xenv, e, NULL, err, errlen);
    if (!x) return -1;
    arena_t scratch;
    arena_init(&scratch, 0);
    value_t v;
    char xerr[512];
    int rc = expr_eval(x, NULL, &scratch, &v, xerr, sizeof xerr);
    if (rc != 0) ERR_AT(e->pos, "Evaluating a VALUES item failed: %s", xerr);
    if (rc == 0 && !v.is_null && !type_equals_ignore_null(expr_type(x), ct))
        v = cast_value(&v, expr_type(x), ct, &scratch);
    if (rc == 0) *out = value_copy(&v, ct, a);
    arena_destroy(&scratch);
    expr_free(x);
    return rc;
}

/* The rows, as values of the view's column types. */
static int values_rows(session_t *s, const sqlp_script_t *script, const sqlp_query_t *vq, catalog_table_t *t,
                       char *err, size_t errlen)
{
    int ncols = t->schema->nfields;
    t->nrows = (size_t)vq->nrows;
    t->rows = calloc(t->nrows + 1, sizeof *t->rows);
    plan_env_t env = {&s->catalog, script, NULL, NULL, s->flink_version};
    for (int r = 0; r < vq->nrows; r++) {
        row_t *row = &t->rows[r];
        row->kind = ROW_INSERT;
        row->n = (uint32_t)ncols;
        row->fields = arena_calloc(&t->arena, (size_t)ncols + 1, sizeof(value_t));
        for (int c = 0; c < ncols; c++) {
            const sqlp_expr_t *e = vq->rows[r].items[c];
            const type_t *ct = t->schema->fields[c].type;
            lit_col_t probe = {0};
            int rc = literal_type(e, &probe) != -1
                         ? plan_literal_value(&env, e, ct, t->schema->fields[c].name, &t->arena, &row->fields[c], err,
                                              errlen)
                         : expression_value(script, e, ct, &t->arena, &row->fields[c], err, errlen);
            if (rc != 0) return -1;
        }
    }
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
    int ncols = vq->nrows ? vq->rows[0].n : 0;
    lit_col_t *cols = calloc((size_t)ncols + 1, sizeof *cols);
    catalog_table_t *t = catalog_table_new(name);
    free(name);
    t->is_values = true;
    t->temporary = cv->temporary;
    int rc = values_types(script, vq, ncols, cols, err, errlen);
    if (rc == 0 && naliases && naliases != ncols) {
        ERR_AT(cv->name.pos, "The view's column list has %d names but the VALUES rows have %d columns.", naliases,
               ncols);
        rc = -1;
    }
    if (rc == 0) {
        t->schema = values_schema(cols, ncols, aliases, naliases);
        rc = values_rows(s, script, vq, t, err, errlen);
    }
    for (int c = 0; c < ncols; c++) type_free(cols[c].type);
    free(cols);
    if (rc != 0) {
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

static void show(session_t *s, const sqlp_show_t *sh)
{
    (void)sh;   /* SHOW [USER] FUNCTIONS: one list */
    catalog_t *c = &s->catalog;
    char **names = calloc((size_t)c->nfunctions + 1, sizeof *names);
    for (int i = 0; i < c->nfunctions; i++) names[i] = c->functions[i]->name;
    session_show_names(s->out, "function name", names, c->nfunctions);
    free(names);
}

/* Flink's extras column: METADATA [FROM 'key'] [VIRTUAL]. */
static char *describe_extras(const catalog_table_t *t, int col, arena_t *a)
{
    if (!catalog_column_is_metadata(t, col)) return "";
    const catalog_metadata_t *m = &t->metadata[col];
    buf_t b = BUF_INIT;
    buf_puts(&b, "METADATA");
    if (strcmp(m->key, t->schema->fields[col].name) != 0) buf_printf(&b, " FROM '%s'", m->key);
    if (m->is_virtual) buf_puts(&b, " VIRTUAL");
    char *out = arena_strdup(a, buf_cstr(&b));
    buf_free(&b);
    return out;
}

static int describe_table(session_t *s, const sqlp_script_t *script, const sqlp_name_t *name, char *err,
                          size_t errlen)
{
    catalog_table_t *t = plan_find_table(&s->catalog, name);
    if (!t) {
        char *n = plan_name_string(name);
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
        if (ty->time_kind == TYPE_TK_ROWTIME) {
            char tmp[256];
            snprintf(tmp, sizeof tmp, "%s *ROWTIME*", tn);
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

static int drop_table(session_t *s, const sqlp_script_t *script, const sqlp_drop_t *d, char *err, size_t errlen)
{
    char *name = session_names_writable_key(s, script, &d->name, err, errlen);
    if (!name) return -1;
    int rc = catalog_drop_table(&s->catalog, name);
    if (rc != 0 && !d->if_exists) ERR_AT(d->name.pos, "Table or view with identifier '%s' doesn't exist.", name);
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
    case SQLP_STMT_DROP_VIEW: return drop_table(s, script, &st->u.drop, err, errlen);
    case SQLP_STMT_DROP_FUNCTION: return drop_function(s, script, &st->u.drop, err, errlen);
    case SQLP_STMT_ADD_JAR: return add_jar(s, script, &st->u.add_jar, err, errlen);
    case SQLP_STMT_SHOW:
        if (st->u.show.what != SQLP_SHOW_FUNCTIONS && st->u.show.what != SQLP_SHOW_USER_FUNCTIONS)
            return session_names_stmt(s, script, st, err, errlen);
        show(s, &st->u.show);
        return 0;
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

int session_run_script(session_t *s, const char *text, const char *filename, char *err, size_t errlen)
{
    arena_t a;
    arena_init(&a, 0);
    sqlp_script_t *script = NULL;
    int rc = sqlp_parse_script(text, filename, &a, &script, err, errlen);
    for (int i = 0; rc == 0 && i < script->nstmts; i++) rc = run_stmt(s, script, script->stmts[i], err, errlen);
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
