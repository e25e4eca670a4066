/* sql_dump.c - names of AST enums, name helpers, and the S-expression dump.
 *
 * The dump spells the tree out so that a test can state a whole parse in one
 * line ("(+ a (* b c))") and a developer can see what the parser made of a
 * statement. Its format is stable: tests depend on it. */
#include "sql/sql.h"

#include <string.h>

const char *sqlp_stmt_kind_name(sqlp_stmt_kind_t kind)
{
    switch (kind) {
    case SQLP_STMT_CREATE_TABLE: return "CREATE TABLE";
    case SQLP_STMT_CREATE_VIEW: return "CREATE VIEW";
    case SQLP_STMT_CREATE_FUNCTION: return "CREATE FUNCTION";
    case SQLP_STMT_DROP_TABLE: return "DROP TABLE";
    case SQLP_STMT_DROP_VIEW: return "DROP VIEW";
    case SQLP_STMT_DROP_FUNCTION: return "DROP FUNCTION";
    case SQLP_STMT_ADD_JAR: return "ADD JAR";
    case SQLP_STMT_SHOW: return "SHOW";
    case SQLP_STMT_DESCRIBE: return "DESCRIBE";
    case SQLP_STMT_SET: return "SET";
    case SQLP_STMT_RESET: return "RESET";
    case SQLP_STMT_USE: return "USE";
    case SQLP_STMT_USE_CATALOG: return "USE CATALOG";
    case SQLP_STMT_QUERY: return "SELECT";
    case SQLP_STMT_INSERT: return "INSERT INTO";
    case SQLP_STMT_STATEMENT_SET: return "STATEMENT SET";
    case SQLP_STMT_CREATE_CATALOG: return "CREATE CATALOG";
    case SQLP_STMT_CREATE_DATABASE: return "CREATE DATABASE";
    case SQLP_STMT_DROP_CATALOG: return "DROP CATALOG";
    case SQLP_STMT_DROP_DATABASE: return "DROP DATABASE";
    }
    return "?";
}

const char *sqlp_op_name(sqlp_op_t op)
{
    switch (op) {
    case SQLP_OP_NEG: return "-";
    case SQLP_OP_PLUS: return "+";
    case SQLP_OP_NOT: return "NOT";
    case SQLP_OP_IS_NULL: return "IS NULL";
    case SQLP_OP_IS_NOT_NULL: return "IS NOT NULL";
    case SQLP_OP_IS_TRUE: return "IS TRUE";
    case SQLP_OP_IS_NOT_TRUE: return "IS NOT TRUE";
    case SQLP_OP_IS_FALSE: return "IS FALSE";
    case SQLP_OP_IS_NOT_FALSE: return "IS NOT FALSE";
    case SQLP_OP_IS_UNKNOWN: return "IS UNKNOWN";
    case SQLP_OP_IS_NOT_UNKNOWN: return "IS NOT UNKNOWN";
    case SQLP_OP_MUL: return "*";
    case SQLP_OP_DIV: return "/";
    case SQLP_OP_MOD: return "%";
    case SQLP_OP_CONCAT: return "||";
    case SQLP_OP_ADD: return "+";
    case SQLP_OP_SUB: return "-";
    case SQLP_OP_EQ: return "=";
    case SQLP_OP_NE: return "<>";
    case SQLP_OP_LT: return "<";
    case SQLP_OP_LE: return "<=";
    case SQLP_OP_GT: return ">";
    case SQLP_OP_GE: return ">=";
    case SQLP_OP_IS_DISTINCT_FROM: return "IS DISTINCT FROM";
    case SQLP_OP_IS_NOT_DISTINCT_FROM: return "IS NOT DISTINCT FROM";
    case SQLP_OP_AND: return "AND";
    case SQLP_OP_OR: return "OR";
    }
    return "?";
}

