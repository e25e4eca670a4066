/* Timer service: Flink's replace/merge/clear rules and firing order. */
#include <check.h>

#include "check_main.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "time/timers.h"

/* Pops everything due at w into a compact "key:name@time" list. */
static void fire_all(timer_service_t *ts, int64_t w, char *out, size_t outlen)
{
    timer_fired_t f;
    out[0] = '\0';
    while (timer_pop_due(ts, w, &f)) {
        char one[64];
        snprintf(one, sizeof one, "%s%u:%s@%lld", out[0] ? " " : "", f.key, f.name ? f.name : "-",
                 (long long)f.time);
        strncat(out, one, outlen - strlen(out) - 1);
    }
}

START_TEST(named_timer_is_replaced)
{
    timer_service_t ts;
    char got[256];
    timer_service_init(&ts);
    timer_set(&ts, 1, "inactivity", 100);
    timer_set(&ts, 1, "inactivity", 200);
    ck_assert_uint_eq(ts.count, 1);
    fire_all(&ts, 150, got, sizeof got);
    ck_assert_str_eq(got, "");
    fire_all(&ts, 200, got, sizeof got);
    ck_assert_str_eq(got, "1:inactivity@200");
    ck_assert_uint_eq(ts.count, 0);
    timer_service_free(&ts);
}
END_TEST

/* A popped timer put back fires where it would have (its old place among ties);
 * one registered again in the meantime wins over the restored copy. */
START_TEST(restored_timers_keep_their_place)
{
    timer_service_t ts;
    char got[256];
    timer_service_init(&ts);
    timer_set(&ts, 1, NULL, 10);
    timer_set(&ts, 2, "n", 10);
    timer_set(&ts, 3, NULL, 10);
    timer_set(&ts, 4, "m", 20);
    timer_fired_t a, b;
    ck_assert(timer_pop_due(&ts, 10, &a));   /* 1:-@10 */
    ck_assert(timer_pop_due(&ts, 10, &b));   /* 3:-@10 (unnamed ones first) */
    ck_assert_uint_eq(b.key, 3);
    timer_restore(&ts, &b);
    timer_restore(&ts, &a);
    fire_all(&ts, 20, got, sizeof got);
    ck_assert_str_eq(got, "1:-@10 3:-@10 2:n@10 4:m@20");
    timer_set(&ts, 5, "x", 30);
    ck_assert(timer_pop_due(&ts, 30, &a));
    timer_set(&ts, 5, "x", 40);              /* replaced while it was out */
    timer_restore(&ts, &a);
    fire_all(&ts, 50, got, sizeof got);
    ck_assert_str_eq(got, "5:x@40");
    ck_assert_uint_eq(ts.count, 0);
    timer_service_free(&ts);
}
END_TEST

START_TEST(unnamed_timers_merge_per_timestamp)
{
    timer_service_t ts;
    char got[256];
    timer_service_init(&ts);
    timer_set(&ts, 7, NULL, 5);
    timer_set(&ts, 7, NULL, 5);
    timer_set(&ts, 7, NULL, 3);
    timer_set(&ts, 8, NULL, 5);
    ck_assert_uint_eq(ts.count, 3);
    fire_all(&ts, INT64_MAX, got, sizeof got);
    ck_assert_str_eq(got, "7:-@3 7:-@5 8:-@5");
    timer_service_free(&ts);
}
END_TEST

START_TEST(clear_by_time_leaves_named_and_clear_by_name_leaves_unnamed)
{
    timer_service_t ts;
    char got[256];
    timer_service_init(&ts);
    timer_set(&ts, 1, "a", 10);
    timer_set(&ts, 1, NULL, 10);
    timer_clear_unnamed(&ts, 1, 10);
    fire_all(&ts, 10, got, sizeof got);
    ck_assert_str_eq(got, "1:a@10");
    timer_set(&ts, 1, "a", 20);
    timer_set(&ts, 1, NULL, 20);
    timer_clear_named(&ts, 1, "a");
    timer_clear_named(&ts, 1, "never-registered");
    fire_all(&ts, 20, got, sizeof got);
    ck_assert_str_eq(got, "1:-@20");
    timer_service_free(&ts);
}
END_TEST

START_TEST(unnamed_fire_before_named_within_one_advance)
{
    timer_service_t ts;
    char got[256];
    timer_service_init(&ts);
    timer_set(&ts, 2, "n", 1);
    timer_set(&ts, 2, NULL, 5);
    fire_all(&ts, 10, got, sizeof got);
    ck_assert_str_eq(got, "2:-@5 2:n@1");
    timer_service_free(&ts);
}
END_TEST

START_TEST(clear_all_only_touches_one_key)
{
    timer_service_t ts;
    char got[256];
    timer_service_init(&ts);
    timer_set(&ts, 1, "a", 1);
    timer_set(&ts, 1, NULL, 2);
    timer_set(&ts, 2, "a", 3);
    timer_clear_all(&ts, 1);
    ck_assert_int_eq(timer_next_time(&ts), 3);
    fire_all(&ts, INT64_MAX, got, sizeof got);
    ck_assert_str_eq(got, "2:a@3");
    ck_assert_int_eq(timer_next_time(&ts), INT64_MAX);
    timer_service_free(&ts);
}
END_TEST

