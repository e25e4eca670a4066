/* changelog.h - delivering an updating input in the encoding a PTF's table
 * argument needs ("changelog_"), as Flink's planner arranges it.
 *
 * Sources produce one of three changelogs:
 *   insert-only  +I
 *   retract      +I -U +U -D, deletes carry the full row (debezium-json, test events)
 *   upsert       +I +U -D on a primary key, no -U; a -D may carry only the key
 *                (upsert-kafka tombstones)
 * A SUPPORT_UPDATES argument receives:
 *   upsert  {+I, +U, -D}     when PARTITION BY equals the primary key and the
 *                            argument lacks REQUIRE_UPDATE_BEFORE (-U rows dropped)
 *   retract {+I, -U, +U, -D} otherwise; from an upsert source the engine keeps
 *                            the last row per key and synthesises -U and full
 *                            -D rows (Flink's ChangelogNormalize), dropping
 *                            updates that change nothing and deletes of unknown
 *                            keys.
 * REQUIRE_FULL_DELETE on an upsert source with key-only deletes also
 * normalises, so deletes carry the last full row.
 *
 * As a stage of a query (job.h): between the inputs and the cast of a typed
 * argument, one normaliser per table argument. The last row per key is this
 * stage's state: a checkpoint holds it with the operator's (NORMALIZED
 * records, docs/checkpoints.md).
 * It is keyed by the source's primary key, which need not be the PARTITION
 * BY key, so with parallel workers it runs before the exchange to the
 * operator's workers (Flink's ChangelogNormalize is its own keyed operator).
 *
 * Ownership: the normaliser copies the rows it keeps (own arena per key is
 * overkill: one malloc'ed copy per key, replaced on update). Rows handed to
 * the emit callback live until it returns. Not thread-safe. */
#ifndef PTF_CHANGELOG_H
#define PTF_CHANGELOG_H

#include <stdbool.h>
#include <stddef.h>

#include "types/value.h"
#include "util/arena.h"
#include "util/buf.h"
#include "util/hashmap.h"

typedef enum changelog_mode {
    CHANGELOG_INSERT_ONLY,
    CHANGELOG_RETRACT,
    CHANGELOG_UPSERT,
} changelog_mode_t;

/* Row-kind sets (bit = 1 << row_kind_t), e.g. what a source can produce. */
#define CHANGELOG_KINDS_INSERT_ONLY (1u << ROW_INSERT)
#define CHANGELOG_KINDS_ALL 0xFu

/* ChangelogMode.toString(): "[INSERT, UPDATE_AFTER, ~DELETE]". Returns a static string. */
const char *changelog_kinds_string(unsigned kinds, bool key_only_deletes);
/* Parses Flink's short form "I,UB,UA,D" (test connector 'changelog-mode'); -1 if invalid. */
int changelog_kinds_parse(const char *s, unsigned *kinds);
/* The short form of a kind set, "I,UB,UA,D" (a plan excerpt's changelogMode; a
 * key-only delete is "D" there too). Returns a static string. */
const char *changelog_kinds_short_string(unsigned kinds);

/* Flink's ChangelogMode as a value: what a function produces or a sink
 * accepts. Parsed once from the string the Java half reports, then asked by
 * kind, never probed as text. */
typedef struct changelog_spec {
    unsigned kinds;             /* bit = 1 << row_kind_t, never 0 */
    bool key_only_deletes;      /* "~DELETE": a delete carries only the key */
} changelog_spec_t;

/* Parses changelog_kinds_string's form, "[INSERT, UPDATE_AFTER, ~DELETE]"
 * (kinds in any order, at least one; "~" only before DELETE). -1 if invalid. */
int changelog_spec_parse(const char *s, changelog_spec_t *out);
static inline bool changelog_spec_has(changelog_spec_t m, row_kind_t k) { return (m.kinds & (1u << k)) != 0; }
static inline bool changelog_spec_insert_only(changelog_spec_t m) { return m.kinds == CHANGELOG_KINDS_INSERT_ONLY; }
/* Flink's planner's "upsert" changelog: UPDATE_AFTER without UPDATE_BEFORE. */
static inline bool changelog_spec_upsert(changelog_spec_t m)
{
    return changelog_spec_has(m, ROW_UPDATE_AFTER) && !changelog_spec_has(m, ROW_UPDATE_BEFORE);
}
/* The encoding a kind set implies: insert-only, retract (has -U) or upsert. */
changelog_mode_t changelog_mode_of(unsigned kinds);

typedef struct changelog_norm {
    const type_t *schema;
    const int *pk;
    int npk;
    changelog_mode_t source;      /* what the source produces */
    changelog_mode_t deliver;     /* what the function receives */
    bool normalize;               /* keep the last row per key */
    hashmap_t last;               /* key bytes -> index into rows */
    arena_t *arenas;              /* one per kept row, reset on replace */
    row_t *rows;
    bool *live;
    size_t n, cap;
    buf_t keybuf;
    arena_t scratch;
} changelog_norm_t;

/* Decides the delivered mode from the source mode, the primary key, the
 * PARTITION BY columns and the argument's traits. */
changelog_mode_t changelog_delivered(changelog_mode_t source, const int *pk, int npk, const int *partition,
                                     int npartition, bool require_update_before);

/* Whether a table argument needs the normaliser's last row per key. */
bool changelog_norm_needed(changelog_mode_t source, int npk, changelog_mode_t deliver, bool require_full_delete);
void changelog_norm_init(changelog_norm_t *n, const type_t *schema, const int *pk, int npk, changelog_mode_t source,
                         changelog_mode_t deliver, bool require_full_delete);
void changelog_norm_free(changelog_norm_t *n);

typedef int (*changelog_emit_fn)(void *ctx, const row_t *row, char *err, size_t errlen);

/* For checkpoints (job_checkpoint.h): visit calls fn with each key's last
 * row, in the order the keys first came (none when the normaliser keeps
 * nothing); seed stores a row so kept as its key's last row, emitting
 * nothing (a restore, before the first row). */
typedef void (*changelog_norm_visit_fn)(void *ctx, const row_t *row);
void changelog_norm_visit(const changelog_norm_t *n, changelog_norm_visit_fn fn, void *ctx);
int changelog_norm_seed(changelog_norm_t *n, const row_t *row, char *err, size_t errlen);

/* Feeds one source row; emits 0, 1 or 2 rows. */
int changelog_norm_push(changelog_norm_t *n, const row_t *row, changelog_emit_fn emit, void *ctx, char *err,
                        size_t errlen);

#endif
