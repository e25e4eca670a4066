/* jb_vm.c - the JVM's life cycle: find and dlopen libjvm, create or reuse the
 * process's JVM, attach threads, resolve the bridge's entry points.
 *
 * libjvm is loaded at run time, not linked, so the binary starts (and can
 * print a useful message) on a machine without Java, and JAVA_HOME picks the
 * JDK. A process can hold only one JVM and JNI cannot unload it, so the
 * JavaVM* is found once per process; each jb_vm_t holds its own global
 * references on top of it. */
#include "jb_internal.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/buf.h"
#include "util/jvm_size.h"

#define DEBIAN_JAVA_HOME "/usr/lib/jvm/default-java"
#define LIBJVM_SUBPATH "/lib/server/libjvm.so"

typedef jint(JNICALL *create_vm_fn)(JavaVM **, void **, void *);
typedef jint(JNICALL *created_vms_fn)(JavaVM **, jsize, jsize *);

/* Process-wide: one libjvm, one JVM, one key marking the threads we attached. */
static pthread_mutex_t vm_lock = PTHREAD_MUTEX_INITIALIZER;
static void *libjvm;
static char libjvm_path[PATH_MAX];
static create_vm_fn create_vm;
static created_vms_fn created_vms;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t attached_key;

/* --- what the JVM prints ------------------------------------------------- */

static atomic_uint jvm_messages;
static buf_t *creation_log;   /* while creating: JVM output to the console is kept for the error message */

/* HotSpot writes its log files through this hook too (-Xlog:...:file=): only
 * what goes to stdout or stderr is kept, and the length counts as written
 * (a short count makes the JVM drop that log output). */
static jint JNICALL jvm_vfprintf(FILE *fp, const char *fmt, va_list ap)
{
    atomic_fetch_add(&jvm_messages, 1);
    if (creation_log && (fp == stdout || fp == stderr)) {
        size_t before = creation_log->len;
        buf_vprintf(creation_log, fmt, ap);
        return (jint)(creation_log->len - before);
    }
    return vfprintf(fp, fmt, ap);
}

unsigned jb_jvm_message_count(void)
{
    return atomic_load(&jvm_messages);
}

/* --- threads ------------------------------------------------------------- */

static void detach_at_thread_exit(void *jvm)
{
    if (jvm) jbc_vm_detach(jvm);
}

static void make_key(void)
{
    pthread_key_create(&attached_key, detach_at_thread_exit);
}

static bool on_primordial_thread(void)
{
    return gettid() == getpid();
}

int jb_ctx(jb_vm_t *vm, jbc_t *c, char *err, size_t errlen)
{
    JNIEnv *env = NULL;
    jint rc = jbc_vm_get_env(vm->jvm, &env);
    if (rc == JNI_EDETACHED) {
        if (on_primordial_thread()) {
            snprintf(err, errlen, "internal error: Java called from the process's main thread "
                                  "(run JNI work on a thread with a known stack size; see jni/jb.h)");
            return -1;
        }
        rc = jbc_vm_attach(vm->jvm, &env, "ptfhost-worker");
        if (rc == JNI_OK) pthread_setspecific(attached_key, vm->jvm);
    }
    if (rc != JNI_OK || !env) {
        snprintf(err, errlen, "cannot attach this thread to the JVM (JNI error %d)", (int)rc);
        return -1;
    }
    jbc_init(c, env, &vm->jdk, err, errlen);
    return 0;
}

/* --- libjvm -------------------------------------------------------------- */

static int load_libjvm(char *err, size_t errlen)
{
    if (libjvm) return 0;
    char tried[2][PATH_MAX];
    int ntried = 0;
    const char *jh = getenv("JAVA_HOME");
    if (jh && *jh) snprintf(tried[ntried++], PATH_MAX, "%s%s", jh, LIBJVM_SUBPATH);
    snprintf(tried[ntried++], PATH_MAX, "%s%s", DEBIAN_JAVA_HOME, LIBJVM_SUBPATH);

    char why[1024] = "";
    for (int i = 0; i < ntried && !libjvm; i++) {
        if (access(tried[i], R_OK) != 0) continue;
        libjvm = dlopen(tried[i], RTLD_NOW | RTLD_GLOBAL);
        if (!libjvm) snprintf(why, sizeof why, ": %s", dlerror());
        else memcpy(libjvm_path, tried[i], sizeof libjvm_path);   /* same size */
    }
    if (!libjvm) {
        snprintf(err, errlen,
                 "cannot load the JVM: no usable libjvm.so at %s%s%s%s (install openjdk-17-jdk-headless, "
                 "or set JAVA_HOME to a JDK 17 or newer)",
                 tried[0], ntried > 1 ? " or " : "", ntried > 1 ? tried[1] : "", why);
        return -1;
    }
    create_vm = (create_vm_fn)dlsym(libjvm, "JNI_CreateJavaVM");
    created_vms = (created_vms_fn)dlsym(libjvm, "JNI_GetCreatedJavaVMs");
    if (!create_vm || !created_vms) {
        snprintf(err, errlen, "the loaded libjvm.so lacks the JNI invocation functions");
        dlclose(libjvm);
        libjvm = NULL;
        return -1;
    }
    return 0;
}

