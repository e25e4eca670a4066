/* catalog_ddl.c - a table's DDL as Flink's SHOW CREATE TABLE prints it
 * (ShowCreateUtil in flink-table-api-java), see catalog.h. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "util/buf.h"

#define INDENT "  "   /* ShowCreateUtil.PRINT_INDENT */

/* text between quote characters q, a q inside doubled: EncodingUtils's
 * escapeIdentifier (`name`) and escapeSingleQuotes ('text'). */
static void put_escaped(buf_t *b, const char *text, char q)
{
    buf_putc(b, q);
    for (const char *p = text; *p; p++) {
        if (*p == q) buf_putc(b, q);
        buf_putc(b, *p);
    }
    buf_putc(b, q);
}

static void put_ident(buf_t *b, const char *name) { put_escaped(b, name, '`'); }
static void put_quoted(buf_t *b, const char *text) { put_escaped(b, text, '\''); }

/* ---- expressions --------------------------------------------------------------- */

static bool is_word_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '$'; }

static bool is_column(const catalog_table_t *t, const char *word, size_t n)
{
    for (int i = 0; t && t->schema && i < t->schema->nfields; i++)
        if (strlen(t->schema->fields[i].name) == n && strncmp(t->schema->fields[i].name, word, n) == 0) return true;
    return false;
}

/* A word of the expression: a column in backquotes, else upper case, a
 * plural time unit singular. */
static void put_word(buf_t *b, const catalog_table_t *t, const char *w, size_t n)
{
    static const char *const plurals[] = {"SECONDS", "MINUTES", "HOURS", "DAYS", "MONTHS", "YEARS"};
    if (is_column(t, w, n) && !isdigit((unsigned char)w[0])) {
        char *name = strndup(w, n);
        put_ident(b, name);
        free(name);
        return;
    }
    char up[64];
    size_t k = n < sizeof up - 1 ? n : sizeof up - 1;
    for (size_t i = 0; i < k; i++) up[i] = (char)toupper((unsigned char)w[i]);
    up[k] = '\0';
    for (size_t i = 0; i < sizeof plurals / sizeof plurals[0]; i++)
        if (strcmp(up, plurals[i]) == 0) up[k - 1] = '\0';
    buf_puts(b, k == n ? up : "");
    if (k != n) buf_append(b, w, n);
}

/* A quoted token ('...', `...` or "...") from text[i]; returns its end. */
static size_t quoted_end(const char *text, size_t len, size_t i)
{
    char q = text[i];
    for (i++; i < len; i++)
        if (text[i] == q) {
            if (i + 1 < len && text[i + 1] == q) i++;
            else return i + 1;
        }
    return len;
}

/* The end of the token at text[i] (not a blank). */
static size_t token_end(const char *text, size_t len, size_t i)
{
    char c = text[i];
    size_t end = i + 1;
    if (c == '\'' || c == '"' || c == '`') return quoted_end(text, len, i);
    if (is_word_char(c)) {
        while (end < len && (is_word_char(text[end]) || (text[end] == '.' && isdigit((unsigned char)c)))) end++;
    } else if (strchr("<>!|=", c) && end < len && strchr("<>=|", text[end])) {
        end++;
    }
    return end;
}

/* Whether a space goes between the previous token (kind prev: 'w' an
 * operand, '(' an opening parenthesis or a dot or nothing, ')' a closing
 * one, ',' a comma, 'o' an operator) and one starting with c. */
static bool space_before(char prev, char c)
{
    if (prev == '(' || c == ')' || c == ',' || c == '.') return false;
    if (c == '(') return prev == 'o' || prev == ',';   /* a call's parenthesis is tight */
    return true;
}

