/* signature.c - see signature.h. */
#include "engine/signature.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

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
    return cJSON_IsString(v) ? xstrdup(v->valuestring) : NULL;
}

static bool get_bool(const cJSON *o, const char *field)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, field));
}

/* The strings of an array field (non-strings are skipped). */
static char **dup_strings(const cJSON *o, const char *field, int *n)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(o, field);
    char **out = xcalloc((size_t)cJSON_GetArraySize(list) + 1, sizeof *out);
    *n = 0;
    const cJSON *v;
    cJSON_ArrayForEach(v, list)
        if (cJSON_IsString(v)) out[(*n)++] = xstrdup(v->valuestring);
    return out;
}

static void free_strings(char **list, int n)
{
    for (int i = 0; i < n; i++) free(list[i]);
    free(list);
}

/* A reading in progress: strict for the planner (the first fault is the
 * error), lenient for describe (faults leave fields NULL). */
typedef struct reader {
    bool strict;
    bool ok;
    char *err;
    size_t errlen;
} reader_t;

/* Records the first fault of a strict reading: what, then whose (or NULL). */
static void fault(reader_t *r, const char *what, const char *whose)
{
    if (!r->strict || !r->ok) return;
    r->ok = false;
    snprintf(r->err, r->errlen, "%s%s%s", what, whose ? " " : "", whose ? whose : "");
}

/* An optional type string field: its text, and its parse (NULL when absent
 * or unparseable). */
static type_t *get_type(reader_t *r, const cJSON *o, const char *field, char **text)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, field);
    *text = cJSON_IsString(v) ? xstrdup(v->valuestring) : NULL;
    if (!*text || (r->strict && !r->ok)) return NULL;
    char terr[512];
    type_t *t = type_parse(*text, terr, sizeof terr);
    if (!t && r->strict && r->ok) {
        r->ok = false;
        snprintf(r->err, r->errlen, "bridge sent an unparseable type '%s': %s", *text, terr);
    }
    return t;
}

static void read_arg(reader_t *r, const cJSON *a, ptf_arg_t *arg)
{
    arg->name = dup_str(a, "name");
    const cJSON *kind = cJSON_GetObjectItemCaseSensitive(a, "kind");
    arg->kind = cJSON_IsString(kind) && strcmp(kind->valuestring, "table") == 0 ? ARG_TABLE : ARG_SCALAR;
    arg->optional = get_bool(a, "optional");
    arg->conversion = dup_str(a, "conversion");
    const cJSON *t;
    cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(a, "traits")) {
        unsigned bit;
        if (!cJSON_IsString(t) || ptf_trait_parse(t->valuestring, &bit) != 0) continue;
        arg->traits |= bit;
        if (arg->ndeclared < PTF_MAX_DECLARED_TRAITS) arg->declared[arg->ndeclared++] = bit;
    }
    arg->type = get_type(r, a, "type", &arg->type_text);
    if (!arg->name) fault(r, "bridge sent an argument without a name", NULL);
}

static void read_state(reader_t *r, const cJSON *a, ptf_state_t *st)
{
    st->name = dup_str(a, "name");
    st->class_name = dup_str(a, "class");
    const cJSON *kind = cJSON_GetObjectItemCaseSensitive(a, "kind");
    const char *k = cJSON_IsString(kind) ? kind->valuestring : "value";
    st->kind = strcmp(k, "list") == 0 ? STATE_LIST : strcmp(k, "map") == 0 ? STATE_MAP : STATE_VALUE;
    const cJSON *ttl = cJSON_GetObjectItemCaseSensitive(a, "ttl_ms");
    st->ttl_ms = cJSON_IsNumber(ttl) ? (long long)ttl->valuedouble : -1;
    st->type = get_type(r, a, "type", &st->type_text);
    if (!st->name) fault(r, "bridge sent a state entry without a name", NULL);
}

