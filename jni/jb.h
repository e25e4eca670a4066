/* jb.h - the C half of the JNI bridge ("jb_"): the only API through which
 * the rest of ptfhost talks to Java. Only files in jni/ include <jni.h>.
 *
 * Life cycle: jb_vm_start() finds libjvm (JAVA_HOME, then Debian's
 * default-java) and dlopen()s it, reuses a JVM already created in this
 * process (JNI_GetCreatedJavaVMs) or creates one with -Xrs and the configured
 * heap, with the shim JAR (and ASM) on its class path, found in the home
 * folder the caller passes (the bridge knows nothing of the CLI that decides
 * where that is). Each thread that calls into Java is attached once and stays
 * attached until it exits or calls jb_vm_stop(); threads ptfhost attached are
 * detached at thread exit.
 *
 * User code may not end the process: where the JDK allows a Security Manager
 * (17 to 23) the first jb_open installs io.ptfhost.bridge.ExitGuard, which turns
 * System.exit / Runtime.halt into an exception that fails the call; on any
 * JVM ptfhost creates, JNI's exit hook turns an exit that still happens into
 * a message on stderr and exit status 1 (docs/internals.md).
 *
 * Threads: create the JVM and call into Java only from threads with a known,
 * generous stack (main.c runs commands on a 64 MiB thread), never from the
 * process's primordial thread: HotSpot cannot guard that stack, so a deep
 * recursion in Java would crash instead of throwing StackOverflowError.
 * A jb_vm_t may be used from several threads at once.
 *
 * Errors: every function returns 0 on success or -1 and fills err with one
 * message. A Java exception becomes "<class>: <message>" followed by
 * "\n<stack trace>" (causes included, runs of identical frames folded),
 * never a crash and never ignored. */
#ifndef PTF_JB_H
#define PTF_JB_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"

typedef struct jb_vm jb_vm_t;

/* What the JVM is for, which decides its tuning (JB_JVM_*_OPTIONS below). */
typedef enum jb_vm_use {
    JB_VM_JOB = 0,   /* runs a job (run, sql, test, the JVM test suites): throughput */
    JB_VM_QUICK      /* a short command that runs little Java (describe): start-up */
} jb_vm_use_t;

typedef struct jb_options {
    jb_vm_use_t use;
    const char *home;         /* ptfhost's home folder, holding java/ptfhost-shim.jar and
                                 java/lib/asm.jar (the CLI passes cli_home()); may be NULL
                                 when shim_jar is given */
    const char *shim_jar;     /* path of ptfhost-shim.jar; NULL = <home>/java/ptfhost-shim.jar */
    const char *extra_cp;     /* extra class path entries (':'-separated), e.g. ASM;
                                 NULL = <home>/java/lib/asm.jar, else Debian's
                                 /usr/share/java/asm.jar */
    const char *max_heap;     /* -Xmx, e.g. "512m"; NULL = $PTFHOST_JVM_HEAP, else the JVM's
                                 default (a quarter of the machine's memory) */
    const char *max_metaspace;  /* -XX:MaxMetaspaceSize, e.g. "256m"; NULL =
                                   $PTFHOST_JVM_METASPACE, else unlimited */
    const char *const *jvm_args;  /* extra -X/-D options, NULL-terminated, may be NULL */
} jb_options_t;

/* Options always given to a JVM ptfhost creates, first; then those of its use,
 * the heap limits, jvm_args, and last the words of the environment variable
 * PTFHOST_JVM_OPTS (so a user can override any of them). Two JIT compiler
 * threads (the least tiered compilation takes) whatever the machine: the
 * batches run on one or two threads, and more compiler threads only take
 * cores from them. */
#define JB_JVM_BASE_OPTIONS "-Xrs", "-Xshare:auto", "-XX:-UsePerfData", "-XX:CICompilerCount=2"

/* Options for a job (measured in bench/README.md, "JVM options for jobs").
 * The serial collector with a small young generation: a job's Java garbage is
 * the batches' short-lived objects (its live heap is about a megabyte), which
 * a 32 MiB eden takes again and again in collections of a few milliseconds,
 * where G1 let it grow into 160 MB more of fresh pages (a 1 M-row CountClicks)
 * and pays for its write barriers; G1's one advantage here, mapping the heap
 * objects of the class-data-sharing archive, is worth some 10 ms of start-up.
 * C2 compiles a method after two to three times the default invocations and
 * loop iterations (Tier4*Threshold): a 1 M-row job spent some 500 ms of CPU in C2, as much as
 * half its main thread's. The young generation's size comes with these
 * (jb_vm.c, young_option): JB_JVM_YOUNG_MAX, or a quarter of a smaller heap. */
