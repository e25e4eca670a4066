/* workers.c - see workers.h.
 *
 * Each worker has two rounds of commands and two output buffers: the caller
 * fills one round while the worker runs the other into one output buffer.
 * hand_over waits for the running round, gives the workers the filled one
 * (writing into their other output buffer) and then merges the finished
 * round's output, so the workers do not wait while the caller's sink writes.
 * One mutex guards `busy` and `quit`; while a worker is busy its
 * rounds[filling] and outs[finished] are the caller's and the rest its
 * thread's; all of it is the caller's while it is not busy. */
#include "engine/workers.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/java_hash.h"
#include "util/arena.h"
#include "util/xalloc.h"

#define WORKER_STACK (64u << 20)   /* Java runs on these threads: a known, generous stack (jb.h) */
#define WORKER_ERRLEN 16384

typedef enum { CMD_ROW, CMD_WATERMARK, CMD_IDLE, CMD_END } cmd_type_t;

typedef struct cmd {
    cmd_type_t type;
    int table;
    bool idle;
    uint64_t tag;
    int64_t now_ms;
    int64_t watermark;
    row_t row;                /* CMD_ROW: copied into the round's arena */
} cmd_t;

typedef struct round {
    cmd_t *cmds;
    size_t n, cap;
    arena_t arena;
} round_t;

typedef struct out_row {
    ptf_op_origin_t origin;
    row_t row;                /* in its output's arena */
} out_row_t;

typedef struct output {
    out_row_t *rows;          /* a round's output, in the worker's order */
    size_t n, cap;
    arena_t arena;
} output_t;

typedef struct worker {
    struct workers *w;
    int index;
    ptf_op_t *op;
    pthread_t thread;
    bool started;
    round_t rounds[2];
    int filling;              /* the caller fills rounds[filling] */
    round_t *run;             /* the round handed over */
    bool busy;                /* under w->mu: running `run` */
    output_t outs[2];
    int writing;              /* the running round writes outs[writing] */
    int finished;             /* the last finished round's output, merged after the next hand-over */
    bool failed;
    uint64_t fail_tag;
    char *err;
} worker_t;

struct workers {
    workers_config_t cfg;
    int n;
    worker_t *ws;
    pthread_mutex_t mu;
    pthread_cond_t work, done;
    bool quit;
    bool running;             /* a round was handed over and not waited for yet */
    bool unmerged;            /* the finished outputs hold a round not emitted yet */
    size_t queued;            /* commands in the rounds being filled */
    uint64_t tag;
    int64_t now_ms;
    buf_t keybuf;
    int *group_worker;        /* key group -> worker (workers_of_key_group, computed once) */
    bool failed;              /* sticky: err holds the message */
    char *err;
};

/* ---- key groups ---------------------------------------------------------------- */

/* Flink's MathUtils.murmurHash(int): one Murmur3 round and its finaliser, made non-negative. */
static int32_t flink_murmur_hash(int32_t code)
{
    uint32_t h = (uint32_t)code * 0xcc9e2d51u;
    h = (h << 15 | h >> 17) * 0x1b873593u;
    h = (h << 13 | h >> 19) * 5 + 0xe6546b64u;
    h ^= 4;
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    int32_t s = (int32_t)h;
    return s >= 0 ? s : s != INT32_MIN ? -s : 0;
}

int workers_key_group(const void *key, size_t len, int max_parallelism)
{
    int32_t h = flink_murmur_hash(jhash_binary_string(key, (uint32_t)len));   /* >= 0 */
    /* the default 128 and most settings are powers of two: a mask, not a division per row */
    return (max_parallelism & (max_parallelism - 1)) == 0 ? h & (max_parallelism - 1) : h % max_parallelism;
}

int workers_of_key_group(int key_group, int max_parallelism, int parallelism)
{
    return (int)((int64_t)key_group * parallelism / max_parallelism);
}

/* ---- a worker's thread ----------------------------------------------------------- */

static void collect(void *ctx, const row_t *row)
{
    worker_t *k = ctx;
    output_t *o = &k->outs[k->writing];
    if (o->n == o->cap) {
        o->cap = o->cap ? o->cap * 2 : 1024;
        o->rows = xrealloc(o->rows, o->cap * sizeof *o->rows);
    }
    o->rows[o->n++] = (out_row_t){ptf_op_origin(k->op), row_copy(row, k->w->cfg.op.output_type, &o->arena)};
}

