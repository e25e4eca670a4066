/* udf_testkit.h - what fake UDF transports in the unit tests share.
 *
 * A scalar-UDF batch answer as jb_scalar.c reads it: the number of rows
 * done, their results (codec-encoded values), then an error flag and, when
 * set, the error's text. */
#ifndef PTF_UDF_TESTKIT_H
#define PTF_UDF_TESTKIT_H

#include <stdint.h>
#include <string.h>

#include "util/buf.h"

static inline void udf_testkit_answer(buf_t *out, uint32_t done, const buf_t *values, const char *error)
{
    buf_clear(out);
    buf_put_u32(out, done);
    buf_append(out, values->data, values->len);
    buf_put_u8(out, error ? 1 : 0);
    if (error) {
        buf_put_u32(out, (uint32_t)strlen(error));
        buf_append(out, error, strlen(error));
    }
}

#endif
