/* expr_func_json.c - the JSON functions: JSON_VALUE, JSON_QUERY,
 * JSON_EXISTS, IS [NOT] JSON [VALUE|SCALAR|ARRAY|OBJECT], JSON_STRING,
 * JSON_OBJECT and JSON_ARRAY, with Flink's (Calcite's) behaviour clauses.
 *
 * The parser turns the SQL/JSON clauses into symbol arguments after the
 * path (sql_parser.c's parse_json_clauses): RETURNING followed by
 * CAST(NULL AS t), NULL_ON_EMPTY, ERROR_ON_ERROR, DEFAULT_ON_EMPTY followed
 * by its expression, WITHOUT_WRAPPER, CONDITIONAL_WRAPPER,
 * UNCONDITIONAL_WRAPPER, EMPTY_ARRAY_ON_ERROR, TRUE_ON_ERROR,
 * ABSENT_ON_NULL, ...; `x IS JSON kind` is the call $IS_JSON(x, kind).
 * Defaults as Flink's: JSON_VALUE NULL ON EMPTY / NULL ON ERROR, returning
 * STRING; JSON_QUERY WITHOUT ARRAY WRAPPER, NULL ON EMPTY / ERROR;
 * JSON_EXISTS FALSE ON ERROR; JSON_OBJECT NULL ON NULL; JSON_ARRAY ABSENT ON
 * NULL. A JSON_OBJECT or JSON_ARRAY argument of a constructor is inserted
 * as JSON, not as a string. */
#include "expr/expr_int.h"

#include <stdio.h>
#include <string.h>

#include "expr/expr_json.h"
#include "types/java_number.h"

enum { J_VALUE, J_QUERY, J_EXISTS, J_IS, J_STRING, J_OBJECT, J_ARRAY };
/* behaviours */
enum { B_NULL, B_ERROR, B_DEFAULT, B_EMPTY_ARRAY, B_EMPTY_OBJECT, B_TRUE, B_FALSE, B_UNKNOWN };
enum { W_WITHOUT, W_CONDITIONAL, W_UNCONDITIONAL };

typedef struct json_call {
    const expr_func_t *f;
    const type_t *returning;         /* JSON_VALUE's result type */
    const type_t *text;              /* STRING, what JSON_VALUE casts from */
    int on_empty, on_error, wrapper;
    const expr_node_t *empty_default, *error_default;
    bool absent_on_null;             /* constructors */
    int nvalues;                     /* constructors: arguments before the clause */
    const char *is_kind;             /* $IS_JSON */
} json_call_t;

static const char *symbol_of(const expr_node_t *a) { return a->eval ? NULL : a->aux; }

/* ---- values as JSON (JSON_STRING and the constructors) ---------------------------------------------- */

static bool is_constructor(const expr_node_t *a);

static void write_value(buf_t *b, const value_t *v, const type_t *t)
{
    if (v->is_null) { buf_puts(b, "null"); return; }
    switch (t->id) {
    case TYPE_BOOLEAN: buf_puts(b, v->u.b ? "true" : "false"); return;
    case TYPE_TINYINT: case TYPE_SMALLINT: case TYPE_INT: case TYPE_BIGINT:
        buf_put_i64(b, v->u.i64); return;
    case TYPE_FLOAT: jnum_float(b, v->u.f32); return;
    case TYPE_DOUBLE: jnum_double(b, v->u.f64); return;
    case TYPE_DECIMAL: jnum_big_decimal(b, v->u.dec, t->scale); return;
    case TYPE_CHAR: case TYPE_VARCHAR: expr_json_write_string(b, v->u.str.ptr, v->u.str.len); return;
    case TYPE_ARRAY:
        buf_putc(b, '[');
        for (uint32_t i = 0; i < v->u.list.n; i++) {
            if (i) buf_putc(b, ',');
            write_value(b, &v->u.list.items[i], t->elem);
        }
        buf_putc(b, ']');
        return;
    case TYPE_MAP: {
        buf_putc(b, '{');
        for (uint32_t i = 0; i < v->u.map.n; i++) {
            buf_t k = BUF_INIT;
            render_value(&k, &v->u.map.keys[i], t->elem);
            if (i) buf_putc(b, ',');
            expr_json_write_string(b, (const char *)k.data, k.len);
            buf_free(&k);
            buf_putc(b, ':');
            write_value(b, &v->u.map.vals[i], t->value);
        }
        buf_putc(b, '}');
        return;
    }
    case TYPE_ROW: case TYPE_STRUCTURED:
        buf_putc(b, '{');
        for (int i = 0; i < t->nfields && (uint32_t)i < v->u.row.n; i++) {
            if (i) buf_putc(b, ',');
            expr_json_write_string(b, t->fields[i].name, strlen(t->fields[i].name));
            buf_putc(b, ':');
            write_value(b, &v->u.row.fields[i], t->fields[i].type);
        }
        buf_putc(b, '}');
        return;
    default: {
        buf_t s = BUF_INIT;   /* temporal values and bytes as their Java text */
        render_value(&s, v, t);
        expr_json_write_string(b, (const char *)s.data, s.len);
        buf_free(&s);
        return;
    }
    }
}