/* Arguments, state, output and timer: what only a valid function has. */
static void read_valid(reader_t *r, const cJSON *f, ptf_sig_t *s)
{
    s->eval = dup_str(f, "eval");
    s->has_context = get_bool(f, "has_context");
    const cJSON *timer = cJSON_GetObjectItemCaseSensitive(f, "on_timer");
    s->has_on_timer = cJSON_IsObject(timer);
    s->on_timer_has_context = get_bool(timer, "has_context");

    const cJSON *args = cJSON_GetObjectItemCaseSensitive(f, "arguments");
    s->args = xcalloc((size_t)cJSON_GetArraySize(args) + 1, sizeof *s->args);
    const cJSON *a;
    cJSON_ArrayForEach(a, args) read_arg(r, a, &s->args[s->nargs++]);

    const cJSON *state = cJSON_GetObjectItemCaseSensitive(f, "state");
    s->state = xcalloc((size_t)cJSON_GetArraySize(state) + 1, sizeof *s->state);
    cJSON_ArrayForEach(a, state) read_state(r, a, &s->state[s->nstate++]);

    const cJSON *out = cJSON_GetObjectItemCaseSensitive(f, "output");
    s->output_atomic = get_bool(out, "atomic");
    s->output = get_type(r, out, "type", &s->output_text);
    if (!s->output) fault(r, "bridge sent no output type for", s->class_name);
}

static ptf_sig_t *read_function(reader_t *r, const cJSON *f)
{
    ptf_sig_t *s = xcalloc(1, sizeof *s);
    s->class_name = dup_str(f, "class");
    s->valid = get_bool(f, "valid");
    s->error = dup_str(f, "error");
    s->fix = dup_str(f, "fix");
    s->changelog_function = get_bool(f, "changelog_function");
    s->warnings = dup_strings(f, "warnings", &s->nwarnings);
    if (!s->class_name) fault(r, "bridge sent a function without a class name", NULL);
    if (s->valid && (r->ok || !r->strict)) read_valid(r, f, s);
    return s;
}

ptf_sig_t *ptf_sig_from_json(const void *json, char *err, size_t errlen)
{
    reader_t r = {true, true, err, errlen};
    ptf_sig_t *s = read_function(&r, json);
    if (r.ok) return s;
    ptf_sig_free(s);
    return NULL;
}

void ptf_sig_free(ptf_sig_t *s)
{
    if (!s) return;
    for (int i = 0; i < s->nargs; i++) {
        free(s->args[i].name);
        free(s->args[i].type_text);
        free(s->args[i].conversion);
        type_free(s->args[i].type);
    }
    for (int i = 0; i < s->nstate; i++) {
        free(s->state[i].name);
        free(s->state[i].type_text);
        free(s->state[i].class_name);
        type_free(s->state[i].type);
    }
    free(s->args);
    free(s->state);
    type_free(s->output);
    free(s->output_text);
    free(s->class_name);
    free(s->error);
    free(s->fix);
    free(s->eval);
    free_strings(s->warnings, s->nwarnings);
    free(s);
}

ptf_sig_doc_t *ptf_sig_doc_from_json(const void *json)
{
    const cJSON *doc = json;
    reader_t r = {false, true, NULL, 0};
    ptf_sig_doc_t *d = xcalloc(1, sizeof *d);
    d->warnings = dup_strings(doc, "warnings", &d->nwarnings);
    const cJSON *fns = cJSON_GetObjectItemCaseSensitive(doc, "functions");
    d->functions = xcalloc((size_t)cJSON_GetArraySize(fns) + 1, sizeof *d->functions);
    const cJSON *f;
    cJSON_ArrayForEach(f, fns)
        if (cJSON_IsObject(f)) d->functions[d->nfunctions++] = read_function(&r, f);
    return d;
}

void ptf_sig_doc_free(ptf_sig_doc_t *d)
{
    if (!d) return;
    for (int i = 0; i < d->nfunctions; i++) ptf_sig_free(d->functions[i]);
    free(d->functions);
    free_strings(d->warnings, d->nwarnings);
    free(d);
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

ptf_sig_t *ptf_sig_first_from_answer(const char *json, char *err, size_t errlen)
{
    cJSON *doc = cJSON_Parse(json);
    const cJSON *f = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "functions"), 0);
    ptf_sig_t *sig = NULL;
    if (f) {
        sig = ptf_sig_from_json(f, err, errlen);
    } else {
        const cJSON *error = cJSON_GetObjectItemCaseSensitive(doc, "error");
        snprintf(err, errlen, "%s", cJSON_IsString(error) ? error->valuestring : "the bridge found no such class");
    }
    cJSON_Delete(doc);
    return sig;
}
