/* expr_udf.c - calls of user-defined scalar functions and the batched
 * evaluation they need (see expr_udf.h): compiling a call (overload choice,
 * argument casts, constant folding), the UDF node, and expr_eval_batch's
 * rounds. */
#include "expr/expr_udf.h"
#include "expr/expr_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/cast.h"
#include "types/codec.h"
#include "util/xalloc.h"

enum { ROW_UNKNOWN = 0, ROW_QUEUED, ROW_DONE };

/* A compiled call: which function, which overload. */
typedef struct udf_call {
    const expr_udf_t *udf;
    int overload;
    const expr_node_t *node;
    struct udf_call *next;    /* the expression's other call sites (expr_t.udf_calls) */
} udf_call_t;

/* One call site during a batch: each row's state and result, and the calls queued this round. */
typedef struct site {
    uint8_t *state;
    value_t *result;
    buf_t in;                 /* the queued rows' argument values */
    int *rows;                /* queued rows, ascending */
    size_t *offsets;          /* where each queued row's arguments start in `in` */
    int nqueued;
} site_t;

typedef struct batch {
    site_t *sites;
    int nsites, nrows;
    bool pending;             /* the row being evaluated waits for a UDF result */
} batch_t;

/* The first failing row of a batch (nrows: none) and its message. */
typedef struct failure {
    int row;
    buf_t msg;
} failure_t;

/* What expr_prefetch keeps for the rows it evaluated (expr_t.cache). */
struct expr_udf_cache {
    batch_t *batch;
    const row_t *rows;
    failure_t failure;
    arena_t arena;            /* the results */
};

/* The batch and row the evaluating thread is in (expr_ctx_t stays as it is). */
static _Thread_local struct {
    batch_t *batch;
    int row;
} current;

/* ---- compiling a call --------------------------------------------------------------------- */

static const type_t *param_type(const expr_udf_overload_t *o, int i)
{
    return o->args[i < o->nargs ? i : o->nargs - 1];
}

static bool arity_fits(const expr_udf_overload_t *o, int nargs)
{
    return o->varargs ? nargs >= o->nargs - 1 : nargs == o->nargs;
}

/* Flink's supportsAvoidingCast, as far as ptfhost's types go: equal up to
 * nullability, or a string/binary that fits a longer one. */
static bool avoids_cast(const type_t *t, const type_t *to)
{
    if (type_equals_ignore_null(t, to)) return true;
    if (type_is_string(t) && type_is_string(to)) return to->id == TYPE_VARCHAR && to->precision >= t->precision;
    return expr_is_binary(t) && expr_is_binary(to) && to->id == TYPE_VARBINARY && to->precision >= t->precision;
}

static bool takes(const expr_udf_overload_t *o, expr_node_t *const *args, int nargs, bool exact)
{
    if (!arity_fits(o, nargs)) return false;
    for (int i = 0; i < nargs; i++) {
        const type_t *t = args[i]->type, *to = param_type(o, i);
        if (!avoids_cast(t, to) && (exact || (t->id != TYPE_NULL && !cast_implicit_ok(t, to)))) return false;
    }
    return true;
}

static void signature_text(buf_t *b, const char *name, const expr_udf_overload_t *o)
{
    buf_printf(b, "\n%s(", name);
    for (int i = 0; i < o->nargs; i++) {
        char *t = type_to_string(o->args[i]);
        buf_printf(b, "%s%s %s%s", i ? ", " : "", o->names[i], t, o->varargs && i == o->nargs - 1 ? "..." : "");
        free(t);
    }
    buf_putc(b, ')');
}

static void *no_overload(expr_cc_t *c, const sqlp_expr_t *e, const expr_udf_t *u, expr_node_t *const *args,
                         int nargs)
{
    buf_t b = BUF_INIT;
    buf_printf(&b, "%s(", u->name);
    for (int i = 0; i < nargs; i++) {
        char *t = type_to_string(args[i]->type);
        buf_printf(&b, "%s%s", i ? ", " : "", t);
        free(t);
    }
    buf_puts(&b, ")\nInvalid input arguments. Expected signatures are:");
    for (int o = 0; o < u->noverloads; o++) signature_text(&b, u->name, &u->overloads[o]);
    expr_error(c, e->pos, "SQL validation failed. Invalid function call:\n%s", buf_cstr(&b));
    buf_free(&b);
    return NULL;
}

