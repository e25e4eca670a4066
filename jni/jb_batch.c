/* jb_batch.c - the batch hand-off: one JNI call carries a whole batch.
 *
 * Both buffers are C memory wrapped in direct ByteBuffers, so rows cross
 * without copies and without per-row JNI calls. The wrappers are kept (global
 * references) while the caller's buffers stay where they are: a new direct
 * buffer costs more than a small batch itself (one TIMER record, a few rows of
 * a Kafka poll). The batch's length goes along as an int. All local
 * references of a call live in one local frame. */
#include "jb_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A direct buffer over [data, data + cap), kept across calls. */
typedef struct wrapped {
    jobject buf;       /* global reference, NULL before the first call */
    const void *data;
    size_t cap;
} wrapped_t;

struct jb_batch_fn {
    jb_vm_t *vm;
    jclass cls;
    jmethodID process, drain;
    char *desc;        /* "class.process" for messages */
    wrapped_t in, out; /* the last call's buffers */
};

int jb_batch_resolve(jb_vm_t *vm, const char *class_name, const char *process, const char *drain,
                     jb_batch_fn_t **out, char *err, size_t errlen)
{
    *out = NULL;
    jbc_t c;
    if (jb_ctx(vm, &c, err, errlen) != 0) return -1;
    char name[512];
    jb_slashed(name, sizeof name, class_name);
    jb_batch_fn_t *fn = calloc(1, sizeof *fn);
    if (!fn) abort();
    fn->vm = vm;
    fn->cls = jbc_class(&c, name);
    fn->process = jbc_static_method(&c, fn->cls, class_name, process,
                                    "(ILjava/nio/ByteBuffer;ILjava/nio/ByteBuffer;)I");
    fn->drain = jbc_static_method(&c, fn->cls, class_name, drain, "(ILjava/nio/ByteBuffer;)I");
    if (c.failed) {
        jbc_delete_global(&c, fn->cls);
        free(fn);
        return -1;
    }
    size_t n = strlen(class_name) + strlen(process) + 2;
    fn->desc = malloc(n);
    if (!fn->desc) abort();
    snprintf(fn->desc, n, "%s.%s", class_name, process);
    *out = fn;
    return 0;
}

void jb_batch_free(jb_batch_fn_t *fn)
{
    if (!fn) return;
    char err[256];
    jbc_t c;
    if (jb_ctx(fn->vm, &c, err, sizeof err) == 0) {
        jbc_delete_global(&c, fn->in.buf);
        jbc_delete_global(&c, fn->out.buf);
        jbc_delete_global(&c, fn->cls);
    }
    free(fn->desc);
    free(fn);
}

/* w, over [data, data + cap): the kept buffer, or a new one in its place; NULL after a failure. */
static jobject wrap(jbc_t *c, wrapped_t *w, const void *data, size_t cap)
{
    if (w->buf && w->data == data && w->cap == cap) return w->buf;
    jobject local = jbc_direct_buffer(c, (void *)data, cap);
    jobject global = local ? jbc_new_global(c, local) : NULL;
    jbc_delete_local(c, local);
    if (!global) return NULL;
    jbc_delete_global(c, w->buf);
    *w = (wrapped_t){global, data, cap};
    return global;
}

int jb_batch_call(jb_batch_fn_t *fn, int32_t handle, const buf_t *in, buf_t *out, char *err, size_t errlen)
{
    jbc_t c;
    if (jb_ctx(fn->vm, &c, err, errlen) != 0) return -1;
    if (out->cap < JB_BATCH_MIN_OUT) buf_reserve(out, JB_BATCH_MIN_OUT - out->len);
    out->len = 0;
    if (jbc_push_frame(&c, 8) != 0) return -1;

    jobject jin = wrap(&c, &fn->in, in->data, in->cap);
    jobject jout = wrap(&c, &fn->out, out->data, out->cap);
    jint n = jbc_call_static_int(&c, fn->cls, fn->process, (jint)handle, jin, (jint)in->len, jout);
    if (!c.failed && n < 0) {
        /* Java kept the output: grow to what it needs, collect it with one more call. */
        size_t need = (size_t)-(jlong)n;
        buf_reserve(out, need);
        jout = wrap(&c, &fn->out, out->data, out->cap);
        jint got = jbc_call_static_int(&c, fn->cls, fn->drain, (jint)handle, jout);
        if (!c.failed && (size_t)got != need)
            jbc_fail(&c, "%s: the batch reported %zu bytes of output but drain delivered %d", fn->desc, need,
                     (int)got);
        n = (jint)need;
    }
    if (!c.failed && (size_t)n > out->cap)
        jbc_fail(&c, "%s returned %d bytes, more than the %zu-byte buffer it was given", fn->desc, (int)n,
                 out->cap);
    jbc_pop_frame(&c);
    if (c.failed) return -1;
    out->len = (size_t)n;
    return 0;
}