const char *sqlp_time_unit_name(sqlp_time_unit_t unit)
{
    switch (unit) {
    case SQLP_UNIT_YEAR: return "YEAR";
    case SQLP_UNIT_QUARTER: return "QUARTER";
    case SQLP_UNIT_MONTH: return "MONTH";
    case SQLP_UNIT_WEEK: return "WEEK";
    case SQLP_UNIT_DAY: return "DAY";
    case SQLP_UNIT_HOUR: return "HOUR";
    case SQLP_UNIT_MINUTE: return "MINUTE";
    case SQLP_UNIT_SECOND: return "SECOND";
    case SQLP_UNIT_MILLISECOND: return "MILLISECOND";
    }
    return "?";
}

char *sqlp_name_str(arena_t *a, const sqlp_name_t *name)
{
    size_t n = 0;
    for (int k = 0; k < name->nparts; k++)
        n += strlen(name->parts[k].name) + 1;
    char *s = arena_alloc(a, n ? n : 1);
    s[0] = '\0';
    char *w = s;
    for (int k = 0; k < name->nparts; k++) {
        if (k)
            *w++ = '.';
        size_t l = strlen(name->parts[k].name);
        memcpy(w, name->parts[k].name, l + 1);
        w += l;
    }
    return s;
}

const sqlp_ident_t *sqlp_name_last(const sqlp_name_t *name)
{
    return name->nparts > 0 ? &name->parts[name->nparts - 1] : NULL;
}

/* ---- dump -------------------------------------------------------------- */

static void dump_quoted(buf_t *b, const char *s, char q)
{
    buf_putc(b, q);
    for (; *s; s++) {
        if (*s == q)
            buf_putc(b, q);
        buf_putc(b, *s);
    }
    buf_putc(b, q);
}

static void dump_ident(buf_t *b, const sqlp_ident_t *id)
{
    if (id->quoted)
        dump_quoted(b, id->name, '`');
    else
        buf_puts(b, id->name);
}

static void dump_name(buf_t *b, const sqlp_name_t *n)
{
    for (int k = 0; k < n->nparts; k++) {
        if (k)
            buf_putc(b, '.');
        dump_ident(b, &n->parts[k]);
    }
}

static void dump_idents(buf_t *b, const sqlp_ident_t *ids, int n)
{
    for (int k = 0; k < n; k++) {
        if (k)
            buf_putc(b, ' ');
        dump_ident(b, &ids[k]);
    }
}

static void dump_str(buf_t *b, const sqlp_str_t *s)
{
    dump_quoted(b, s->value, '\'');
}

static void dump_list(buf_t *b, sqlp_expr_t *const *items, int n)
{
    for (int k = 0; k < n; k++) {
        buf_putc(b, ' ');
        sqlp_dump_expr(b, items[k]);
    }
}

static void dump_literal(buf_t *b, const sqlp_literal_t *l)
{
    switch (l->kind) {
    case SQLP_LIT_NULL:
    case SQLP_LIT_BOOL:
    case SQLP_LIT_INTEGER:
    case SQLP_LIT_DECIMAL:
    case SQLP_LIT_DOUBLE:
        buf_puts(b, l->text);
        break;
    case SQLP_LIT_STRING:
        dump_quoted(b, l->text, '\'');
        break;
    case SQLP_LIT_BINARY:
        buf_printf(b, "X'%s'", l->text);
        break;
    case SQLP_LIT_DATE:
        buf_puts(b, "DATE ");
        dump_quoted(b, l->text, '\'');
        break;
    case SQLP_LIT_TIME:
        buf_puts(b, "TIME ");
        dump_quoted(b, l->text, '\'');
        break;
    case SQLP_LIT_TIMESTAMP:
        buf_puts(b, "TIMESTAMP ");
        dump_quoted(b, l->text, '\'');
        break;
    case SQLP_LIT_TIMESTAMP_LTZ:
        buf_puts(b, "TIMESTAMP_LTZ ");
        dump_quoted(b, l->text, '\'');
        break;
    case SQLP_LIT_INTERVAL:
        buf_printf(b, "(INTERVAL %lld%s)", (long long)l->interval.value, l->interval.year_month ? "mo" : "ms");
        break;
    }
}