static int pick_overload(const expr_udf_t *u, expr_node_t *const *args, int nargs)
{
    for (int exact = 1; exact >= 0; exact--)
        for (int o = 0; o < u->noverloads; o++)
            if (takes(&u->overloads[o], args, nargs, exact)) return o;
    return -1;
}

static value_t eval_udf(const expr_node_t *n, expr_ctx_t *cx);
static int eval_rows(const expr_t *x, const expr_node_t *root, const row_t *rows, int n, arena_t *a, value_t *out,
                     int *failed_row, char *err, size_t errlen);

/* A deterministic call of constants is evaluated now, as Flink reduces it at planning. */
static expr_node_t *fold(expr_cc_t *c, expr_node_t *n)
{
    const udf_call_t *call = n->aux;
    for (int i = 0; i < n->nargs; i++)
        if (!expr_is_const(n->args[i])) return n;
    if (!call->udf->deterministic) return n;
    value_t v;
    int failed;
    char e[4096];
    if (eval_rows(c->x, n, NULL, 1, &c->x->arena, &v, &failed, e, sizeof e) != 0)
        return expr_error(c, n->pos, "%s", e);
    return expr_const_node(c, n->type, v, n->pos);
}

/* The node of a call of u, its arguments compiled. */
static expr_node_t *udf_node(expr_cc_t *c, const sqlp_expr_t *e, const expr_udf_t *u)
{
    int nargs = e->u.call.nargs;
    expr_node_t *n = expr_node_new(c, eval_udf, NULL, e->pos, nargs);
    for (int i = 0; i < nargs; i++) {
        if (e->u.call.args[i].name)
            return expr_error(c, e->u.call.args[i].name->pos, "Named arguments are only supported for PTF calls");
        if (!(n->args[i] = expr_compile_node(c, e->u.call.args[i].value))) return NULL;
        if (!n->args[i]->eval) return expr_error(c, n->args[i]->pos, "A symbol is not an expression");
    }
    int o = pick_overload(u, n->args, nargs);
    if (o < 0) return no_overload(c, e, u, n->args, nargs);
    const expr_udf_overload_t *ov = &u->overloads[o];
    bool null_to_primitive = false;
    for (int i = 0; i < nargs; i++) {
        const type_t *to = param_type(ov, i);
        null_to_primitive |= !to->nullable && n->args[i]->type->nullable;
        n->args[i] = expr_cast(c, n->args[i], expr_with_null(c, to, true), true, false, n->args[i]->pos);
        if (!n->args[i]) return NULL;
    }
    /* a NULL for a primitive parameter gives NULL without a call (ScalarRuntime) */
    n->type = expr_with_null(c, ov->result, ov->result->nullable || null_to_primitive);
    udf_call_t *call = arena_calloc(&c->x->arena, 1, sizeof *call);
    call->udf = u;
    call->overload = o;
    call->node = n;
    call->next = c->x->udf_calls;
    c->x->udf_calls = call;
    n->aux = call;
    n->op = c->x->nudf++;
    return fold(c, n);
}

bool expr_udf_compile(expr_cc_t *c, const sqlp_expr_t *e, expr_node_t **out)
{
    const expr_udf_resolver_t *r = c->x->udfs;
    if (!r) return false;
    const char *name = sqlp_name_last(&e->u.call.name)->name;
    const expr_udf_t *u = NULL;
    char err[4096];
    int found = r->find(r->ctx, name, &u, err, sizeof err);
    if (found == 0 || (found > 0 && !u->system && expr_func_find(name))) return false;
    *out = found < 0 ? expr_error(c, e->pos, "%s", err) : udf_node(c, e, u);
    return true;
}

/* ---- evaluation ------------------------------------------------------------------------------ */