#define JB_JVM_JOB_COLLECTOR "-XX:+UseSerialGC"   /* not given when the user's options choose one */
#define JB_JVM_JOB_OPTIONS "-XX:Tier4InvocationThreshold=15000", "-XX:Tier4CompileThreshold=30000", \
                           "-XX:Tier4BackEdgeThreshold=120000"
#define JB_JVM_YOUNG_MAX (32LL << 20)

/* Options for short-lived commands (describe): start fast, run little. C1
 * only, and only for methods run ten times more often than by default: a
 * describe compiled some 300 methods it then hardly ran, the compiler thread
 * taking a third of its CPU. The collector stays the JVM's choice (G1 on a
 * server-class machine): JDK 17 maps the heap objects of the class-data-
 * sharing archive, such as the module graph, only with G1. */
#define JB_JVM_QUICK_OPTIONS "-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=10"

int jb_vm_start(const jb_options_t *opts, jb_vm_t **out, char *err, size_t errlen);
void jb_vm_stop(jb_vm_t *vm);   /* detaches the calling thread if ptfhost attached it;
                                   the JVM itself stays (JNI cannot unload it) */

/* Signature extraction: io.ptfhost.bridge.Bridge#describe(String[] jars, String className).
 * className may be NULL (every PTF class in the JARs). On success *json_out is a
 * malloc'ed JSON document (schema: docs/internals.md); caller frees. */
int jb_describe(jb_vm_t *vm, const char *const *jars, int njars, const char *class_name,
                char **json_out, char *err, size_t errlen);
/* The same answer for one class (class_name not NULL) without the JARs' lint:
 * Bridge#signature reads only that class's file of the JARs, for a planner. */
int jb_signature(jb_vm_t *vm, const char *const *jars, int njars, const char *class_name,
                 char **json_out, char *err, size_t errlen);

/* The runner's entry points (docs/internals.md, "The runtime hand-off"):
 * io.ptfhost.bridge.Bridge#open(String[] jars, String className, String
 * planJson, ByteBuffer scalars) and #close(int handle). jb_open's *json_out
 * is the malloc'ed answer ({"handle", "changelog_mode", "output_type"});
 * a Java exception (bad class, plan or arguments) is the error. Batches go
 * through jb_batch_call with Bridge.process/Bridge.drain (below). These
 * methods are resolved on first use, so describe works without them. */
int jb_open(jb_vm_t *vm, const char *const *jars, int njars, const char *class_name, const char *plan_json,
            const void *scalars, size_t scalars_len, char **json_out, char *err, size_t errlen);
int jb_close(jb_vm_t *vm, int32_t handle, char *err, size_t errlen);   /* -1 also for an unknown handle */

/* The batch hand-off: one JNI call per batch.
 *
 * A batch function is a pair of public static Java methods in one class:
 *     int process(int handle, java.nio.ByteBuffer in, int inLength, java.nio.ByteBuffer out)
 *     int drain(int handle, java.nio.ByteBuffer out)
 * (Java half: io.ptfhost.bridge.Batch; the runner's protocol on top of it:
 * docs/internals.md). jb_batch_call() wraps the memory of the caller's in and
 * out buffers in direct ByteBuffers (no copy; kept for the next call while the
 * buffers do not move), calls process once with in's length
 * and sets out->len to the bytes it wrote. When they do not fit, process
 * returns minus the size it needs and keeps the output; jb_batch_call()
 * grows out to that size and collects it with one call of drain. The grown
 * buffer is kept, so the next batch needs one call again. out->data is only
 * valid until the next call with the same buffer.
 *
 * A jb_batch_fn_t keeps its last call's buffers: one thread at a time calls it
 * (each function instance resolves its own). */
typedef struct jb_batch_fn jb_batch_fn_t;

/* Smallest output buffer jb_batch_call() hands to Java. */
#define JB_BATCH_MIN_OUT (64u << 10)

/* class_name in Java's dotted form ("io.ptfhost.bridge.Bridge"), found on the
 * JVM's class path (the shim). */
int jb_batch_resolve(jb_vm_t *vm, const char *class_name, const char *process, const char *drain,
                     jb_batch_fn_t **out, char *err, size_t errlen);
int jb_batch_call(jb_batch_fn_t *fn, int32_t handle, const buf_t *in, buf_t *out, char *err, size_t errlen);
void jb_batch_free(jb_batch_fn_t *fn);

/* Calls public static String class_name.method(String arg), resolving the
 * method on each call (for diagnostics and tests, not for hot paths). arg may
 * be NULL (Java null). Strings cross as UTF-8 (any code point, including
 * those outside the BMP). *out is malloc'ed, or NULL when Java returned null. */