static void dump_table_arg(buf_t *b, const sqlp_table_arg_t *t)
{
    buf_puts(b, "(TABLE ");
    if (t->table)
        dump_name(b, t->table);
    else
        sqlp_dump_query(b, t->query);
    if (t->npartition) {
        buf_puts(b, " (PARTITION BY ");
        dump_idents(b, t->partition_by, t->npartition);
        buf_putc(b, ')');
    }
    if (t->norder) {
        buf_puts(b, " (ORDER BY");
        for (int k = 0; k < t->norder; k++) {
            buf_putc(b, ' ');
            dump_ident(b, &t->order_by[k].col);
            buf_puts(b, t->order_by[k].desc ? " DESC" : " ASC");
            if (t->order_by[k].nulls)
                buf_puts(b, t->order_by[k].nulls == 1 ? " NULLS FIRST" : " NULLS LAST");
        }
        buf_putc(b, ')');
    }
    buf_putc(b, ')');
}

void sqlp_dump_expr(buf_t *b, const sqlp_expr_t *e)
{
    switch (e->kind) {
    case SQLP_E_LITERAL:
        dump_literal(b, &e->u.lit);
        break;
    case SQLP_E_COLUMN:
        dump_name(b, &e->u.name);
        break;
    case SQLP_E_STAR:
        if (e->u.name.nparts) {
            dump_name(b, &e->u.name);
            buf_putc(b, '.');
        }
        buf_putc(b, '*');
        break;
    case SQLP_E_UNARY:
        buf_printf(b, "(%s ", sqlp_op_name(e->u.op.op));
        sqlp_dump_expr(b, e->u.op.a);
        buf_putc(b, ')');
        break;
    case SQLP_E_BINARY:
        buf_printf(b, "(%s ", sqlp_op_name(e->u.op.op));
        sqlp_dump_expr(b, e->u.op.a);
        buf_putc(b, ' ');
        sqlp_dump_expr(b, e->u.op.b);
        buf_putc(b, ')');
        break;
    case SQLP_E_BETWEEN:
        buf_puts(b, e->u.between.negated ? "(NOT BETWEEN " : "(BETWEEN ");
        sqlp_dump_expr(b, e->u.between.a);
        buf_putc(b, ' ');
        sqlp_dump_expr(b, e->u.between.low);
        buf_putc(b, ' ');
        sqlp_dump_expr(b, e->u.between.high);
        buf_putc(b, ')');
        break;
    case SQLP_E_IN:
        buf_puts(b, e->u.in.negated ? "(NOT IN " : "(IN ");
        sqlp_dump_expr(b, e->u.in.a);
        buf_puts(b, " (");
        for (int k = 0; k < e->u.in.n; k++) {
            if (k)
                buf_putc(b, ' ');
            sqlp_dump_expr(b, e->u.in.list[k]);
        }
        buf_puts(b, "))");
        break;
    case SQLP_E_LIKE:
        buf_puts(b, e->u.like.negated ? "(NOT LIKE " : "(LIKE ");
        sqlp_dump_expr(b, e->u.like.a);
        buf_putc(b, ' ');
        sqlp_dump_expr(b, e->u.like.pattern);
        if (e->u.like.escape) {
            buf_puts(b, " ESCAPE ");
            sqlp_dump_expr(b, e->u.like.escape);
        }
        buf_putc(b, ')');
        break;
    case SQLP_E_CALL:
        buf_puts(b, e->u.call.niladic ? "(niladic " : "(call ");
        dump_name(b, &e->u.call.name);
        if (e->u.call.distinct)
            buf_puts(b, " DISTINCT");
        for (int k = 0; k < e->u.call.nargs; k++) {
            const sqlp_arg_t *a = &e->u.call.args[k];
            buf_putc(b, ' ');
            if (a->name) {
                buf_puts(b, "(=> ");
                dump_ident(b, a->name);
                buf_putc(b, ' ');
            }
            sqlp_dump_expr(b, a->value);
            if (a->name)
                buf_putc(b, ')');
        }
        buf_putc(b, ')');
        break;
    case SQLP_E_CAST:
        buf_puts(b, e->u.cast.try_cast ? "(TRY_CAST " : "(CAST ");
        sqlp_dump_expr(b, e->u.cast.a);
        buf_printf(b, " \"%s\")", e->u.cast.type.text);
        break;
    case SQLP_E_CASE:
        buf_puts(b, "(CASE");
        if (e->u.case_.operand) {
            buf_putc(b, ' ');
            sqlp_dump_expr(b, e->u.case_.operand);
        }
        for (int k = 0; k < e->u.case_.nwhen; k++) {
            buf_puts(b, " (WHEN ");
            sqlp_dump_expr(b, e->u.case_.whens[k].when);
            buf_putc(b, ' ');
            sqlp_dump_expr(b, e->u.case_.whens[k].then);
            buf_putc(b, ')');
        }
        if (e->u.case_.else_) {
            buf_puts(b, " (ELSE ");
            sqlp_dump_expr(b, e->u.case_.else_);
            buf_putc(b, ')');
        }
        buf_putc(b, ')');
        break;
    case SQLP_E_ARRAY:
    case SQLP_E_MAP:
    case SQLP_E_ROW:
        buf_puts(b, e->kind == SQLP_E_ARRAY ? "(ARRAY" : e->kind == SQLP_E_MAP ? "(MAP" : "(ROW");
        dump_list(b, e->u.list.items, e->u.list.n);
        buf_putc(b, ')');
        break;
    case SQLP_E_ITEM:
        buf_puts(b, e->u.item.dot ? "(DOT " : "(ITEM ");
        sqlp_dump_expr(b, e->u.item.a);
        buf_putc(b, ' ');
        sqlp_dump_expr(b, e->u.item.index);
        buf_putc(b, ')');
        break;
    case SQLP_E_SYMBOL:
        buf_printf(b, ":%s", e->u.symbol);
        break;
    case SQLP_E_DESCRIPTOR:
        buf_puts(b, "(DESCRIPTOR ");
        dump_idents(b, e->u.descriptor.cols, e->u.descriptor.n);
        buf_putc(b, ')');
        break;
    case SQLP_E_DEFAULT:
        buf_puts(b, "DEFAULT");
        break;
    case SQLP_E_TABLE_ARG:
        dump_table_arg(b, &e->u.table);
        break;
    }
}

