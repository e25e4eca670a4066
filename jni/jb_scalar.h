/* jb_scalar.h - opened scalar functions (ScalarFunction classes of a user
 * JAR) for the expression module's UDF calls ("jb_scalar_"); the C half of
 * io.ptfhost.bridge.runtime.ScalarRuntime. Protocol: docs/internals.md,
 * "Scalar functions".
 *
 * jb_scalar_open loads the class under the JARs' class loader (the one PTFs
 * of the same JARs share), extracts its overloads, instantiates it and calls
 * open(FunctionContext); *json_out (malloc'ed, the caller frees) is Java's
 * answer {"handle", "deterministic", "signature"} (docs/internals.md). A class
 * that is not a valid scalar function (an unsupported function kind, a bad
 * eval) opens nothing: 0 with *out NULL, the signature saying why. An
 * exception in the constructor or open() is the error (class: message, stack).
 *
 * jb_scalar_call runs one batch: in holds the encoded batch (overload, number
 * of arguments, rows of argument values), out receives the answer (grown as
 * needed, kept for the next call): one JNI call per batch, never per row. An
 * exception in eval is part of the answer, not a failure; -1 means the bridge
 * itself failed.
 *
 * A jb_scalar_t is driven by one thread at a time; jb_scalar_close calls the
 * function's close() and frees it, also when that fails. */
#ifndef PTF_JB_SCALAR_H
#define PTF_JB_SCALAR_H

#include <stddef.h>

#include "jb.h"
#include "util/buf.h"

typedef struct jb_scalar jb_scalar_t;

int jb_scalar_open(jb_vm_t *vm, const char *const *jars, int njars, const char *class_name, jb_scalar_t **out,
                   char **json_out, char *err, size_t errlen);
int jb_scalar_call(jb_scalar_t *f, const buf_t *in, buf_t *out, char *err, size_t errlen);
int jb_scalar_close(jb_scalar_t *f, char *err, size_t errlen);

#endif
