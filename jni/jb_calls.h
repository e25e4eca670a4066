/* jb_calls.h - the one thin layer that owns every JNI call (internal to jni/).
 *
 * No other file writes (*env)-> or (*jvm)->: they call these wrappers, which
 * after every JNI call turn a pending Java exception into a C error (the
 * exception is cleared and rendered with its class, message and stack
 * trace) before anything else touches the JVM. PL/Java's JNICalls.c is the
 * model.
 *
 * A jbc_t is one thread's context for a sequence of calls. Failure is
 * sticky: once a wrapper failed, every later wrapper on the same context
 * returns its failure value (NULL / 0 / -1) without calling the JVM, so a
 * caller may issue several calls and check c->failed once. The first error
 * message stays in c->err. */
#ifndef PTF_JB_CALLS_H
#define PTF_JB_CALLS_H

#include <jni.h>
#include <stdbool.h>
#include <stddef.h>

/* JDK classes and members the layer itself needs: UTF-8 strings and the
 * rendering of exceptions. Global references, resolved once per jb_vm_t. */
typedef struct jbc_jdk {
    bool ready;
    jclass string;
    jobject utf8;                   /* java.nio.charset.StandardCharsets.UTF_8 */
    jmethodID string_get_bytes;     /* String.getBytes(Charset) */
    jmethodID string_from_bytes;    /* String(byte[], Charset) */
    jclass string_writer;
    jmethodID string_writer_new, string_writer_to_string;
    jclass print_writer;
    jmethodID print_writer_new, print_writer_flush;
    jmethodID throwable_print_stack_trace;   /* printStackTrace(PrintWriter) */
    jmethodID class_get_name;
} jbc_jdk_t;

typedef struct jbc {
    JNIEnv *env;
    const jbc_jdk_t *jdk;   /* may be not yet ready while it is being resolved */
    char *err;
    size_t errlen;
    bool failed;
    bool quiet;             /* rendering an exception: on a nested one, just fail */
} jbc_t;

void jbc_init(jbc_t *c, JNIEnv *env, const jbc_jdk_t *jdk, char *err, size_t errlen);

/* Records a C-side failure (printf-style); returns -1. Sticky like the rest. */
int jbc_fail(jbc_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Resolution. Names use JNI's slashed form ("java/lang/String"). Errors name
 * the class, the member and its signature. Classes come back as global refs. */
jclass jbc_class(jbc_t *c, const char *name);
jmethodID jbc_method(jbc_t *c, jclass cls, const char *cls_name, const char *name, const char *sig);
jmethodID jbc_static_method(jbc_t *c, jclass cls, const char *cls_name, const char *name,
                            const char *sig);
jobject jbc_static_object_field(jbc_t *c, jclass cls, const char *cls_name, const char *name,
                                const char *sig);   /* global ref */
void jbc_jdk_resolve(jbc_t *c, jbc_jdk_t *jdk);      /* fills jdk; sets ready */
void jbc_jdk_release(jbc_t *c, jbc_jdk_t *jdk);

/* Calls. */
jobject jbc_call_static_object(jbc_t *c, jclass cls, jmethodID m, ...);
jint jbc_call_static_int(jbc_t *c, jclass cls, jmethodID m, ...);
void jbc_call_static_void(jbc_t *c, jclass cls, jmethodID m, ...);
jobject jbc_call_object(jbc_t *c, jobject obj, jmethodID m, ...);
void jbc_call_void(jbc_t *c, jobject obj, jmethodID m, ...);
jobject jbc_new_object(jbc_t *c, jclass cls, jmethodID ctor, ...);

/* Binds a Java native method of cls to a C function (RegisterNatives). */
void jbc_register_native(jbc_t *c, jclass cls, const char *cls_name, const char *name, const char *sig,
                         void *fn);
/* For a native method about to return to Java: leaves a new cls_name
 * exception (slashed name, a (String) constructor) pending with message.
 * The only wrapper that raises instead of clearing; c is not marked failed. */
void jbc_throw_new(jbc_t *c, const char *cls_name, const char *message);

/* Strings as real UTF-8 (not JNI's modified UTF-8). jbc_string_get returns
 * a malloc'ed copy, or NULL for a Java null (check c->failed to tell). */
jstring jbc_string_new(jbc_t *c, const char *utf8);
char *jbc_string_get(jbc_t *c, jstring s);

jobjectArray jbc_object_array_new(jbc_t *c, jsize n, jclass elem);
void jbc_object_array_set(jbc_t *c, jobjectArray a, jsize i, jobject v);
jobject jbc_direct_buffer(jbc_t *c, void *p, size_t n);

/* References and frames. Pop and delete also work on a failed context. */
int jbc_push_frame(jbc_t *c, jint capacity);
void jbc_pop_frame(jbc_t *c);
void jbc_delete_local(jbc_t *c, jobject o);
void jbc_delete_global(jbc_t *c, jobject o);
jobject jbc_new_global(jbc_t *c, jobject local);   /* NULL (and failed) when out of memory */

/* The invocation interface. Return JNI status codes (JNI_OK, JNI_EDETACHED, ...). */
jint jbc_vm_get_env(JavaVM *jvm, JNIEnv **env);
jint jbc_vm_attach(JavaVM *jvm, JNIEnv **env, const char *thread_name);
jint jbc_vm_detach(JavaVM *jvm);

#endif
