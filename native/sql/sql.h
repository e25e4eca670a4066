/* sql.h - the Flink SQL front end: lexer, parser, error excerpts.
 *
 * ptfhost reads the scripts a Flink developer writes for the SQL client,
 * Confluent Cloud or CMF: statements separated by ';', comments (`--` to the
 * end of the line, C-style blocks), Flink's lexical rules (keywords are
 * case-insensitive, identifiers case-sensitive, `backtick` quoting, 'string'
 * with '' escapes, Flink's reserved keywords). The grammar is a subset of
 * Flink's:
 *
 *   CREATE [TEMPORARY] TABLE [IF NOT EXISTS] name (columns, [WATERMARK ...],
 *       [PRIMARY KEY (..) NOT ENFORCED]) [COMMENT '..'] [DISTRIBUTED ...]
 *       [PARTITIONED BY (..)] [WITH ('k' = 'v', ...)]
 *   CREATE [TEMPORARY] VIEW [IF NOT EXISTS] name [(cols)] [COMMENT '..'] AS query
 *   CREATE [TEMPORARY [SYSTEM]] FUNCTION [IF NOT EXISTS] name AS 'class'
 *       [LANGUAGE JAVA] [USING JAR 'path' [, JAR 'path']...]
 *   DROP [TEMPORARY [SYSTEM]] TABLE | VIEW | FUNCTION [IF EXISTS] name
 *   ADD JAR 'path'    SHOW TABLES    SHOW [USER] FUNCTIONS    DESCRIBE | DESC name
 *   SET ['k' = 'v']   RESET ['k']    USE [CATALOG] name
 *   [WITH ...] SELECT ... | VALUES ...
 *   INSERT INTO name [(cols)] query
 *   EXECUTE STATEMENT SET BEGIN insert; ... END   (and BEGIN STATEMENT SET; ...; END;)
 *
 * Queries: SELECT * | expr [[AS] alias], ... [FROM one item] [WHERE expr];
 * a FROM item is a table, a subquery, (VALUES ...) [AS] T(a, b), or a
 * (PTF) call f(args) / TABLE(f(args)) whose arguments may be named
 * (`name => value`) and may be `TABLE t [PARTITION BY ..] [ORDER BY ..]`,
 * `DESCRIPTOR(..)`, `DEFAULT` or any expression.
 *
 * Valid Flink SQL that ptfhost does not run (ALTER, joins, GROUP BY, ...) is
 * reported as "unsupported ..." with what is supported instead, so the user
 * knows the script is not wrong, only beyond this runner.
 *
 * Errors: every message starts with "file:line:col: " (or "line L, column
 * C: " without a file name), uses Flink's wording for parse errors
 * ("SQL parse failed. Encountered "FRM" at line 1, column 10." / "Was
 * expecting ..."), and ends with the source line and a caret under the
 * column:
 *
 *     job.sql:1:10: SQL parse failed. Encountered "FRM" at line 1, column 10.
 *     Was expecting one of: ",", "FROM"
 *         1 | SELECT * FRM t
 *           |          ^~~
 *
 * Thread-safety: no global mutable state; separate calls may run in parallel. */
#ifndef PTF_SQL_H
#define PTF_SQL_H

#include <stdarg.h>
#include <stddef.h>

#include "sql/sql_ast.h"
#include "util/arena.h"
#include "util/buf.h"

/* Parses a whole script. `text` is NUL-terminated; `filename` (may be NULL)
 * is only used in messages. On success returns 0 and sets *out to a tree
 * allocated in `a` (text and filename are copied). On error returns -1,
 * leaves *out untouched and writes one message (see above) into err; what
 * was allocated in `a` stays there until the arena is reset. */
int sqlp_parse_script(const char *text, const char *filename, arena_t *a, sqlp_script_t **out,
                      char *err, size_t errlen);

/* The same for a length-bounded text; a NUL byte inside is a lexical error. */
int sqlp_parse_script_n(const char *text, size_t len, const char *filename, arena_t *a,
                        sqlp_script_t **out, char *err, size_t errlen);

/* Writes "file:line:col: <message>\n<source line>\n<caret>" into err, for
 * the planner's semantic errors (unknown column, wrong argument type, ...)
 * at a node's position. `len` is how many characters to underline (0 or 1
 * for a single caret). The message may span several lines. Returns err. */
char *sqlp_format_error(const sqlp_script_t *script, sqlp_pos_t pos, size_t len, char *err,
                        size_t errlen, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
char *sqlp_vformat_error(const sqlp_script_t *script, sqlp_pos_t pos, size_t len, char *err,
                         size_t errlen, const char *fmt, va_list ap);

/* The same on a raw text (before or without a parsed script). */
char *sqlp_format_error_text(const char *text, size_t textlen, const char *filename, sqlp_pos_t pos,
                             size_t len, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 8, 9)));
char *sqlp_vformat_error_text(const char *text, size_t textlen, const char *filename, sqlp_pos_t pos,
                              size_t len, char *err, size_t errlen, const char *fmt, va_list ap);

/* The position `nchars` characters after `from`, walking the script text
 * (line breaks included). Maps a position inside a sqlp_text_t (e.g. a
 * type_parse_n error "at position N": sqlp_pos_advance(s, t.pos, N - 1))
 * back to line:column. Stops at the end of the text. */
sqlp_pos_t sqlp_pos_advance(const sqlp_script_t *script, sqlp_pos_t from, size_t nchars);

/* Names. */
const char *sqlp_stmt_kind_name(sqlp_stmt_kind_t kind);   /* "CREATE TABLE", ... */
const char *sqlp_op_name(sqlp_op_t op);                   /* "+", "AND", "IS NOT NULL", ... */
const char *sqlp_time_unit_name(sqlp_time_unit_t unit);   /* "SECOND", ... */
/* "a.b.c" (parts joined by '.', never quoted); allocated in `a`. */
char *sqlp_name_str(arena_t *a, const sqlp_name_t *name);
/* The last part of a qualified name (the object's own name). */
const sqlp_ident_t *sqlp_name_last(const sqlp_name_t *name);

/* True if `word` (any case) is a reserved keyword in Flink SQL, i.e. must be
 * written in backticks to be used as a name (e.g. value, timestamp, user). */
int sqlp_is_reserved(const char *word, size_t len);

/* A compact, stable S-expression rendering of the tree, for tests and
 * debugging (e.g. "(+ a (* b c))"). Appends to b. */
void sqlp_dump_expr(buf_t *b, const sqlp_expr_t *e);
void sqlp_dump_query(buf_t *b, const sqlp_query_t *q);
void sqlp_dump_stmt(buf_t *b, const sqlp_stmt_t *s);

#endif
