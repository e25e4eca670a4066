/* jb_calls.c - every JNI call of ptfhost, each followed by an exception check
 * (see jb_calls.h for the contract).
 *
 * A Java exception is rendered with the JDK's own Throwable.printStackTrace,
 * so the text is exactly what Java prints: "<class>: <message>", the frames,
 * then "Caused by: ..." for each cause. A StackOverflowError carries up to
 * 1024 identical frames; runs of identical lines are folded into one line
 * plus a count so the message stays readable. */
#include "jb_calls.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"

#define JBC_JNI_VERSION JNI_VERSION_10

void jbc_init(jbc_t *c, JNIEnv *env, const jbc_jdk_t *jdk, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->env = env;
    c->jdk = jdk;
    c->err = err;
    c->errlen = errlen;
    if (errlen) err[0] = '\0';
}

static void set_error(jbc_t *c, const char *msg)
{
    c->failed = true;
    if (!c->errlen) return;
    size_t n = strlen(msg);
    if (n < c->errlen) {
        memcpy(c->err, msg, n + 1);
        return;
    }
    /* Too long: keep whole lines and say that the rest was cut. */
    static const char cut[] = "\n\t... (truncated)";
    if (c->errlen <= sizeof cut) {
        snprintf(c->err, c->errlen, "%s", msg);
        return;
    }
    size_t keep = c->errlen - sizeof cut;
    while (keep > 0 && msg[keep] != '\n') keep--;
    if (keep == 0) keep = c->errlen - sizeof cut;
    memcpy(c->err, msg, keep);
    memcpy(c->err + keep, cut, sizeof cut);
}

int jbc_fail(jbc_t *c, const char *fmt, ...)
{
    if (c->failed) return -1;
    buf_t b = BUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&b, fmt, ap);
    va_end(ap);
    set_error(c, buf_cstr(&b));
    buf_free(&b);
    return -1;
}

/* Folds runs of identical lines ("\tat X.f(X.java:3)" x 1024) into the line
 * and "\t... (the line above repeats N more times)". Drops the final newline. */
static void fold_repeats(buf_t *out, const char *text)
{
    const char *prev = NULL;
    size_t prev_len = 0;
    long repeats = 0;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        size_t shown = len > 0 && p[len - 1] == '\r' ? len - 1 : len;
        if (prev && shown == prev_len && memcmp(p, prev, shown) == 0) {
            repeats++;
        } else {
            if (repeats) buf_printf(out, "\n\t... (the line above repeats %ld more times)", repeats);
            if (out->len) buf_putc(out, '\n');
            buf_append(out, p, shown);
            prev = p;
            prev_len = shown;
            repeats = 0;
        }
        p += len + (nl ? 1 : 0);
    }
    if (repeats) buf_printf(out, "\n\t... (the line above repeats %ld more times)", repeats);
}

/* The pending exception has been cleared; describe t into a malloc'ed
 * string with Throwable.printStackTrace. The calls run on a quiet context:
 * an exception while rendering just fails it (no recursion). */
static char *render_throwable(jbc_t *c, jthrowable t)
{
    const jbc_jdk_t *k = c->jdk;
    if (!k || !k->ready) return NULL;
    char scratch[256];
    jbc_t sub;
    jbc_init(&sub, c->env, k, scratch, sizeof scratch);
    sub.quiet = true;
    if (jbc_push_frame(&sub, 8) != 0) return NULL;
    jobject sw = jbc_new_object(&sub, k->string_writer, k->string_writer_new);
    jobject pw = jbc_new_object(&sub, k->print_writer, k->print_writer_new, sw);
    jbc_call_void(&sub, t, k->throwable_print_stack_trace, pw);
    jbc_call_void(&sub, pw, k->print_writer_flush);
    char *raw = jbc_string_get(&sub, jbc_call_object(&sub, sw, k->string_writer_to_string));
    if (!raw) {
        /* printStackTrace itself failed (e.g. out of memory): the class name at least. */
        sub.failed = false;
        jclass cls = (*c->env)->GetObjectClass(c->env, t);
        raw = jbc_string_get(&sub, jbc_call_object(&sub, cls, k->class_get_name));
    }
    jbc_pop_frame(&sub);
    if (!raw) return NULL;
    buf_t b = BUF_INIT;
    fold_repeats(&b, raw);
    free(raw);
    return buf_steal(&b);
}

