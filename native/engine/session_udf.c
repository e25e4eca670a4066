/* session_udf.c - see session_udf.h. */
#include "engine/session_udf.h"
#include "engine/session_int.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jb_scalar.h"
#include "util/xalloc.h"

/* One resolved catalog function: a scalar UDF (fn set) or not one (ptf). */
typedef struct udf_entry {
    char *key;                 /* name, class and JARs: a re-created function is a new entry */
    bool ptf;
    jb_scalar_t *fn;
    expr_udf_t def;
} udf_entry_t;

struct session_udfs {
    session_t *s;
    expr_udf_resolver_t resolver;
    udf_entry_t **entries;
    int n, cap;
};

static char *entry_key(const catalog_function_t *f)
{
    buf_t b = BUF_INIT;
    buf_printf(&b, "%s\n%s\n%d%d", f->name, f->class_name, f->temporary, f->system);
    for (int i = 0; i < f->njars; i++) buf_printf(&b, "\n%s", f->jars[i]);
    return buf_steal(&b);
}

static void entry_free(udf_entry_t *e)
{
    for (int o = 0; o < e->def.noverloads; o++) {
        expr_udf_overload_t *ov = &e->def.overloads[o];
        for (int i = 0; i < ov->nargs; i++) type_free(ov->args[i]), free(ov->names[i]);
        free(ov->args), free(ov->names);
        type_free(ov->result);
    }
    free(e->def.overloads);
    free((char *)e->def.name), free((char *)e->def.class_name);
    free(e->key);
    free(e);
}

static type_t *json_type(const cJSON *o, const char *name, char *err, size_t errlen)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(v) ? type_parse(v->valuestring, err, errlen) : NULL;
}

/* The overloads of the signature JSON (ScalarSignature.toJson). */
static int parse_overloads(const cJSON *sig, expr_udf_t *d, char *err, size_t errlen)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(sig, "overloads");
    d->noverloads = cJSON_GetArraySize(list);
    d->overloads = xcalloc((size_t)d->noverloads + 1, sizeof *d->overloads);
    int o = 0;
    for (const cJSON *ov = list ? list->child : NULL; ov; ov = ov->next, o++) {
        expr_udf_overload_t *x = &d->overloads[o];
        const cJSON *args = cJSON_GetObjectItemCaseSensitive(ov, "arguments");
        x->nargs = cJSON_GetArraySize(args);
        x->args = xcalloc((size_t)x->nargs + 1, sizeof *x->args);
        x->names = xcalloc((size_t)x->nargs + 1, sizeof *x->names);
        x->varargs = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(ov, "varargs"));
        int i = 0;
        for (const cJSON *a = args ? args->child : NULL; a; a = a->next, i++) {
            const cJSON *nm = cJSON_GetObjectItemCaseSensitive(a, "name");
            x->names[i] = xstrdup(cJSON_IsString(nm) ? nm->valuestring : "?");
            if (!(x->args[i] = json_type(a, "type", err, errlen))) return -1;
        }
        if (!(x->result = json_type(ov, "result", err, errlen))) return -1;
    }
    return 0;
}

static int call_bridge(void *ctx, const buf_t *in, buf_t *out, char *err, size_t errlen)
{
    return jb_scalar_call(ctx, in, out, err, errlen);
}

/* Opens f's class: fills e, or says why it is no scalar function. */
static int open_entry(session_t *s, const catalog_function_t *f, udf_entry_t *e, char *err, size_t errlen)
{
    char *json = NULL;
    if (session_vm(s, err, errlen) != 0 ||
        jb_scalar_open(s->vm, (const char *const *)f->jars, f->njars, f->class_name, &e->fn, &json, err, errlen) != 0)
        return -1;
    cJSON *o = cJSON_Parse(json);
    free(json);
    const cJSON *sig = cJSON_GetObjectItemCaseSensitive(o, "signature");
    const cJSON *kind = cJSON_GetObjectItemCaseSensitive(sig, "kind");
    const cJSON *error = cJSON_GetObjectItemCaseSensitive(sig, "error");
    const cJSON *fix = cJSON_GetObjectItemCaseSensitive(sig, "fix");
    int rc = 0;
    e->def.name = xstrdup(f->name);
    e->def.class_name = xstrdup(f->class_name);
    if (!e->fn) {
        e->ptf = cJSON_IsString(kind) && strcmp(kind->valuestring, "process_table") == 0;
        if (!e->ptf) {
            snprintf(err, errlen, "Function '%s': %s%s%s", f->name, cJSON_IsString(error) ? error->valuestring : "?",
                     cJSON_IsString(fix) ? "\nFix: " : "", cJSON_IsString(fix) ? fix->valuestring : "");
            rc = -1;
        }
    } else {
        e->def.deterministic = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "deterministic"));
        e->def.system = f->system;
        e->def.call = call_bridge;
        e->def.ctx = e->fn;
        rc = parse_overloads(sig, &e->def, err, errlen);
    }
    cJSON_Delete(o);
    return rc;
}

static int find(void *ctx, const char *name, const expr_udf_t **out, char *err, size_t errlen)
{
    session_udfs_t *u = ctx;
    const catalog_function_t *f = catalog_find_function(&u->s->catalog, name);
    if (!f) return 0;
    char *key = entry_key(f);
    for (int i = 0; i < u->n; i++)
        if (strcmp(u->entries[i]->key, key) == 0) {
            free(key);
            *out = &u->entries[i]->def;
            return u->entries[i]->ptf ? 0 : 1;
        }
    udf_entry_t *e = xcalloc(1, sizeof *e);
    e->key = key;
    if (open_entry(u->s, f, e, err, errlen) != 0) {
        char closing[256];
        jb_scalar_close(e->fn, closing, sizeof closing);
        entry_free(e);
        return -1;
    }
    if (u->n == u->cap) {
        u->cap = u->cap ? 2 * u->cap : 8;
        u->entries = xrealloc(u->entries, sizeof *u->entries * (size_t)u->cap);
    }
    u->entries[u->n++] = e;
    *out = &e->def;
    return e->ptf ? 0 : 1;
}

const expr_udf_resolver_t *session_udfs_resolver(session_t *s)
{
    if (!s->udfs) {
        s->udfs = xcalloc(1, sizeof *s->udfs);
        s->udfs->s = s;
        s->udfs->resolver = (expr_udf_resolver_t){find, s->udfs};
    }
    return &s->udfs->resolver;
}

void session_udfs_free(session_udfs_t *u)
{
    if (!u) return;
    for (int i = 0; i < u->n; i++) {
        char err[1024];   /* the session is over: an exception in close() has no one to fail */
        jb_scalar_close(u->entries[i]->fn, err, sizeof err);
        entry_free(u->entries[i]);
    }
    free(u->entries);
    free(u);
}
