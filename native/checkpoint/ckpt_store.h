/* ckpt_store.h - the checkpoint folder ("ckpt_store_") and stop-with-savepoint.
 *
 * A checkpoint directory (execution.checkpointing.dir) holds one folder per
 * checkpoint, `chk-<id>`, and per savepoint, `savepoint-<id>`, each with one
 * `_metadata` file (ckpt_format.h). Ids grow by one over the directory's
 * life and are never reused. Writing is atomic and durable: the file goes
 * into `chk-<id>.inprogress/`, is fsynced, the folder is fsynced, renamed to
 * its final name and the directory fsynced. A crash at any point leaves
 * either a complete folder or an `.inprogress` one, which readers ignore.
 * After a write only the newest `retained` checkpoints stay (savepoints are
 * never pruned: they belong to the user, as in Flink).
 *
 * Errors: -1 with a message naming the path and the errno text. Not
 * thread-safe, except ckpt_store_write_aside (below). */
#ifndef PTF_CKPT_STORE_H
#define PTF_CKPT_STORE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "checkpoint/ckpt_format.h"

#define CKPT_METADATA "_metadata"

/* The highest id any folder in dir uses (complete or not); 0 when none. */
uint64_t ckpt_store_last_id(const char *dir);

/* The id of dir's newest folder when that is an .inprogress one (a writer
 * killed before its rename), its savepoint bit into flags; 0 otherwise. */
uint64_t ckpt_store_newest_aside(const char *dir, uint32_t *flags);

/* Writes img (its id and savepoint flag name the folder), creating dir if
 * needed, then prunes; path receives the final folder. */
int ckpt_store_write(const char *dir, const ckpt_image_t *img, int retained, char *path, size_t pathlen,
                     char *err, size_t errlen);

/* The same, with publish (may be NULL) called once the checkpoint is
 * written aside and fsynced, just before the rename makes it visible: what
 * must happen exactly when the checkpoint completes (a Kafka transaction's
 * commit) goes there. publish failing leaves the .inprogress folder, which
 * restore never uses, and fails the write with its error. */
int ckpt_store_write_publish(const char *dir, const ckpt_image_t *img, int retained,
                             int (*publish)(void *ctx, char *err, size_t errlen), void *ctx, char *path,
                             size_t pathlen, char *err, size_t errlen);

/* A checkpoint's final folder: "DIR/chk-<id>", or "DIR/savepoint-<id>" with CKPT_FLAG_SAVEPOINT. */
void ckpt_store_folder(const char *dir, uint64_t id, uint32_t flags, char *path, size_t pathlen);
/* Its ".inprogress" twin: where ckpt_store_write_aside writes. */
void ckpt_store_aside_folder(const char *dir, uint64_t id, uint32_t flags, char *path, size_t pathlen);

/* ckpt_store_write_publish in its two steps, for a write in the background
 * (ckpt_writer.h). write_aside: the encoded file (ckpt_encode or
 * ckpt_enc_finish) into `chk-<id>.inprogress/_metadata` (flags: the
 * savepoint bit names `savepoint-<id>`), the file and the folder fsynced;
 * it touches nothing but the file system and its arguments, so any thread
 * may run it. publish: on the thread that owns what publish touches, once
 * write_aside succeeded: publish (may be NULL), rename, the directory
 * fsynced; path receives the final folder. Pruning is the caller's
 * (ckpt_store_prune, on any thread that no other write of dir runs
 * beside). */
int ckpt_store_write_aside(const char *dir, uint64_t id, uint32_t flags, const buf_t *file, char *err, size_t errlen);
int ckpt_store_publish(const char *dir, uint64_t id, uint32_t flags, int (*publish)(void *ctx, char *err, size_t errlen),
                       void *ctx, char *path, size_t pathlen, char *err, size_t errlen);

/* Keeps the newest `retained` (at least 1) complete checkpoints of dir
 * (savepoints are never pruned) and drops the .inprogress leftovers of
 * crashed writers with ids below newest. */
void ckpt_store_prune(const char *dir, uint64_t newest, int retained);

/* Loads a checkpoint: a checkpoint folder or its _metadata file. */
int ckpt_store_load(const char *path, ckpt_image_t *img, char *err, size_t errlen);

/* The newest complete checkpoint or savepoint in dir. One that does not read
 * (torn, bad checksum) is skipped for the one before it, with a line on warn
 * saying so. *found = false (and 0) when dir has none or does not exist. */
int ckpt_store_load_latest(const char *dir, ckpt_image_t *img, bool *found, char *path, size_t pathlen,
                           FILE *warn, char *err, size_t errlen);

/* ---- stop with savepoint ---- */

/* While armed, SIGINT and SIGTERM only set a flag the job polls at its next
 * batch boundary (it then writes a savepoint and stops); disarm restores
 * the previous handlers. */
void ckpt_stop_arm(void);
void ckpt_stop_disarm(void);
/* The signal that asked to stop, 0 if none. */
int ckpt_stop_signal(void);
const volatile sig_atomic_t *ckpt_stop_flag(void);

/* Exit status of `ptfhost run` stopped with a savepoint: 128 + the signal
 * (130 for SIGINT, 143 for SIGTERM), what a shell reports for the signal. */
#define CKPT_EXIT_STOPPED(sig) (128 + (sig))

#endif