/* An argument of a constructor: nested constructors are JSON already. */
static void write_arg(buf_t *b, const expr_node_t *a, const value_t *v)
{
    if (is_constructor(a) && !v->is_null) buf_append(b, v->u.str.ptr, v->u.str.len);
    else write_value(b, v, a->type);
}

static value_t impl_constructor(const expr_node_t *n, expr_ctx_t *cx, const json_call_t *jc)
{
    buf_t b = BUF_INIT;
    bool object = jc->f->op == J_OBJECT, first = true;
    buf_putc(&b, object ? '{' : '[');
    for (int i = 0; i < jc->nvalues; i += object ? 2 : 1) {
        value_t key = object ? EXPR_EVAL(n->args[i], cx) : value_null();
        value_t v = EXPR_EVAL(n->args[i + (object ? 1 : 0)], cx);
        if (cx->failed) break;
        if (object && key.is_null) { expr_fail(cx, "Null key of JSON object is not allowed"); break; }
        if (v.is_null && jc->absent_on_null) continue;
        if (!first) buf_putc(&b, ',');
        first = false;
        if (object) {
            expr_json_write_string(&b, key.u.str.ptr, key.u.str.len);
            buf_putc(&b, ':');
        }
        write_arg(&b, n->args[i + (object ? 1 : 0)], &v);
    }
    buf_putc(&b, object ? '}' : ']');
    if (cx->failed) { buf_free(&b); return value_null(); }
    return expr_str_buf(cx, &b);
}

/* ---- queries --------------------------------------------------------------------------------------- */

static bool is_scalar(const json_t *j) { return j->kind != JSON_ARRAY && j->kind != JSON_OBJECT; }

/* The text JSON_VALUE returns for a scalar. */
static value_t scalar_text(expr_ctx_t *cx, const json_t *j)
{
    buf_t b = BUF_INIT;
    if (j->kind == JSON_STRING) buf_append(&b, j->s, j->n);
    else if (j->kind == JSON_BOOL) buf_puts(&b, j->b ? "true" : "false");
    else expr_json_write_number(&b, j);
    return expr_str_buf(cx, &b);
}

static value_t behave(const expr_node_t *n, expr_ctx_t *cx, int behaviour, const expr_node_t *dflt,
                      const char *error)
{
    (void)n;
    switch (behaviour) {
    case B_ERROR: return expr_fail(cx, "%s", error);
    case B_DEFAULT: return EXPR_EVAL(dflt, cx);
    case B_EMPTY_ARRAY: return expr_str(cx, "[]", 2);
    case B_EMPTY_OBJECT: return expr_str(cx, "{}", 2);
    case B_TRUE: return expr_bool(true);
    case B_FALSE: return expr_bool(false);
    default: return value_null();
    }
}

