/* watchdog.c - the stuck-call watchdog (watchdog.h).
 *
 * The watchdog's thread wakes every tick (a quarter of the shorter time,
 * between 10 ms and 1 s). While a batch runs it asks the probe how many user
 * calls have started; a change is progress. When the count stays the same
 * for the timeout it prints one report (again only after new progress); past
 * the limit it stops the call, and keeps stopping it each tick until the
 * batch returns (user code may catch the ThreadDeath). */
#include "engine/watchdog.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/plan.h"
#include "util/buf.h"

#define OPT_TIMEOUT "ptfhost.watchdog.stuck-call-timeout"
#define OPT_LIMIT "ptfhost.watchdog.stuck-call-limit"

struct watchdog {
    watchdog_config_t cfg;
    watchdog_probe_t probe;
    int64_t tick_ms;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool quit;
    /* The batch being run (under lock). */
    bool active;
    watchdog_describe_fn describe;
    void *describe_ctx;
    bool seen_any;               /* calls has been read once in this batch */
    uint64_t calls;              /* the count last read */
    int64_t progress_at;         /* monotonic ms of the last progress (or of enter) */
    bool reported;               /* since the last progress */
    bool stopped;                /* the limit passed: the batch fails */
    char *stopped_msg;
};

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int watchdog_parse_options(const char *timeout, const char *limit, watchdog_config_t *cfg, char *err,
                           size_t errlen)
{
    cfg->timeout_ms = cfg->limit_ms = 0;
    if (plan_duration_setting(OPT_TIMEOUT, timeout, &cfg->timeout_ms, err, errlen) != 0) return -1;
    return plan_duration_setting(OPT_LIMIT, limit, &cfg->limit_ms, err, errlen);
}

/* ---- the watchdog's thread ------------------------------------------------------ */

/* "function 'f' has made no progress for 30 s, in eval for ..." plus the stack. */
static void describe_stuck(watchdog_t *wd, long record, int64_t stalled_ms, buf_t *b)
{
    char where[2048] = "";
    if (wd->describe) wd->describe(wd->describe_ctx, record, where, sizeof where);
    buf_printf(b, "function '%s' has made no progress for %lld ms%s%s", wd->cfg.function_name,
               (long long)stalled_ms, *where ? ", " : "", where);
    char perr[512], *stack = NULL;
    if (wd->probe.stack(wd->probe.ctx, &stack, perr, sizeof perr) == 0)
        buf_printf(b, "; the Java stack of the call:\n%s", *stack ? stack : "\t(no Java frames)");
    else
        buf_printf(b, "; its Java stack could not be read: %s", perr);
    free(stack);
}

static void report(watchdog_t *wd, long record, int64_t stalled_ms)
{
    buf_t b = BUF_INIT;
    buf_puts(&b, "ptfhost: watchdog: ");
    describe_stuck(wd, record, stalled_ms, &b);
    if (wd->cfg.limit_ms)
        buf_printf(&b, "\nptfhost: watchdog: the call is stopped if it makes no progress for %lld ms ('%s')",
                   (long long)wd->cfg.limit_ms, OPT_LIMIT);
    else
        buf_printf(&b, "\nptfhost: watchdog: the job keeps waiting (set '%s' to fail it instead)", OPT_LIMIT);
    fprintf(stderr, "%s\n", buf_cstr(&b));
    fflush(stderr);
    buf_free(&b);
}

static void give_up(watchdog_t *wd, long record, int64_t stalled_ms)
{
    buf_t b = BUF_INIT;
    buf_printf(&b, "stuck call stopped after %lld ms without progress ('%s' = '%lld ms'): ",
               (long long)stalled_ms, OPT_LIMIT, (long long)wd->cfg.limit_ms);
    describe_stuck(wd, record, stalled_ms, &b);
    wd->stopped_msg = strdup(buf_cstr(&b));
    if (!wd->stopped_msg) abort();
    buf_free(&b);
    wd->stopped = true;
}