/* --- user code ending the process ---------------------------------------- */

/* JNI's "exit" hook: HotSpot calls it when the JVM ends the process
 * (System.exit or Runtime.halt that the exit guard did not stop, or a JVM
 * that cannot start). It cannot return to the job, so it says what happened
 * and ends the process with ptfhost's failure code instead of Java's. */
static void JNICALL jvm_exit_hook(jint code)
{
    if (creation_log)
        fprintf(stderr, "ptfhost: the JVM could not start (exit status %d)\n", (int)code);
    else
        fprintf(stderr, "ptfhost: Java code ended the process (System.exit or Runtime.halt with status %d), "
                        "which ptfhost could not intercept on this JVM; the job failed\n", (int)code);
    exit(1);
}

/* JNI's "abort" hook: HotSpot calls it before it aborts, which is also how it
 * gives up on options it accepted one by one but not together (two collectors,
 * say). While the JVM is being created its reason is in the creation log, so
 * this says it and ends the process with ptfhost's failure code; later (a
 * crash) it returns and the JVM aborts as it would. */
static void JNICALL jvm_abort_hook(void)
{
    if (!creation_log) return;
    while (creation_log->len && strchr("\n ", creation_log->data[creation_log->len - 1])) creation_log->len--;
    fprintf(stderr, "ptfhost: the JVM could not start%s%s%s\n", creation_log->len ? ": " : "",
            buf_cstr(creation_log), getenv("PTFHOST_JVM_OPTS") ? " (check PTFHOST_JVM_OPTS)" : "");
    exit(1);
}

/* The JDK's feature version from the "release" file beside lib/ (0 = unknown). */
static int jdk_feature_version(void)
{
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s", libjvm_path);
    for (int up = 0; up < 3; up++) {   /* <jdk>/lib/server/libjvm.so -> <jdk> */
        char *slash = strrchr(path, '/');
        if (!slash) return 0;
        *slash = '\0';
    }
    strcat(path, "/release");
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    char line[256];
    int version = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "JAVA_VERSION=\"%d", &version) == 1) break;
    fclose(f);
    return version;
}

/* The exit guard (io.ptfhost.bridge.ExitGuard) is a SecurityManager: JDK 17
 * to 23 allow one when the JVM starts with this option, JDK 24 refuses to
 * start with it. Unknown versions go without (the exit hook still applies). */
static bool exit_guard_supported(void)
{
    int v = jdk_feature_version();
    return v >= 17 && v < 24;
}

/* --- options ------------------------------------------------------------- */

typedef struct option_list {
    JavaVMOption *items;
    int n, cap;
    char **owned;      /* strings we allocated, freed after creation */
    int nowned;
} option_list_t;

static void add_option(option_list_t *l, const char *s, void *extra)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->items = realloc(l->items, (size_t)l->cap * sizeof *l->items);
        l->owned = realloc(l->owned, (size_t)l->cap * sizeof *l->owned);
        if (!l->items || !l->owned) abort();
    }
    l->items[l->n].optionString = (char *)s;
    l->items[l->n].extraInfo = extra;
    l->n++;
}

static void add_owned(option_list_t *l, char *s)
{
    add_option(l, s, NULL);
    l->owned[l->nowned++] = s;
}

static void free_options(option_list_t *l)
{
    for (int i = 0; i < l->nowned; i++) free(l->owned[i]);
    free(l->owned);
    free(l->items);
}

static char *str_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *str_printf(const char *fmt, ...)
{
    buf_t b = BUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&b, fmt, ap);
    va_end(ap);
    buf_cstr(&b);
    return buf_steal(&b);
}

#define DEBIAN_ASM_JAR "/usr/share/java/asm.jar"

