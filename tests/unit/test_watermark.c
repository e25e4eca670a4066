/* Watermark service: Flink's per-split generators, emission modes, idleness,
 * the split multiplexer and the combined watermark of a multi-input operator.
 * Expected values follow Flink's rules by hand (see watermark.h); the clock is
 * the test's. */
#include <check.h>

#include "check_main.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "time/watermark.h"

#define W WM_OUT_WATERMARK
#define A WM_OUT_ACTIVE
#define I WM_OUT_IDLE

static wm_source_t *source(wm_config_t cfg, uint32_t nsplits, int64_t now)
{
    char err[256];
    wm_source_t *s = wm_source_new(&cfg, nsplits, now, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    return s;
}

static wm_config_t on_event(int64_t delay, int64_t interval, int64_t idle)
{
    wm_config_t c = wm_config_default();
    c.delay_ms = delay;
    c.interval_ms = interval;
    c.idle_timeout_ms = idle;
    return c;
}

static wm_config_t periodic(int64_t delay, int64_t interval, int64_t idle)
{
    wm_config_t c = on_event(delay, interval, idle);
    c.emit = WM_EMIT_PERIODIC;
    return c;
}

/* ---- emission ------------------------------------------------------------ */

/* Flink's WatermarkGeneratorCodeGenTest rows with `ts - INTERVAL '5' SECOND`:
 * the expression values are -4000, null, -2000, 0, -1000, 1000 - the exact
 * difference, no extra -1 ms; the output only moves forward. */
START_TEST(on_event_watermark_is_time_minus_delay_exactly)
{
    wm_source_t *s = source(on_event(5000, 200, 0), 1, 0);
    const int64_t ts[] = {1000, WM_NO_TIME, 3000, 5000, 4000, 6000};
    const int flags[] = {W, 0, W, W, 0, W};
    const int64_t wm[] = {-4000, -4000, -2000, 0, 0, 1000};
    for (int i = 0; i < 6; i++) {
        ck_assert_int_eq(wm_on_event(s, 0, ts[i], i), flags[i]);
        ck_assert_int_eq(wm_current(s), wm[i]);
    }
    ck_assert(!wm_is_ended(s));
    ck_assert_int_eq(wm_split_end(s, 0, 10), W);
    ck_assert_int_eq(wm_current(s), WM_END);
    ck_assert(wm_is_ended(s));
    ck_assert_int_eq(wm_on_event(s, 0, 99999, 11), -1);   /* ended split */
    wm_source_free(s);
}
END_TEST

START_TEST(nothing_before_the_first_rowtime)
{
    wm_source_t *s = source(on_event(0, 200, 0), 1, 0);
    ck_assert_int_eq(wm_current(s), WM_NONE);
    ck_assert_int_eq(wm_on_event(s, 0, WM_NO_TIME, 0), 0);
    ck_assert_int_eq(wm_current(s), WM_NONE);
    ck_assert_int_eq(wm_on_event(s, 0, 7, 0), W);
    ck_assert_int_eq(wm_current(s), 7);
    wm_source_free(s);
}
END_TEST

START_TEST(on_event_gap_emits_every_nth_row)
{
    wm_config_t c = on_event(0, 0, 0);
    c.on_event_gap = 3;
    wm_source_t *s = source(c, 1, 0);
    int64_t got[6];
    for (int i = 0; i < 6; i++) {
        wm_on_event(s, 0, 10 * (i + 1), 0);
        got[i] = wm_current(s);
    }
    ck_assert_int_eq(got[1], WM_NONE);
    ck_assert_int_eq(got[2], 30);
    ck_assert_int_eq(got[4], 30);
    ck_assert_int_eq(got[5], 60);
    wm_source_free(s);
}
END_TEST

/* The current derivation of bounded sources (job.c: after every row whose
 * time exceeds the maximum so far, max - delay) is the on-event mode. */
START_TEST(on_event_matches_the_per_row_derivation_of_bounded_sources)
{
    wm_source_t *s = source(on_event(7, 200, 0), 1, 0);
    uint64_t x = 12345;
    int64_t max_time = INT64_MIN;
    for (int i = 0; i < 10000; i++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        int64_t t = (x >> 33) % 7 == 0 ? WM_NO_TIME : (int64_t)((x >> 20) % 100000) + i * 3;
        int expect = 0;
        if (t != WM_NO_TIME && t > max_time) {
            max_time = t;
            expect = W;
        }
        ck_assert_int_eq(wm_on_event(s, 0, t, i), expect);
        if (max_time != INT64_MIN) ck_assert_int_eq(wm_current(s), max_time - 7);
    }
    wm_source_free(s);
}
END_TEST

START_TEST(periodic_emission_follows_the_clock)
{
    wm_source_t *s = source(periodic(0, 200, 0), 1, 1000);   /* ticks at 1200, 1400, ... */
    ck_assert_int_eq(wm_next_wakeup(s), INT64_MAX);           /* nothing to do yet */
    ck_assert_int_eq(wm_on_event(s, 0, 5000, 1050), 0);
    ck_assert_int_eq(wm_next_wakeup(s), 1200);
    ck_assert_int_eq(wm_on_timer(s, 1199), 0);
    ck_assert_int_eq(wm_current(s), WM_NONE);
    ck_assert_int_eq(wm_on_timer(s, 1200), W);
    ck_assert_int_eq(wm_current(s), 5000);
    ck_assert_int_eq(wm_on_timer(s, 1200), 0);
    ck_assert_int_eq(wm_next_wakeup(s), INT64_MAX);

    ck_assert_int_eq(wm_on_event(s, 0, 6500, 1500), 0);
    ck_assert_int_eq(wm_next_wakeup(s), 1600);
    ck_assert_int_eq(wm_on_timer(s, 1650), W);
    ck_assert_int_eq(wm_current(s), 6500);
    ck_assert_int_eq(wm_on_timer(s, 99999), 0);
    wm_source_free(s);
}
END_TEST

/* Flink's SQL generator keeps the LATEST row's value and hands it over at the
 * tick: rows 7000 then 6000 between two ticks emit 6000. */
START_TEST(periodic_emission_hands_over_the_latest_row_not_the_maximum)
{
    wm_source_t *s = source(periodic(0, 100, 0), 1, 0);
    wm_on_event(s, 0, 7000, 10);
    wm_on_event(s, 0, 6000, 20);
    ck_assert_int_eq(wm_on_timer(s, 100), W);
    ck_assert_int_eq(wm_current(s), 6000);
    wm_on_event(s, 0, 6500, 150);
    wm_on_event(s, 0, 5000, 160);   /* the latest value is below the split's watermark */
    ck_assert_int_eq(wm_on_timer(s, 200), 0);
    ck_assert_int_eq(wm_current(s), 6000);
    wm_source_free(s);
}
END_TEST

START_TEST(interval_zero_disables_periodic_emission)
{
    wm_source_t *s = source(periodic(0, 0, 1000), 1, 0);
    ck_assert_int_eq(wm_on_event(s, 0, 100, 0), 0);
    ck_assert_int_eq(wm_next_wakeup(s), INT64_MAX);
    ck_assert_int_eq(wm_on_timer(s, INT64_MAX - 1), 0);
    ck_assert_int_eq(wm_current(s), WM_NONE);
    ck_assert(!wm_split_is_idle(s, 0));   /* no ticks, no idleness either (Flink) */
    ck_assert_int_eq(wm_split_end(s, 0, 5), W);
    ck_assert_int_eq(wm_current(s), WM_END);
    wm_source_free(s);
}
END_TEST

/* ---- idleness ------------------------------------------------------------ */

/* Two splits, ticks every 100 ms, idle timeout 1000 ms. Split 1's only row
 * comes at 20; the tick at 100 sees it, so its quiet countdown starts at the
 * tick 200 and it is idle at the first tick more than 1000 ms later: 1300. */
START_TEST(stalled_split_turns_idle_and_resumes_holding_back)
{
    wm_source_t *s = source(on_event(0, 100, 1000), 2, 0);
    ck_assert_int_eq(wm_on_event(s, 0, 100, 10), 0);   /* split 1 has no watermark yet */
    ck_assert_int_eq(wm_on_event(s, 1, 50, 20), W);
    ck_assert_int_eq(wm_current(s), 50);
    for (int64_t now = 110; now <= 1210; now += 100) {
        ck_assert_int_eq(wm_on_timer(s, now), 0);
        ck_assert_int_eq(wm_on_event(s, 0, 1000 + now - 10, now), 0);
    }
    ck_assert_int_eq(wm_current(s), 50);
    ck_assert_int_eq(wm_next_wakeup(s), 1300);
    ck_assert_int_eq(wm_on_timer(s, 1299), 0);
    ck_assert(!wm_split_is_idle(s, 1));
    ck_assert_int_eq(wm_on_timer(s, 1300), W);
    ck_assert(wm_split_is_idle(s, 1));
    ck_assert(!wm_split_is_idle(s, 0));
    ck_assert_int_eq(wm_current(s), 2200);   /* split 0's latest, 1210's row */
    ck_assert(!wm_is_idle(s));
    ck_assert_int_eq(wm_on_event(s, 0, 2310, 1310), W);

    /* split 1 resumes far behind: active again at once (on-event), the source
     * does not move back, and split 1 holds it until it catches up */
    ck_assert_int_eq(wm_on_event(s, 1, 60, 1320), 0);
    ck_assert(!wm_split_is_idle(s, 1));
    ck_assert_int_eq(wm_split_watermark(s, 1), 60);
    ck_assert_int_eq(wm_current(s), 2310);
    ck_assert_int_eq(wm_on_event(s, 0, 2400, 1330), 0);
    ck_assert_int_eq(wm_on_event(s, 1, 3000, 1340), W);
    ck_assert_int_eq(wm_current(s), 2400);
    wm_source_free(s);
}
END_TEST

/* All splits idle: the source is idle (it holds no operator back). A split
 * that resumes below the source watermark makes the combination active but,
 * as Flink's WatermarkToDataOutput, the source reports active only with its
 * next watermark. */
START_TEST(all_splits_idle_makes_the_source_idle)
{
    wm_source_t *s = source(on_event(0, 100, 300), 2, 0);
    wm_on_event(s, 0, 1000, 10);
    ck_assert_int_eq(wm_on_event(s, 1, 900, 20), W);
    /* both rows are seen by the tick at 100; countdowns start at 200; idle at 600 */
    ck_assert_int_eq(wm_on_timer(s, 599), 0);
    ck_assert_int_eq(wm_next_wakeup(s), 600);
    ck_assert_int_eq(wm_on_timer(s, 600), I);
    ck_assert(wm_is_idle(s));
    ck_assert_int_eq(wm_current(s), 900);
    ck_assert_int_eq(wm_next_wakeup(s), INT64_MAX);

    ck_assert_int_eq(wm_on_event(s, 1, 800, 700), 0);
    ck_assert(!wm_split_is_idle(s, 1));
    ck_assert(wm_is_idle(s));
    ck_assert_int_eq(wm_on_timer(s, 800), 0);
    ck_assert(wm_is_idle(s));
    ck_assert_int_eq(wm_on_event(s, 1, 1500, 850), A | W);
    ck_assert(!wm_is_idle(s));
    ck_assert_int_eq(wm_current(s), 1500);   /* split 0 is still idle */
    wm_source_free(s);
}
END_TEST

/* In periodic mode a resumed split rejoins at the next tick, when its
 * watermark is handed over. */
START_TEST(periodic_split_rejoins_at_the_next_tick)
{
    wm_source_t *s = source(periodic(0, 100, 250), 1, 0);
    wm_on_event(s, 0, 500, 10);
    ck_assert_int_eq(wm_on_timer(s, 100), W);   /* countdown starts at 200: idle at 500 */
    ck_assert_int_eq(wm_on_timer(s, 499), 0);
    ck_assert_int_eq(wm_on_timer(s, 500), I);
    ck_assert_int_eq(wm_on_event(s, 0, 900, 520), 0);
    ck_assert(wm_split_is_idle(s, 0));
    ck_assert(wm_is_idle(s));
    ck_assert_int_eq(wm_next_wakeup(s), 600);
    ck_assert_int_eq(wm_on_timer(s, 600), A | W);
    ck_assert_int_eq(wm_current(s), 900);
    ck_assert(!wm_split_is_idle(s, 0));
    /* and it stalls again: countdown from 700, idle again at 1000 */
    ck_assert_int_eq(wm_next_wakeup(s), 1000);
    ck_assert_int_eq(wm_on_timer(s, 999), 0);
    ck_assert_int_eq(wm_on_timer(s, 1000), I);
    ck_assert(wm_split_is_idle(s, 0));
    wm_source_free(s);
}
END_TEST

/* A clock that jumps by ten years gets the ticks of those years, but only the
 * ones that change something run: the wake-up goes straight to the idle tick. */
START_TEST(clock_jump_runs_only_the_ticks_that_matter)
{
    const int64_t ten_years = 10LL * 365 * 24 * 3600 * 1000;
    wm_source_t *s = source(periodic(0, 200, 5000), 1, 0);
    wm_on_event(s, 0, 42, 10);
    ck_assert_int_eq(wm_on_timer(s, ten_years), W);   /* the tick at 200 */
    ck_assert_int_eq(wm_current(s), 42);
    ck_assert_int_eq(wm_next_wakeup(s), 5600);        /* first tick > 400 + 5000 */
    ck_assert_int_eq(wm_on_timer(s, ten_years), I);
    ck_assert_int_eq(wm_on_timer(s, ten_years), 0);
    ck_assert_int_eq(wm_next_wakeup(s), INT64_MAX);

    /* a row after the jump is seen by the first tick after it */
    ck_assert_int_eq(wm_on_event(s, 0, 43, ten_years + 1), 0);
    ck_assert_int_eq(wm_next_wakeup(s), ten_years + 200);
    ck_assert_int_eq(wm_on_timer(s, ten_years + 200), A | W);
    wm_source_free(s);
}
END_TEST

/* A row passed while a tick is overdue is seen by that tick (as a late timer
 * in Flink's mailbox); running the due ticks first keeps them apart. */
START_TEST(overdue_tick_sees_the_rows_passed_before_it)
{
    for (int timer_first = 0; timer_first < 2; timer_first++) {
        wm_source_t *s = source(on_event(0, 100, 200), 1, 0);
        ck_assert_int_eq(wm_on_event(s, 0, 10, 10), W);
        ck_assert_int_eq(wm_on_timer(s, 100), 0);
        ck_assert_int_eq(wm_next_wakeup(s), 500);   /* countdown from 200, idle after 400 */
        if (timer_first) {
            ck_assert_int_eq(wm_on_timer(s, 650), I);
            ck_assert_int_eq(wm_on_event(s, 0, 20, 650), A | W);
        } else {
            ck_assert_int_eq(wm_on_event(s, 0, 20, 650), W);
            ck_assert_int_eq(wm_on_timer(s, 650), 0);
            ck_assert(!wm_split_is_idle(s, 0));
        }
        ck_assert_int_eq(wm_current(s), 20);
        wm_source_free(s);
    }
}
END_TEST

/* ---- splits -------------------------------------------------------------- */

START_TEST(split_end_releases_the_source_and_the_last_one_ends_it)
{
    wm_source_t *s = source(on_event(0, 0, 0), 2, 0);
    ck_assert_int_eq(wm_on_event(s, 0, 100, 0), 0);
    ck_assert_int_eq(wm_on_event(s, 1, 500, 0), W);
    ck_assert_int_eq(wm_current(s), 100);
    ck_assert_int_eq(wm_split_end(s, 0, 0), W);
    ck_assert_int_eq(wm_current(s), 500);
    ck_assert_int_eq(wm_split_end(s, 0, 0), -1);
    ck_assert_int_eq(wm_on_event(s, 0, 900, 0), -1);
    ck_assert_int_eq(wm_on_event(s, 2, 900, 0), -1);
    ck_assert_int_eq(wm_on_event(s, 1, 600, 0), W);
    ck_assert(!wm_is_ended(s));
    ck_assert_int_eq(wm_split_end(s, 1, 0), W);
    ck_assert_int_eq(wm_current(s), WM_END);
    ck_assert(wm_is_ended(s));
    ck_assert_int_eq(wm_source_end(s), 0);
    wm_source_free(s);
}
END_TEST

/* A discovered split holds the source back until it reports or turns idle;
 * with dynamic splits only wm_source_end ends the source. */
START_TEST(dynamic_split_holds_back_until_it_reports_or_idles)
{
    wm_config_t c = on_event(0, 100, 250);
    c.dynamic_splits = true;
    wm_source_t *s = source(c, 1, 0);
    ck_assert_int_eq(wm_on_event(s, 0, 100, 10), W);
    ck_assert_int_eq(wm_split_add(s, 30), 1);
    ck_assert_int_eq(wm_split_count(s), 2);
    ck_assert_int_eq(wm_on_event(s, 0, 200, 40), 0);
    ck_assert_int_eq(wm_current(s), 100);
    /* split 1's countdown starts at its first tick (100): idle at 400; split
     * 0's row was seen at 100, so its countdown starts at 200: idle at 500 */
    ck_assert_int_eq(wm_on_timer(s, 399), 0);
    ck_assert_int_eq(wm_on_timer(s, 400), W);
    ck_assert_int_eq(wm_current(s), 200);
    ck_assert_int_eq(wm_on_timer(s, 500), I);

    ck_assert_int_eq(wm_split_end(s, 0, 510), 0);
    ck_assert_int_eq(wm_split_end(s, 1, 520), 0);
    ck_assert(!wm_is_ended(s));
    ck_assert_int_eq(wm_source_end(s), A | W);
    ck_assert_int_eq(wm_current(s), WM_END);
    ck_assert_int_eq(wm_on_timer(s, 100000), 0);
    ck_assert_int_eq(wm_next_wakeup(s), INT64_MAX);
    wm_source_free(s);
}
END_TEST

/* ---- a two-input operator ------------------------------------------------ */

/* Applies a source's output flags to the operator input `in`, in their order;
 * true when the operator's watermark advanced. */
static bool forward(wm_combiner_t *op, uint32_t in, const wm_source_t *src, int flags)
{
    bool adv = false;
    if (flags & A) adv |= wm_combiner_set_idle(op, in, false);
    if (flags & W) adv |= wm_combiner_set_watermark(op, in, wm_current(src));
    if (flags & I) adv |= wm_combiner_set_idle(op, in, true);
    return adv;
}

START_TEST(two_input_operator_takes_the_minimum_and_ignores_an_idle_input)
{
    wm_source_t *a = source(on_event(0, 100, 0), 1, 0);
    wm_source_t *b = source(periodic(0, 100, 300), 1, 0);
    wm_combiner_t op;
    wm_combiner_init(&op, 2);

    ck_assert(!forward(&op, 0, a, wm_on_event(a, 0, 1000, 10)));
    ck_assert_int_eq(wm_combiner_get(&op), WM_NONE);   /* input b has nothing yet */
    ck_assert_int_eq(wm_on_event(b, 0, 400, 20), 0);
    ck_assert(forward(&op, 1, b, wm_on_timer(b, 100)));
    ck_assert_int_eq(wm_combiner_get(&op), 400);
    ck_assert(!forward(&op, 0, a, wm_on_event(a, 0, 2000, 150)));

    /* b goes quiet: countdown from 200, idle at the tick 600 */
    ck_assert(!forward(&op, 1, b, wm_on_timer(b, 599)));
    ck_assert(forward(&op, 1, b, wm_on_timer(b, 600)));
    ck_assert_int_eq(wm_combiner_get(&op), 2000);
    ck_assert(!wm_combiner_is_idle(&op));

    /* b resumes at 500: the operator stays at 2000 but b holds it now */
    wm_on_event(b, 0, 500, 650);
    int f = wm_on_timer(b, 700);
    ck_assert_int_eq(f, A | W);
    ck_assert(!forward(&op, 1, b, f));
    ck_assert_int_eq(wm_combiner_get(&op), 2000);
    ck_assert(!forward(&op, 0, a, wm_on_event(a, 0, 3000, 710)));
    wm_on_event(b, 0, 2500, 750);
    ck_assert(forward(&op, 1, b, wm_on_timer(b, 800)));
    ck_assert_int_eq(wm_combiner_get(&op), 2500);

    /* an input that ended contributes +inf */
    ck_assert(!forward(&op, 0, a, wm_source_end(a)));
    ck_assert(forward(&op, 1, b, wm_split_end(b, 0, 900)));
    ck_assert_int_eq(wm_combiner_get(&op), WM_END);

    wm_combiner_free(&op);
    wm_source_free(a);
    wm_source_free(b);
}
END_TEST

START_TEST(combiner_all_idle_is_idle_and_keeps_its_watermark)
{
    wm_combiner_t c;
    wm_combiner_init(&c, 2);
    ck_assert(!wm_combiner_set_watermark(&c, 0, 10));
    ck_assert(wm_combiner_set_watermark(&c, 1, 20));
    ck_assert_int_eq(wm_combiner_get(&c), 10);
    ck_assert(wm_combiner_set_idle(&c, 0, true));       /* releases input 1 */
    ck_assert_int_eq(wm_combiner_get(&c), 20);
    ck_assert(!wm_combiner_set_idle(&c, 1, true));
    ck_assert(wm_combiner_is_idle(&c));
    ck_assert_int_eq(wm_combiner_get(&c), 20);
    ck_assert(!wm_combiner_set_watermark(&c, 0, 15));   /* active again, below: no step back */
    ck_assert(!wm_combiner_is_idle(&c));
    ck_assert_int_eq(wm_combiner_get(&c), 20);
    ck_assert(wm_combiner_set_watermark(&c, 0, 30));
    ck_assert_int_eq(wm_combiner_get(&c), 30);
    ck_assert(!wm_combiner_remove(&c, 0));               /* only idle input 1 left */
    ck_assert(wm_combiner_is_idle(&c));
    ck_assert_uint_eq(wm_combiner_add(&c), 2);
    ck_assert(!wm_combiner_set_watermark(&c, 9, 1));     /* no such input */
    wm_combiner_free(&c);
}
END_TEST

/* Arithmetic at the edges saturates instead of wrapping (run under UBSan). */
START_TEST(extreme_values_and_a_clock_moving_back_are_safe)
{
    wm_source_t *s = source(periodic(0, 100, 300), 1, 1000);
    wm_on_event(s, 0, 5, 1050);
    ck_assert_int_eq(wm_on_timer(s, 900), 0);        /* the clock went back: nothing due */
    ck_assert_int_eq(wm_next_wakeup(s), 1100);
    ck_assert_int_eq(wm_on_timer(s, 1100), W);
    wm_source_free(s);

    s = source(on_event(10, 100, 0), 1, 0);
    ck_assert_int_eq(wm_on_event(s, 0, INT64_MIN + 1, 0), 0);   /* saturates to "none" */
    ck_assert_int_eq(wm_current(s), WM_NONE);
    wm_source_free(s);

    s = source(on_event(-10, 100, 0), 1, 0);     /* ts + INTERVAL: a negative delay */
    ck_assert_int_eq(wm_on_event(s, 0, 5, 0), W);
    ck_assert_int_eq(wm_current(s), 15);
    ck_assert_int_eq(wm_on_event(s, 0, INT64_MAX - 1, 0), W);
    ck_assert_int_eq(wm_current(s), INT64_MAX);
    wm_source_free(s);

    s = source(on_event(0, 100, INT64_MAX), 1, INT64_MAX - 250);   /* never idle in practice */
    wm_on_event(s, 0, 1, INT64_MAX - 200);
    ck_assert_int_eq(wm_on_timer(s, INT64_MAX), 0);
    ck_assert(!wm_split_is_idle(s, 0));
    ck_assert_int_eq(wm_next_wakeup(s), INT64_MAX);
    wm_source_free(s);

    s = source(periodic(0, INT64_MAX, 1), 1, -1000);   /* one tick, at the end of time */
    wm_on_event(s, 0, 1, 0);
    ck_assert_int_eq(wm_next_wakeup(s), INT64_MAX - 1000);
    ck_assert_int_eq(wm_on_timer(s, INT64_MAX), W);
    ck_assert_int_eq(wm_on_timer(s, INT64_MAX), 0);
    wm_source_free(s);
}
END_TEST

/* ---- configuration ------------------------------------------------------- */

START_TEST(invalid_configuration_names_the_option)
{
    char err[256];
    wm_config_t c = wm_config_default();
    c.on_event_gap = 0;
    ck_assert_ptr_null(wm_source_new(&c, 1, 0, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "scan.watermark.emit.on-event.gap"));
    c = wm_config_default();
    c.interval_ms = -1;
    ck_assert_ptr_null(wm_source_new(&c, 1, 0, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "pipeline.auto-watermark-interval"));
    c = wm_config_default();
    c.idle_timeout_ms = -5;
    ck_assert_ptr_null(wm_source_new(&c, 1, 0, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "table.exec.source.idle-timeout"));
    c = wm_config_default();
    ck_assert_int_eq(c.interval_ms, 200);
    ck_assert_int_eq(c.idle_timeout_ms, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("watermark");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, on_event_watermark_is_time_minus_delay_exactly);
    tcase_add_test(tc, nothing_before_the_first_rowtime);
    tcase_add_test(tc, on_event_gap_emits_every_nth_row);
    tcase_add_test(tc, on_event_matches_the_per_row_derivation_of_bounded_sources);
    tcase_add_test(tc, periodic_emission_follows_the_clock);
    tcase_add_test(tc, periodic_emission_hands_over_the_latest_row_not_the_maximum);
    tcase_add_test(tc, interval_zero_disables_periodic_emission);
    tcase_add_test(tc, stalled_split_turns_idle_and_resumes_holding_back);
    tcase_add_test(tc, all_splits_idle_makes_the_source_idle);
    tcase_add_test(tc, periodic_split_rejoins_at_the_next_tick);
    tcase_add_test(tc, clock_jump_runs_only_the_ticks_that_matter);
    tcase_add_test(tc, overdue_tick_sees_the_rows_passed_before_it);
    tcase_add_test(tc, split_end_releases_the_source_and_the_last_one_ends_it);
    tcase_add_test(tc, dynamic_split_holds_back_until_it_reports_or_idles);
    tcase_add_test(tc, two_input_operator_takes_the_minimum_and_ignores_an_idle_input);
    tcase_add_test(tc, combiner_all_idle_is_idle_and_keeps_its_watermark);
    tcase_add_test(tc, extreme_values_and_a_clock_moving_back_are_safe);
    tcase_add_test(tc, invalid_configuration_names_the_option);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}
