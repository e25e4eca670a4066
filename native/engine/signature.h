/* signature.h - a PTF's signature as Flink infers it, in C.
 *
 * Built from the JSON the Java half returns (Bridge.describe; schema in
 * docs/internals.md). The planner binds a call against it; describe prints
 * it. Ownership: everything hangs off the signature and is freed by
 * ptf_sig_free. */
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

typedef enum ptf_arg_kind { ARG_SCALAR, ARG_TABLE } ptf_arg_kind_t;
typedef enum ptf_state_kind { STATE_VALUE, STATE_LIST, STATE_MAP } ptf_state_kind_t;

typedef struct ptf_arg {
    char *name;
    ptf_arg_kind_t kind;
    unsigned traits;
    type_t *type;          /* NULL for a polymorphic table argument */
    bool optional;
} ptf_arg_t;

typedef struct ptf_state {
    char *name;
    ptf_state_kind_t kind;
    type_t *type;          /* value: the state ROW; list: ARRAY<E>; map: MAP<K, V> */
    char *class_name;      /* POJO class, or NULL */
    long long ttl_ms;      /* -1 = not declared (the global TTL applies), 0 = disabled */
} ptf_state_t;

typedef struct ptf_sig {
    char *class_name;
    bool valid;
    char *error;           /* Flink's message chain when !valid */
    char *fix;             /* one line: how to fix it */
    bool has_context;
    int nargs;
    ptf_arg_t *args;
    int nstate;
    ptf_state_t *state;
    type_t *output;        /* composite, or the atomic type */
    bool output_atomic;
    bool has_on_timer;
    bool changelog_function;
} ptf_sig_t;

/* Parses one element of "functions" (a cJSON object passed as void* so this
 * header does not drag cJSON in). Returns NULL with err set on a malformed
 * document (an internal fault, not a user error). */
ptf_sig_t *ptf_sig_from_json(const void *cjson_function, char *err, size_t errlen);
void ptf_sig_free(ptf_sig_t *s);

int ptf_sig_table_count(const ptf_sig_t *s);
int ptf_sig_find_arg(const ptf_sig_t *s, const char *name);   /* -1 if absent */
const char *ptf_trait_name(unsigned trait_bit);
int ptf_trait_parse(const char *name, unsigned *bit);          /* 0 ok, -1 unknown */

#endif