/* Whether the class-data-sharing archive fits the class path: build.sh writes
 * beside it ("<archive>.stamp") the size and modification time of each JAR it
 * was dumped for, a "SIZE MTIME" line each, in class path order. The JVM
 * refuses a whole archive, JDK classes too, when a JAR differs (a rebuilt or
 * copied shim), so then the JVM is better off with the JDK's own archive. */
static bool archive_matches(const char *stamp, const char *const *jars, int njars)
{
    FILE *f = fopen(stamp, "r");
    if (!f) return false;
    bool ok = true;
    for (int i = 0; i < njars && ok; i++) {
        long long size, mtime;
        struct stat st;
        ok = fscanf(f, "%lld %lld", &size, &mtime) == 2 && stat(jars[i], &st) == 0 &&
             (long long)st.st_size == size && (long long)st.st_mtime == mtime;
    }
    fclose(f);
    return ok;
}

/* The next whitespace-separated word of PTFHOST_JVM_OPTS at or after p, its
 * length in *len; NULL at the end. */
static const char *next_word(const char *p, size_t *len)
{
    if (!p) return NULL;
    p += strspn(p, " \t\n");
    *len = strcspn(p, " \t\n");
    return *len ? p : NULL;
}

/* Whether a word of jvm_args or PTFHOST_JVM_OPTS starts with one of the
 * prefixes (NULL-terminated): the user's choice, which a default of ptfhost's
 * must then leave alone (two collectors, say, stop the JVM from starting). */
static bool user_chose(const char *const *jvm_args, const char *env, const char *const *prefixes)
{
    size_t len;
    for (const char *const *a = jvm_args; a && *a; a++)
        for (const char *const *q = prefixes; *q; q++)
            if (strncmp(*a, *q, strlen(*q)) == 0) return true;
    for (const char *p = env; (p = next_word(p, &len)) != NULL; p += len)
        for (const char *const *q = prefixes; *q; q++)
            if (len >= strlen(*q) && strncmp(p, *q, strlen(*q)) == 0) return true;
    return false;
}

static const char *const collector_options[] = {"-XX:+UseSerialGC", "-XX:+UseParallelGC", "-XX:+UseG1GC",
                                                "-XX:+UseZGC", "-XX:+UseShenandoahGC", "-XX:+UseEpsilonGC", NULL};
static const char *const young_options[] = {"-Xmn", "-XX:NewSize=", "-XX:MaxNewSize=", "-XX:NewRatio=", NULL};

/* The value of the last -Xmx of the words, "" if none; bounded by valuelen. */
static void last_max_heap(const char *const *jvm_args, const char *env, char *value, size_t valuelen)
{
    for (const char *const *a = jvm_args; a && *a; a++)
        if (strncmp(*a, "-Xmx", 4) == 0) snprintf(value, valuelen, "%s", *a + 4);
    size_t len;
    for (const char *p = env; (p = next_word(p, &len)) != NULL; p += len)
        if (len > 4 && strncmp(p, "-Xmx", 4) == 0) snprintf(value, valuelen, "%.*s", (int)len - 4, p + 4);
}

/* A job's young generation (JB_JVM_JOB_OPTIONS): JB_JVM_YOUNG_MAX, or a quarter
 * of a heap smaller than four times that (a young generation as large as the
 * heap makes the JVM warn and shrink it). The heap is the last -Xmx the JVM
 * will see (PTFHOST_JVM_OPTS, jvm_args, then ptfhost's own), else the JVM's
 * default, a quarter of the machine's memory (a container's limit, which the
 * JVM would use instead, is not looked at). NULL when the user's options size
 * the young generation or the heap is no size ptfhost can read. */
static char *young_option(const char *heap, const char *const *jvm_args, const char *env)
{
    if (user_chose(jvm_args, env, young_options)) return NULL;
    char last[64] = "";
    if (heap && *heap) snprintf(last, sizeof last, "%s", heap);
    last_max_heap(jvm_args, env, last, sizeof last);
    long long max = *last ? jvm_size_bytes(last) : (long long)sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE) / 4;
    long long young = max < 4 * JB_JVM_YOUNG_MAX ? max / 4 : JB_JVM_YOUNG_MAX;
    if (young < (1LL << 20)) return NULL;   /* no heap ptfhost can read, or one too small to split */
    return str_printf("-Xmn%lldk", young >> 10);
}

