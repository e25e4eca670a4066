/* expr_func_regex.c - the regular-expression functions REGEXP,
 * REGEXP_REPLACE, REGEXP_EXTRACT, REGEXP_EXTRACT_ALL, REGEXP_COUNT,
 * REGEXP_INSTR and REGEXP_SUBSTR, and STR_TO_MAP (its delimiters are
 * patterns), with Flink's results: a pattern that does
 * not compile gives FALSE (REGEXP) or NULL (the others), never an error; a
 * group index outside the pattern's groups gives NULL; the replacement of
 * REGEXP_REPLACE is literal text (Flink quotes it: `$1` is not a group).
 *
 * Patterns are Java's java.util.regex syntax; PCRE2 (UTF mode, any Unicode
 * newline) runs them. The two agree on the syntax jobs use (classes,
 * quantifiers incl. lazy and possessive, groups, named groups,
 * look-around, \b \d \w \s, \Q..\E, inline flags); Java-only
 * constructs (\p{javaLowerCase}, class intersection [a-z&&[^e]]) do not
 * compile and so give Flink's invalid-pattern result.
 *
 * Matching follows Java's Matcher.find(): after an empty match the next
 * search starts one character later. A constant pattern is compiled once
 * with the expression; a pattern from a column per row. All PCRE2 memory
 * comes from an arena (the expression's, or the evaluation's), so nothing
 * needs freeing. */
#include "expr/expr_int.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <string.h>

#define S(v) (v).u.str.ptr, (v).u.str.len

/* The call node's aux while a pattern is compiled ahead (see infer_regex). */
typedef struct regex_call {
    const expr_func_t *f;
    const pcre2_code *code;   /* the constant pattern's, or NULL: compile per row */
    bool invalid;             /* the constant pattern does not compile */
} regex_call_t;

static void *arena_malloc(PCRE2_SIZE n, void *arena) { return arena_alloc(arena, n ? n : 1); }
static void arena_free(void *p, void *arena) { (void)p, (void)arena; }

static pcre2_general_context *arena_context(arena_t *a)
{
    return pcre2_general_context_create(arena_malloc, arena_free, a);
}

/* NULL when the pattern does not compile. */
static pcre2_code *compile_pattern(const char *p, size_t n, arena_t *a)
{
    pcre2_general_context *g = arena_context(a);
    pcre2_compile_context *cc = pcre2_compile_context_create(g);
    pcre2_set_newline(cc, PCRE2_NEWLINE_ANY);
    int code;
    PCRE2_SIZE at;
    return pcre2_compile((PCRE2_SPTR)(n ? p : ""), n, PCRE2_UTF, &code, &at, cc);
}

/* One search, as Matcher.find(): a match at or after byte `from`. */
typedef struct regex_match {
    const pcre2_code *code;
    pcre2_match_data *md;
    const value_t *subject;
    int groups;               /* capture groups of the pattern */
} regex_match_t;

static bool find_from(regex_match_t *m, size_t from)
{
    if (from > m->subject->u.str.len) return false;
    return pcre2_match(m->code, (PCRE2_SPTR)m->subject->u.str.ptr, m->subject->u.str.len, from, 0, m->md, NULL) > 0;
}

static size_t match_start(const regex_match_t *m, int group) { return pcre2_get_ovector_pointer(m->md)[2 * group]; }
static size_t match_end(const regex_match_t *m, int group) { return pcre2_get_ovector_pointer(m->md)[2 * group + 1]; }

/* Where the next find() starts: after the match, one character further when
 * it was empty. */
static size_t next_from(const regex_match_t *m)
{
    size_t s = match_start(m, 0), e = match_end(m, 0);
    if (e != s) return e;
    const char *p = m->subject->u.str.ptr;
    return e + (e < m->subject->u.str.len ? expr_utf8_skip(p + e, m->subject->u.str.len - e, 1) : 1);
}

