/* filter.c - see filter.h. A thin use of the expression module: compile the
 * condition once, evaluate it per row in a scratch arena. */
#include "engine/filter.h"

#include <stdio.h>
#include <stdlib.h>

#include "expr/expr.h"

#define ERROR_LEN 4096   /* room for a UDF's Java stack */

struct filter {
    expr_t *x;
    arena_t *scratch;      /* reset per row; a pointer so that filter_eval can take a const filter */
    char *error;           /* the first evaluation error, "" while there is none */
};

filter_t *filter_compile(const plan_env_t *env, const sqlp_expr_t *where, const type_t *row_type, char *err,
                         size_t errlen)
{
    expr_t *x = plan_expr_compile(env, where, row_type, err, errlen);
    if (!x) return NULL;
    type_id_t id = expr_type(x)->id;
    if (id != TYPE_BOOLEAN && id != TYPE_NULL) {
        if (where->kind == SQLP_E_COLUMN)
            sqlp_format_error(env->script, where->pos, 0, err, errlen,
                              "WHERE needs a condition; column '%s' is not a BOOLEAN.",
                              where->u.name.parts[where->u.name.nparts - 1].name);
        else
            sqlp_format_error(env->script, where->pos, 0, err, errlen, "WHERE clause must be a condition");
        expr_free(x);
        return NULL;
    }
    filter_t *f = calloc(1, sizeof *f);
    if (!f || !(f->scratch = malloc(sizeof *f->scratch)) || !(f->error = calloc(1, ERROR_LEN))) abort();
    arena_init(f->scratch, 4096);
    f->x = x;
    return f;
}

bool filter_eval(const filter_t *f, const row_t *row)
{
    char err[ERROR_LEN];
    value_t v;
    arena_reset(f->scratch);
    if (expr_eval(f->x, row, f->scratch, &v, err, sizeof err) != 0) {
        if (!*f->error) snprintf(f->error, ERROR_LEN, "%s", err);
        return false;
    }
    return !v.is_null && v.u.b;
}

struct expr *filter_expr(const filter_t *f)
{
    return f->x;
}

const char *filter_error(const filter_t *f)
{
    return *f->error ? f->error : NULL;
}

void filter_free(filter_t *f)
{
    if (!f) return;
    expr_free(f->x);
    arena_destroy(f->scratch);
    free(f->scratch);
    free(f->error);
    free(f);
}