START_TEST(re_registering_after_fire_works)
{
    timer_service_t ts;
    char got[256];
    timer_service_init(&ts);
    timer_set(&ts, 1, "t", 5);
    fire_all(&ts, 5, got, sizeof got);
    timer_set(&ts, 1, "t", 5);   /* a past timer registered from onTimer fires in the same loop */
    fire_all(&ts, 5, got, sizeof got);
    ck_assert_str_eq(got, "1:t@5");
    timer_service_free(&ts);
}
END_TEST

START_TEST(many_timers_fire_in_time_order)
{
    timer_service_t ts;
    timer_service_init(&ts);
    for (int i = 0; i < 10000; i++) timer_set(&ts, (uint32_t)(i % 97), NULL, (i * 7919) % 10007);
    timer_fired_t f;
    int64_t last = INT64_MIN;
    size_t n = 0;
    while (timer_pop_due(&ts, INT64_MAX, &f)) {
        ck_assert_int_ge(f.time, last);
        last = f.time;
        n++;
    }
    ck_assert_uint_eq(n, 10000);
    timer_service_free(&ts);
}
END_TEST

/* ---- reference model ----------------------------------------------------------
 * The contract of timers.h written the simplest way: every registration is an
 * entry (time, seq) in one of two lists; the next candidate is the smallest
 * (time, seq) entry not yet dropped, and it fires if its (key, name, time) is a
 * live timer, else it is dropped. O(n) per operation; the service must agree
 * with it on every answer, ties included. */
typedef struct model_entry { int64_t time; uint64_t seq; uint32_t key; const char *name; bool dropped; } model_entry_t;
typedef struct model_live { uint32_t key; const char *name; int64_t time; } model_live_t;
typedef struct model {
    model_entry_t e[2][4096];
    size_t ne[2];
    model_live_t live[4096];
    size_t nlive;
    uint64_t seq;
} model_t;

static bool same_name(const char *a, const char *b) { return (!a && !b) || (a && b && strcmp(a, b) == 0); }

/* The live timer of (key, name), or for unnamed of (key, time); NULL if none. */
static model_live_t *model_find(model_t *m, uint32_t key, const char *name, int64_t time)
{
    for (size_t i = 0; i < m->nlive; i++) {
        model_live_t *l = &m->live[i];
        if (l->key == key && same_name(l->name, name) && (name || l->time == time)) return l;
    }
    return NULL;
}

static void model_unlive(model_t *m, model_live_t *l) { *l = m->live[--m->nlive]; }

static void model_set(model_t *m, uint32_t key, const char *name, int64_t time)
{
    model_entry_t en = {time, m->seq++, key, name, false};
    model_live_t *l = model_find(m, key, name, time);
    if (l && l->time == time) return;
    if (l) l->time = time;
    else m->live[m->nlive++] = (model_live_t){key, name, time};
    m->e[name != NULL][m->ne[name != NULL]++] = en;
}

static void model_clear_all(model_t *m, uint32_t key)
{
    for (size_t i = m->nlive; i-- > 0;)
        if (m->live[i].key == key) model_unlive(m, &m->live[i]);
}

/* The live candidate of list h (dropping stale ones on the way), or NULL. */
static model_entry_t *model_top(model_t *m, int h)
{
    for (;;) {
        model_entry_t *best = NULL;
        for (size_t i = 0; i < m->ne[h]; i++) {
            model_entry_t *e = &m->e[h][i];
            if (!e->dropped && (!best || e->time < best->time || (e->time == best->time && e->seq < best->seq))) best = e;
        }
        if (!best) return NULL;
        model_live_t *l = model_find(m, best->key, best->name, best->time);
        if (l && l->time == best->time) return best;
        best->dropped = true;
    }
}

static bool model_pop_due(model_t *m, int64_t w, timer_fired_t *out)
{
    for (int h = 0; h < 2; h++) {
        model_entry_t *e = model_top(m, h);
        if (!e || e->time > w) continue;
        *out = (timer_fired_t){e->key, e->time, e->name, 0};
        model_unlive(m, model_find(m, e->key, e->name, e->time));
        e->dropped = true;
        return true;
    }
    return false;
}

static int64_t model_next_time(model_t *m)
{
    int64_t t = INT64_MAX;
    for (int h = 0; h < 2; h++) {
        model_entry_t *e = model_top(m, h);
        if (e && e->time < t) t = e->time;
    }
    return t;
}

static void count_visit(void *ctx, uint32_t key, const char *name, int64_t time)
{
    model_t *m = ctx;
    model_live_t *l = model_find(m, key, name, time);
    ck_assert_msg(l && l->time == time, "visited %u:%s@%lld is not live", key, name ? name : "-", (long long)time);
    l->key = UINT32_MAX;   /* seen: not found again */
}