/* The text of a group of the last match; NULL when it did not take part. */
static value_t group_value(const regex_match_t *m, int group)
{
    size_t s = match_start(m, group), e = match_end(m, group);
    if (s == PCRE2_UNSET) return value_null();
    value_t v = {0};
    v.u.str.ptr = m->subject->u.str.ptr + s;
    v.u.str.len = (uint32_t)(e - s);
    return v;
}

/* Sets up m for argv[0] and the pattern argv[1]; false when the pattern does
 * not compile. */
static bool open_match(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv, regex_match_t *m)
{
    const regex_call_t *rc = n->aux;
    m->code = rc->code;
    if (rc->invalid) return false;
    if (!m->code && !(m->code = compile_pattern(S(argv[1]), cx->arena))) return false;
    m->md = pcre2_match_data_create_from_pattern(m->code, arena_context(cx->arena));
    m->subject = &argv[0];
    uint32_t groups = 0;
    pcre2_pattern_info(m->code, PCRE2_INFO_CAPTURECOUNT, &groups);
    m->groups = (int)groups;
    return true;
}

/* ---- the functions ---------------------------------------------------------------------- */

enum { R_REGEXP, R_REPLACE, R_EXTRACT, R_EXTRACT_ALL, R_COUNT, R_INSTR, R_SUBSTR };

static value_t impl_regexp(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    regex_match_t m;
    if (argv[1].u.str.len == 0 || !open_match(n, cx, argv, &m)) return expr_bool(false);
    return expr_bool(find_from(&m, 0));
}

static value_t impl_replace(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    regex_match_t m;
    if (!open_match(n, cx, argv, &m)) return value_null();
    buf_t b = BUF_INIT;
    size_t copied = 0;
    for (size_t from = 0; find_from(&m, from); from = next_from(&m)) {
        buf_append(&b, argv[0].u.str.ptr + copied, match_start(&m, 0) - copied);
        buf_append(&b, S(argv[2]));
        copied = match_end(&m, 0);
    }
    buf_append(&b, argv[0].u.str.ptr + copied, argv[0].u.str.len - copied);
    return expr_str_buf(cx, &b);
}

static int64_t group_arg(const expr_node_t *n, const value_t *argv, int64_t dflt)
{
    return n->nargs > 2 ? argv[2].u.i64 : dflt;
}

static value_t impl_extract(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    regex_match_t m;
    int64_t g = group_arg(n, argv, 0);
    if (!open_match(n, cx, argv, &m) || g < 0 || g > m.groups || !find_from(&m, 0)) return value_null();
    return group_value(&m, (int)g);
}

static value_t impl_extract_all(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    regex_match_t m;
    int64_t g = group_arg(n, argv, 1);
    if (!open_match(n, cx, argv, &m) || g < 0 || g > m.groups) return value_null();
    buf_t items = BUF_INIT;
    uint32_t count = 0;
    for (size_t from = 0; find_from(&m, from); from = next_from(&m), count++) {
        value_t v = group_value(&m, (int)g);
        buf_append(&items, &v, sizeof v);
    }
    value_t out = {0};
    out.u.list.n = count;
    out.u.list.items = count ? arena_memdup(cx->arena, items.data, items.len) : NULL;
    buf_free(&items);
    return out;
}

static value_t impl_count(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    regex_match_t m;
    if (!open_match(n, cx, argv, &m)) return value_null();
    int64_t count = 0;
    for (size_t from = 0; find_from(&m, from); from = next_from(&m)) count++;
    return expr_i64(count);
}

static value_t impl_instr(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    regex_match_t m;
    if (!open_match(n, cx, argv, &m)) return value_null();
    if (!find_from(&m, 0)) return expr_i64(0);
    return expr_i64((int64_t)expr_utf8_count(argv[0].u.str.ptr, match_start(&m, 0)) + 1);
}

static value_t impl_substr(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    regex_match_t m;
    if (!open_match(n, cx, argv, &m) || !find_from(&m, 0)) return value_null();
    return group_value(&m, 0);
}

/* ---- typing -------------------------------------------------------------------------------- */