static value_t json_value(const expr_node_t *n, expr_ctx_t *cx, const json_call_t *jc, json_path_result_t r)
{
    char msg[256];
    if (r.error) return behave(n, cx, jc->on_error, jc->error_default, r.error);
    if (!r.value || (r.lax && !is_scalar(r.value)))
        return behave(n, cx, jc->on_empty, jc->empty_default, "Empty result of JSON_VALUE function is not allowed");
    if (!is_scalar(r.value)) {
        buf_t b = BUF_INIT;
        expr_json_write(&b, r.value);
        snprintf(msg, sizeof msg, "Strict jsonpath mode requires scalar value, and the actual value is: '%s'",
                 buf_cstr(&b));
        buf_free(&b);
        return behave(n, cx, jc->on_error, jc->error_default, msg);
    }
    value_t text = scalar_text(cx, r.value), out;
    if (jc->returning->id == TYPE_VARCHAR || jc->returning->id == TYPE_CHAR) return text;
    if (expr_cast_value(cx, &text, jc->text, jc->returning, &out) == 0) return out;
    cx->failed = false;
    return behave(n, cx, jc->on_error, jc->error_default, "JSON_VALUE: the value does not cast");
}

static value_t json_query(const expr_node_t *n, expr_ctx_t *cx, const json_call_t *jc, json_path_result_t r)
{
    if (r.error) return behave(n, cx, jc->on_error, NULL, r.error);
    const json_t *v = r.value;
    if (v && (jc->wrapper == W_UNCONDITIONAL || (jc->wrapper == W_CONDITIONAL && v->kind != JSON_ARRAY))) {
        json_t *w = arena_calloc(cx->arena, 1, sizeof *w);
        w->kind = JSON_ARRAY;
        w->count = 1;
        w->items = arena_alloc(cx->arena, sizeof *w->items);
        w->items[0] = (json_t *)v;
        v = w;
    }
    if (!v || (r.lax && is_scalar(v)))
        return behave(n, cx, jc->on_empty, NULL, "Empty result of JSON_QUERY function is not allowed");
    buf_t b = BUF_INIT;
    expr_json_write(&b, v);
    if (is_scalar(v)) {
        char msg[256];
        snprintf(msg, sizeof msg,
                 "Strict jsonpath mode requires array or object value, and the actual value is: '%s'", buf_cstr(&b));
        buf_free(&b);
        return behave(n, cx, jc->on_error, NULL, msg);
    }
    return expr_str_buf(cx, &b);
}

static value_t is_json(const json_call_t *jc, const json_t *doc)
{
    const char *k = jc->is_kind;
    if (!doc) return expr_bool(false);
    if (!strcmp(k, "SCALAR")) return expr_bool(is_scalar(doc));
    if (!strcmp(k, "ARRAY")) return expr_bool(doc->kind == JSON_ARRAY);
    if (!strcmp(k, "OBJECT")) return expr_bool(doc->kind == JSON_OBJECT);
    return expr_bool(true);
}

static value_t eval_json(const expr_node_t *n, expr_ctx_t *cx)
{
    const json_call_t *jc = n->aux;
    int op = jc->f->op;
    if (op == J_OBJECT || op == J_ARRAY) return impl_constructor(n, cx, jc);
    value_t in = EXPR_EVAL(n->args[0], cx);
    if (cx->failed) return value_null();
    if (op == J_IS) return in.is_null ? expr_bool(false) : is_json(jc, expr_json_parse(in.u.str.ptr, in.u.str.len, cx->arena));
    if (in.is_null) return value_null();
    if (op == J_STRING) {
        buf_t b = BUF_INIT;
        write_arg(&b, n->args[0], &in);
        return expr_str_buf(cx, &b);
    }
    value_t path = EXPR_EVAL(n->args[1], cx);
    if (cx->failed || path.is_null) return value_null();
    const json_t *doc = expr_json_parse(in.u.str.ptr, in.u.str.len, cx->arena);
    json_path_result_t r = expr_json_path(doc, path.u.str.ptr, path.u.str.len, cx->arena);
    if (op == J_VALUE) return json_value(n, cx, jc, r);
    if (op == J_QUERY) return json_query(n, cx, jc, r);
    if (r.error) return jc->on_error == B_UNKNOWN ? value_null() : behave(n, cx, jc->on_error, NULL, r.error);
    return expr_bool(r.value != NULL);
}

