/* watchdog.h - the stuck-call watchdog ("watchdog_"): notices a PTF whose
 * batch makes no progress (no new eval/onTimer call has started) for a
 * configured time and prints the function, the record it is on and the Java
 * stack of the stuck call to stderr; the job keeps waiting. With a limit set
 * it stops the call once the limit passes without progress, and the batch
 * then fails with a message naming the function, the record and the option.
 *
 * Options (SET, documented in the README): 'ptfhost.watchdog.stuck-call-timeout'
 * (report) and 'ptfhost.watchdog.stuck-call-limit' (fail), Flink durations.
 *
 * One watchdog watches one function (one PTF call of a job) from its own
 * thread, which calls the probes into Java while the job's thread is inside a
 * batch; reports are the only thing it writes (stderr, a live diagnostic
 * like the JVM's own warnings). enter/leave are called by the job's thread
 * around each batch; every function accepts a NULL watchdog (a no-op). */
#ifndef PTF_WATCHDOG_H
#define PTF_WATCHDOG_H

#include <stddef.h>
#include <stdint.h>

typedef struct watchdog watchdog_t;

/* How the watchdog looks into the function (jb.h's jb_function_progress/
 * stack/stop, or fakes in tests). Called from the watchdog's thread only. */
typedef struct watchdog_probe {
    void *ctx;
    int (*progress)(void *ctx, uint64_t *calls, long *record, char *err, size_t errlen);
    int (*stack)(void *ctx, char **out, char *err, size_t errlen);   /* *out malloc'ed */
    int (*stop)(void *ctx, char *err, size_t errlen);
} watchdog_probe_t;

typedef struct watchdog_config {
    int64_t timeout_ms;          /* report after this long without progress; 0 = no report */
    int64_t limit_ms;            /* stop the call after this long without progress; 0 = never */
    const char *function_name;   /* for messages (copied) */
} watchdog_config_t;

/* Reads both options from a SET value pair (either may be NULL = unset):
 * 0 with cfg's times filled, or -1 with Flink's parse message. */
int watchdog_parse_options(const char *timeout, const char *limit, watchdog_config_t *cfg, char *err,
                           size_t errlen);

/* NULL (no thread) when both times are 0. */
watchdog_t *watchdog_new(const watchdog_config_t *cfg, watchdog_probe_t probe);
void watchdog_free(watchdog_t *wd);   /* joins the thread */

/* Describes record `record` of the batch being run ("in eval for input row
 * ..., key (...)"), or the batch when record is -1. Called from the
 * watchdog's thread while the job's thread is blocked inside the batch. */
typedef void (*watchdog_describe_fn)(void *ctx, long record, char *out, size_t outlen);

void watchdog_enter(watchdog_t *wd, watchdog_describe_fn describe, void *describe_ctx);
/* The batch returned: -1 with the limit's message in err when the watchdog
 * stopped it (whatever the batch itself answered), else 0. */
int watchdog_leave(watchdog_t *wd, char *err, size_t errlen);

#endif
