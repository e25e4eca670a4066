/* jb_app.c - running a Java program's main in ptfhost's JVM, and the native
 * method through which the shim's Table API hands statements to the C engine
 * (io.ptfhost.bridge.TableBridge.execute). */
#include "jb_internal.h"

#include <stdio.h>
#include <stdlib.h>

#define APP_RUNNER "io.ptfhost.bridge.AppRunner"
#define TABLE_BRIDGE "io.ptfhost.bridge.TableBridge"
#define TABLE_EXCEPTION "org/apache/flink/table/api/TableException"
#define HANDLER_ERRLEN 16384

/* The program being run (one per process, set for the duration of jb_app_run). */
static struct {
    jb_vm_t *vm;
    jb_sql_handler_t handler;
    void *ctx;
} app;

/* static native String TableBridge.execute(String sql, int mode) */
static jstring JNICALL table_bridge_execute(JNIEnv *env, jclass cls, jstring jsql, jint mode)
{
    (void)cls;
    char *err = malloc(HANDLER_ERRLEN);
    if (!err) return NULL;   /* the JVM is out of memory too: nothing sensible to raise */
    jbc_t c;
    jbc_init(&c, env, &app.vm->jdk, err, HANDLER_ERRLEN);
    char *sql = jbc_string_get(&c, jsql);
    char *result = NULL;
    jstring answer = NULL;
    if (c.failed) {
        jbc_throw_new(&c, TABLE_EXCEPTION, err);
    } else if (!app.handler) {
        jbc_throw_new(&c, TABLE_EXCEPTION, "the Table API runs only inside 'ptfhost run app.jar'");
    } else if (app.handler(app.ctx, sql, (jb_sql_mode_t)mode, &result, err, HANDLER_ERRLEN) != 0) {
        jbc_throw_new(&c, TABLE_EXCEPTION, err);
    } else if (result) {
        answer = jbc_string_new(&c, result);
        if (c.failed) jbc_throw_new(&c, TABLE_EXCEPTION, err);
    }
    free(result);
    free(sql);
    free(err);
    return answer;
}

static int bind_table_bridge(jbc_t *c)
{
    char name[256];
    jb_slashed(name, sizeof name, TABLE_BRIDGE);
    jclass cls = jbc_class(c, name);
    jbc_register_native(c, cls, TABLE_BRIDGE, "execute", "(Ljava/lang/String;I)Ljava/lang/String;",
                        (void *)table_bridge_execute);
    jbc_delete_global(c, cls);
    return c->failed ? -1 : 0;
}

/* AppRunner.run(String jar, String mainClass, String[] args): 0, or the exception out of main. */
static int call_main(jb_vm_t *vm, jbc_t *c, const char *jar, const char *main_class, const char *const *args,
                     int nargs)
{
    char name[256];
    jb_slashed(name, sizeof name, APP_RUNNER);
    jclass cls = jbc_class(c, name);
    jmethodID run = jbc_static_method(c, cls, APP_RUNNER, "run",
                                      "(Ljava/lang/String;Ljava/lang/String;[Ljava/lang/String;)I");
    if (jbc_push_frame(c, 8) == 0) {
        jstring jjar = jbc_string_new(c, jar);
        jstring jmain = main_class ? jbc_string_new(c, main_class) : NULL;
        jobjectArray jargs = jb_string_array(vm, c, args, nargs);
        jbc_call_static_int(c, cls, run, jjar, jmain, jargs);
        jbc_pop_frame(c);
    }
    jbc_delete_global(c, cls);
    return c->failed ? -1 : 0;
}

int jb_app_run(jb_vm_t *vm, const char *jar, const char *main_class, const char *const *args, int nargs,
               jb_sql_handler_t handler, void *ctx, char *err, size_t errlen)
{
    jbc_t c;
    if (jb_ctx(vm, &c, err, errlen) != 0) return -1;
    if (bind_table_bridge(&c) != 0) return -1;
    jb_exit_guard_install(&c);
    if (c.failed) return -1;
    app.vm = vm;
    app.handler = handler;
    app.ctx = ctx;
    int rc = call_main(vm, &c, jar, main_class, args, nargs);
    app.handler = NULL;
    app.ctx = NULL;
    return rc;
}
