/* watermark.h - the watermark service of a source, and the combination of
 * several watermarks into one ("wm_").
 *
 * Flink's model, reproduced (apache/flink: GeneratedWatermarkGeneratorSupplier,
 * WatermarksWithIdleness, WatermarkOutputMultiplexer, CombinedWatermarkStatus,
 * ProgressiveTimestampsAndWatermarks, WatermarkToDataOutput):
 *
 *   split 0 --generator--> partial 0 --.
 *   split 1 --generator--> partial 1 ---+-- combiner --> source output --> operator input
 *   split n --generator--> partial n --'    (min over non-idle partials)
 *
 * - A split is one independently ordered stream (a Kafka partition, a file).
 *   Its generator keeps the watermark expression's value of its latest row
 *   whose event time is not NULL: for `WATERMARK FOR ts AS ts - INTERVAL 'd'`
 *   that is ts - d exactly (SQL watermarks carry no extra -1 ms, unlike the
 *   DataStream BoundedOutOfOrdernessWatermarks).
 * - Emission (scan.watermark.emit.strategy): WM_EMIT_ON_EVENT hands the
 *   generator's value to the split's partial after every `on_event_gap`-th
 *   row (the runner's choice for files, views and test events: a watermark
 *   after every row); WM_EMIT_PERIODIC hands it over at every tick, i.e.
 *   every `interval_ms` (pipeline.auto-watermark-interval, default 200 ms) of
 *   processing time. Flink's generator keeps the LATEST row's value, not the
 *   maximum: in periodic mode, rows 5000 then 4000 between two ticks emit
 *   4000 - d (the higher value is simply not seen). interval_ms = 0: no ticks,
 *   so no periodic emission and no idleness detection (as in Flink).
 * - A partial only moves forward; the combined watermark is the minimum over
 *   the partials that are neither idle nor ended and only moves forward; when
 *   every counted partial is idle the combination is idle.
 * - Idleness (table.exec.source.idle-timeout, or the table's
 *   scan.watermark.idle-timeout; 0 = never), Flink's WatermarksWithIdleness
 *   rule, evaluated at ticks only: the first tick that saw no row of the split
 *   since the previous tick starts a countdown; the split is idle at the
 *   first tick more than idle_timeout_ms after that start. An idle split does
 *   not hold the source back. Its next row makes it active again: on-event at
 *   that row (when its watermark is handed over), periodic at the next tick.
 * - The source output forwards only increasing watermarks; it reports
 *   "idle" when the combination is idle and nothing advanced, and "active"
 *   again right before its next watermark (WatermarkToDataOutput). Note the
 *   Flink subtlety this keeps: a split that resumes below the current source
 *   watermark makes the combination active, yet the output stays idle until
 *   the source watermark next advances.
 * - A split that ends stops counting (Flink releases its output). We
 *   recombine at once (Flink: at the next emission). When every split has
 *   ended and the split set is fixed (dynamic_splits false), the source ends:
 *   its watermark becomes +inf (INT64_MAX), which fires every remaining timer.
 *
 * Processing time is always passed in by the caller (now_ms): the runner owns
 * the clock, so a test drives it deterministically. Ticks lie on a fixed grid,
 * origin + k * interval_ms (origin = now_ms at wm_source_new); a caller that
 * moves its clock forward by an hour gets the ticks of that hour, in order,
 * as if the time had passed (ticks that provably change nothing are skipped,
 * so a jump of years costs no more than a few ticks). A tick that is overdue
 * when a row arrives sees that row (as a late timer in Flink's mailbox does);
 * call wm_on_timer first when now_ms >= wm_next_wakeup() to keep them apart.
 *
 * Results: the event functions return a set of WM_OUT_* flags describing what
 * the source output did, in this order: WM_OUT_ACTIVE (the source is no
 * longer idle), WM_OUT_WATERMARK (the source watermark advanced to
 * wm_current()); or WM_OUT_IDLE alone. 0 = nothing to forward. A caller
 * feeding a multi-input operator applies them to its wm_combiner_t in that
 * order (see wm_combiner_* below).
 *
 * Ownership: wm_source_new returns an object the caller frees with
 * wm_source_free; it holds no pointers to caller memory. Not thread-safe: one
 * source belongs to the one thread that reads its splits. */
#ifndef PTF_WATERMARK_H
#define PTF_WATERMARK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* "No watermark yet" (Flink's Long.MIN_VALUE), and the event time of a row
 * whose rowtime is NULL (the row counts as activity but moves nothing). */
#define WM_NONE INT64_MIN
#define WM_NO_TIME INT64_MIN
/* The end-of-input watermark (Long.MAX_VALUE). */
#define WM_END INT64_MAX

#define WM_DEFAULT_INTERVAL_MS 200   /* pipeline.auto-watermark-interval */

#define WM_OUT_ACTIVE 1
#define WM_OUT_WATERMARK 2
#define WM_OUT_IDLE 4

/* ---- combining watermarks (one source's splits, one operator's inputs) ---- */

typedef struct wm_partial {
    int64_t watermark;   /* highest seen, WM_NONE at first */
    bool idle;
    bool gone;           /* ended/released: no longer counted */
} wm_partial_t;

/* Flink's CombinedWatermarkStatus. A multi-input operator keeps one with a
 * partial per input: forward each input's WM_OUT_ACTIVE as
 * wm_combiner_set_idle(c, i, false), WM_OUT_WATERMARK as
 * wm_combiner_set_watermark(c, i, wm_current(src)), WM_OUT_IDLE as
 * wm_combiner_set_idle(c, i, true), and an input that ended as
 * wm_combiner_set_watermark(c, i, WM_END). The operator's watermark is
 * wm_combiner_get: the minimum over the inputs that are not idle, never
 * moving back; an idle input does not hold it, and an input that becomes
 * active again below it holds further advances until it catches up. The
 * struct is plain data owned by its holder (init/free); not thread-safe. */