/* After every JNI call: a pending exception becomes the context's error. */
static int check(jbc_t *c)
{
    JNIEnv *env = c->env;
    if (!(*env)->ExceptionCheck(env)) return 0;
    jthrowable t = (*env)->ExceptionOccurred(env);
    (*env)->ExceptionClear(env);
    if (c->quiet) {
        if (t) (*env)->DeleteLocalRef(env, t);
        c->failed = true;
        return -1;
    }
    char *text = t ? render_throwable(c, t) : NULL;
    if (t) (*env)->DeleteLocalRef(env, t);
    set_error(c, text ? text : "a Java exception occurred, and describing it failed as well");
    free(text);
    return -1;
}

/* --- resolution ---------------------------------------------------------- */

jclass jbc_class(jbc_t *c, const char *name)
{
    if (c->failed) return NULL;
    JNIEnv *env = c->env;
    jclass local = (*env)->FindClass(env, name);
    if (check(c) || !local) {
        char why[4096];
        snprintf(why, sizeof why, "%s", c->failed ? c->err : "FindClass returned NULL");
        c->failed = false;
        jbc_fail(c, "cannot load class %s: %s", name, why);
        return NULL;
    }
    jclass global = (*env)->NewGlobalRef(env, local);
    (*env)->DeleteLocalRef(env, local);
    if (!global) jbc_fail(c, "cannot create a global reference to class %s (out of memory)", name);
    return global;
}

static jmethodID method_id(jbc_t *c, jclass cls, const char *cls_name, const char *name,
                           const char *sig, bool is_static)
{
    if (c->failed) return NULL;
    JNIEnv *env = c->env;
    jmethodID m = is_static ? (*env)->GetStaticMethodID(env, cls, name, sig)
                            : (*env)->GetMethodID(env, cls, name, sig);
    if (check(c) || !m) {
        char why[4096];
        snprintf(why, sizeof why, "%s", c->failed ? c->err : "not found");
        c->failed = false;
        jbc_fail(c, "cannot find %smethod %s.%s%s (is the shim JAR current? rebuild with ./build.sh): %s",
                 is_static ? "static " : "", cls_name, name, sig, why);
        return NULL;
    }
    return m;
}

jmethodID jbc_method(jbc_t *c, jclass cls, const char *cls_name, const char *name, const char *sig)
{
    return method_id(c, cls, cls_name, name, sig, false);
}

jmethodID jbc_static_method(jbc_t *c, jclass cls, const char *cls_name, const char *name,
                            const char *sig)
{
    return method_id(c, cls, cls_name, name, sig, true);
}

jobject jbc_static_object_field(jbc_t *c, jclass cls, const char *cls_name, const char *name,
                                const char *sig)
{
    if (c->failed) return NULL;
    JNIEnv *env = c->env;
    jfieldID f = (*env)->GetStaticFieldID(env, cls, name, sig);
    if (check(c) || !f) {
        char why[4096];
        snprintf(why, sizeof why, "%s", c->failed ? c->err : "not found");
        c->failed = false;
        jbc_fail(c, "cannot find static field %s.%s %s: %s", cls_name, name, sig, why);
        return NULL;
    }
    jobject local = (*env)->GetStaticObjectField(env, cls, f);
    if (check(c)) return NULL;
    if (!local) {
        jbc_fail(c, "static field %s.%s is null", cls_name, name);
        return NULL;
    }
    jobject global = (*env)->NewGlobalRef(env, local);
    (*env)->DeleteLocalRef(env, local);
    if (!global) jbc_fail(c, "cannot create a global reference to %s.%s (out of memory)", cls_name, name);
    return global;
}

