/* expr_json.h - JSON documents and SQL/JSON paths for the JSON functions
 * (internal to native/expr). A document is parsed as Jackson parses it
 * (strict JSON, the first value; numbers keep their text) into nodes in an
 * arena; a path is evaluated as Flink's JSON functions evaluate it through
 * Jayway JsonPath: `[lax|strict] $` (strict without a mode), then `.key`,
 * `['key']`, `[n]` (negative from the end), `[*]` and `.*`. Deep scans and
 * filters do not compile (an invalid path). */
#ifndef PTF_EXPR_JSON_H
#define PTF_EXPR_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "util/arena.h"
#include "util/buf.h"

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_kind_t;

typedef struct json json_t;
struct json {
    json_kind_t kind;
    bool b;                  /* BOOL */
    bool is_float;           /* NUMBER with a fraction or an exponent (a Double to Jackson) */
    const char *s;           /* STRING (decoded), NUMBER (as written) */
    size_t n;
    size_t count;            /* ARRAY, OBJECT */
    json_t **items;
    const char **keys;       /* OBJECT, in document order (a repeated key keeps its first place) */
    size_t *keylens;
};

/* NULL if text is not JSON. */
json_t *expr_json_parse(const char *text, size_t n, arena_t *a);

/* Jackson's compact text of j. */
void expr_json_write(buf_t *b, const json_t *j);
void expr_json_write_string(buf_t *b, const char *s, size_t n);
void expr_json_write_number(buf_t *b, const json_t *j);

/* What a path finds: an error (strict mode: nothing found, not JSON; any
 * mode: an invalid path), or a value (NULL: nothing, or a JSON null). A
 * wildcard path finds an array of its matches. */
typedef struct json_path_result {
    bool lax;
    const char *error;
    const json_t *value;
} json_path_result_t;

/* doc may be NULL (the input was not JSON). */
json_path_result_t expr_json_path(const json_t *doc, const char *spec, size_t n, arena_t *a);

#endif
