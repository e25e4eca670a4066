/* watermark.c - see watermark.h.
 *
 * Ticks and skipping. Flink calls every split's generator every interval ms.
 * Between two rows almost every such tick is a no-op: it hands over the same
 * generator value again and recombines unchanged partials. The only ticks
 * that can change anything are (a) the first tick after something happened
 * (a row, a split added or ended: `dirty`) and (b) a tick at which a quiet
 * split's idle countdown runs out. next_tick is always the earliest such
 * tick, so the ticks in between are skipped without being run; a clock that
 * jumps by years costs at most one tick per split. Every skipped tick lies on
 * the grid origin + k * interval, so each split's countdown start (the first
 * quiet tick, Flink's startOfInactivity) is known without running it: the
 * tick after the last one that saw a row. */
#include "time/watermark.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static int64_t sat_add(int64_t a, int64_t b)
{
    if (b > 0 && a > INT64_MAX - b) return INT64_MAX;
    if (b < 0 && a < INT64_MIN - b) return INT64_MIN;
    return a + b;
}

static int64_t sat_sub(int64_t a, int64_t b)
{
    if (b > 0 && a < INT64_MIN + b) return INT64_MIN;
    if (b < 0 && a > INT64_MAX + b) return INT64_MAX;
    return a - b;
}

/* ---- combiner ------------------------------------------------------------ */

void wm_combiner_init(wm_combiner_t *c, uint32_t nparts)
{
    memset(c, 0, sizeof *c);
    c->combined = WM_NONE;
    for (uint32_t i = 0; i < nparts; i++) wm_combiner_add(c);
}

void wm_combiner_free(wm_combiner_t *c)
{
    free(c->parts);
    memset(c, 0, sizeof *c);
    c->combined = WM_NONE;
}

uint32_t wm_combiner_add(wm_combiner_t *c)
{
    if (c->n == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 4;
        c->parts = xrealloc(c->parts, c->cap * sizeof *c->parts);
    }
    c->parts[c->n] = (wm_partial_t){WM_NONE, false, false};
    return c->n++;
}

/* Raises one partial without recombining (Flink's deferred output); a
 * watermark always makes its partial active, even one that is no higher. */
static bool partial_raise(wm_combiner_t *c, uint32_t i, int64_t wm)
{
    wm_partial_t *p = &c->parts[i];
    p->idle = false;
    if (wm <= p->watermark) return false;
    p->watermark = wm;
    return true;
}

/* The minimum over counted, non-idle partials, if it moved forward. With no
 * counted partial nothing changes, idleness included. */
static bool recombine(wm_combiner_t *c)
{
    int64_t min = INT64_MAX;
    bool any = false, all_idle = true;
    for (uint32_t i = 0; i < c->n; i++) {
        const wm_partial_t *p = &c->parts[i];
        if (p->gone) continue;
        any = true;
        if (p->idle) continue;
        all_idle = false;
        if (p->watermark < min) min = p->watermark;
    }
    if (!any) return false;
    c->idle = all_idle;
    if (all_idle || min <= c->combined) return false;
    c->combined = min;
    return true;
}

bool wm_combiner_set_watermark(wm_combiner_t *c, uint32_t i, int64_t wm)
{
    if (i >= c->n) return false;
    partial_raise(c, i, wm);
    return recombine(c);
}

bool wm_combiner_set_idle(wm_combiner_t *c, uint32_t i, bool idle)
{
    if (i >= c->n) return false;
    c->parts[i].idle = idle;
    return recombine(c);
}

bool wm_combiner_remove(wm_combiner_t *c, uint32_t i)
{
    if (i >= c->n) return false;
    c->parts[i].gone = true;
    return recombine(c);
}

/* ---- source -------------------------------------------------------------- */

typedef struct wm_split {
    int64_t value;         /* generator: the latest non-NULL row's watermark expression */
    int32_t since_emit;    /* rows since the last on-event hand-over */
    int64_t countdown;     /* idleness: the tick at which the quiet countdown started (or will) */
    bool active;           /* a row since the last tick */
    bool idle_now;         /* the idleness check reported this split idle */
    bool ended;
} wm_split_t;

struct wm_source {
    wm_config_t cfg;
    wm_split_t *splits;
    uint32_t nsplits, cap, live;
    wm_combiner_t comb;    /* partial i belongs to split i */
    int64_t origin;        /* the tick grid: origin + k * interval, k >= 1 */
    int64_t last_tick;     /* the last tick run or skipped as a no-op */
    int64_t next_tick;     /* the earliest tick that can change anything */
    bool dirty;            /* something happened since last_tick */
    int64_t out_wm;        /* the output: highest watermark forwarded */
    bool out_idle;
    bool ended;
};