char *catalog_expr_sql(const catalog_table_t *t, const char *text, size_t len)
{
    buf_t b = BUF_INIT;
    char prev = '(';
    for (size_t i = 0; i < len;) {
        char c = text[i];
        if (isspace((unsigned char)c)) {
            i++;
            continue;
        }
        size_t end = token_end(text, len, i);
        if (space_before(prev, c)) buf_putc(&b, ' ');
        if (c == '`') {
            char *name = strndup(text + i + 1, end - i >= 2 ? end - i - 2 : 0);
            put_ident(&b, name);
            free(name);
        } else if (is_word_char(c)) {
            put_word(&b, t, text + i, end - i);
        } else {
            buf_append(&b, text + i, end - i);
        }
        bool operand = c == '\'' || c == '"' || c == '`' || is_word_char(c);
        prev = operand ? 'w' : (c == '(' || c == '.') ? '(' : (c == ')' || c == ',') ? c : 'o';
        i = end;
    }
    return buf_steal(&b);
}

char *catalog_distribution_sql(const char *kind, const char *const *cols, int n, int64_t buckets)
{
    buf_t b = BUF_INIT;
    buf_puts(&b, "DISTRIBUTED");
    if (n) {
        buf_printf(&b, " BY %s(", kind ? kind : "");
        for (int i = 0; i < n; i++) {
            if (i) buf_puts(&b, ", ");
            put_ident(&b, cols[i]);
        }
        buf_putc(&b, ')');
    }
    if (buckets >= 0) buf_printf(&b, " INTO %lld BUCKETS", (long long)buckets);
    return buf_steal(&b);
}

/* ---- SHOW CREATE TABLE ------------------------------------------------------------ */

/* ShowCreateUtil.getColumnString. */
static void put_column(buf_t *b, const catalog_table_t *t, int col)
{
    put_ident(b, t->schema->fields[col].name);
    buf_putc(b, ' ');
    if (catalog_column_is_computed(t, col)) {
        const char *expr = t->metadata[col].expr;
        char *sql = catalog_expr_sql(t, expr, strlen(expr));
        buf_printf(b, "AS %s", sql);
        free(sql);
    } else {
        type_t *plain = type_clone(t->schema->fields[col].type);
        plain->time_kind = TYPE_TK_REGULAR;
        char *tn = type_to_serializable_string(plain);
        buf_puts(b, tn);
        free(tn);
        type_free(plain);
    }
    if (catalog_column_is_metadata(t, col)) {
        const catalog_metadata_t *m = &t->metadata[col];
        buf_puts(b, " METADATA");
        if (m->key_declared) buf_puts(b, " FROM "), put_quoted(b, m->key);
        if (m->is_virtual) buf_puts(b, " VIRTUAL");
    }
    if (col < t->ncolumn_comments && t->column_comments[col] && *t->column_comments[col]) {
        buf_puts(b, " COMMENT ");
        put_quoted(b, t->column_comments[col]);
    }
}

static void put_primary_key(buf_t *b, const catalog_table_t *t)
{
    buf_puts(b, ",\n" INDENT "CONSTRAINT ");
    if (t->pk_name) {
        put_ident(b, t->pk_name);
    } else {
        buf_t name = BUF_INIT;
        buf_puts(&name, "PK");
        for (int k = 0; k < t->npk; k++) buf_printf(&name, "_%s", t->schema->fields[t->pk[k]].name);
        put_ident(b, buf_cstr(&name));
        buf_free(&name);
    }
    buf_puts(b, " PRIMARY KEY (");
    for (int k = 0; k < t->npk; k++) {
        if (k) buf_puts(b, ", ");
        put_ident(b, t->schema->fields[t->pk[k]].name);
    }
    buf_puts(b, ") NOT ENFORCED");
}

static int cmp_option(const void *a, const void *b)
{
    return strcmp(((const catalog_option_t *)a)->key, ((const catalog_option_t *)b)->key);
}

