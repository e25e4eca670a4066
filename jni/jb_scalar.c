/* jb_scalar.c - see jb_scalar.h. Bridge.openScalar/closeScalar are resolved
 * per call (a function opens once per session); batches go through the
 * batch hand-off (jb_batch.c) with Bridge.processScalar/drainScalar. */
#include "jb_scalar.h"
#include "jb_internal.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BRIDGE "io.ptfhost.bridge.Bridge"

struct jb_scalar {
    jb_vm_t *vm;
    int32_t handle;
    jb_batch_fn_t *batch;
};

static char *open_call(jb_vm_t *vm, const char *const *jars, int njars, const char *class_name, char *err,
                       size_t errlen)
{
    jbc_t c;
    if (jb_ctx(vm, &c, err, errlen) != 0 || jbc_push_frame(&c, 8) != 0) return NULL;
    jmethodID open = jbc_static_method(&c, vm->bridge, BRIDGE, "openScalar",
                                       "([Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;");
    jb_exit_guard_install(&c);
    jobjectArray jjars = jb_string_array(vm, &c, jars, njars);
    jstring jclass_name = jbc_string_new(&c, class_name);
    jobject r = jbc_call_static_object(&c, vm->bridge, open, jjars, jclass_name);
    char *json = jbc_string_get(&c, r);
    if (!c.failed && !json) jbc_fail(&c, "%s.openScalar returned null", BRIDGE);
    jbc_pop_frame(&c);
    if (!c.failed) return json;
    free(json);
    return NULL;
}

static int close_call(jb_vm_t *vm, int32_t handle, char *err, size_t errlen)
{
    jbc_t c;
    if (jb_ctx(vm, &c, err, errlen) != 0) return -1;
    jmethodID close = jbc_static_method(&c, vm->bridge, BRIDGE, "closeScalar", "(I)I");
    jint known = jbc_call_static_int(&c, vm->bridge, close, (jint)handle);
    if (!c.failed && known != 1) jbc_fail(&c, "Bridge.closeScalar: no open function with handle %d", (int)handle);
    return c.failed ? -1 : 0;
}

int jb_scalar_open(jb_vm_t *vm, const char *const *jars, int njars, const char *class_name, jb_scalar_t **out,
                   char **json_out, char *err, size_t errlen)
{
    *out = NULL;
    *json_out = open_call(vm, jars, njars, class_name, err, errlen);
    if (!*json_out) return -1;
    cJSON *o = cJSON_Parse(*json_out);
    const cJSON *h = o ? cJSON_GetObjectItemCaseSensitive(o, "handle") : NULL;
    int ok = cJSON_IsNumber(h);
    if (ok && h->valuedouble < 0) {   /* not a valid scalar function: the answer says why */
        cJSON_Delete(o);
        return 0;
    }
    jb_scalar_t *f = calloc(1, sizeof *f);
    if (!f) abort();
    f->vm = vm;
    f->handle = ok ? (int32_t)h->valuedouble : -1;
    cJSON_Delete(o);
    if (!ok) snprintf(err, errlen, "internal: Bridge.openScalar for '%s' answered without a handle", class_name);
    if (ok && jb_batch_resolve(vm, BRIDGE, "processScalar", "drainScalar", &f->batch, err, errlen) == 0) {
        *out = f;
        return 0;
    }
    char closing[256];
    if (ok) close_call(vm, f->handle, closing, sizeof closing);
    free(f);
    free(*json_out);
    *json_out = NULL;
    return -1;
}

int jb_scalar_call(jb_scalar_t *f, const buf_t *in, buf_t *out, char *err, size_t errlen)
{
    return jb_batch_call(f->batch, f->handle, in, out, err, errlen);
}

int jb_scalar_close(jb_scalar_t *f, char *err, size_t errlen)
{
    if (!f) return 0;
    int rc = close_call(f->vm, f->handle, err, errlen);
    jb_batch_free(f->batch);
    free(f);
    return rc;
}
