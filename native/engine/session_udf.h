/* session_udf.h - the session's scalar UDFs ("session_udfs_"): the
 * expr_udf_resolver_t (expr/expr_udf.h) every expression of the session's
 * statements compiles against.
 *
 * A name resolves through the catalog's functions (CREATE [TEMPORARY
 * [SYSTEM]] FUNCTION ... AS 'class' [USING JAR ...]). The first use opens the
 * class through the bridge (jni/jb_scalar.h): the overloads Flink infers,
 * isDeterministic(), and open(FunctionContext) once; the instance serves
 * every later statement of the session and close() is called when the
 * session ends (session_udfs_free). A process table function's name is not
 * a scalar UDF (find answers 0, and the expression module reports an unknown
 * function as before); any other class that is not a valid ScalarFunction
 * (a table or aggregate function, a bad eval) fails the call that names it,
 * with the extraction's message and fix.
 *
 * Ownership: the session owns the set (one per session, made on first use);
 * resolved functions live until session_udfs_free. Not thread-safe. */
#ifndef PTF_SESSION_UDF_H
#define PTF_SESSION_UDF_H

#include "engine/session.h"
#include "expr/expr_udf.h"

typedef struct session_udfs session_udfs_t;

/* The resolver for s (made on first use, kept in s->udfs). */
const expr_udf_resolver_t *session_udfs_resolver(session_t *s);
/* Calls close() on every opened function (an exception there is dropped:
 * the session is over) and frees the set; u may be NULL. */
void session_udfs_free(session_udfs_t *u);

#endif