wm_config_t wm_config_default(void)
{
    return (wm_config_t){
        .delay_ms = 0,
        .emit = WM_EMIT_ON_EVENT,
        .on_event_gap = 1,
        .interval_ms = WM_DEFAULT_INTERVAL_MS,
        .idle_timeout_ms = 0,
        .dynamic_splits = false,
    };
}

static bool ticking(const wm_source_t *s) { return s->cfg.interval_ms > 0 && !s->ended; }

/* The last grid tick at or before t (origin when t is earlier). */
static int64_t grid_floor(const wm_source_t *s, int64_t t)
{
    if (t <= s->origin) return s->origin;
    uint64_t span = (uint64_t)t - (uint64_t)s->origin;   /* exact even across the sign */
    uint64_t step = (uint64_t)s->cfg.interval_ms;
    return (int64_t)((uint64_t)s->origin + span / step * step);
}

/* The first grid tick strictly after t, saturating at INT64_MAX. */
static int64_t grid_after(const wm_source_t *s, int64_t t)
{
    if (t == INT64_MAX) return INT64_MAX;
    return sat_add(grid_floor(s, t), s->cfg.interval_ms);
}

/* Something happened at now: the first tick after now must run. Ticks up to
 * now that had not come due were no-ops and count as run. An overdue tick
 * stays where it is and will see the event. */
static void touch(wm_source_t *s, int64_t now)
{
    s->dirty = true;
    if (!ticking(s) || (s->next_tick != INT64_MAX && s->next_tick <= now)) return;
    int64_t f = grid_floor(s, now);
    if (f > s->last_tick) s->last_tick = f;
    s->next_tick = sat_add(s->last_tick, s->cfg.interval_ms);
}

static int64_t next_interesting(const wm_source_t *s)
{
    if (!ticking(s)) return INT64_MAX;
    if (s->dirty) return sat_add(s->last_tick, s->cfg.interval_ms);
    if (s->cfg.idle_timeout_ms <= 0) return INT64_MAX;
    int64_t best = INT64_MAX;
    for (uint32_t i = 0; i < s->nsplits; i++) {
        const wm_split_t *sp = &s->splits[i];
        if (sp->ended || sp->idle_now) continue;
        /* idle at the first tick T with T - countdown > timeout */
        int64_t t = grid_after(s, sat_add(sp->countdown, s->cfg.idle_timeout_ms));
        if (t < best) best = t;
    }
    return best;
}

/* The output (WatermarkToDataOutput): only increasing watermarks, active
 * again right before one. */
static int out_watermark(wm_source_t *s, int64_t wm)
{
    if (wm <= s->out_wm) return 0;
    int flags = WM_OUT_WATERMARK;
    if (s->out_idle) flags |= WM_OUT_ACTIVE;
    s->out_idle = false;
    s->out_wm = wm;
    return flags;
}

/* What the multiplexer forwards after a recombination. */
static int forward(wm_source_t *s, bool advanced)
{
    if (advanced) return out_watermark(s, s->comb.combined);
    if (s->comb.idle && !s->out_idle) {
        s->out_idle = true;
        return WM_OUT_IDLE;
    }
    return 0;
}

static int tick(wm_source_t *s, int64_t t)
{
    const int64_t timeout = s->cfg.idle_timeout_ms;
    s->last_tick = t;
    for (uint32_t i = 0; i < s->nsplits; i++) {
        wm_split_t *sp = &s->splits[i];
        if (sp->ended) continue;
        if (sp->active) {
            sp->active = false;
            sp->countdown = sat_add(t, s->cfg.interval_ms);
        } else if (timeout > 0 && t > sp->countdown && t - sp->countdown > timeout) {
            /* idle: no hand-over, the partial stops counting */
            if (!sp->idle_now) {
                sp->idle_now = true;
                s->comb.parts[i].idle = true;
            }
            continue;
        }
        if (s->cfg.emit == WM_EMIT_PERIODIC) partial_raise(&s->comb, i, sp->value);
    }
    s->dirty = false;
    int flags = forward(s, recombine(&s->comb));
    s->next_tick = next_interesting(s);
    return flags;
}