void jbc_jdk_resolve(jbc_t *c, jbc_jdk_t *k)
{
    memset(k, 0, sizeof *k);
    k->string = jbc_class(c, "java/lang/String");
    jclass charsets = jbc_class(c, "java/nio/charset/StandardCharsets");
    k->utf8 = jbc_static_object_field(c, charsets, "java/nio/charset/StandardCharsets", "UTF_8",
                                      "Ljava/nio/charset/Charset;");
    jbc_delete_global(c, charsets);
    k->string_get_bytes = jbc_method(c, k->string, "java/lang/String", "getBytes",
                                     "(Ljava/nio/charset/Charset;)[B");
    k->string_from_bytes = jbc_method(c, k->string, "java/lang/String", "<init>",
                                      "([BLjava/nio/charset/Charset;)V");
    k->string_writer = jbc_class(c, "java/io/StringWriter");
    k->string_writer_new = jbc_method(c, k->string_writer, "java/io/StringWriter", "<init>", "()V");
    k->string_writer_to_string = jbc_method(c, k->string_writer, "java/io/StringWriter", "toString",
                                            "()Ljava/lang/String;");
    k->print_writer = jbc_class(c, "java/io/PrintWriter");
    k->print_writer_new = jbc_method(c, k->print_writer, "java/io/PrintWriter", "<init>",
                                     "(Ljava/io/Writer;)V");
    k->print_writer_flush = jbc_method(c, k->print_writer, "java/io/PrintWriter", "flush", "()V");
    jclass throwable = jbc_class(c, "java/lang/Throwable");
    k->throwable_print_stack_trace = jbc_method(c, throwable, "java/lang/Throwable", "printStackTrace",
                                                "(Ljava/io/PrintWriter;)V");
    jbc_delete_global(c, throwable);
    jclass cls = jbc_class(c, "java/lang/Class");
    k->class_get_name = jbc_method(c, cls, "java/lang/Class", "getName", "()Ljava/lang/String;");
    jbc_delete_global(c, cls);
    k->ready = !c->failed;
}

void jbc_jdk_release(jbc_t *c, jbc_jdk_t *k)
{
    jbc_delete_global(c, k->string);
    jbc_delete_global(c, k->utf8);
    jbc_delete_global(c, k->string_writer);
    jbc_delete_global(c, k->print_writer);
    memset(k, 0, sizeof *k);
}

/* --- calls --------------------------------------------------------------- */

jobject jbc_call_static_object(jbc_t *c, jclass cls, jmethodID m, ...)
{
    if (c->failed) return NULL;
    va_list ap;
    va_start(ap, m);
    jobject r = (*c->env)->CallStaticObjectMethodV(c->env, cls, m, ap);
    va_end(ap);
    return check(c) ? NULL : r;
}

jobject jbc_call_object(jbc_t *c, jobject obj, jmethodID m, ...)
{
    if (c->failed) return NULL;
    va_list ap;
    va_start(ap, m);
    jobject r = (*c->env)->CallObjectMethodV(c->env, obj, m, ap);
    va_end(ap);
    return check(c) ? NULL : r;
}

void jbc_call_void(jbc_t *c, jobject obj, jmethodID m, ...)
{
    if (c->failed) return;
    va_list ap;
    va_start(ap, m);
    (*c->env)->CallVoidMethodV(c->env, obj, m, ap);
    va_end(ap);
    check(c);
}

jint jbc_call_static_int(jbc_t *c, jclass cls, jmethodID m, ...)
{
    if (c->failed) return 0;
    va_list ap;
    va_start(ap, m);
    jint r = (*c->env)->CallStaticIntMethodV(c->env, cls, m, ap);
    va_end(ap);
    return check(c) ? 0 : r;
}

void jbc_call_static_void(jbc_t *c, jclass cls, jmethodID m, ...)
{
    if (c->failed) return;
    va_list ap;
    va_start(ap, m);
    (*c->env)->CallStaticVoidMethodV(c->env, cls, m, ap);
    va_end(ap);
    check(c);
}

void jbc_register_native(jbc_t *c, jclass cls, const char *cls_name, const char *name, const char *sig,
                         void *fn)
{
    if (c->failed) return;
    JNINativeMethod m = {(char *)name, (char *)sig, fn};
    jint rc = (*c->env)->RegisterNatives(c->env, cls, &m, 1);
    if (!check(c) && rc != JNI_OK) jbc_fail(c, "cannot register native %s.%s%s (%d)", cls_name, name, sig, (int)rc);
}

void jbc_throw_new(jbc_t *c, const char *cls_name, const char *message)
{
    JNIEnv *env = c->env;
    jclass cls = (*env)->FindClass(env, cls_name);
    if (!cls) return;   /* FindClass left its own exception pending: the caller returns to Java anyway */
    (*env)->ThrowNew(env, cls, message);
    (*env)->DeleteLocalRef(env, cls);
}

jobject jbc_new_object(jbc_t *c, jclass cls, jmethodID ctor, ...)
{
    if (c->failed) return NULL;
    va_list ap;
    va_start(ap, ctor);
    jobject r = (*c->env)->NewObjectV(c->env, cls, ctor, ap);
    va_end(ap);
    if (check(c)) return NULL;
    if (!r) jbc_fail(c, "NewObject returned NULL without an exception");
    return r;
}

/* --- strings ------------------------------------------------------------- */

