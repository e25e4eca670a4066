/* cast.h - implicit casts for typed table arguments ("cast_").
 *
 * A PTF may declare a table argument with a type (a POJO, or
 * @ArgumentHint(type = @DataTypeHint("ROW<...>"))). Flink then maps the
 * input's columns to the declared fields by position and inserts implicit
 * casts (INT -> BIGINT, DECIMAL -> DOUBLE, TIMESTAMP(6) -> TIMESTAMP(3), ...);
 * incompatible columns fail planning. */
#ifndef PTF_CAST_H
#define PTF_CAST_H

#include <stdbool.h>

#include "types/value.h"
#include "util/arena.h"

bool cast_implicit_ok(const type_t *from, const type_t *to);

/* v (of type from) as type to, for a cast cast_implicit_ok allows (the
 * expression module's CAST builds on it). Values that need memory go to a. */
value_t cast_value(const value_t *v, const type_t *from, const type_t *to, arena_t *a);

/* r (of ROW type from) as a row of ROW type to; same field count. Values that
 * need memory go to a. */
row_t cast_row(const row_t *r, const type_t *from, const type_t *to, arena_t *a);

#endif
