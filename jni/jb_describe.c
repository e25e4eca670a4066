/* jb_describe.c - signature extraction: one call of Bridge.describe (or of
 * Bridge.signature, the same without the JARs' lint), which returns the whole
 * answer (every class of every JAR) as one JSON string. */
#include "jb_internal.h"

#include <stdlib.h>

static int call_describe(jb_vm_t *vm, jmethodID method, const char *const *jars, int njars, const char *class_name,
                         char **json_out, char *err, size_t errlen)
{
    *json_out = NULL;
    jbc_t c;
    if (jb_ctx(vm, &c, err, errlen) != 0) return -1;
    if (jbc_push_frame(&c, 8) != 0) return -1;
    jobjectArray arr = jb_string_array(vm, &c, jars, njars);
    jstring jclass_name = class_name ? jbc_string_new(&c, class_name) : NULL;
    jobject r = jbc_call_static_object(&c, vm->bridge, method, arr, jclass_name);
    char *json = jbc_string_get(&c, r);
    if (!c.failed && !json) jbc_fail(&c, "io.ptfhost.bridge.Bridge's describe returned null");
    jbc_pop_frame(&c);
    if (c.failed) {
        free(json);
        return -1;
    }
    *json_out = json;
    return 0;
}

int jb_describe(jb_vm_t *vm, const char *const *jars, int njars, const char *class_name,
                char **json_out, char *err, size_t errlen)
{
    return call_describe(vm, vm->bridge_describe, jars, njars, class_name, json_out, err, errlen);
}

int jb_signature(jb_vm_t *vm, const char *const *jars, int njars, const char *class_name,
                 char **json_out, char *err, size_t errlen)
{
    return call_describe(vm, vm->bridge_signature, jars, njars, class_name, json_out, err, errlen);
}

jobjectArray jb_string_array(jb_vm_t *vm, jbc_t *c, const char *const *items, int n)
{
    jobjectArray arr = jbc_object_array_new(c, n, vm->jdk.string);
    for (int i = 0; i < n && !c->failed; i++) {
        jstring s = jbc_string_new(c, items[i]);
        jbc_object_array_set(c, arr, i, s);
        jbc_delete_local(c, s);
    }
    return arr;
}
