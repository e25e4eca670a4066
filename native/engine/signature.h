/* signature.h - a PTF's signature as Flink infers it, in C.
 *
 * Built from the JSON the Java half returns (Bridge.describe; schema in
 * docs/internals.md), the one reader of that document. The planner binds a
 * call against a signature; `ptfhost describe` prints a whole document
 * (ptf_sig_doc_t) from it. Ownership: everything hangs off the signature
 * (or the document) and is freed by ptf_sig_free (ptf_sig_doc_free). */
#ifndef PTF_SIGNATURE_H
#define PTF_SIGNATURE_H

#include <stdbool.h>
#include <stddef.h>

#include "types/types.h"

/* ArgumentTrait bits, in Flink 2.1-2.3 declaration order. */
enum {
    TRAIT_SCALAR = 1 << 0,
    TRAIT_ROW_SEMANTIC_TABLE = 1 << 1,
    TRAIT_SET_SEMANTIC_TABLE = 1 << 2,
    TRAIT_OPTIONAL_PARTITION_BY = 1 << 3,
    TRAIT_PASS_COLUMNS_THROUGH = 1 << 4,
    TRAIT_SUPPORT_UPDATES = 1 << 5,
    TRAIT_REQUIRE_UPDATE_BEFORE = 1 << 6,
    TRAIT_REQUIRE_FULL_DELETE = 1 << 7,
    TRAIT_REQUIRE_ON_TIME = 1 << 8,
};
#define PTF_MAX_DECLARED_TRAITS 16

typedef enum ptf_arg_kind { ARG_SCALAR, ARG_TABLE } ptf_arg_kind_t;
typedef enum ptf_state_kind { STATE_VALUE, STATE_LIST, STATE_MAP } ptf_state_kind_t;

typedef struct ptf_arg {
    char *name;
    ptf_arg_kind_t kind;
    unsigned traits;
    unsigned declared[PTF_MAX_DECLARED_TRAITS];   /* the trait bits in declaration order */
    int ndeclared;
    type_t *type;          /* NULL for a polymorphic table argument */
    char *type_text;       /* the type as Flink prints it; NULL when polymorphic */
    bool optional;
    char *conversion;      /* the Java class eval receives, or NULL */
} ptf_arg_t;

typedef struct ptf_state {
    char *name;
    ptf_state_kind_t kind;
    type_t *type;          /* value: the state ROW; list: ARRAY<E>; map: MAP<K, V> */
    char *type_text;       /* the type as Flink prints it */
    char *class_name;      /* POJO class, or NULL */
    long long ttl_ms;      /* -1 = not declared (the global TTL applies), 0 = disabled */
} ptf_state_t;

typedef struct ptf_sig {
    char *class_name;
    bool valid;
    char *error;           /* Flink's message chain when !valid */
    char *fix;             /* one line: how to fix it */
    char *eval;            /* the eval method as Method.toString() prints it, or NULL */
    bool has_context;
    int nargs;
    ptf_arg_t *args;
    int nstate;
    ptf_state_t *state;
    type_t *output;        /* composite, or the atomic type */
    char *output_text;     /* the output type as Flink prints it */
    bool output_atomic;
    bool has_on_timer;
    bool on_timer_has_context;
    bool changelog_function;
    int nwarnings;
    char **warnings;       /* about this function, e.g. an ignored method */
} ptf_sig_t;

/* A whole Bridge.describe answer: the JARs' warnings and every function. */
typedef struct ptf_sig_doc {
    int nwarnings;
    char **warnings;       /* about the JARs, e.g. a class that failed to load */
    int nfunctions;
    ptf_sig_t **functions;
} ptf_sig_doc_t;

/* Parses one element of "functions" (a cJSON object passed as void* so this
 * header does not drag cJSON in). Returns NULL with err set on a malformed
 * document (an internal fault, not a user error): a missing class, argument
 * or state name, output type, or a type string types.h cannot parse. */
ptf_sig_t *ptf_sig_from_json(const void *cjson_function, char *err, size_t errlen);
void ptf_sig_free(ptf_sig_t *s);
/* The first function of a Bridge.describe answer (JSON text), strictly as
 * ptf_sig_from_json; NULL with err = the answer's "error" when it names no
 * function. */
ptf_sig_t *ptf_sig_first_from_answer(const char *json, char *err, size_t errlen);

/* Parses a whole answer for printing, leniently: it never fails, a missing
 * string stays NULL and a type it cannot parse stays text only (type NULL),
 * so describe can still show what Java sent. */
ptf_sig_doc_t *ptf_sig_doc_from_json(const void *cjson_doc);
void ptf_sig_doc_free(ptf_sig_doc_t *d);

int ptf_sig_table_count(const ptf_sig_t *s);
int ptf_sig_find_arg(const ptf_sig_t *s, const char *name);   /* -1 if absent */
const char *ptf_trait_name(unsigned trait_bit);
int ptf_trait_parse(const char *name, unsigned *bit);          /* 0 ok, -1 unknown */

#endif
