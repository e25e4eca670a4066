/* jb_internal.h - what the files of jni/ share: the jb_vm_t layout and the
 * per-thread context. Not for use outside jni/. */
#ifndef PTF_JB_INTERNAL_H
#define PTF_JB_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>

#include "jb.h"
#include "jb_calls.h"

/* The version string io.ptfhost.bridge.Version.bridgeVersion() must return;
 * bump both together when the Java entry points or the batch protocol change. */
#define JB_BRIDGE_VERSION "5"

struct jb_vm {
    JavaVM *jvm;
    jbc_jdk_t jdk;
    /* io.ptfhost.bridge.* entry points, resolved at start-up (global refs). */
    jclass bridge;
    jmethodID bridge_describe;
    jmethodID bridge_signature;
    /* The runner's entry points, resolved on first use (runner_lock). */
    pthread_mutex_t runner_lock;
    bool runner_resolved;
    jmethodID bridge_open, bridge_close;
};

/* A context for the calling thread: gets its JNIEnv, attaching the thread
 * (once; it is detached at thread exit) when it is not attached yet. */
int jb_ctx(jb_vm_t *vm, jbc_t *c, char *err, size_t errlen);

/* Installs io.ptfhost.bridge.ExitGuard (once per process; a no-op where the
 * JVM has no Security Manager). Errors go to c like any call's. */
void jb_exit_guard_install(jbc_t *c);

/* A String[] of the given UTF-8 strings (a local reference). */
jobjectArray jb_string_array(jb_vm_t *vm, jbc_t *c, const char *const *items, int n);

/* "a.b.C" -> "a/b/C" for FindClass. */
void jb_slashed(char *dst, size_t n, const char *dotted);

#endif