static batch_t *batch_new(const expr_t *x, int n)
{
    batch_t *b = xcalloc(1, sizeof *b);
    b->nsites = x->nudf;
    b->nrows = n;
    b->sites = xcalloc((size_t)x->nudf + 1, sizeof(site_t));
    for (int s = 0; s < x->nudf; s++) {
        b->sites[s].state = xcalloc((size_t)n + 1, 1);
        b->sites[s].result = xcalloc((size_t)n + 1, sizeof(value_t));
        b->sites[s].rows = xcalloc((size_t)n + 1, sizeof(int));
        b->sites[s].offsets = xcalloc((size_t)n + 1, sizeof(size_t));
    }
    return b;
}

static void batch_free(batch_t *b)
{
    if (!b) return;
    for (int s = 0; s < b->nsites; s++) {
        site_t *t = &b->sites[s];
        free(t->state), free(t->result), free(t->rows), free(t->offsets);
        buf_free(&t->in);
    }
    free(b->sites);
    free(b);
}

/* Forgets the calls queued in b (they are made again, row by row). */
static void unqueue(batch_t *b)
{
    for (int i = 0; i < b->nsites; i++) {
        site_t *s = &b->sites[i];
        for (int k = 0; k < s->nqueued; k++) s->state[s->rows[k]] = ROW_UNKNOWN;
        s->nqueued = 0;
        buf_clear(&s->in);
    }
}

static void queue(site_t *s, int row, size_t offset)
{
    s->rows[s->nqueued] = row;
    s->offsets[s->nqueued++] = offset;
    s->state[row] = ROW_QUEUED;
}

static value_t eval_udf(const expr_node_t *n, expr_ctx_t *cx)
{
    batch_t *b = current.batch;
    if (!b) return expr_fail(cx, "internal: a function call evaluated outside a batch");
    site_t *s = &b->sites[n->op];
    int row = current.row;
    if (s->state[row] == ROW_DONE) return s->result[row];
    if (b->pending) return value_null();   /* what follows may depend on a result not known yet */
    value_t *argv = arena_alloc(cx->arena, sizeof(value_t) * ((size_t)n->nargs + 1));
    for (int i = 0; i < n->nargs && !cx->failed && !b->pending; i++) argv[i] = EXPR_EVAL(n->args[i], cx);
    if (cx->failed || b->pending) return value_null();
    size_t at = s->in.len;
    char e[512];
    for (int i = 0; i < n->nargs; i++)
        if (codec_encode_value(&s->in, &argv[i], n->args[i]->type, e, sizeof e) != 0) {
            s->in.len = at;
            return expr_fail(cx, "%s", e);
        }
    queue(s, row, at);
    b->pending = true;
    return value_null();
}

/* "f(1, 'a')": the arguments of queued call k of site s, for an error message. */
static void render_call(buf_t *b, const expr_node_t *n, const site_t *s, int k, const render_zone_t *zone)
{
    const udf_call_t *call = n->aux;
    buf_printf(b, "%s(", call->udf->name);
    const unsigned char *p = s->in.data + s->offsets[k];
    size_t left = s->in.len - s->offsets[k];
    arena_t a;
    arena_init(&a, 256);
    for (int i = 0; i < n->nargs; i++) {
        value_t v;
        size_t used;
        char e[128];
        if (codec_decode_value(p, left, &used, n->args[i]->type, &a, &v, e, sizeof e) != 0) break;
        if (i) buf_puts(b, ", ");
        render_sql_value(b, &v, n->args[i]->type, zone);
        p += used, left -= used;
    }
    arena_destroy(&a);
    buf_putc(b, ')');
}

static void fail_row(failure_t *f, int row, const char *msg)
{
    if (row >= f->row) return;
    f->row = row;
    buf_clear(&f->msg);
    buf_puts(&f->msg, msg);
}