/* WITH ( ... ) with the keys sorted, as ShowCreateUtil's TreeSet orders them. */
static void put_options(buf_t *b, const catalog_table_t *t)
{
    if (!t->nopts) return;
    catalog_option_t *sorted = malloc((size_t)t->nopts * sizeof *sorted);
    memcpy(sorted, t->opts, (size_t)t->nopts * sizeof *sorted);
    qsort(sorted, (size_t)t->nopts, sizeof *sorted, cmp_option);
    buf_puts(b, "WITH (\n");
    for (int i = 0; i < t->nopts; i++) {
        buf_puts(b, i ? ",\n" INDENT : INDENT);
        put_quoted(b, sorted[i].key);
        buf_puts(b, " = ");
        put_quoted(b, sorted[i].value);
    }
    buf_puts(b, "\n)\n");
    free(sorted);
}

static void put_identifier(buf_t *b, const char *catalog, const char *database, const char *object)
{
    put_ident(b, catalog);
    buf_putc(b, '.');
    put_ident(b, database);
    buf_putc(b, '.');
    put_ident(b, object);
}

char *catalog_serializable_identifier(const char *catalog, const char *database, const char *object)
{
    buf_t b = BUF_INIT;
    put_identifier(&b, catalog, database, object);
    return buf_steal(&b);
}

/* ShowCreateUtil.buildCreateFormattedPrefix: CREATE [TEMPORARY ]KIND name (. */
static void put_prefix(buf_t *b, const char *kind, const catalog_table_t *t, const char *catalog,
                       const char *database, const char *object)
{
    buf_printf(b, "CREATE %s%s ", t->temporary ? "TEMPORARY " : "", kind);
    put_identifier(b, catalog, database, object);
    buf_puts(b, " (\n");
}

static void put_comment_line(buf_t *b, const char *comment)
{
    if (!comment || !*comment) return;
    buf_puts(b, "COMMENT ");
    put_quoted(b, comment);
    buf_putc(b, '\n');
}

char *catalog_show_create_view(const catalog_table_t *t, const char *catalog, const char *database,
                               const char *object)
{
    buf_t b = BUF_INIT;
    put_prefix(&b, "VIEW", t, catalog, database, object);
    for (int i = 0; t->schema && i < t->schema->nfields; i++) {
        buf_puts(&b, i ? ",\n" INDENT : INDENT);
        put_ident(&b, t->schema->fields[i].name);
    }
    buf_puts(&b, "\n)\n");
    put_comment_line(&b, t->comment);
    buf_printf(&b, "AS %s\n", t->view_sql ? t->view_sql : "");
    return buf_steal(&b);
}

char *catalog_show_create_table(const catalog_table_t *t, const char *catalog, const char *database,
                                const char *object)
{
    buf_t b = BUF_INIT;
    put_prefix(&b, "TABLE", t, catalog, database, object);
    for (int i = 0; i < t->schema->nfields; i++) {
        buf_puts(&b, i ? ",\n" INDENT : INDENT);
        put_column(&b, t, i);
    }
    if (t->watermark_col >= 0) {
        buf_puts(&b, ",\n" INDENT "WATERMARK FOR ");
        put_ident(&b, t->schema->fields[t->watermark_col].name);
        buf_puts(&b, " AS ");
        if (t->watermark_sql) buf_puts(&b, t->watermark_sql);
        else put_ident(&b, t->schema->fields[t->watermark_col].name);
    }
    if (t->npk) put_primary_key(&b, t);
    buf_puts(&b, "\n)\n");
    put_comment_line(&b, t->comment);
    if (t->distribution) buf_printf(&b, "%s\n", t->distribution);
    if (t->npartition_keys) {
        buf_puts(&b, "PARTITIONED BY (");
        for (int i = 0; i < t->npartition_keys; i++) {
            if (i) buf_puts(&b, ", ");
            put_ident(&b, t->partition_keys[i]);
        }
        buf_puts(&b, ")\n");
    }
    put_options(&b, t);
    return buf_steal(&b);
}