/* Flink's new-stack functions (REGEXP_COUNT and later) list their signatures. */
static void *signature_error(expr_cc_t *c, const expr_node_t *n, const expr_func_t *f)
{
    const char *idx = f->op == R_EXTRACT_ALL ? "extractIndex" : NULL;
    if (f->op == R_REGEXP || f->op == R_REPLACE || f->op == R_EXTRACT)
        return expr_error_apply(c, n->pos, f->name, false, n->args, n->nargs);
    return expr_error(c, n->pos,
                      "Invalid input arguments. Expected signatures are:\n%s(str <CHARACTER_STRING>, regex "
                      "<CHARACTER_STRING>)%s%s%s%s",
                      f->name, idx ? "\n" : "", idx ? f->name : "",
                      idx ? "(str <CHARACTER_STRING>, regex <CHARACTER_STRING>, " : "",
                      idx ? "extractIndex <INTEGER_NUMERIC>)" : "");
}

static bool is_null_literal(const expr_node_t *a) { return a->type->id == TYPE_NULL; }

static const type_t *result_of(expr_cc_t *c, const expr_node_t *n, const expr_func_t *f)
{
    switch (f->op) {
    case R_REGEXP: return expr_type_new(c, TYPE_BOOLEAN, expr_any_nullable(n), -1, -1);
    case R_COUNT:
    case R_INSTR: return expr_type_new(c, TYPE_INT, true, -1, -1);
    case R_EXTRACT_ALL: return expr_type_parse(c, "ARRAY<STRING>");
    default: return expr_string_type(c, true);
    }
}

/* Strict evaluation (any NULL argument gives NULL), then the function. */
static value_t eval_regex(const expr_node_t *n, expr_ctx_t *cx)
{
    const regex_call_t *rc = n->aux;
    value_t argv[3];
    for (int i = 0; i < n->nargs; i++) {
        argv[i] = EXPR_EVAL(n->args[i], cx);
        if (argv[i].is_null || cx->failed) return value_null();
    }
    return rc->f->impl(n, cx, argv);
}

static const type_t *infer_regex(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    for (int i = 0; i < n->nargs; i++) {
        bool ok = i < 2 || f->op == R_REPLACE ? type_is_string(n->args[i]->type) : expr_is_int(n->args[i]->type);
        if (!ok && !is_null_literal(n->args[i])) return signature_error(c, n, f);
    }
    regex_call_t *rc = arena_calloc(&c->x->arena, 1, sizeof *rc);
    rc->f = f;
    const expr_node_t *pattern = n->args[1];
    if (expr_is_const(pattern) && !pattern->value.is_null) {
        rc->code = compile_pattern(S(pattern->value), &c->x->arena);
        rc->invalid = !rc->code;
    }
    n->aux = rc;
    n->eval = eval_regex;
    return result_of(c, n, f);
}

/* ---- STR_TO_MAP -------------------------------------------------------------------------------- */

/* Java's String.split(regex, limit) of s into pieces[] (room for s's length + 1); their number. */
static uint32_t java_split(const pcre2_code *code, const value_t *s, int limit, arena_t *a, value_t *pieces)
{
    regex_match_t m = {code, pcre2_match_data_create_from_pattern(code, arena_context(a)), s, 0};
    uint32_t n = 0;
    size_t index = 0;
    for (size_t from = 0; (limit <= 0 || (int)n < limit - 1) && find_from(&m, from); from = next_from(&m)) {
        size_t st = match_start(&m, 0), en = match_end(&m, 0);
        if (index == 0 && st == 0 && en == 0) continue;   /* no empty leading piece for an empty match at the start */
        pieces[n++] = (value_t){.u.str = {s->u.str.ptr + index, (uint32_t)(st - index)}};
        index = en;
    }
    if (index == 0 && n == 0) return pieces[0] = *s, 1;
    pieces[n++] = (value_t){.u.str = {s->u.str.ptr + index, (uint32_t)(s->u.str.len - index)}};
    while (limit == 0 && n > 0 && pieces[n - 1].u.str.len == 0) n--;
    return n;
}