static bool is_constructor(const expr_node_t *a)
{
    if (a->eval != eval_json) return false;
    int op = ((const json_call_t *)a->aux)->f->op;
    return op == J_OBJECT || op == J_ARRAY;
}

/* ---- typing ------------------------------------------------------------------------------------------ */

static int behaviour_of(const char *s, size_t n)
{
    static const char *const names[] = {"NULL", "ERROR", "DEFAULT", "EMPTY_ARRAY", "EMPTY_OBJECT", "TRUE", "FALSE",
                                        "UNKNOWN"};
    for (int i = 0; i < 8; i++)
        if (strlen(names[i]) == n && !strncmp(s, names[i], n)) return i;
    return -1;
}

/* Reads the clause symbols from argument `from` on into jc; false with an error. */
static bool read_clauses(expr_cc_t *c, expr_node_t *n, json_call_t *jc, int from)
{
    for (int i = from; i < n->nargs; i++) {
        const char *sym = symbol_of(n->args[i]);
        const char *on = sym ? strstr(sym, "_ON_") : NULL;
        if (sym && !strcmp(sym, "RETURNING") && i + 1 < n->nargs) {
            jc->returning = n->args[++i]->type;
        } else if (sym && strstr(sym, "_WRAPPER")) {
            jc->wrapper = !strcmp(sym, "WITHOUT_WRAPPER") ? W_WITHOUT : !strcmp(sym, "CONDITIONAL_WRAPPER") ? W_CONDITIONAL
                                                                                                             : W_UNCONDITIONAL;
        } else if (on && !strcmp(on, "_ON_NULL")) {
            jc->absent_on_null = !strncmp(sym, "ABSENT", 6);
        } else if (on) {
            int b = behaviour_of(sym, (size_t)(on - sym));
            bool empty = !strcmp(on, "_ON_EMPTY");
            const expr_node_t *dflt = b == B_DEFAULT && i + 1 < n->nargs ? n->args[++i] : NULL;
            if (empty) jc->on_empty = b, jc->empty_default = dflt;
            else jc->on_error = b, jc->error_default = dflt;
        } else {
            expr_error(c, n->args[i]->pos, "Invalid argument to function %s", jc->f->name);
            return false;
        }
    }
    return true;
}

static expr_node_t *cast_default(expr_cc_t *c, const expr_node_t *d, const type_t *to)
{
    return expr_cast(c, (expr_node_t *)d, expr_with_null(c, to, true), false, false, d->pos);
}

static const type_t *infer_json(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    json_call_t *jc = arena_calloc(&c->x->arena, 1, sizeof *jc);
    jc->f = f;
    jc->on_error = f->op == J_EXISTS ? B_FALSE : B_NULL;
    jc->absent_on_null = f->op == J_ARRAY;
    jc->text = expr_string_type(c, true);
    jc->returning = jc->text;
    int first_clause = n->nargs;
    if (f->op == J_OBJECT || f->op == J_ARRAY)
        for (first_clause = 0; first_clause < n->nargs && !symbol_of(n->args[first_clause]); first_clause++) {}
    else if (f->op == J_VALUE || f->op == J_QUERY || f->op == J_EXISTS) first_clause = 2;
    jc->nvalues = first_clause;
    if (!read_clauses(c, n, jc, first_clause)) return NULL;
    if (f->op == J_OBJECT && jc->nvalues % 2) return expr_error_apply(c, n->pos, f->name, false, n->args, n->nargs);
    if (f->op == J_IS) jc->is_kind = symbol_of(n->args[1]);
    else if (f->op == J_VALUE || f->op == J_QUERY || f->op == J_EXISTS || f->op == J_STRING) {
        for (int i = 0; i < (f->op == J_STRING ? 0 : 2); i++)
            if (!type_is_string(n->args[i]->type) && n->args[i]->type->id != TYPE_NULL)
                return expr_error_apply(c, n->pos, f->name, false, n->args, first_clause);
    }
    if (jc->empty_default && !(jc->empty_default = cast_default(c, jc->empty_default, jc->returning))) return NULL;
    if (jc->error_default && !(jc->error_default = cast_default(c, jc->error_default, jc->returning))) return NULL;
    n->aux = jc;
    n->eval = eval_json;
    switch (f->op) {
    case J_VALUE: return expr_with_null(c, jc->returning, true);
    case J_EXISTS: return expr_type_new(c, TYPE_BOOLEAN, true, -1, -1);
    case J_IS: return expr_type_new(c, TYPE_BOOLEAN, false, -1, -1);
    case J_STRING: return expr_string_type(c, n->args[0]->type->nullable || n->args[0]->type->id == TYPE_NULL);
    case J_OBJECT: case J_ARRAY: return expr_string_type(c, false);
    default: return expr_string_type(c, true);
    }
}