static void dump_from(buf_t *b, const sqlp_from_t *f)
{
    if (f->alias)
        buf_puts(b, "(AS ");
    switch (f->kind) {
    case SQLP_FROM_TABLE: dump_name(b, f->table); break;
    case SQLP_FROM_SUBQUERY: sqlp_dump_query(b, f->query); break;
    case SQLP_FROM_CALL: sqlp_dump_expr(b, f->call); break;
    }
    if (f->alias) {
        buf_putc(b, ' ');
        dump_ident(b, f->alias);
        if (f->ncol_aliases) {
            buf_puts(b, " (");
            dump_idents(b, f->col_aliases, f->ncol_aliases);
            buf_putc(b, ')');
        }
        buf_putc(b, ')');
    }
}

void sqlp_dump_query(buf_t *b, const sqlp_query_t *q)
{
    if (q->nwith) {
        buf_puts(b, "(WITH");
        for (int k = 0; k < q->nwith; k++) {
            buf_puts(b, " (");
            dump_ident(b, &q->with[k].name);
            if (q->with[k].ncols) {
                buf_puts(b, " (");
                dump_idents(b, q->with[k].cols, q->with[k].ncols);
                buf_putc(b, ')');
            }
            buf_putc(b, ' ');
            sqlp_dump_query(b, q->with[k].query);
            buf_putc(b, ')');
        }
        buf_putc(b, ' ');
    }
    if (q->kind == SQLP_Q_VALUES) {
        buf_puts(b, "(VALUES");
        for (int r = 0; r < q->nrows; r++) {
            buf_puts(b, " (");
            for (int k = 0; k < q->rows[r].n; k++) {
                if (k)
                    buf_putc(b, ' ');
                sqlp_dump_expr(b, q->rows[r].items[k]);
            }
            buf_putc(b, ')');
        }
        buf_putc(b, ')');
    } else {
        buf_puts(b, "(SELECT");
        for (int k = 0; k < q->nitems; k++) {
            buf_putc(b, ' ');
            if (q->items[k].alias) {
                buf_puts(b, "(AS ");
                sqlp_dump_expr(b, q->items[k].expr);
                buf_putc(b, ' ');
                dump_ident(b, q->items[k].alias);
                buf_putc(b, ')');
            } else {
                sqlp_dump_expr(b, q->items[k].expr);
            }
        }
        if (q->from) {
            buf_puts(b, " (FROM ");
            dump_from(b, q->from);
            buf_putc(b, ')');
        }
        if (q->where) {
            buf_puts(b, " (WHERE ");
            sqlp_dump_expr(b, q->where);
            buf_putc(b, ')');
        }
        buf_putc(b, ')');
    }
    if (q->union_all) {   /* the rest of the chain nests: a (UNION ALL b (UNION ALL c)) */
        buf_puts(b, " (UNION ALL ");
        sqlp_dump_query(b, q->union_all);
        buf_putc(b, ')');
    }
    if (q->nwith)
        buf_putc(b, ')');
}

