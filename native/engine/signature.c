/* signature.c - see signature.h. */
#include "engine/signature.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const trait_names[] = {
    "SCALAR", "ROW_SEMANTIC_TABLE", "SET_SEMANTIC_TABLE", "OPTIONAL_PARTITION_BY",
    "PASS_COLUMNS_THROUGH", "SUPPORT_UPDATES", "REQUIRE_UPDATE_BEFORE",
    "REQUIRE_FULL_DELETE", "REQUIRE_ON_TIME",
};
#define NTRAITS (int)(sizeof trait_names / sizeof trait_names[0])

const char *ptf_trait_name(unsigned bit)
{
    for (int i = 0; i < NTRAITS; i++)
        if (bit == 1u << i) return trait_names[i];
    return "?";
}

int ptf_trait_parse(const char *name, unsigned *bit)
{
    for (int i = 0; i < NTRAITS; i++)
        if (strcmp(name, trait_names[i]) == 0) {
            *bit = 1u << i;
            return 0;
        }
    return -1;
}

static char *dup_str(const cJSON *o, const char *field)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, field);
    return cJSON_IsString(v) ? strdup(v->valuestring) : NULL;
}

static bool get_bool(const cJSON *o, const char *field)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, field));
}

/* Parses an optional type string field; *ok = false on a parse failure. */
static type_t *get_type(const cJSON *o, const char *field, bool *ok, char *err, size_t errlen)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, field);
    if (!cJSON_IsString(v)) return NULL;
    char terr[512];
    type_t *t = type_parse(v->valuestring, terr, sizeof terr);
    if (!t) {
        snprintf(err, errlen, "bridge sent an unparseable type '%s': %s", v->valuestring, terr);
        *ok = false;
    }
    return t;
}

ptf_sig_t *ptf_sig_from_json(const void *json, char *err, size_t errlen)
{
    const cJSON *f = json;
    ptf_sig_t *s = calloc(1, sizeof *s);
    if (!s) abort();
    bool ok = true;
    s->class_name = dup_str(f, "class");
    s->valid = get_bool(f, "valid");
    s->error = dup_str(f, "error");
    s->fix = dup_str(f, "fix");
    if (!s->class_name) {
        snprintf(err, errlen, "bridge sent a function without a class name");
        ptf_sig_free(s);
        return NULL;
    }
    if (!s->valid) return s;

    s->has_context = get_bool(f, "has_context");
    s->changelog_function = get_bool(f, "changelog_function");
    const cJSON *timer = cJSON_GetObjectItemCaseSensitive(f, "on_timer");
    s->has_on_timer = cJSON_IsObject(timer);

    const cJSON *args = cJSON_GetObjectItemCaseSensitive(f, "arguments");
    s->nargs = cJSON_GetArraySize(args);
    s->args = calloc((size_t)s->nargs + 1, sizeof *s->args);
    int i = 0;
    const cJSON *a;
    cJSON_ArrayForEach(a, args) {
        ptf_arg_t *arg = &s->args[i++];
        arg->name = dup_str(a, "name");
        const cJSON *kind = cJSON_GetObjectItemCaseSensitive(a, "kind");
        arg->kind = cJSON_IsString(kind) && strcmp(kind->valuestring, "table") == 0 ? ARG_TABLE : ARG_SCALAR;
        arg->optional = get_bool(a, "optional");
        const cJSON *t;
        cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(a, "traits")) {
            unsigned bit;
            if (cJSON_IsString(t) && ptf_trait_parse(t->valuestring, &bit) == 0) arg->traits |= bit;
        }
        if (ok) arg->type = get_type(a, "type", &ok, err, errlen);
        if (!arg->name) ok = false, snprintf(err, errlen, "bridge sent an argument without a name");
    }

    const cJSON *state = cJSON_GetObjectItemCaseSensitive(f, "state");
    s->nstate = cJSON_GetArraySize(state);
    s->state = calloc((size_t)s->nstate + 1, sizeof *s->state);
    i = 0;
    cJSON_ArrayForEach(a, state) {
        ptf_state_t *st = &s->state[i++];
        st->name = dup_str(a, "name");
        st->class_name = dup_str(a, "class");
        const cJSON *kind = cJSON_GetObjectItemCaseSensitive(a, "kind");
        const char *k = cJSON_IsString(kind) ? kind->valuestring : "value";
        st->kind = strcmp(k, "list") == 0 ? STATE_LIST : strcmp(k, "map") == 0 ? STATE_MAP : STATE_VALUE;
        const cJSON *ttl = cJSON_GetObjectItemCaseSensitive(a, "ttl_ms");
        st->ttl_ms = cJSON_IsNumber(ttl) ? (long long)ttl->valuedouble : -1;
        if (ok) st->type = get_type(a, "type", &ok, err, errlen);
        if (!st->name) ok = false, snprintf(err, errlen, "bridge sent a state entry without a name");
    }

    const cJSON *out = cJSON_GetObjectItemCaseSensitive(f, "output");
    s->output_atomic = get_bool(out, "atomic");
    if (ok) s->output = get_type(out, "type", &ok, err, errlen);
    if (ok && !s->output) ok = false, snprintf(err, errlen, "bridge sent no output type for %s", s->class_name);
    if (!ok) {
        ptf_sig_free(s);
        return NULL;
    }
    return s;
}

void ptf_sig_free(ptf_sig_t *s)
{
    if (!s) return;
    for (int i = 0; i < s->nargs; i++) {
        free(s->args[i].name);
        type_free(s->args[i].type);
    }
    for (int i = 0; i < s->nstate; i++) {
        free(s->state[i].name);
        free(s->state[i].class_name);
        type_free(s->state[i].type);
    }
    free(s->args);
    free(s->state);
    type_free(s->output);
    free(s->class_name);
    free(s->error);
    free(s->fix);
    free(s);
}

int ptf_sig_table_count(const ptf_sig_t *s)
{
    int n = 0;
    for (int i = 0; i < s->nargs; i++) n += s->args[i].kind == ARG_TABLE;
    return n;
}

int ptf_sig_find_arg(const ptf_sig_t *s, const char *name)
{
    for (int i = 0; i < s->nargs; i++)
        if (strcmp(s->args[i].name, name) == 0) return i;
    return -1;
}
