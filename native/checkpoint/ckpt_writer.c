/* ckpt_writer.c - see ckpt_writer.h. A thread per write: checkpoints are
 * seconds apart, and a join is the simplest hand-back. */
#define _POSIX_C_SOURCE 200809L
#include "checkpoint/ckpt_writer.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "checkpoint/ckpt_format.h"
#include "checkpoint/ckpt_store.h"
#include "util/xalloc.h"

struct ckpt_writer {
    pthread_t thread;
    bool running;            /* started and not joined yet */
    atomic_bool done;        /* the thread has finished (set last) */
    /* the write's own, touched by its thread until done */
    char dir[4096];
    uint64_t id, prune_newest;
    uint32_t flags;
    int retained;
    buf_t file;
    size_t start;
    int rc;
    double ms;
    uint64_t bytes;
    char err[1024];
};

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void *write_main(void *arg)
{
    ckpt_writer_t *w = arg;
    double t0 = now_ms();
    if (w->prune_newest) ckpt_store_prune(w->dir, w->prune_newest, w->retained);
    ckpt_enc_finish(&w->file, w->start);
    w->bytes = w->file.len - w->start;
    buf_t whole = {w->file.data + w->start, w->bytes, w->bytes};
    w->rc = ckpt_store_write_aside(w->dir, w->id, w->flags, &whole, w->err, sizeof w->err);
    buf_clear(&w->file);   /* the memory stays for the next checkpoint (ckpt_writer_buffer) */
    w->ms = now_ms() - t0;
    atomic_store(&w->done, true);
    return NULL;
}

ckpt_writer_t *ckpt_writer_new(void) { return xcalloc(1, sizeof(ckpt_writer_t)); }

void ckpt_writer_free(ckpt_writer_t *w)
{
    if (!w) return;
    if (w->running) pthread_join(w->thread, NULL);
    buf_free(&w->file);
    free(w);
}

buf_t ckpt_writer_buffer(ckpt_writer_t *w)
{
    buf_t b = w->running ? (buf_t)BUF_INIT : w->file;
    if (!w->running) w->file = (buf_t)BUF_INIT;
    b.len = 0;
    return b;
}

int ckpt_writer_start(ckpt_writer_t *w, const char *dir, uint64_t id, uint32_t flags, uint64_t prune_newest,
                      int retained, buf_t *file, size_t start, char *err, size_t errlen)
{
    if (w->running) {
        snprintf(err, errlen, "checkpoint %llu: the previous checkpoint is still being written",
                 (unsigned long long)id);
        return -1;
    }
    snprintf(w->dir, sizeof w->dir, "%s", dir);
    w->id = id;
    w->flags = flags;
    w->prune_newest = prune_newest;
    w->retained = retained;
    buf_free(&w->file);
    w->file = *file;
    *file = (buf_t)BUF_INIT;
    w->start = start;
    w->err[0] = '\0';
    atomic_store(&w->done, false);
    int e = pthread_create(&w->thread, NULL, write_main, w);
    if (e != 0) {
        buf_free(&w->file);
        snprintf(err, errlen, "checkpoint %llu: cannot start its writer thread: %s", (unsigned long long)id,
                 strerror(e));
        return -1;
    }
    w->running = true;
    return 0;
}

int ckpt_writer_poll(ckpt_writer_t *w, bool wait, uint64_t *bytes, double *write_ms, char *err, size_t errlen)
{
    if (!w->running) return 2;
    if (!wait && !atomic_load(&w->done)) return 0;
    pthread_join(w->thread, NULL);   /* done: the buffer is the writer's again (ckpt_writer_buffer) */
    w->running = false;
    *bytes = w->bytes;
    *write_ms = w->ms;
    if (w->rc == 0) return 1;
    snprintf(err, errlen, "%s", w->err);
    return -1;
}