static int build_options(const jb_options_t *o, option_list_t *l, char *err, size_t errlen)
{
    char shim[PATH_MAX], asmjar[PATH_MAX];
    const char *home = o ? o->home : NULL;
    if (o && o->shim_jar) {
        snprintf(shim, sizeof shim, "%s", o->shim_jar);
    } else if (home) {
        snprintf(shim, sizeof shim, "%s/java/ptfhost-shim.jar", home);
    } else {
        snprintf(err, errlen, "internal error: the JVM options name neither ptfhost's home folder nor the shim JAR");
        return -1;
    }
    if (access(shim, R_OK) != 0) {
        snprintf(err, errlen,
                 "the bridge's Java half is missing: cannot read %s (build it with ./build.sh, or set "
                 "PTFHOST_HOME to the folder that holds java/ptfhost-shim.jar)", shim);
        return -1;
    }
    const char *extra = o ? o->extra_cp : NULL;
    if (!extra) {
        if (home) snprintf(asmjar, sizeof asmjar, "%s/java/lib/asm.jar", home);
        if (!home || (access(asmjar, R_OK) != 0 && access(DEBIAN_ASM_JAR, R_OK) == 0))
            snprintf(asmjar, sizeof asmjar, DEBIAN_ASM_JAR);
        extra = asmjar;
    }
    add_owned(l, str_printf("-Djava.class.path=%s%s%s", shim, *extra ? ":" : "", extra));
    /* The class-data-sharing archive build.sh dumps beside the shim (JDK and shim classes
     * pre-parsed): it was made for exactly this class path, so only for the home's shim. */
    char jsa[PATH_MAX], stamp[PATH_MAX + 8];
    snprintf(jsa, sizeof jsa, "%s/java/ptfhost.jsa", home ? home : "");
    snprintf(stamp, sizeof stamp, "%s.stamp", jsa);
    const char *const class_path[] = {shim, extra};
    if (home && !(o && o->shim_jar) && !(o && o->extra_cp) && access(jsa, R_OK) == 0 &&
        archive_matches(stamp, class_path, 2))
        add_owned(l, str_printf("-XX:SharedArchiveFile=%s", jsa));

    static const char *const base[] = {JB_JVM_BASE_OPTIONS};
    for (size_t i = 0; i < sizeof base / sizeof base[0]; i++) add_option(l, base[i], NULL);
    add_option(l, "vfprintf", (void *)jvm_vfprintf);
    add_option(l, "exit", (void *)jvm_exit_hook);
    add_option(l, "abort", (void *)jvm_abort_hook);
    if (exit_guard_supported()) add_option(l, "-Djava.security.manager=allow", NULL);
    const char *heap = o && o->max_heap ? o->max_heap : getenv("PTFHOST_JVM_HEAP");
    const char *meta = o && o->max_metaspace ? o->max_metaspace : getenv("PTFHOST_JVM_METASPACE");
    const char *env = getenv("PTFHOST_JVM_OPTS");   /* whitespace-separated, last so that they win */
    if (o && o->use == JB_VM_QUICK) {
        static const char *const quick[] = {JB_JVM_QUICK_OPTIONS};
        for (size_t i = 0; i < sizeof quick / sizeof quick[0]; i++) add_option(l, quick[i], NULL);
    } else {
        const char *const *args = o ? o->jvm_args : NULL;
        if (!user_chose(args, env, collector_options)) add_option(l, JB_JVM_JOB_COLLECTOR, NULL);
        static const char *const job[] = {JB_JVM_JOB_OPTIONS};
        for (size_t i = 0; i < sizeof job / sizeof job[0]; i++) add_option(l, job[i], NULL);
        char *young = young_option(heap, args, env);
        if (young) add_owned(l, young);
    }
    if (heap && *heap) add_owned(l, str_printf("-Xmx%s", heap));
    if (meta && *meta) add_owned(l, str_printf("-XX:MaxMetaspaceSize=%s", meta));
    for (const char *const *a = o ? o->jvm_args : NULL; a && *a; a++) add_option(l, *a, NULL);
    size_t len;
    for (const char *p = env; (p = next_word(p, &len)) != NULL; p += len) add_owned(l, str_printf("%.*s", (int)len, p));
    return 0;
}

static const char *jni_error_name(jint rc)
{
    switch (rc) {
    case JNI_ERR: return "unknown error";
    case JNI_EDETACHED: return "thread detached";
    case JNI_EVERSION: return "JNI version not supported: ptfhost needs a JDK 17 or newer";
    case JNI_ENOMEM: return "not enough memory";
    case JNI_EEXIST: return "a JVM already exists";
    case JNI_EINVAL: return "invalid option";
    default: return "unexpected error";
    }
}