static void dump_create_table(buf_t *b, const sqlp_create_table_t *t)
{
    buf_puts(b, t->temporary ? "(CREATE TEMPORARY TABLE " : "(CREATE TABLE ");
    if (t->if_not_exists)
        buf_puts(b, "IF NOT EXISTS ");
    dump_name(b, &t->name);
    for (int k = 0; k < t->ncols; k++) {
        const sqlp_column_t *c = &t->cols[k];
        static const char *const kinds[] = {"COLUMN", "COMPUTED", "METADATA"};
        buf_printf(b, " (%s ", kinds[c->kind]);
        dump_ident(b, &c->name);
        if (c->kind == SQLP_COL_COMPUTED) {
            buf_putc(b, ' ');
            sqlp_dump_expr(b, c->expr);
            buf_printf(b, " \"%s\"", c->expr_text.text);
        } else {
            buf_printf(b, " \"%s\"", c->type.text);
        }
        if (c->metadata_key) {
            buf_puts(b, " FROM ");
            dump_str(b, c->metadata_key);
        }
        if (c->is_virtual)
            buf_puts(b, " VIRTUAL");
        if (c->primary_key)
            buf_puts(b, " PRIMARY KEY");
        if (c->comment) {
            buf_puts(b, " COMMENT ");
            dump_str(b, c->comment);
        }
        buf_putc(b, ')');
    }
    if (t->watermark) {
        buf_puts(b, " (WATERMARK FOR ");
        dump_ident(b, &t->watermark->column);
        buf_puts(b, " AS ");
        sqlp_dump_expr(b, t->watermark->expr);
        buf_puts(b, " source=");
        dump_ident(b, &t->watermark->source);
        buf_printf(b, " delay=%lldms)", (long long)t->watermark->delay_ms);
    }
    if (t->npk) {
        buf_puts(b, " (PRIMARY KEY ");
        dump_idents(b, t->pk, t->npk);
        buf_putc(b, ')');
    }
    if (t->comment) {
        buf_puts(b, " (COMMENT ");
        dump_str(b, t->comment);
        buf_putc(b, ')');
    }
    if (t->ndist || t->dist_buckets >= 0) {
        buf_puts(b, " (DISTRIBUTED");
        if (t->ndist) {
            buf_puts(b, " BY ");
            if (t->dist_kind)
                buf_printf(b, "%s ", t->dist_kind);
            buf_putc(b, '(');
            dump_idents(b, t->dist_cols, t->ndist);
            buf_putc(b, ')');
        }
        if (t->dist_buckets >= 0)
            buf_printf(b, " INTO %lld BUCKETS", (long long)t->dist_buckets);
        buf_putc(b, ')');
    }
    if (t->npartitioned) {
        buf_puts(b, " (PARTITIONED BY ");
        dump_idents(b, t->partitioned_by, t->npartitioned);
        buf_putc(b, ')');
    }
    if (t->noptions) {
        buf_puts(b, " (WITH");
        for (int k = 0; k < t->noptions; k++) {
            buf_putc(b, ' ');
            dump_str(b, &t->options[k].key);
            buf_putc(b, '=');
            dump_str(b, &t->options[k].value);
        }
        buf_putc(b, ')');
    }
    buf_putc(b, ')');
}

