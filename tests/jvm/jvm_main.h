/* jvm_main.h - runs a Check suite of tests/jvm/ the way ptfhost runs Java.
 *
 * The JVM must not run on the primordial thread (jni/jb.h) and ptfhost's
 * commands run on a thread with a 64 MiB stack, so a suite that starts a JVM
 * runs there too, without fork (CK_NOFORK: a JVM does not survive fork()).
 * Header-only because CMakeLists.txt builds each tests/jvm/test_*.c as an
 * executable of its own; every include is one test program. */
#ifndef PTFHOST_TESTS_JVM_MAIN_H
#define PTFHOST_TESTS_JVM_MAIN_H

#include <check.h>
#include <pthread.h>

typedef struct jvm_main_job {
    Suite *(*make_suite)(void);
    int failed;
} jvm_main_job_t;

static inline void *jvm_main_thread(void *arg)
{
    jvm_main_job_t *job = arg;
    SRunner *sr = srunner_create(job->make_suite());
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    job->failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return NULL;
}

/* Builds the suite with make_suite and runs it on a new 64 MiB thread; returns
 * the number of failed tests once that thread has ended, or -1 (and runs
 * nothing) if the thread could not be started. */
static inline int jvm_main_run(Suite *(*make_suite)(void))
{
    jvm_main_job_t job = {make_suite, 0};
    pthread_attr_t attr;
    pthread_t t;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 64u << 20);
    int rc = pthread_create(&t, &attr, jvm_main_thread, &job);
    pthread_attr_destroy(&attr);
    if (rc != 0) return -1;
    pthread_join(t, NULL);
    return job.failed;
}

#endif
