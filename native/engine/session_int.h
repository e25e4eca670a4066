/* session_int.h - what session.c shares with session_names.c (not a public
 * interface). */
#ifndef PTF_SESSION_INT_H
#define PTF_SESSION_INT_H

#include <stdio.h>

#include "engine/session.h"
#include "sql/sql_ast.h"

/* The SQL client's box of rows, then "N rows in set". */
void session_print_box(FILE *out, int ncols, const char *const *header, int nrows, char ***cells);
/* One column of names, sorted in place. */
void session_show_names(FILE *out, const char *header, char **names, int n);

/* Catalog and database statements, USE, and the SHOW forms about them
 * (session_names.c): 1 when st is not one of them, else 0 or -1 (err set). */
int session_names_stmt(session_t *s, const sqlp_script_t *script, const sqlp_stmt_t *st, char *err, size_t errlen);
/* Gives a view over a query its schema (planning it once); -1 with err set. */
int session_view_schema(session_t *s, const sqlp_script_t *script, catalog_table_t *t, char *err, size_t errlen);
/* The name's identifier as Flink's messages print it: catalog.database.object. Caller frees. */
char *session_names_identifier(const session_t *s, const sqlp_name_t *name);
/* The key a new (or dropped) table or view name takes; NULL with err set when
 * its catalog or database does not exist or is read-only. */
char *session_names_writable_key(session_t *s, const sqlp_script_t *script, const sqlp_name_t *name, char *err,
                                 size_t errlen);

/* Starts the session's JVM if it is not running yet (s->vm). */
int session_vm(session_t *s, char *err, size_t errlen);

#endif