static void dump_flags(buf_t *b, bool temporary, bool system)
{
    if (temporary)
        buf_puts(b, "TEMPORARY ");
    if (system)
        buf_puts(b, "SYSTEM ");
}

void sqlp_dump_stmt(buf_t *b, const sqlp_stmt_t *s)
{
    switch (s->kind) {
    case SQLP_STMT_CREATE_TABLE:
        dump_create_table(b, &s->u.create_table);
        break;
    case SQLP_STMT_CREATE_VIEW: {
        const sqlp_create_view_t *v = &s->u.create_view;
        buf_puts(b, "(CREATE ");
        dump_flags(b, v->temporary, false);
        buf_puts(b, "VIEW ");
        if (v->if_not_exists)
            buf_puts(b, "IF NOT EXISTS ");
        dump_name(b, &v->name);
        if (v->ncols) {
            buf_puts(b, " (");
            dump_idents(b, v->cols, v->ncols);
            buf_putc(b, ')');
        }
        if (v->comment) {
            buf_puts(b, " COMMENT ");
            dump_str(b, v->comment);
        }
        buf_putc(b, ' ');
        sqlp_dump_query(b, v->query);
        buf_putc(b, ')');
        break;
    }
    case SQLP_STMT_CREATE_FUNCTION: {
        const sqlp_create_function_t *f = &s->u.create_function;
        buf_puts(b, "(CREATE ");
        dump_flags(b, f->temporary, f->system);
        buf_puts(b, "FUNCTION ");
        if (f->if_not_exists)
            buf_puts(b, "IF NOT EXISTS ");
        dump_name(b, &f->name);
        buf_putc(b, ' ');
        dump_str(b, &f->class_name);
        buf_printf(b, " LANGUAGE %s", f->language);
        if (f->njars) {
            buf_puts(b, " (USING JAR");
            for (int k = 0; k < f->njars; k++) {
                buf_putc(b, ' ');
                dump_str(b, &f->jars[k]);
            }
            buf_putc(b, ')');
        }
        buf_putc(b, ')');
        break;
    }
    case SQLP_STMT_DROP_TABLE:
    case SQLP_STMT_DROP_VIEW:
    case SQLP_STMT_DROP_FUNCTION: {
        const sqlp_drop_t *d = &s->u.drop;
        buf_puts(b, "(DROP ");
        dump_flags(b, d->temporary, d->system);
        buf_puts(b, s->kind == SQLP_STMT_DROP_TABLE ? "TABLE " : s->kind == SQLP_STMT_DROP_VIEW ? "VIEW " : "FUNCTION ");
        if (d->if_exists)
            buf_puts(b, "IF EXISTS ");
        dump_name(b, &d->name);
        buf_putc(b, ')');
        break;
    }
    case SQLP_STMT_ADD_JAR:
        buf_puts(b, "(ADD JAR ");
        dump_str(b, &s->u.add_jar);
        buf_putc(b, ')');
        break;
    case SQLP_STMT_SHOW: {
        static const char *const what[] = {"TABLES", "FUNCTIONS", "USER FUNCTIONS", "CATALOGS", "DATABASES",
                                           "CURRENT CATALOG", "CURRENT DATABASE", "CREATE TABLE",
                                           "CREATE VIEW"};
        buf_printf(b, "(SHOW %s", what[s->u.show.what]);
        if (s->u.show.what == SQLP_SHOW_CREATE_TABLE || s->u.show.what == SQLP_SHOW_CREATE_VIEW) {
            buf_putc(b, ' ');
            dump_name(b, &s->u.show.name);
        }
        if (s->u.show.like) {
            buf_printf(b, " %s%s ", s->u.show.not_like ? "NOT " : "", s->u.show.ilike ? "ILIKE" : "LIKE");
            dump_str(b, s->u.show.like);
        }
        buf_putc(b, ')');
        break;
    }
    case SQLP_STMT_DESCRIBE:
        buf_puts(b, s->u.describe.extended ? "(DESCRIBE EXTENDED " : "(DESCRIBE ");
        dump_name(b, &s->u.describe.name);
        buf_putc(b, ')');
        break;
    case SQLP_STMT_SET:
        buf_puts(b, "(SET");
        if (s->u.set.key) {
            buf_putc(b, ' ');
            dump_str(b, s->u.set.key);
            buf_putc(b, ' ');
            dump_str(b, s->u.set.value);
        }
        buf_putc(b, ')');
        break;
    case SQLP_STMT_RESET:
        buf_puts(b, "(RESET");
        if (s->u.reset_key) {
            buf_putc(b, ' ');
            dump_str(b, s->u.reset_key);
        }
        buf_putc(b, ')');
        break;
    case SQLP_STMT_USE:
    case SQLP_STMT_USE_CATALOG:
        buf_puts(b, s->kind == SQLP_STMT_USE ? "(USE " : "(USE CATALOG ");
        dump_name(b, &s->u.use);
        buf_putc(b, ')');
        break;
    case SQLP_STMT_QUERY:
        sqlp_dump_query(b, s->u.query);
        break;
    case SQLP_STMT_INSERT:
        buf_puts(b, "(INSERT INTO ");
        dump_name(b, &s->u.insert.table);
        if (s->u.insert.ncols) {
            buf_puts(b, " (");
            dump_idents(b, s->u.insert.cols, s->u.insert.ncols);
            buf_putc(b, ')');
        }
        buf_putc(b, ' ');
        sqlp_dump_query(b, s->u.insert.query);
        buf_putc(b, ')');
        break;
    case SQLP_STMT_CREATE_CATALOG:
    case SQLP_STMT_CREATE_DATABASE:
        buf_puts(b, s->kind == SQLP_STMT_CREATE_CATALOG ? "(CREATE CATALOG " : "(CREATE DATABASE ");
        if (s->u.create_catalog.if_not_exists)
            buf_puts(b, "IF NOT EXISTS ");
        dump_name(b, &s->u.create_catalog.name);
        buf_putc(b, ')');
        break;
    case SQLP_STMT_DROP_CATALOG:
    case SQLP_STMT_DROP_DATABASE:
        buf_puts(b, s->kind == SQLP_STMT_DROP_CATALOG ? "(DROP CATALOG " : "(DROP DATABASE ");
        if (s->u.drop.if_exists)
            buf_puts(b, "IF EXISTS ");
        dump_name(b, &s->u.drop.name);
        buf_puts(b, s->u.drop.cascade ? " CASCADE)" : ")");
        break;
    case SQLP_STMT_STATEMENT_SET:
        buf_puts(b, "(STATEMENT SET");
        for (int k = 0; k < s->u.statement_set.n; k++) {
            buf_putc(b, ' ');
            sqlp_dump_stmt(b, s->u.statement_set.inserts[k]);
        }
        buf_putc(b, ')');
        break;
    }
}
