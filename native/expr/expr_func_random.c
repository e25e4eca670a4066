/* expr_func_random.c - RAND([seed]) and RAND_INTEGER([seed,] bound), as
 * Flink generates them: one java.util.Random per call site, created with
 * the seed (a literal) when there is one, advanced once per evaluation. The
 * numbers are Java's (the same 48-bit linear congruential generator,
 * nextDouble and nextInt(bound)), so a seeded call gives Flink's sequence.
 * Without a seed the generator starts from the system's entropy; the
 * results then differ per run, as in Flink. The generator's state is
 * atomic (as Random's AtomicLong): several threads may evaluate one call. */
#include "expr/expr_int.h"

#include <stdatomic.h>
#include <sys/random.h>

#define MULTIPLIER 0x5DEECE66DULL
#define ADDEND 0xBULL
#define MASK ((1ULL << 48) - 1)

typedef struct random_call {
    const expr_func_t *f;
    _Atomic uint64_t seed;
} random_call_t;

/* Random.next(bits) */
static int32_t next_bits(random_call_t *r, int bits)
{
    uint64_t old = atomic_load(&r->seed), next;
    do
        next = (old * MULTIPLIER + ADDEND) & MASK;
    while (!atomic_compare_exchange_weak(&r->seed, &old, next));
    return (int32_t)(next >> (48 - bits));
}

static double next_double(random_call_t *r)
{
    int64_t hi = next_bits(r, 26), lo = next_bits(r, 27);
    return (double)((hi << 27) + lo) * 0x1.0p-53;
}

static int32_t next_int(random_call_t *r, int32_t bound)
{
    if ((bound & -bound) == bound) return (int32_t)(((int64_t)bound * next_bits(r, 31)) >> 31);
    int32_t bits, val;
    do {
        bits = next_bits(r, 31);
        val = bits % bound;
    } while ((int64_t)bits - val + (bound - 1) > INT32_MAX);
    return val;
}

static value_t eval_random(const expr_node_t *n, expr_ctx_t *cx)
{
    random_call_t *r = (random_call_t *)n->aux;
    if (r->f->op == 'D') return expr_f64(next_double(r));
    value_t bound = EXPR_EVAL(n->args[n->nargs - 1], cx);
    if (bound.is_null || cx->failed) return value_null();
    if (bound.u.i64 <= 0) return expr_fail(cx, "java.lang.IllegalArgumentException: bound must be positive");
    return expr_i64(next_int(r, (int32_t)bound.u.i64));
}

static const type_t *infer_random(expr_cc_t *c, expr_node_t *n, const expr_func_t *f)
{
    bool seeded = n->nargs == (f->op == 'D' ? 1 : 2);
    uint64_t seed;
    if (seeded) {
        const expr_node_t *s = n->args[0];
        if (!expr_is_const(s) || s->value.is_null)
            return expr_error(c, s->pos, "%s with a seed that is not a literal is not supported by ptfhost yet",
                              f->name);
        seed = (uint64_t)s->value.u.i64;
    } else if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed) {
        seed = (uint64_t)(uintptr_t)n ^ 0x9E3779B97F4A7C15ULL;
    }
    random_call_t *r = arena_calloc(&c->x->arena, 1, sizeof *r);
    r->f = f;
    atomic_init(&r->seed, (seed ^ MULTIPLIER) & MASK);   /* new Random(seed) */
    n->aux = r;
    n->eval = eval_random;
    if (f->op == 'D') return expr_type_new(c, TYPE_DOUBLE, false, -1, -1);
    return expr_type_new(c, TYPE_INT, n->args[n->nargs - 1]->type->nullable, -1, -1);
}

const expr_func_t expr_funcs_random[] = {
    {"RAND", 0, 1, "I", EXPR_R_CUSTOM, infer_random, NULL, EXPR_F_LAZY, 'D'},
    {"RAND_INTEGER", 1, 2, "I", EXPR_R_CUSTOM, infer_random, NULL, EXPR_F_LAZY, 'I'},
    {NULL, 0, 0, NULL, 0, NULL, NULL, 0, 0},
};