/* One random operation on both; every answer must agree. */
static void differential_step(timer_service_t *ts, model_t *m, unsigned r, int64_t *w)
{
    static const char *names[] = {"a", "b", "c"};
    uint32_t key = (r >> 4) % 5;
    const char *name = (r >> 8) % 2 ? names[(r >> 9) % 3] : NULL;
    int64_t time = *w + (int64_t)((r >> 12) % 16) - 3;
    timer_fired_t f, g;
    switch (r % 10) {
    case 0: case 1: case 2: case 3: timer_set(ts, key, name, time); model_set(m, key, name, time); break;
    case 4:
        timer_clear_named(ts, key, names[(r >> 9) % 3]);
        model_live_t *l = model_find(m, key, names[(r >> 9) % 3], 0);
        if (l) model_unlive(m, l);
        break;
    case 5:
        timer_clear_unnamed(ts, key, time);
        if ((l = model_find(m, key, NULL, time))) model_unlive(m, l);
        break;
    case 6: timer_clear_all(ts, key); model_clear_all(m, key); break;
    case 7: ck_assert_int_eq(timer_next_time(ts), model_next_time(m)); break;
    case 8: *w += (r >> 12) % 4; break;
    default: {
        bool a = timer_pop_due(ts, *w, &f), b = model_pop_due(m, *w, &g);
        ck_assert_int_eq(a, b);
        if (a) {
            ck_assert_uint_eq(f.key, g.key);
            ck_assert_int_eq(f.time, g.time);
            ck_assert_msg(same_name(f.name, g.name), "%s vs %s", f.name ? f.name : "-", g.name ? g.name : "-");
        }
    }
    }
    ck_assert_uint_eq(ts->count, m->nlive);
}

START_TEST(agrees_with_the_reference_model)
{
    static model_t m;
    for (unsigned run = 0; run < 40; run++) {
        timer_service_t ts;
        timer_service_init(&ts);
        memset(&m, 0, sizeof m);
        srand(run + 1);
        int64_t w = 0;
        for (int i = 0; i < 1500; i++) differential_step(&ts, &m, (unsigned)rand(), &w);
        timer_visit(&ts, count_visit, &m);
        for (size_t i = 0; i < m.nlive; i++) ck_assert_uint_eq(m.live[i].key, UINT32_MAX);   /* all visited */
        timer_fired_t f;
        while (timer_pop_due(&ts, INT64_MAX, &f)) {}
        timer_service_free(&ts);
    }
}
END_TEST

/* Under valgrind (its preload library is in LD_PRELOAD) a fiftieth of the size: the
 * memory checks need no million, and memcheck is some 50 times slower. */
static int under_valgrind(void)
{
    const char *p = getenv("LD_PRELOAD");
    return p && strstr(p, "vgpreload") != NULL;
}

/* A million timers on one key, set in descending time order (the worst case for a
 * sorted array), then a million named ones, then all fired. */
START_TEST(a_million_timers_on_one_key)
{
    const int N = under_valgrind() ? 20000 : 1000000;
    timer_service_t ts;
    timer_service_init(&ts);
    for (int64_t t = N; t > 0; t--) timer_set(&ts, 3, NULL, t);
    char name[16];
    for (int i = 0; i < N; i++) {
        snprintf(name, sizeof name, "n%d", i);
        timer_set(&ts, 3, name, N - i);
    }
    ck_assert_uint_eq(ts.count, 2 * (size_t)N);
    timer_clear_unnamed(&ts, 3, 17);
    snprintf(name, sizeof name, "n%d", N - 18);
    timer_clear_named(&ts, 3, name);
    timer_fired_t f;
    size_t unnamed = 0, named = 0;
    int64_t last = 0;
    while (timer_pop_due(&ts, N / 2, &f)) {   /* unnamed first, then named, each ascending */
        ck_assert_int_ge(f.name ? f.time + N : f.time, last);
        last = f.name ? f.time + N : f.time;
        ck_assert_int_ne(f.time, f.name ? 18 : 17);
        f.name ? named++ : unnamed++;
    }
    ck_assert_uint_eq(unnamed, N / 2 - 1);
    ck_assert_uint_eq(named, N / 2 - 1);
    ck_assert_int_eq(timer_next_time(&ts), N / 2 + 1);
    timer_clear_all(&ts, 3);
    ck_assert_uint_eq(ts.count, 0);
    ck_assert(!timer_pop_due(&ts, INT64_MAX, &f));
    timer_service_free(&ts);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("timers");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, named_timer_is_replaced);
    tcase_add_test(tc, unnamed_timers_merge_per_timestamp);
    tcase_add_test(tc, restored_timers_keep_their_place);
    tcase_add_test(tc, clear_by_time_leaves_named_and_clear_by_name_leaves_unnamed);
    tcase_add_test(tc, unnamed_fire_before_named_within_one_advance);
    tcase_add_test(tc, clear_all_only_touches_one_key);
    tcase_add_test(tc, re_registering_after_fire_works);
    tcase_add_test(tc, many_timers_fire_in_time_order);
    tcase_add_test(tc, agrees_with_the_reference_model);
    tcase_add_test(tc, a_million_timers_on_one_key);
    tcase_set_timeout(tc, 600);   /* hang guard: valgrind runs this suite too */
    suite_add_tcase(s, tc);
    return check_main_run(s);
}