/* ---- JSON_QUOTE, JSON_UNQUOTE ----------------------------------------------------------------------- */

/* The text as a JSON string literal: '"', '\', '/' and the control characters escaped. */
static value_t impl_json_quote(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    buf_t b = BUF_INIT;
    buf_putc(&b, '"');
    for (uint32_t i = 0; i < argv[0].u.str.len; i++) {
        unsigned char c = (unsigned char)argv[0].u.str.ptr[i];
        const char *esc = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '/' ? "\\/" : c == '\b' ? "\\b"
                        : c == '\f' ? "\\f" : c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : NULL;
        if (esc) buf_puts(&b, esc);
        else if (c < 0x20) buf_printf(&b, "\\u%04x", c);
        else buf_putc(&b, (char)c);
    }
    buf_putc(&b, '"');
    return expr_str_buf(cx, &b);
}

/* A JSON string literal's value; any other text passes through as it is. */
static value_t impl_json_unquote(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    (void)n;
    const char *p = argv[0].u.str.ptr;
    uint32_t len = argv[0].u.str.len;
    if (len < 2 || p[0] != '"' || p[len - 1] != '"') return argv[0];
    const json_t *j = expr_json_parse(p, len, cx->arena);
    if (!j || j->kind != JSON_STRING) return argv[0];
    value_t v = {0};
    v.u.str.ptr = j->s;
    v.u.str.len = (uint32_t)j->n;
    return v;
}

const expr_func_t expr_funcs_json[] = {
    {"JSON_VALUE", 2, -1, "*", EXPR_R_CUSTOM, infer_json, NULL, EXPR_F_LAZY, J_VALUE},
    {"JSON_QUERY", 2, -1, "*", EXPR_R_CUSTOM, infer_json, NULL, EXPR_F_LAZY, J_QUERY},
    {"JSON_EXISTS", 2, -1, "*", EXPR_R_CUSTOM, infer_json, NULL, EXPR_F_LAZY, J_EXISTS},
    {"$IS_JSON", 2, 2, "*", EXPR_R_CUSTOM, infer_json, NULL, EXPR_F_LAZY, J_IS},
    {"JSON_STRING", 1, 1, "*", EXPR_R_CUSTOM, infer_json, NULL, EXPR_F_LAZY, J_STRING},
    {"JSON_OBJECT", 0, -1, "*", EXPR_R_CUSTOM, infer_json, NULL, EXPR_F_LAZY, J_OBJECT},
    {"JSON_ARRAY", 0, -1, "*", EXPR_R_CUSTOM, infer_json, NULL, EXPR_F_LAZY, J_ARRAY},
    {"JSON_QUOTE", 1, 1, "S", EXPR_R_STRING, NULL, impl_json_quote, EXPR_F_STRICT, 0},
    {"JSON_UNQUOTE", 1, 1, "S", EXPR_R_STRING, NULL, impl_json_unquote, EXPR_F_STRICT, 0},
    {NULL, 0, 0, NULL, 0, NULL, NULL, 0, 0},
};
