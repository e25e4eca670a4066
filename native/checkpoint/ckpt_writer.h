/* ckpt_writer.h - a checkpoint's file written in the background ("ckpt_writer_").
 *
 * The processing thread encodes a checkpoint into memory at its barrier
 * (ckpt_enc_*, the snapshot) and hands the bytes over; a thread of the
 * writer then finishes the file (END, body length, CRC32C), writes it into
 * its `.inprogress` folder and fsyncs file and folder
 * (ckpt_store_write_aside). Publishing (a sink's commit, the rename, the
 * directory's fsync, pruning) stays with the processing thread, which
 * polls: ckpt_writer_poll. One write at a time: the next start waits for
 * nothing, the caller polls the previous one to its end first.
 *
 * Ownership: start takes the buffer over (freed when the write ends).
 * Threading: start, poll and free belong to one thread (the processing
 * thread); the writer's thread touches only the buffer and the file
 * system. */
#ifndef PTF_CKPT_WRITER_H
#define PTF_CKPT_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"

typedef struct ckpt_writer ckpt_writer_t;

ckpt_writer_t *ckpt_writer_new(void);
/* Joins a write still running (its folder stays .inprogress, never used). */
void ckpt_writer_free(ckpt_writer_t *w);

/* The buffer to encode the next checkpoint into: the last write's memory,
 * emptied (its pages are mapped already: no fault per page while the
 * processing thread copies the state). The caller owns it until start. */
buf_t ckpt_writer_buffer(ckpt_writer_t *w);

/* Starts writing checkpoint id (flags: CKPT_FLAG_SAVEPOINT) into dir: the
 * file begins at `start` in *file (ckpt_enc_begin) and lacks its end
 * (ckpt_enc_finish runs on the writer's thread). *file is taken over and
 * left empty. First, on the same thread, ckpt_store_prune(dir,
 * prune_newest, retained) when prune_newest is not 0 (the previous
 * checkpoint's pruning, moved off the processing thread). -1 (err) when a
 * write is still running or the thread cannot start. */
int ckpt_writer_start(ckpt_writer_t *w, const char *dir, uint64_t id, uint32_t flags, uint64_t prune_newest,
                      int retained, buf_t *file, size_t start, char *err, size_t errlen);

/* The write's state: 0 running (only when !wait), 1 written aside (and
 * *bytes the file's size, *write_ms the time it took), -1 failed (err),
 * 2 no write was started since the last poll that ended one. wait: block
 * until it ends. */
int ckpt_writer_poll(ckpt_writer_t *w, bool wait, uint64_t *bytes, double *write_ms, char *err, size_t errlen);

#endif