/* Finds the process's JVM or creates it. Called under vm_lock. */
static int find_or_create(const jb_options_t *o, JavaVM **out, char *err, size_t errlen)
{
    JavaVM *existing = NULL;
    jsize n = 0;
    if (created_vms(&existing, 1, &n) == JNI_OK && n > 0) {
        *out = existing;
        return 0;
    }
    if (on_primordial_thread()) {
        snprintf(err, errlen, "internal error: the JVM must not be created on the process's main thread "
                              "(see jni/jb.h)");
        return -1;
    }
    option_list_t l = {0};
    if (build_options(o, &l, err, errlen) != 0) {
        free_options(&l);
        return -1;
    }
    JavaVMInitArgs args = {JNI_VERSION_10, l.n, l.items, JNI_FALSE};
    buf_t log = BUF_INIT;
    creation_log = &log;
    JNIEnv *env = NULL;
    jint rc = create_vm(out, (void **)&env, &args);
    creation_log = NULL;
    while (log.len && (log.data[log.len - 1] == '\n' || log.data[log.len - 1] == ' ')) log.len--;
    const char *said = log.len ? buf_cstr(&log) : "";
    if (rc != JNI_OK) {
        buf_t opts = BUF_INIT;
        for (int i = 0; i < l.n; i++)
            if (l.items[i].extraInfo == NULL)
                buf_printf(&opts, " %s", l.items[i].optionString);
        snprintf(err, errlen, "cannot create the JVM (%s, JNI error %d)%s%s\noptions:%s%s", jni_error_name(rc),
                 (int)rc, *said ? ": " : "", said, buf_cstr(&opts),
                 getenv("PTFHOST_JVM_OPTS") ? "\n(check PTFHOST_JVM_OPTS)" : "");
        buf_free(&opts);
    } else {
        if (*said) fprintf(stderr, "%s\n", said);   /* warnings of a successful start */
        pthread_setspecific(attached_key, *out);   /* this thread is attached now */
    }
    buf_free(&log);
    free_options(&l);
    return rc == JNI_OK ? 0 : -1;
}

/* --- start / stop -------------------------------------------------------- */

static void release_refs(jb_vm_t *vm, jbc_t *c)
{
    jbc_delete_global(c, vm->bridge);
    jbc_jdk_release(c, &vm->jdk);
}

/* The bridge's own entry points, resolved once; errors name class, member, signature. */
static void resolve_bridge(jb_vm_t *vm, jbc_t *c)
{
    vm->bridge = jbc_class(c, "io/ptfhost/bridge/Bridge");
    vm->bridge_describe = jbc_static_method(c, vm->bridge, "io.ptfhost.bridge.Bridge", "describe",
                                            "([Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;");
    vm->bridge_signature = jbc_static_method(c, vm->bridge, "io.ptfhost.bridge.Bridge", "signature",
                                             "([Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;");
}

/* A job's JVM starts the guard's JDK set-up on a Java thread (ExitGuard.Preparer)
 * while the job is planned, so that jb_exit_guard_install finds it done. */
static void exit_guard_prepare(jbc_t *c, const jb_options_t *opts)
{
    if (c->failed || (opts && opts->use != JB_VM_JOB) || !exit_guard_supported()) return;
    jclass preparer = jbc_class(c, "io/ptfhost/bridge/ExitGuard$Preparer");
    jmethodID m = jbc_static_method(c, preparer, "io.ptfhost.bridge.ExitGuard.Preparer", "begin", "()V");
    jbc_call_static_void(c, preparer, m);
    jbc_delete_global(c, preparer);
}

/* Installs the exit guard where the JVM allows it (see exit_guard_supported).
 * The runner calls it before it first opens a function (describe runs no user
 * code and does not pay for it). The first installation in the process makes JDK 17-23 print a deprecation
 * warning straight to file descriptor 2, which nothing can turn off: stderr
 * points to /dev/null for the duration of that one call (start-up: no job
 * output is in flight). Later calls find the guard in place and print nothing. */