/* Applies the answer of one site's batch: results, or an error after some of them. */
static int apply_answer(const expr_t *x, const expr_node_t *n, site_t *s, const buf_t *out, arena_t *a,
                        failure_t *f, char *err, size_t errlen)
{
    const udf_call_t *call = n->aux;
    const unsigned char *p = out->data, *end = out->data + out->len;
    uint32_t nresults, len;
    if (out->len < 5 || (memcpy(&nresults, p, 4), nresults > (uint32_t)s->nqueued)) goto malformed;
    p += 4;
    for (uint32_t k = 0; k < nresults; k++) {
        size_t used;
        int row = s->rows[k];
        if (codec_decode_value(p, (size_t)(end - p), &used, n->type, a, &s->result[row], err, errlen) != 0)
            return -1;
        s->state[row] = ROW_DONE;
        p += used;
    }
    if (p >= end) goto malformed;
    if (*p++ == 0) {
        if (p == end) return 0;
        goto malformed;
    }
    if (end - p < 4 || (memcpy(&len, p, 4), (size_t)(end - p - 4) != len) || nresults >= (uint32_t)s->nqueued)
        goto malformed;
    buf_t m = BUF_INIT;
    buf_printf(&m, "Function '%s' (%s) failed on ", call->udf->name, call->udf->class_name);
    render_call(&m, n, s, (int)nresults, x->zone);
    buf_printf(&m, ": %.*s", (int)len, (const char *)p + 4);
    fail_row(f, s->rows[nresults], buf_cstr(&m));
    buf_free(&m);
    return 0;
malformed:
    snprintf(err, errlen, "internal: malformed answer from the bridge for function '%s' (%zu bytes)", call->udf->name,
             out->len);
    return -1;
}

/* The queued calls of every site: one batch each. How many were sent goes to *ncalls. */
static int call_sites(const expr_t *x, batch_t *b, arena_t *a, failure_t *f, int *ncalls, char *err, size_t errlen)
{
    *ncalls = 0;
    buf_t in = BUF_INIT, out = BUF_INIT;
    int rc = 0;
    for (const udf_call_t *call = x->udf_calls; call && rc == 0; call = call->next) {
        const expr_node_t *n = call->node;
        site_t *s = &b->sites[n->op];
        if (s->nqueued == 0) continue;
        buf_clear(&in);
        buf_put_u16(&in, (uint16_t)call->overload);
        buf_put_u16(&in, (uint16_t)n->nargs);
        buf_put_u32(&in, (uint32_t)s->nqueued);
        buf_append(&in, s->in.data, s->in.len);
        rc = call->udf->call(call->udf->ctx, &in, &out, err, errlen);
        if (rc == 0) rc = apply_answer(x, n, s, &out, a, f, err, errlen);
        for (int k = 0; k < s->nqueued; k++)
            if (s->state[s->rows[k]] == ROW_QUEUED) s->state[s->rows[k]] = ROW_UNKNOWN;
        s->nqueued = 0;
        buf_clear(&s->in);
        (*ncalls)++;
    }
    buf_free(&in), buf_free(&out);
    return rc;
}

/* Row r of the batch b, evaluated as far as the results known allow. */
static value_t eval_row(const expr_t *x, const expr_node_t *root, batch_t *b, const row_t *row, int r, arena_t *a,
                        char *e, size_t elen, bool *failed)
{
    expr_ctx_t cx = {row, a, x->zone, e, elen, false, x->now_ms, x->now_ctx, x->watermark};
    current.batch = b;
    current.row = r;
    b->pending = false;
    value_t v = EXPR_EVAL(root, &cx);
    current.batch = NULL;
    *failed = cx.failed;
    return v;
}