/* One look at the running batch (under lock). */
static void check(watchdog_t *wd)
{
    uint64_t calls;
    long record;
    char perr[512];
    if (wd->probe.progress(wd->probe.ctx, &calls, &record, perr, sizeof perr) != 0) return;
    int64_t now = now_ms();
    if (!wd->seen_any || calls != wd->calls) {
        if (wd->seen_any) wd->progress_at = now;
        wd->seen_any = true;
        wd->calls = calls;
        wd->reported = false;
        return;
    }
    int64_t stalled = now - wd->progress_at;
    if (wd->cfg.timeout_ms && stalled >= wd->cfg.timeout_ms && !wd->reported && !wd->stopped) {
        report(wd, record, stalled);
        wd->reported = true;
    }
    if (wd->cfg.limit_ms && stalled >= wd->cfg.limit_ms) {
        if (!wd->stopped) give_up(wd, record, stalled);
        wd->probe.stop(wd->probe.ctx, perr, sizeof perr);
    }
}

static void *watch(void *arg)
{
    watchdog_t *wd = arg;
    pthread_mutex_lock(&wd->lock);
    while (!wd->quit) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        long long ns = until.tv_nsec + (wd->tick_ms % 1000) * 1000000LL;
        until.tv_sec += (time_t)(wd->tick_ms / 1000 + ns / 1000000000LL);
        until.tv_nsec = (long)(ns % 1000000000LL);
        int rc = pthread_cond_timedwait(&wd->wake, &wd->lock, &until);
        if (rc == ETIMEDOUT && !wd->quit && wd->active) check(wd);
    }
    pthread_mutex_unlock(&wd->lock);
    return NULL;
}

/* ---- the job's side ------------------------------------------------------------ */

watchdog_t *watchdog_new(const watchdog_config_t *cfg, watchdog_probe_t probe)
{
    if (cfg->timeout_ms <= 0 && cfg->limit_ms <= 0) return NULL;
    watchdog_t *wd = calloc(1, sizeof *wd);
    if (!wd) abort();
    wd->cfg = *cfg;
    wd->cfg.function_name = strdup(cfg->function_name ? cfg->function_name : "?");
    if (!wd->cfg.function_name) abort();
    wd->probe = probe;
    int64_t shortest = cfg->timeout_ms > 0 && (cfg->limit_ms <= 0 || cfg->timeout_ms < cfg->limit_ms)
                           ? cfg->timeout_ms : cfg->limit_ms;
    wd->tick_ms = shortest / 4 < 10 ? 10 : shortest / 4 > 1000 ? 1000 : shortest / 4;
    pthread_mutex_init(&wd->lock, NULL);
    pthread_cond_init(&wd->wake, NULL);
    if (pthread_create(&wd->thread, NULL, watch, wd) != 0) abort();
    return wd;
}

void watchdog_free(watchdog_t *wd)
{
    if (!wd) return;
    pthread_mutex_lock(&wd->lock);
    wd->quit = true;
    pthread_cond_signal(&wd->wake);
    pthread_mutex_unlock(&wd->lock);
    pthread_join(wd->thread, NULL);
    pthread_cond_destroy(&wd->wake);
    pthread_mutex_destroy(&wd->lock);
    free(wd->stopped_msg);
    free((char *)wd->cfg.function_name);
    free(wd);
}

void watchdog_enter(watchdog_t *wd, watchdog_describe_fn describe, void *describe_ctx)
{
    if (!wd) return;
    pthread_mutex_lock(&wd->lock);
    wd->active = true;
    wd->describe = describe;
    wd->describe_ctx = describe_ctx;
    wd->seen_any = false;
    wd->progress_at = now_ms();
    wd->reported = false;
    pthread_mutex_unlock(&wd->lock);
}

int watchdog_leave(watchdog_t *wd, char *err, size_t errlen)
{
    if (!wd) return 0;
    pthread_mutex_lock(&wd->lock);
    wd->active = false;
    bool stopped = wd->stopped;
    if (stopped) snprintf(err, errlen, "%s", wd->stopped_msg);
    pthread_mutex_unlock(&wd->lock);
    return stopped ? -1 : 0;
}