static int run_cmd(worker_t *k, const cmd_t *c)
{
    ptf_op_set_processing_time(k->op, c->now_ms);
    ptf_op_set_tag(k->op, c->tag);
    switch (c->type) {
    case CMD_ROW: return ptf_op_push(k->op, c->table, &c->row, k->err, WORKER_ERRLEN);
    case CMD_WATERMARK: return ptf_op_watermark(k->op, c->table, c->watermark, k->err, WORKER_ERRLEN);
    case CMD_IDLE: return ptf_op_input_idle(k->op, c->table, c->idle, k->err, WORKER_ERRLEN);
    case CMD_END: return ptf_op_end_input(k->op, c->table, k->err, WORKER_ERRLEN);
    }
    return 0;
}

/* Runs a round, then flushes so that all of its output is out. A failure
 * remembers the failing record's tag; the worker then does nothing more. */
static void run_round(worker_t *k, const round_t *r)
{
    int rc = 0;
    for (size_t i = 0; rc == 0 && !k->failed && i < r->n; i++) rc = run_cmd(k, &r->cmds[i]);
    if (rc == 0 && !k->failed) rc = ptf_op_flush(k->op, k->err, WORKER_ERRLEN);
    if (rc != 0 && !k->failed) {
        k->failed = true;
        k->fail_tag = ptf_op_origin(k->op).tag;
    }
}

static void *worker_main(void *arg)
{
    worker_t *k = arg;
    workers_t *w = k->w;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (!k->busy && !w->quit) pthread_cond_wait(&w->work, &w->mu);
        if (!k->busy) break;
        pthread_mutex_unlock(&w->mu);
        run_round(k, k->run);
        pthread_mutex_lock(&w->mu);
        k->busy = false;
        pthread_cond_broadcast(&w->done);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

/* ---- starting and stopping -------------------------------------------------------- */

static void stop_threads(workers_t *w)
{
    pthread_mutex_lock(&w->mu);
    for (int i = 0; i < w->n; i++)
        while (w->ws[i].busy) pthread_cond_wait(&w->done, &w->mu);
    w->quit = true;
    pthread_cond_broadcast(&w->work);
    pthread_mutex_unlock(&w->mu);
    for (int i = 0; i < w->n; i++)
        if (w->ws[i].started) pthread_join(w->ws[i].thread, NULL);
}

workers_t *workers_new(const workers_config_t *cfg, char *err, size_t errlen)
{
    workers_t *w = xcalloc(1, sizeof *w);
    w->cfg = *cfg;
    w->cfg.invokers = NULL;   /* copied into the operators below */
    if (w->cfg.round <= 0) w->cfg.round = WORKERS_ROUND;
    w->n = cfg->parallelism;
    w->ws = xcalloc((size_t)w->n, sizeof *w->ws);
    w->group_worker = xcalloc((size_t)w->cfg.max_parallelism, sizeof *w->group_worker);
    for (int g = 0; g < w->cfg.max_parallelism; g++)
        w->group_worker[g] = workers_of_key_group(g, w->cfg.max_parallelism, w->n);
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->work, NULL);
    pthread_cond_init(&w->done, NULL);
    ptf_op_config_t op_cfg = cfg->op;
    op_cfg.rows_until_flush = true;   /* a round's rows live until the worker flushes at its end */
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, WORKER_STACK);
    for (int i = 0; i < w->n; i++) {
        worker_t *k = &w->ws[i];
        k->w = w;
        k->index = i;
        k->err = xcalloc(1, WORKER_ERRLEN);
        arena_init(&k->rounds[0].arena, 0);
        arena_init(&k->rounds[1].arena, 0);
        arena_init(&k->outs[0].arena, 0);
        arena_init(&k->outs[1].arena, 0);
        k->op = ptf_op_new(&op_cfg, cfg->invokers[i], collect, k);
        int rc = pthread_create(&k->thread, &attr, worker_main, k);
        k->started = rc == 0;
        if (rc != 0) {
            snprintf(err, errlen, "cannot start worker thread %d of %d for function '%s': %s", i + 1, w->n,
                     cfg->op.function_name, strerror(rc));
            pthread_attr_destroy(&attr);
            workers_free(w);
            return NULL;
        }
    }
    pthread_attr_destroy(&attr);
    return w;
}