/* The rounds over rows[0..n) (see expr_udf.h): results in out, the first failure in f. */
static int run_rounds(const expr_t *x, const expr_node_t *root, batch_t *b, const row_t *rows, int n, arena_t *a,
                      value_t *out, failure_t *f, char *err, size_t errlen)
{
    int *todo = xcalloc((size_t)n + 1, sizeof(int)), ntodo = n, rc = 0, ncalls;
    for (int r = 0; r < n; r++) todo[r] = r;
    while (rc == 0 && ntodo > 0) {
        int keep = 0;
        for (int k = 0; k < ntodo; k++) {
            int r = todo[k];
            char e[4096];
            bool failed;
            if (r >= f->row) continue;
            value_t v = eval_row(x, root, b, rows ? &rows[r] : NULL, r, a, e, sizeof e, &failed);
            if (b->pending) todo[keep++] = r;
            else if (failed) fail_row(f, r, e);
            else out[r] = v;
        }
        ntodo = keep;
        if (ntodo == 0) break;
        rc = call_sites(x, b, a, f, &ncalls, err, errlen);
        if (rc == 0 && ncalls == 0) rc = -1, snprintf(err, errlen, "internal: a row waits for a result never asked for");
    }
    free(todo);
    return rc;
}

static int eval_rows(const expr_t *x, const expr_node_t *root, const row_t *rows, int n, arena_t *a, value_t *out,
                     int *failed_row, char *err, size_t errlen)
{
    batch_t *b = batch_new(x, n);
    failure_t f = {n, BUF_INIT};
    int rc = run_rounds(x, root, b, rows, n, a, out, &f, err, errlen);
    *failed_row = rc != 0 ? 0 : f.row;
    if (rc == 0 && f.row < n) {
        snprintf(err, errlen, "%s", buf_cstr(&f.msg));
        rc = -1;
    }
    buf_free(&f.msg);
    batch_free(b);
    return rc;
}

int expr_eval_batch(const expr_t *x, const row_t *rows, int n, arena_t *a, value_t *out, int *failed_row,
                    char *err, size_t errlen)
{
    if (x->nudf == 0) {
        for (int r = 0; r < n; r++)
            if (expr_eval(x, rows ? &rows[r] : NULL, a, &out[r], err, errlen) != 0) {
                *failed_row = r;
                return -1;
            }
        return 0;
    }
    return eval_rows(x, x->root, rows, n, a, out, failed_row, err, errlen);
}

bool expr_has_udf(const expr_t *x)
{
    return x->nudf > 0;
}

/* ---- prefetching ------------------------------------------------------------------------------ */

void expr_udf_cache_free(expr_t *x)
{
    struct expr_udf_cache *c = x->cache;
    if (!c) return;
    batch_free(c->batch);
    buf_free(&c->failure.msg);
    arena_destroy(&c->arena);
    free(c);
    x->cache = NULL;
}

void expr_prefetch(expr_t *x, const row_t *rows, int n)
{
    expr_udf_cache_free(x);
    if (x->nudf == 0 || n == 0) return;
    struct expr_udf_cache *c = xcalloc(1, sizeof *c);
    c->batch = batch_new(x, n);
    c->rows = rows;
    c->failure = (failure_t){n, BUF_INIT};
    arena_init(&c->arena, 4096);
    value_t *out = xcalloc((size_t)n, sizeof *out);
    char err[1024];
    if (run_rounds(x, x->root, c->batch, rows, n, &c->arena, out, &c->failure, err, sizeof err) != 0)
        c->failure.row = -1;   /* the bridge failed: evaluate row by row, which reports it */
    free(out);
    x->cache = c;
}

int expr_udf_eval(const expr_t *x, const row_t *row, arena_t *a, value_t *out, char *err, size_t errlen)
{
    const struct expr_udf_cache *c = x->cache;
    int failed_row;
    if (c && row && row >= c->rows && row < c->rows + c->batch->nrows) {
        int r = (int)(row - c->rows);
        if (r == c->failure.row) {
            snprintf(err, errlen, "%s", c->failure.msg.data ? buf_cstr((buf_t *)&c->failure.msg) : "");
            return -1;
        }
        if (r < c->failure.row) {
            bool failed;
            *out = eval_row(x, x->root, c->batch, row, r, a, err, errlen, &failed);
            if (!c->batch->pending) return failed ? -1 : 0;
            unqueue(c->batch);   /* a path the prefetch did not take (a non-deterministic built-in) */
        }
    }
    return eval_rows(x, x->root, row, 1, a, out, &failed_row, err, errlen);
}
