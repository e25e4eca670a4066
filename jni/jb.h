/* jb.h - the C half of the JNI bridge ("jb_"): the only API through which
 * the rest of ptfhost talks to Java. Only files in jni/ include <jni.h>.
 *
 * Life cycle: jb_vm_start() finds libjvm (JAVA_HOME, then Debian's
 * default-java), reuses a JVM already created in this process
 * (JNI_GetCreatedJavaVMs) or creates one with -Xrs and the configured heap,
 * with the shim JAR (and ASM) on its class path. Each thread that calls into
 * Java is attached once and stays attached until jb_vm_stop().
 *
 * Errors: every function returns 0 on success or -1 and fills err with one
 * message. A Java exception becomes "<class>: <message>" followed by
 * "\n<stack trace>" (causes included), never a crash and never ignored. */
#ifndef PTF_JB_H
#define PTF_JB_H

#include <stddef.h>

typedef struct jb_vm jb_vm_t;

typedef struct jb_options {
    const char *shim_jar;     /* path of ptfhost-shim.jar; NULL = <cli_home>/java/ptfhost-shim.jar */
    const char *extra_cp;     /* extra class path entries (':'-separated), e.g. ASM; NULL = <home>/java/lib/ asm.jar */
    const char *max_heap;     /* e.g. "512m"; NULL = JVM default */
    const char *const *jvm_args;  /* extra -X/-D options, NULL-terminated, may be NULL */
} jb_options_t;

int jb_vm_start(const jb_options_t *opts, jb_vm_t **out, char *err, size_t errlen);
void jb_vm_stop(jb_vm_t *vm);   /* detaches threads it attached; the JVM itself stays (JNI cannot unload it) */

/* Signature extraction: io.ptfhost.bridge.Bridge#describe(String[] jars, String className).
 * className may be NULL (every PTF class in the JARs). On success *json_out is a
 * malloc'ed JSON document (schema: docs/internals.md); caller frees. */
int jb_describe(jb_vm_t *vm, const char *const *jars, int njars, const char *class_name,
                char **json_out, char *err, size_t errlen);

#endif