wm_source_t *wm_source_new(const wm_config_t *cfg, uint32_t nsplits, int64_t now_ms,
                           char *err, size_t errlen)
{
    if (cfg->emit != WM_EMIT_ON_EVENT && cfg->emit != WM_EMIT_PERIODIC) {
        snprintf(err, errlen, "watermark emit strategy %d is unknown; use 'on-event' or 'on-periodic' "
                 "(scan.watermark.emit.strategy)", (int)cfg->emit);
        return NULL;
    }
    if (cfg->on_event_gap < 1) {
        snprintf(err, errlen, "'scan.watermark.emit.on-event.gap' must be at least 1, got %d",
                 (int)cfg->on_event_gap);
        return NULL;
    }
    if (cfg->interval_ms < 0) {
        snprintf(err, errlen, "'pipeline.auto-watermark-interval' must not be negative, got %lld ms; "
                 "use 0 to disable periodic watermarks", (long long)cfg->interval_ms);
        return NULL;
    }
    if (cfg->idle_timeout_ms < 0) {
        snprintf(err, errlen, "'table.exec.source.idle-timeout' must not be negative, got %lld ms; "
                 "use 0 to disable idleness detection", (long long)cfg->idle_timeout_ms);
        return NULL;
    }
    wm_source_t *s = xrealloc(NULL, sizeof *s);
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->origin = s->last_tick = now_ms;
    s->out_wm = WM_NONE;
    wm_combiner_init(&s->comb, 0);
    s->next_tick = INT64_MAX;
    for (uint32_t i = 0; i < nsplits; i++) wm_split_add(s, now_ms);
    s->dirty = false;   /* the splits of a new source change nothing before their rows */
    s->next_tick = next_interesting(s);
    return s;
}

void wm_source_free(wm_source_t *s)
{
    if (!s) return;
    wm_combiner_free(&s->comb);
    free(s->splits);
    free(s);
}

uint32_t wm_split_add(wm_source_t *s, int64_t now_ms)
{
    if (s->nsplits == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 4;
        s->splits = xrealloc(s->splits, s->cap * sizeof *s->splits);
    }
    uint32_t id = s->nsplits++;
    wm_combiner_add(&s->comb);
    s->live++;
    touch(s, now_ms);
    /* a fresh idleness timer starts counting at the first tick it sees */
    s->splits[id] = (wm_split_t){.value = WM_NONE, .countdown = ticking(s) ? s->next_tick : INT64_MAX};
    return id;
}

static bool live_split(const wm_source_t *s, uint32_t split)
{
    return split < s->nsplits && !s->splits[split].ended;
}

int wm_on_event(wm_source_t *s, uint32_t split, int64_t event_time, int64_t now_ms)
{
    if (!live_split(s, split)) return -1;
    if (s->ended) return 0;
    wm_split_t *sp = &s->splits[split];
    if (event_time != WM_NO_TIME) sp->value = sat_sub(event_time, s->cfg.delay_ms);
    sp->active = true;
    sp->idle_now = false;
    touch(s, now_ms);
    if (s->cfg.emit != WM_EMIT_ON_EVENT || ++sp->since_emit < s->cfg.on_event_gap) return 0;
    sp->since_emit = 0;
    /* Flink's immediate output: recombine only when this split rose above
     * the combined watermark (it may be the one holding it back). */
    if (partial_raise(&s->comb, split, sp->value) && sp->value > s->comb.combined)
        return forward(s, recombine(&s->comb));
    return 0;
}

int wm_on_timer(wm_source_t *s, int64_t now_ms)
{
    /* INT64_MAX means "no tick", even for a clock at INT64_MAX */
    while (ticking(s) && s->next_tick != INT64_MAX && s->next_tick <= now_ms) {
        int flags = tick(s, s->next_tick);
        if (flags) return flags;
    }
    return 0;
}

int64_t wm_next_wakeup(const wm_source_t *s)
{
    return ticking(s) ? s->next_tick : INT64_MAX;
}

int wm_split_end(wm_source_t *s, uint32_t split, int64_t now_ms)
{
    if (!live_split(s, split)) return -1;
    s->splits[split].ended = true;
    s->live--;
    if (s->ended) return 0;
    if (s->live == 0 && !s->cfg.dynamic_splits) return wm_source_end(s);
    touch(s, now_ms);
    s->comb.parts[split].gone = true;
    return forward(s, recombine(&s->comb));
}

int wm_source_end(wm_source_t *s)
{
    if (s->ended) return 0;
    s->ended = true;
    s->next_tick = INT64_MAX;
    return out_watermark(s, WM_END);
}

int64_t wm_current(const wm_source_t *s) { return s->out_wm; }
bool wm_is_idle(const wm_source_t *s) { return s->out_idle; }
bool wm_is_ended(const wm_source_t *s) { return s->ended; }
uint32_t wm_split_count(const wm_source_t *s) { return s->nsplits; }

int64_t wm_split_watermark(const wm_source_t *s, uint32_t split)
{
    return split < s->nsplits ? s->comb.parts[split].watermark : WM_NONE;
}

bool wm_split_is_idle(const wm_source_t *s, uint32_t split)
{
    return split < s->nsplits && s->comb.parts[split].idle;
}