static const type_t *infer_str_to_map(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    (void)f;
    type_t *t = type_new(TYPE_MAP, expr_any_nullable(n));
    t->elem = type_new(TYPE_VARCHAR, true);
    t->value = type_new(TYPE_VARCHAR, true);
    t->elem->precision = t->value->precision = TYPE_MAX_LENGTH;
    return expr_own(c, t);
}

/* STR_TO_MAP(text[, list delimiter ','[, key-value delimiter '=']]): a pair
 * without the key-value delimiter maps its text to NULL; a later key wins;
 * an empty text is an empty map. A delimiter that does not compile gives NULL. */
static value_t impl_str_to_map(const expr_node_t *n, expr_ctx_t *cx, const value_t *argv)
{
    value_t list = n->nargs > 1 ? argv[1] : (value_t){.u.str = {",", 1}};
    value_t kv = n->nargs > 2 ? argv[2] : (value_t){.u.str = {"=", 1}};
    const pcre2_code *lc = compile_pattern(S(list), cx->arena), *kc = compile_pattern(S(kv), cx->arena);
    if (!lc || !kc) return value_null();
    value_t out = {0};
    size_t cap = (size_t)argv[0].u.str.len + 1;
    value_t *pairs = arena_alloc(cx->arena, sizeof(value_t) * cap);
    out.u.map.keys = arena_alloc(cx->arena, sizeof(value_t) * cap);
    out.u.map.vals = arena_alloc(cx->arena, sizeof(value_t) * cap);
    uint32_t npairs = argv[0].u.str.len ? java_split(lc, &argv[0], 0, cx->arena, pairs) : 0;
    for (uint32_t i = 0; i < npairs; i++) {
        value_t parts[3];
        uint32_t np = java_split(kc, &pairs[i], 2, cx->arena, parts);
        uint32_t k = 0;
        while (k < out.u.map.n && !(out.u.map.keys[k].u.str.len == parts[0].u.str.len &&
                                    memcmp(out.u.map.keys[k].u.str.ptr, S(parts[0])) == 0))
            k++;
        out.u.map.keys[k] = parts[0];
        out.u.map.vals[k] = np == 2 ? parts[1] : value_null();
        if (k == out.u.map.n) out.u.map.n++;
    }
    return out;
}

const expr_func_t expr_funcs_regex[] = {
    {"REGEXP", 2, 2, "*", EXPR_R_CUSTOM, infer_regex, impl_regexp, EXPR_F_STRICT, R_REGEXP},
    {"REGEXP_REPLACE", 3, 3, "*", EXPR_R_CUSTOM, infer_regex, impl_replace, EXPR_F_STRICT, R_REPLACE},
    {"REGEXP_EXTRACT", 2, 3, "*", EXPR_R_CUSTOM, infer_regex, impl_extract, EXPR_F_STRICT, R_EXTRACT},
    {"REGEXP_EXTRACT_ALL", 2, 3, "*", EXPR_R_CUSTOM, infer_regex, impl_extract_all, EXPR_F_STRICT,
     R_EXTRACT_ALL},
    {"REGEXP_COUNT", 2, 2, "*", EXPR_R_CUSTOM, infer_regex, impl_count, EXPR_F_STRICT, R_COUNT},
    {"REGEXP_INSTR", 2, 2, "*", EXPR_R_CUSTOM, infer_regex, impl_instr, EXPR_F_STRICT, R_INSTR},
    {"REGEXP_SUBSTR", 2, 2, "*", EXPR_R_CUSTOM, infer_regex, impl_substr, EXPR_F_STRICT, R_SUBSTR},
    {"STR_TO_MAP", 1, 3, "S", EXPR_R_CUSTOM, infer_str_to_map, impl_str_to_map, EXPR_F_NULLABLE, 0},
    {NULL, 0, 0, NULL, 0, NULL, NULL, 0, 0},
};
