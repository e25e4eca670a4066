/* literal.h - a constant of a query coerced to a declared type ("literal_").
 *
 * Scalar arguments of a PTF call, the rows of a VALUES view, the constant
 * side of a WHERE comparison and constant SELECT items are all constants the
 * engine knows before it runs. This module reads one as a value of the type
 * it must have. Accepted forms:
 *     literal, -literal, +literal            (a number, string, TRUE/FALSE, DATE '..',
 *                                             TIMESTAMP '..', INTERVAL '..' unit, NULL)
 *     CAST(literal AS t)                     (a string is read as a t literal:
 *                                             CAST('TRUE' AS BOOLEAN), CAST('7' AS INT))
 *     ARRAY[..], MAP[k, v, ..], ROW(..)      (element by element)
 *     DESCRIPTOR(a, b)                       (for a DESCRIPTOR argument)
 * Integers are range-checked, decimals must fit the declared precision and
 * scale, NULL needs a nullable type.
 *
 * Errors: -1 with a message in err that names the argument (`argname`: the
 * argument, column or clause the constant is for) and points at the
 * constant in the script (sqlp_format_error).
 *
 * Ownership: strings and nested values of *out are allocated in arena `a`;
 * nothing else is kept. No global state; thread-safe. */
#ifndef PTF_LITERAL_H
#define PTF_LITERAL_H

#include <stddef.h>

#include "sql/sql.h"
#include "types/types.h"
#include "types/value.h"
#include "util/arena.h"

/* Coerces constant `e` to type t. 0, or -1 with err (out may be partly set). */
int literal_value(const sqlp_script_t *script, const sqlp_expr_t *e, const type_t *t, const char *argname,
                  arena_t *a, value_t *out, char *err, size_t errlen);

#endif