void workers_free(workers_t *w)
{
    if (!w) return;
    stop_threads(w);
    for (int i = 0; i < w->n; i++) {
        worker_t *k = &w->ws[i];
        ptf_op_free(k->op);
        for (int r = 0; r < 2; r++) {
            free(k->rounds[r].cmds);
            arena_destroy(&k->rounds[r].arena);
        }
        for (int o = 0; o < 2; o++) {
            free(k->outs[o].rows);
            arena_destroy(&k->outs[o].arena);
        }
        free(k->err);
    }
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->work);
    pthread_cond_destroy(&w->done);
    buf_free(&w->keybuf);
    free(w->group_worker);
    free(w->ws);
    free(w->err);
    free(w);
}

/* ---- merging a round's output ------------------------------------------------------- */

/* Whether a goes out before b (workers.h): tag; at one advance released rows,
 * then unnamed, then named timers (as one operator fires them); then the
 * order time of a released row or the timer's time; then arrival. */
static bool before(const ptf_op_origin_t *a, const ptf_op_origin_t *b)
{
    if (a->tag != b->tag) return a->tag < b->tag;
    if (a->kind != b->kind) return a->kind < b->kind;
    if (a->time != b->time) return a->time < b->time;
    return a->arrival < b->arrival;
}

/* The next row of worker i to emit: all of the failing worker's, others' before its failing record. */
static const out_row_t *head(const workers_t *w, int i, size_t *at, int failing, uint64_t limit)
{
    const output_t *o = &w->ws[i].outs[w->ws[i].finished];
    while (at[i] < o->n && i != failing && failing >= 0 && o->rows[at[i]].origin.tag >= limit) at[i]++;
    return at[i] < o->n ? &o->rows[at[i]] : NULL;
}

/* Emits the finished round's output of every worker in merged order, then frees it. */
static void emit_merged(workers_t *w, int failing, uint64_t limit)
{
    size_t *at = xcalloc((size_t)w->n, sizeof *at);
    for (;;) {
        int best = -1;
        const out_row_t *bo = NULL;
        for (int i = 0; i < w->n; i++) {
            const out_row_t *o = head(w, i, at, failing, limit);
            if (o && (!bo || before(&o->origin, &bo->origin))) best = i, bo = o;
        }
        if (best < 0) break;
        w->cfg.emit(w->cfg.emit_ctx, &bo->row);
        at[best]++;
    }
    free(at);
    for (int i = 0; i < w->n; i++) {
        output_t *o = &w->ws[i].outs[w->ws[i].finished];
        o->n = 0;
        arena_reset(&o->arena);
    }
    w->unmerged = false;
}

/* The worker that failed on the earliest record, -1 if none did. */
static int first_failure(const workers_t *w)
{
    int f = -1;
    for (int i = 0; i < w->n; i++)
        if (w->ws[i].failed && (f < 0 || w->ws[i].fail_tag < w->ws[f].fail_tag)) f = i;
    return f;
}

static int sticky_error(const workers_t *w, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s", w->err);
    return -1;
}

/* Waits for the running round; its output is then the finished one, to merge.
 * A failure emits the output before the failing record and makes the error
 * sticky: -1. */
static int wait_round(workers_t *w, char *err, size_t errlen)
{
    if (w->failed) return sticky_error(w, err, errlen);
    if (!w->running) return 0;
    pthread_mutex_lock(&w->mu);
    for (int i = 0; i < w->n; i++)
        while (w->ws[i].busy) pthread_cond_wait(&w->done, &w->mu);
    pthread_mutex_unlock(&w->mu);
    w->running = false;
    for (int i = 0; i < w->n; i++) w->ws[i].finished = w->ws[i].writing;
    w->unmerged = true;
    int failing = first_failure(w);
    if (failing < 0) return 0;
    emit_merged(w, failing, w->ws[failing].fail_tag);
    w->failed = true;
    w->err = xstrdup(w->ws[failing].err);
    return sticky_error(w, err, errlen);
}