typedef struct wm_combiner {
    wm_partial_t *parts;
    uint32_t n, cap;
    int64_t combined;    /* WM_NONE until the first advance */
    bool idle;           /* every counted partial was idle at the last recombination */
} wm_combiner_t;

void wm_combiner_init(wm_combiner_t *c, uint32_t nparts);
void wm_combiner_free(wm_combiner_t *c);
/* A new partial (watermark WM_NONE, active): it holds the combination back
 * until it reports. Returns its index. */
uint32_t wm_combiner_add(wm_combiner_t *c);
/* Raise partial i to wm (a lower value is ignored), make it active, and
 * recombine. True when the combined watermark advanced. */
bool wm_combiner_set_watermark(wm_combiner_t *c, uint32_t i, int64_t wm);
/* Mark partial i idle or active and recombine. True when the combined
 * watermark advanced (marking an input idle can release the others). */
bool wm_combiner_set_idle(wm_combiner_t *c, uint32_t i, bool idle);
/* Stop counting partial i, and recombine. True when the combined watermark
 * advanced. */
bool wm_combiner_remove(wm_combiner_t *c, uint32_t i);
static inline int64_t wm_combiner_get(const wm_combiner_t *c) { return c->combined; }
static inline bool wm_combiner_is_idle(const wm_combiner_t *c) { return c->idle; }

/* ---- the watermark service of one source ----------------------------------- */

typedef enum wm_emit {
    WM_EMIT_ON_EVENT,    /* 'on-event' */
    WM_EMIT_PERIODIC     /* 'on-periodic' (Flink's default for unbounded SQL sources) */
} wm_emit_t;

typedef struct wm_config {
    int64_t delay_ms;          /* WATERMARK FOR ts AS ts - INTERVAL: watermark = ts - delay
                                  (0 when the caller computes a general expression and
                                  passes its value as the event time) */
    wm_emit_t emit;
    int32_t on_event_gap;      /* scan.watermark.emit.on-event.gap, >= 1 (default 1) */
    int64_t interval_ms;       /* pipeline.auto-watermark-interval, >= 0; 0 = no ticks */
    int64_t idle_timeout_ms;   /* table.exec.source.idle-timeout, >= 0; 0 = never idle */
    bool dynamic_splits;       /* splits may still be added after all have ended:
                                  the source ends only at wm_source_end */
} wm_config_t;

/* Defaults: delay 0, on-event, gap 1, 200 ms interval, no idleness, fixed splits. */
wm_config_t wm_config_default(void);

typedef struct wm_source wm_source_t;

/* A source with nsplits splits (ids 0..nsplits-1; more with wm_split_add),
 * its tick grid starting at now_ms. NULL with a message in err when the
 * configuration is invalid (nothing to free then). */
wm_source_t *wm_source_new(const wm_config_t *cfg, uint32_t nsplits, int64_t now_ms,
                           char *err, size_t errlen);
void wm_source_free(wm_source_t *src);

/* A new split (a discovered partition): watermark WM_NONE, so it holds the
 * source back until it reports or turns idle. Returns its id. */
uint32_t wm_split_add(wm_source_t *src, int64_t now_ms);

/* A row of `split` with event time event_time (WM_NO_TIME if NULL) was
 * emitted downstream at processing time now_ms; call it after handing the row
 * on, so that the watermark follows the row. Returns WM_OUT_* flags (only
 * on-event emission can produce any), or -1 when split is not a live split of
 * this source (unknown or ended: a caller bug). After the source ended, rows
 * are ignored (0). */
int wm_on_event(wm_source_t *src, uint32_t split, int64_t event_time, int64_t now_ms);

/* Runs the ticks due at or before now_ms (periodic emission, idleness), one
 * at a time, and returns the flags of the first one that changed the output;
 * 0 when no due tick changes anything. Call it until it returns 0. */
int wm_on_timer(wm_source_t *src, int64_t now_ms);

/* The processing time of the next tick that can change anything, or
 * INT64_MAX when none can (no ticks, the source ended, or nothing pending). A
 * row, a new split or an ended split can bring it forward: ask again after
 * each. Never earlier than the last processed tick plus the interval. */
int64_t wm_next_wakeup(const wm_source_t *src);

/* The split has no more rows (a bounded partition, a finished file): it stops
 * holding the source back. If it was the last live split and the split set is
 * fixed, the source ends (WM_OUT_WATERMARK with WM_END). Flags, or -1 for a
 * split that is not live. */
int wm_split_end(wm_source_t *src, uint32_t split, int64_t now_ms);

/* The whole source has ended: it is active and its watermark is WM_END. */
int wm_source_end(wm_source_t *src);

/* The source output: the last watermark it forwarded (WM_NONE before the
 * first), whether it is idle, whether it ended. */
int64_t wm_current(const wm_source_t *src);
bool wm_is_idle(const wm_source_t *src);
bool wm_is_ended(const wm_source_t *src);

/* Per split, for dumps and tests: its partial watermark and idleness. */
uint32_t wm_split_count(const wm_source_t *src);
int64_t wm_split_watermark(const wm_source_t *src, uint32_t split);
bool wm_split_is_idle(const wm_source_t *src, uint32_t split);

#endif
