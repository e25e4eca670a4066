/* jb_runtime.c - one opened PTF for the runner, on top of jb_open/jb_close
 * (jb_runner.c) and the batch hand-off (jb_batch.c): it keeps the handle and
 * what Bridge.open answered, and gives the engine its invoker.
 *
 * No JNI here: every Java call goes through the wrappers of jb_calls.h via
 * those files. */
#include "jb_internal.h"

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BRIDGE "io.ptfhost.bridge.Bridge"

struct jb_function {
    jb_vm_t *vm;
    int32_t handle;
    jb_batch_fn_t *batch;
    char *class_name;
    char *changelog_mode;
    char *output_type;
};

static char *dup_string(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!cJSON_IsString(v)) return NULL;
    char *s = strdup(v->valuestring);
    if (!s) abort();
    return s;
}

static void function_free(jb_function_t *f)
{
    if (!f) return;
    jb_batch_free(f->batch);
    free(f->class_name);
    free(f->changelog_mode);
    free(f->output_type);
    free(f);
}

int jb_function_open(jb_vm_t *vm, const char *const *jars, int njars, const char *class_name,
                     const char *plan_json, const void *scalars, size_t scalars_len, jb_function_t **out,
                     char *err, size_t errlen)
{
    *out = NULL;
    /* A direct buffer needs an address even when it is empty. */
    static const unsigned char no_scalars[1];
    if (!scalars) scalars = no_scalars;

    char *json = NULL;
    if (jb_open(vm, jars, njars, class_name, plan_json, scalars, scalars_len, &json, err, errlen) != 0) {
        /* Keep Java's text (class: message, stack) after saying which function. */
        char *java = strdup(err);
        if (!java) abort();
        snprintf(err, errlen, "cannot open function class '%s': %s", class_name, java);
        free(java);
        return -1;
    }
    jb_function_t *f = calloc(1, sizeof *f);
    if (!f) abort();
    f->vm = vm;
    f->class_name = strdup(class_name);
    if (!f->class_name) abort();

    cJSON *o = cJSON_Parse(json);
    const cJSON *h = o ? cJSON_GetObjectItemCaseSensitive(o, "handle") : NULL;
    bool have_handle = cJSON_IsNumber(h);
    if (have_handle) {
        f->handle = (int32_t)h->valuedouble;
        f->changelog_mode = dup_string(o, "changelog_mode");
        f->output_type = dup_string(o, "output_type");
    }
    cJSON_Delete(o);
    if (!have_handle || !f->changelog_mode || !f->output_type) {
        snprintf(err, errlen, "internal: Bridge.open for '%s' answered without handle, changelog_mode and "
                 "output_type: %.200s", class_name, json);
        free(json);
        /* the instance may exist on the Java side: release it if we can tell which */
        char closing[256];
        if (have_handle) jb_close(vm, f->handle, closing, sizeof closing);
        function_free(f);
        return -1;
    }
    free(json);

    if (jb_batch_resolve(vm, BRIDGE, "process", "drain", &f->batch, err, errlen) != 0) {
        char closing[256];
        jb_close(vm, f->handle, closing, sizeof closing);
        function_free(f);
        return -1;
    }
    *out = f;
    return 0;
}

int32_t jb_function_handle(const jb_function_t *f)
{
    return f->handle;
}

const char *jb_function_changelog_mode(const jb_function_t *f)
{
    return f->changelog_mode;
}

const char *jb_function_output_type(const jb_function_t *f)
{
    return f->output_type;
}

int jb_function_process(void *ctx, const buf_t *in, buf_t *out, char *err, size_t errlen)
{
    jb_function_t *f = ctx;
    if (jb_batch_call(f->batch, f->handle, in, out, err, errlen) == 0) return 0;
    char *java = strdup(err);
    if (!java) abort();
    snprintf(err, errlen, "the bridge failed on a batch of %zu bytes for '%s': %s", in->len, f->class_name, java);
    free(java);
    return -1;
}

int jb_function_close(jb_function_t *f, char *err, size_t errlen)
{
    if (!f) return 0;
    int rc = jb_close(f->vm, f->handle, err, errlen);
    if (rc != 0) {
        char *java = strdup(err);
        if (!java) abort();
        snprintf(err, errlen, "closing function '%s' failed: %s", f->class_name, java);
        free(java);
    }
    function_free(f);
    return rc;
}

/* ---- the watchdog's probes: Bridge.progress/stack/stop(String handle) ---------- */

static int watch_call(jb_function_t *f, const char *method, char **out, char *err, size_t errlen)
{
    char handle[16];
    snprintf(handle, sizeof handle, "%d", (int)f->handle);
    if (jb_call_string(f->vm, BRIDGE, method, handle, out, err, errlen) != 0) return -1;
    if (*out) return 0;
    snprintf(err, errlen, "internal: %s.%s returned null", BRIDGE, method);
    return -1;
}

int jb_function_progress(void *ctx, uint64_t *calls, long *record, char *err, size_t errlen)
{
    char *s;
    if (watch_call(ctx, "progress", &s, err, errlen) != 0) return -1;
    unsigned long long n;
    int ok = sscanf(s, "%llu %ld", &n, record) == 2;
    if (ok) *calls = n;
    else snprintf(err, errlen, "internal: %s.progress answered '%.100s'", BRIDGE, s);
    free(s);
    return ok ? 0 : -1;
}

int jb_function_stack(void *ctx, char **out, char *err, size_t errlen)
{
    return watch_call(ctx, "stack", out, err, errlen);
}

int jb_function_stop(void *ctx, char *err, size_t errlen)
{
    char *s;
    if (watch_call(ctx, "stop", &s, err, errlen) != 0) return -1;
    free(s);
    return 0;
}