void jb_exit_guard_install(jbc_t *c)
{
    static bool installed_once;   /* under vm_lock */
    if (c->failed) return;
    jclass guard = jbc_class(c, "io/ptfhost/bridge/ExitGuard");
    jmethodID m = jbc_static_method(c, guard, "io.ptfhost.bridge.ExitGuard", "install", "()I");
    pthread_mutex_lock(&vm_lock);
    int saved = -1, devnull = -1;
    if (!installed_once && !c->failed) {
        fflush(stderr);
        saved = dup(STDERR_FILENO);
        devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
        if (saved >= 0 && devnull >= 0) dup2(devnull, STDERR_FILENO);
    }
    if (jbc_call_static_int(c, guard, m) == 1) installed_once = true;
    if (saved >= 0) {
        dup2(saved, STDERR_FILENO);
        close(saved);
    }
    if (devnull >= 0) close(devnull);
    pthread_mutex_unlock(&vm_lock);
    jbc_delete_global(c, guard);
}

static void check_version(jbc_t *c)
{
    if (c->failed) return;
    jclass version = jbc_class(c, "io/ptfhost/bridge/Version");
    jmethodID m = jbc_static_method(c, version, "io.ptfhost.bridge.Version", "bridgeVersion",
                                    "()Ljava/lang/String;");
    if (jbc_push_frame(c, 4) == 0) {
        char *v = jbc_string_get(c, jbc_call_static_object(c, version, m));
        if (!c->failed && (!v || strcmp(v, JB_BRIDGE_VERSION) != 0))
            jbc_fail(c, "the shim JAR speaks bridge version %s, this ptfhost needs %s: rebuild with ./build.sh",
                     v ? v : "null", JB_BRIDGE_VERSION);
        free(v);
        jbc_pop_frame(c);
    }
    jbc_delete_global(c, version);
}

int jb_vm_start(const jb_options_t *opts, jb_vm_t **out, char *err, size_t errlen)
{
    *out = NULL;
    pthread_once(&key_once, make_key);
    pthread_mutex_lock(&vm_lock);
    JavaVM *jvm = NULL;
    int rc = load_libjvm(err, errlen);
    if (rc == 0) rc = find_or_create(opts, &jvm, err, errlen);
    pthread_mutex_unlock(&vm_lock);
    if (rc != 0) return -1;

    jb_vm_t *vm = calloc(1, sizeof *vm);
    if (!vm) abort();
    vm->jvm = jvm;
    pthread_mutex_init(&vm->runner_lock, NULL);
    jbc_t c;
    if (jb_ctx(vm, &c, err, errlen) != 0) {
        pthread_mutex_destroy(&vm->runner_lock);
        free(vm);
        return -1;
    }
    jbc_jdk_resolve(&c, &vm->jdk);
    resolve_bridge(vm, &c);
    check_version(&c);
    exit_guard_prepare(&c, opts);
    if (c.failed) {
        release_refs(vm, &c);
        pthread_mutex_destroy(&vm->runner_lock);
        free(vm);
        return -1;
    }
    *out = vm;
    return 0;
}

void jb_vm_stop(jb_vm_t *vm)
{
    if (!vm) return;
    char err[256];
    jbc_t c;
    if (jb_ctx(vm, &c, err, sizeof err) == 0) release_refs(vm, &c);
    if (pthread_getspecific(attached_key) == vm->jvm) {
        pthread_setspecific(attached_key, NULL);
        jbc_vm_detach(vm->jvm);
    }
    pthread_mutex_destroy(&vm->runner_lock);
    free(vm);
}

/* --- jb_call_string ------------------------------------------------------ */

void jb_slashed(char *dst, size_t n, const char *dotted)
{
    snprintf(dst, n, "%s", dotted);
    for (char *p = dst; *p; p++)
        if (*p == '.') *p = '/';
}

int jb_call_string(jb_vm_t *vm, const char *class_name, const char *method, const char *arg,
                   char **out, char *err, size_t errlen)
{
    *out = NULL;
    jbc_t c;
    if (jb_ctx(vm, &c, err, errlen) != 0) return -1;
    char name[512];
    jb_slashed(name, sizeof name, class_name);
    jclass cls = jbc_class(&c, name);
    jmethodID m = jbc_static_method(&c, cls, class_name, method, "(Ljava/lang/String;)Ljava/lang/String;");
    if (jbc_push_frame(&c, 8) == 0) {
        jstring jarg = arg ? jbc_string_new(&c, arg) : NULL;
        jobject r = jbc_call_static_object(&c, cls, m, jarg);
        *out = jbc_string_get(&c, r);
        jbc_pop_frame(&c);
    }
    jbc_delete_global(&c, cls);
    return c.failed ? -1 : 0;
}
