/* test_expr.c - expressions and built-in functions (native/expr) against
 * Flink's documented and tested results, driven by
 * tests/vectors/expr/functions.txt. Each line of that file is
 *
 *     expression | input | expected [| result type]
 *
 * `input` is empty or `name TYPE = value; ...` (each value is itself an
 * expression, cast to TYPE); `expected` is the result as Flink prints it
 * (CAST to STRING; a NULL result is NULL) or `error: <message prefix>` for a
 * compile-time or run-time error; `result type` is Flink's summary string of
 * the expression's type (what TYPEOF prints). A line `@zone ID` sets
 * 'table.local-time-zone' for the lines after it (UTC at the start).
 * Adding a function is adding lines. */
#include <check.h>

#include "check_main.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr/expr.h"
#include "types/render.h"
#include "types/time_zone.h"
#include "util/buf.h"

typedef struct vector {
    int lineno;
    char *expr, *input, *expected, *type;
    const render_zone_t *zone;   /* NULL = UTC */
} vector_t;

static char *trim(char *s)
{
    while (*s == ' ') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\r')) s[--n] = 0;
    return s;
}

/* Splits at " | " (so that || stays inside an expression). */
static int split(char *line, char **cols, int max)
{
    int n = 0;
    cols[n++] = line;
    char *p;
    while (n < max && (p = strstr(cols[n - 1], " | ")) != NULL) {
        *p = 0;
        cols[n++] = p + 3;
    }
    for (int i = 0; i < n; i++) cols[i] = trim(cols[i]);
    return n;
}

/* The message without "line L, column C: " and without the source excerpt. */
static const char *message_of(char *err)
{
    char *nl = strchr(err, '\n');
    if (nl) *nl = 0;
    char *p = strstr(err, ": ");
    return strncmp(err, "line ", 5) == 0 && p ? p + 2 : err;
}

/* Parses `SELECT <text>` and compiles its expression. */
static expr_t *compile_text(const char *text, const type_t *row, const render_zone_t *zone, arena_t *a, char *err,
                            size_t errlen)
{
    char *sql = malloc(strlen(text) + 8);
    sprintf(sql, "SELECT %s", text);
    sqlp_script_t *s;
    int rc = sqlp_parse_script(sql, NULL, a, &s, err, errlen);
    free(sql);
    if (rc != 0) return NULL;
    expr_env_t env = {s, zone};
    return expr_compile(&env, s->stmts[0]->u.query->items[0].expr, row, err, errlen);
}

/* `a INT = 5; s STRING = 'x'` -> row type and row; false with err. */
static bool build_input(char *input, const render_zone_t *zone, type_t **row_type, row_t *row, arena_t *a, char *err,
                        size_t errlen)
{
    *row_type = type_new(TYPE_ROW, false);
    value_t *vals = arena_calloc(a, 16, sizeof(value_t));
    row->kind = ROW_INSERT;
    row->fields = vals;
    row->n = 0;
    for (char *part = strtok(input, ";"); part && row->n < 16; part = strtok(NULL, ";")) {
        part = trim(part);
        char *sp = strchr(part, ' '), *eq = strstr(part, " = ");
        if (!sp || !eq) return snprintf(err, errlen, "bad input '%s'", part), false;
        *sp = 0;
        *eq = 0;
        const char *type_text = trim(sp + 1), *value_text = trim(eq + 3);
        type_t *t = type_parse(type_text, err, errlen);
        if (!t) return false;
        char *cast = arena_alloc(a, strlen(value_text) + strlen(type_text) + 16);
        sprintf(cast, "CAST(%s AS %s)", value_text, type_text);
        expr_t *x = compile_text(cast, NULL, zone, a, err, errlen);
        value_t v;
        if (!x || expr_eval(x, NULL, a, &v, err, errlen) != 0) {
            type_free(t);
            expr_free(x);
            return false;
        }
        vals[row->n] = value_copy(&v, t, a);   /* a constant lives in x */
        expr_free(x);
        type_add_field(*row_type, trim(part), t, NULL);
        row->n++;
    }
    return true;
}

/* Runs one vector; returns NULL if it passes, else what happened (malloc'ed). */
static char *run_vector(vector_t *v)
{
    char err[2048] = "";
    arena_t a;
    arena_init(&a, 0);
    type_t *row_type = NULL;
    row_t row = {0};
    buf_t got = BUF_INIT;
    char *input = arena_strdup(&a, v->input);
    if (*input && !build_input(input, v->zone, &row_type, &row, &a, err, sizeof err)) {
        buf_printf(&got, "input: %s", message_of(err));
    } else {
        expr_t *x = compile_text(v->expr, row_type, v->zone, &a, err, sizeof err);
        value_t out;
        if (!x) {
            buf_printf(&got, "error: %s", message_of(err));
        } else if (expr_eval(x, &row, &a, &out, err, sizeof err) != 0) {
            buf_printf(&got, "error: %s", err);
        } else {
            if (out.is_null) buf_puts(&got, "NULL");
            else render_sql_value(&got, &out, expr_type(x), v->zone);
            if (v->type) {
                char *ts = type_to_string(expr_type(x));
                if (strcmp(ts, v->type) != 0) buf_printf(&got, " (type %s)", ts);
                free(ts);
            }
        }
        expr_free(x);
    }
    type_free(row_type);
    arena_destroy(&a);
    const char *g = buf_cstr(&got);
    bool is_error = strncmp(v->expected, "error: ", 7) == 0;
    bool ok = is_error ? strncmp(g, v->expected, strlen(v->expected)) == 0 : strcmp(g, v->expected) == 0;
    if (ok) {
        buf_free(&got);
        return NULL;
    }
    return buf_steal(&got);
}

START_TEST(functions_match_flink)
{
    const char *root = getenv("PTFHOST_ROOT");
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/vectors/expr/functions.txt", root ? root : ".");
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char line[4096];
    int lineno = 0, rows = 0, failed = 0;
    const render_zone_t *zone = NULL;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\n")] = 0;
        if (line[0] == '#' || !*trim(line)) continue;
        if (strncmp(line, "@zone ", 6) == 0) {
            char zerr[256];
            zone = tz_zone(trim(line + 6), zerr, sizeof zerr);
            ck_assert_msg(zone != NULL, "%s:%d: %s", path, lineno, zerr);
            continue;
        }
        size_t len = strlen(line);
        if (len >= 2 && strcmp(line + len - 2, " |") == 0) strcat(line, " ");   /* an empty expected text */
        char *cols[4] = {0};
        int n = split(line, cols, 4);
        ck_assert_msg(n >= 3, "%s:%d: expected 'expression | input | expected'", path, lineno);
        vector_t v = {lineno, cols[0], cols[1], cols[2], n > 3 ? cols[3] : NULL, zone};
        rows++;
        char *got = run_vector(&v);
        if (got) {
            failed++;
            fprintf(stderr, "functions.txt:%d: %s\n    expected: %s%s%s\n    got:      %s\n", lineno, v.expr,
                    v.expected, v.type ? " type " : "", v.type ? v.type : "", got);
            free(got);
        }
    }
    fclose(f);
    fprintf(stderr, "functions.txt: %d rows, %d failed\n", rows, failed);
    ck_assert_int_eq(failed, 0);
    ck_assert_int_ge(rows, 250);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("expr");
    TCase *tc = tcase_create("functions");
    tcase_set_timeout(tc, 120);   /* hang guard: valgrind is slow */
    tcase_add_test(tc, functions_match_flink);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}