jstring jbc_string_new(jbc_t *c, const char *utf8)
{
    if (c->failed || !utf8) return NULL;
    JNIEnv *env = c->env;
    size_t n = strlen(utf8);
    if (n > 0x7fffffff) {
        jbc_fail(c, "string of %zu bytes is too long for Java", n);
        return NULL;
    }
    jbyteArray bytes = (*env)->NewByteArray(env, (jsize)n);
    if (check(c)) return NULL;
    (*env)->SetByteArrayRegion(env, bytes, 0, (jsize)n, (const jbyte *)utf8);
    if (check(c)) {
        (*env)->DeleteLocalRef(env, bytes);
        return NULL;
    }
    jstring s = jbc_new_object(c, c->jdk->string, c->jdk->string_from_bytes, bytes, c->jdk->utf8);
    (*env)->DeleteLocalRef(env, bytes);
    return s;
}

char *jbc_string_get(jbc_t *c, jstring s)
{
    if (c->failed || !s) return NULL;
    JNIEnv *env = c->env;
    jbyteArray bytes = jbc_call_object(c, s, c->jdk->string_get_bytes, c->jdk->utf8);
    if (!bytes) return NULL;
    jsize n = (*env)->GetArrayLength(env, bytes);
    if (check(c)) return NULL;
    char *out = malloc((size_t)n + 1);
    if (!out) abort();
    (*env)->GetByteArrayRegion(env, bytes, 0, n, (jbyte *)out);
    (*env)->DeleteLocalRef(env, bytes);
    if (check(c)) {
        free(out);
        return NULL;
    }
    out[n] = '\0';
    return out;
}

/* --- arrays and buffers -------------------------------------------------- */

jobjectArray jbc_object_array_new(jbc_t *c, jsize n, jclass elem)
{
    if (c->failed) return NULL;
    jobjectArray a = (*c->env)->NewObjectArray(c->env, n, elem, NULL);
    return check(c) ? NULL : a;
}

void jbc_object_array_set(jbc_t *c, jobjectArray a, jsize i, jobject v)
{
    if (c->failed) return;
    (*c->env)->SetObjectArrayElement(c->env, a, i, v);
    check(c);
}

jobject jbc_direct_buffer(jbc_t *c, void *p, size_t n)
{
    if (c->failed) return NULL;
    if (n > 0x7fffffff) {
        jbc_fail(c, "a batch buffer of %zu bytes exceeds Java's 2 GiB ByteBuffer limit", n);
        return NULL;
    }
    static char empty;   /* a zero-length buffer still needs an address */
    jobject b = (*c->env)->NewDirectByteBuffer(c->env, p ? p : &empty, (jlong)n);
    if (check(c)) return NULL;
    if (!b) jbc_fail(c, "this JVM does not support direct buffers over native memory");
    return b;
}

/* --- references and frames ---------------------------------------------- */

int jbc_push_frame(jbc_t *c, jint capacity)
{
    if (c->failed) return -1;
    if ((*c->env)->PushLocalFrame(c->env, capacity) != 0) {
        if (check(c) == 0) jbc_fail(c, "cannot allocate a JNI local frame of %d references", (int)capacity);
        return -1;
    }
    return 0;
}

void jbc_pop_frame(jbc_t *c)
{
    (*c->env)->PopLocalFrame(c->env, NULL);
}

void jbc_delete_local(jbc_t *c, jobject o)
{
    if (o) (*c->env)->DeleteLocalRef(c->env, o);
}

void jbc_delete_global(jbc_t *c, jobject o)
{
    if (o) (*c->env)->DeleteGlobalRef(c->env, o);
}

jobject jbc_new_global(jbc_t *c, jobject local)
{
    if (c->failed) return NULL;
    jobject global = (*c->env)->NewGlobalRef(c->env, local);
    if (!global) jbc_fail(c, "cannot create a global reference (out of memory)");
    return global;
}

/* --- invocation interface ------------------------------------------------ */

jint jbc_vm_get_env(JavaVM *jvm, JNIEnv **env)
{
    return (*jvm)->GetEnv(jvm, (void **)env, JBC_JNI_VERSION);
}

jint jbc_vm_attach(JavaVM *jvm, JNIEnv **env, const char *thread_name)
{
    JavaVMAttachArgs args = {JBC_JNI_VERSION, (char *)thread_name, NULL};
    return (*jvm)->AttachCurrentThread(jvm, (void **)env, &args);
}

jint jbc_vm_detach(JavaVM *jvm)
{
    return (*jvm)->DetachCurrentThread(jvm);
}