int jb_call_string(jb_vm_t *vm, const char *class_name, const char *method, const char *arg,
                   char **out, char *err, size_t errlen);

/* Number of messages the JVM printed (warnings, -Xcheck:jni reports) since
 * this process created it; they are also written to stderr. Tests assert on
 * it to prove the bridge never provokes a JVM warning. */
unsigned jb_jvm_message_count(void);

/* One opened PTF for the runner (jni/jb_runtime.c): Bridge.open, then one
 * Bridge.process call per batch (the -n/drain grow protocol handled by
 * jb_batch_call), then Bridge.close. Protocol: docs/internals.md, "The
 * runtime hand-off".
 *
 * jb_function_open's arguments are those of jb_open; scalars may be NULL
 * when scalars_len is 0. On success *out owns the Java instance until
 * jb_function_close, which calls the function's close() and frees *out even
 * when that fails. A jb_function_t is driven by one thread at a time (any
 * thread, attached on first use); different functions may run in parallel. */
typedef struct jb_function jb_function_t;

int jb_function_open(jb_vm_t *vm, const char *const *jars, int njars, const char *class_name,
                     const char *plan_json, const void *scalars, size_t scalars_len, jb_function_t **out,
                     char *err, size_t errlen);

/* What Bridge.open answered: the handle, the produced changelog mode
 * ("[INSERT]", ...) and the ROW type of the OUT bytes. Owned by f. */
int32_t jb_function_handle(const jb_function_t *f);
const char *jb_function_changelog_mode(const jb_function_t *f);
const char *jb_function_output_type(const jb_function_t *f);

/* One batch: in holds the encoded batch, out receives Java's answer (grown
 * as needed, kept for the next call). The signature is the engine's invoker
 * (ptf_invoker_t.process) with ctx = the jb_function_t. A user exception in
 * eval/onTimer is an ERROR message in out, not a failure; -1 means the
 * bridge itself failed (corrupt batch, internal Java exception). */
int jb_function_process(void *f, const buf_t *in, buf_t *out, char *err, size_t errlen);

int jb_function_close(jb_function_t *f, char *err, size_t errlen);

/* Java programs (ptfhost run app.jar, jni/jb_app.c): jb_app_run loads the
 * JAR in its own class loader (parent: the shim's API loader, as for PTF
 * JARs), and calls main_class.main(args) (main_class NULL = the manifest's
 * Main-Class) on the calling thread. The Table API in the shim hands each
 * statement it builds to handler, which runs it on the C engine and may
 * answer a malloc'ed string (*result, NULL for none); handler's error
 * becomes a TableException in Java. An exception out of main is the
 * error ("<class>: <message>" and the program's stack). One program at a
 * time per process. The handler runs on whichever Java thread made the
 * call (the caller's, unless the program starts threads of its own), one
 * call at a time (TableBridge.run is synchronized: the session is not
 * thread-safe). */
typedef enum jb_sql_mode {
    JB_SQL_EXECUTE = 0,   /* DDL, INSERT: run, answer nothing */
    JB_SQL_PRINT = 1,     /* a query: print its rows as TableResult.print() does */
    JB_SQL_TABLE_ARG = 2, /* sql is a function's name: answer the name of its first table
                             argument (NULL: no such function, or none) */
    JB_SQL_COLLECT = 3,   /* a query: answer its row type, a newline, then its rows in the
                             binary value format as hex digits (TableResult.collect()) */
} jb_sql_mode_t;

typedef int (*jb_sql_handler_t)(void *ctx, const char *sql, jb_sql_mode_t mode, char **result, char *err,
                                size_t errlen);

int jb_app_run(jb_vm_t *vm, const char *jar, const char *main_class, const char *const *args, int nargs,
               jb_sql_handler_t handler, void *ctx, char *err, size_t errlen);
/* The stuck-call watchdog's probes (engine/watchdog.h): called from another
 * thread while one runs a batch of f (each attaches the calling thread).
 * progress: user calls (eval/onTimer) started so far and the batch record of
 * the latest (-1: none yet in this batch). stack: the Java stack of the
 * batch's thread, user frames only, one "\tat frame" line each (*out
 * malloc'ed). stop: makes that thread unwind (Thread.stop; the batch then
 * fails). The signatures are the watchdog's (ctx = the jb_function_t). */
int jb_function_progress(void *f, uint64_t *calls, long *record, char *err, size_t errlen);
int jb_function_stack(void *f, char **out, char *err, size_t errlen);
int jb_function_stop(void *f, char *err, size_t errlen);

#endif
