/* jb_runner.c - opening and closing a PTF instance for the runner (the
 * batches themselves go through jb_batch.c with Bridge.process/drain). */
#include "jb_internal.h"

#include <stdlib.h>

/* Bridge.open/close are resolved on first use: describe must not depend on
 * them. The exit guard comes with them: it is needed where user code runs. */
static int resolve_runner(jb_vm_t *vm, jbc_t *c)
{
    pthread_mutex_lock(&vm->runner_lock);
    if (!vm->runner_resolved) {
        jmethodID open = jbc_static_method(c, vm->bridge, "io.ptfhost.bridge.Bridge", "open",
                                           "([Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;"
                                           "Ljava/nio/ByteBuffer;)Ljava/lang/String;");
        jmethodID close = jbc_static_method(c, vm->bridge, "io.ptfhost.bridge.Bridge", "close", "(I)I");
        jb_exit_guard_install(c);
        if (!c->failed) {
            vm->bridge_open = open;
            vm->bridge_close = close;
            vm->runner_resolved = true;
        }
    }
    pthread_mutex_unlock(&vm->runner_lock);
    return c->failed ? -1 : 0;
}

int jb_open(jb_vm_t *vm, const char *const *jars, int njars, const char *class_name, const char *plan_json,
            const void *scalars, size_t scalars_len, char **json_out, char *err, size_t errlen)
{
    *json_out = NULL;
    jbc_t c;
    if (jb_ctx(vm, &c, err, errlen) != 0 || resolve_runner(vm, &c) != 0) return -1;
    if (jbc_push_frame(&c, 8) != 0) return -1;
    jobjectArray jjars = jb_string_array(vm, &c, jars, njars);
    jstring jclass_name = jbc_string_new(&c, class_name);
    jstring jplan = jbc_string_new(&c, plan_json);
    /* Java reads the scalars during the call only; the buffer wraps the caller's bytes. */
    jobject jscalars = jbc_direct_buffer(&c, (void *)scalars, scalars_len);
    jobject r = jbc_call_static_object(&c, vm->bridge, vm->bridge_open, jjars, jclass_name, jplan, jscalars);
    char *json = jbc_string_get(&c, r);
    if (!c.failed && !json) jbc_fail(&c, "io.ptfhost.bridge.Bridge.open returned null");
    jbc_pop_frame(&c);
    if (c.failed) {
        free(json);
        return -1;
    }
    *json_out = json;
    return 0;
}

int jb_close(jb_vm_t *vm, int32_t handle, char *err, size_t errlen)
{
    jbc_t c;
    if (jb_ctx(vm, &c, err, errlen) != 0 || resolve_runner(vm, &c) != 0) return -1;
    jint known = jbc_call_static_int(&c, vm->bridge, vm->bridge_close, (jint)handle);
    if (!c.failed && known != 1) jbc_fail(&c, "Bridge.close: no open function with handle %d", (int)handle);
    return c.failed ? -1 : 0;
}