/* Gives every worker the round filled so far (writing into its other output),
 * then emits the round that finished while they run the new one. */
static int hand_over(workers_t *w, char *err, size_t errlen)
{
    if (wait_round(w, err, errlen) != 0) return -1;
    pthread_mutex_lock(&w->mu);
    for (int i = 0; i < w->n; i++) {
        worker_t *k = &w->ws[i];
        k->run = &k->rounds[k->filling];
        k->filling ^= 1;
        k->rounds[k->filling].n = 0;
        arena_reset(&k->rounds[k->filling].arena);
        k->writing = 1 - k->finished;
        k->busy = true;
    }
    pthread_cond_broadcast(&w->work);
    pthread_mutex_unlock(&w->mu);
    w->running = true;
    w->queued = 0;
    if (w->unmerged) emit_merged(w, -1, 0);
    return 0;
}

/* ---- the caller's side ------------------------------------------------------------- */

static cmd_t *queue(workers_t *w, int i, cmd_type_t type, int table)
{
    round_t *r = &w->ws[i].rounds[w->ws[i].filling];
    if (r->n == r->cap) {
        r->cap = r->cap ? r->cap * 2 : 1024;
        r->cmds = xrealloc(r->cmds, r->cap * sizeof *r->cmds);
    }
    cmd_t *c = &r->cmds[r->n++];
    memset(c, 0, sizeof *c);
    c->type = type;
    c->table = table;
    c->tag = w->tag;
    c->now_ms = w->now_ms;
    w->queued++;
    return c;
}

static int round_full(workers_t *w, char *err, size_t errlen)
{
    return w->queued >= (size_t)w->cfg.round ? hand_over(w, err, errlen) : 0;
}

/* Queues one command for every worker (an advance, an idle change, an end). */
static int broadcast(workers_t *w, cmd_type_t type, int table, int64_t wm, bool idle, char *err, size_t errlen)
{
    if (w->failed) return sticky_error(w, err, errlen);
    w->tag++;
    for (int i = 0; i < w->n; i++) {
        cmd_t *c = queue(w, i, type, table);
        c->watermark = wm;
        c->idle = idle;
    }
    return round_full(w, err, errlen);
}

/* The worker of a row of table t: its key's group (row semantics: worker 0). */
static int worker_of(workers_t *w, int t, const row_t *row)
{
    const ptf_op_table_t *tab = &w->cfg.op.tables[t];
    if (!tab->set_semantics) return 0;
    buf_clear(&w->keybuf);
    ptf_op_encode_key(tab, row, &w->keybuf);
    return w->group_worker[workers_key_group(w->keybuf.data, w->keybuf.len, w->cfg.max_parallelism)];
}

void workers_set_processing_time(workers_t *w, int64_t now_ms) { w->now_ms = now_ms; }

int workers_push(workers_t *w, int table, const row_t *row, char *err, size_t errlen)
{
    if (w->failed) return sticky_error(w, err, errlen);
    w->tag++;
    int i = worker_of(w, table, row);
    cmd_t *c = queue(w, i, CMD_ROW, table);
    c->row = row_copy(row, w->cfg.op.tables[table].row_type, &w->ws[i].rounds[w->ws[i].filling].arena);
    return round_full(w, err, errlen);
}

int workers_watermark(workers_t *w, int table, int64_t wm, char *err, size_t errlen)
{
    return broadcast(w, CMD_WATERMARK, table, wm, false, err, errlen);
}

int workers_input_idle(workers_t *w, int table, bool idle, char *err, size_t errlen)
{
    return broadcast(w, CMD_IDLE, table, 0, idle, err, errlen);
}

int workers_end_input(workers_t *w, int table, char *err, size_t errlen)
{
    return broadcast(w, CMD_END, table, 0, false, err, errlen);
}

int workers_flush(workers_t *w, char *err, size_t errlen)
{
    if (hand_over(w, err, errlen) != 0 || wait_round(w, err, errlen) != 0) return -1;
    emit_merged(w, -1, 0);
    return 0;
}
