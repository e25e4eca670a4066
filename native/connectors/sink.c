/* sink.c - see sink.h. */
#include "connectors/sink.h"
#include "util/xalloc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "connectors/format.h"
#include "connectors/kafka.h"
#include "connectors/metadata.h"
#include "types/codec.h"
#include "connectors/options.h"
#include "connectors/tableau.h"
#include "types/render.h"
#include "util/buf.h"
#include "util/outfile.h"


/* ---- folding a changelog into a table (materialize) ------------------------- */

typedef struct fold {
    const type_t *schema;
    int *key;                  /* owned copy */
    int nkey;
    arena_t arena;
    row_t *rows;
    size_t n, cap;
} fold_t;

static bool same_key(const fold_t *f, const row_t *a, const row_t *b)
{
    if (f->nkey == 0) {
        for (uint32_t i = 0; i < a->n; i++)
            if (!value_equals(&a->fields[i], &b->fields[i], f->schema->fields[i].type)) return false;
        return true;
    }
    for (int k = 0; k < f->nkey; k++)
        if (!value_equals(&a->fields[f->key[k]], &b->fields[f->key[k]], f->schema->fields[f->key[k]].type))
            return false;
    return true;
}

static void fold_apply(fold_t *f, const row_t *r)
{
    size_t hit = f->n;
    for (size_t i = 0; i < f->n && hit == f->n; i++)
        if (same_key(f, &f->rows[i], r)) hit = i;
    bool add = r->kind == ROW_INSERT || r->kind == ROW_UPDATE_AFTER;
    if (!add) {   /* -U / -D: retract the matching row */
        if (hit < f->n) {
            memmove(&f->rows[hit], &f->rows[hit + 1], (f->n - hit - 1) * sizeof *f->rows);
            f->n--;
        }
        return;
    }
    row_t copy = row_copy(r, f->schema, &f->arena);
    copy.kind = ROW_INSERT;
    if (f->nkey > 0 && hit < f->n) {   /* upsert */
        f->rows[hit] = copy;
        return;
    }
    if (f->n == f->cap) {
        f->cap = f->cap ? f->cap * 2 : 64;
        f->rows = realloc(f->rows, f->cap * sizeof *f->rows);
        if (!f->rows) abort();
    }
    f->rows[f->n++] = copy;
}

/* ---- stdout ------------------------------------------------------------------ */

static const char *stream_name(FILE *f)
{
    return f == stderr ? "stderr" : "stdout";
}

/* Writes text to a terminal stream; a write that failed (now or before)
 * stops the job rather than losing rows unnoticed. */
static int put_text(FILE *out, const buf_t *text, char *err, size_t errlen)
{
    errno = 0;
    fwrite(text->data, 1, text->len, out);
    return outfile_check(out, stream_name(out), false, err, errlen);
}

typedef struct stdout_sink {
    conn_sink_t base;
    FILE *out;
    conn_stdout_mode_t mode;
    bool materialize;
    fold_t fold;
    conn_tableau_t *tableau;
    const render_zone_t *zone;   /* TIMESTAMP_LTZ cells of tables (NULL = UTC) */
    buf_t line;
} stdout_sink_t;

static int stdout_write(conn_sink_t *s, const row_t *row, char *err, size_t errlen)
{
    stdout_sink_t *o = (stdout_sink_t *)s;
    s->rows++;
    if (o->materialize) {
        fold_apply(&o->fold, row);
        return 0;
    }
    if (o->mode == CONN_STDOUT_ROWS) {
        buf_clear(&o->line);
        if (codec_encode_row(&o->line, row, s->schema, err, errlen) != 0) return -1;
        return put_text(o->out, &o->line, err, errlen);
    }
    if (o->tableau) {
        buf_clear(&o->line);
        conn_tableau_row(o->tableau, row, &o->line);
        return put_text(o->out, &o->line, err, errlen);
    }
    buf_clear(&o->line);
    render_row(&o->line, row, s->schema);
    buf_putc(&o->line, '\n');
    return put_text(o->out, &o->line, err, errlen);
}

static int stdout_close(conn_sink_t *s, bool commit, char *err, size_t errlen)
{
    stdout_sink_t *o = (stdout_sink_t *)s;
    if (commit && o->materialize) {
        buf_clear(&o->line);
        if (o->mode != CONN_STDOUT_CHANGELOG) {
            conn_tableau_t *t = conn_tableau_new(s->schema, false, 30, o->zone);
            for (size_t i = 0; i < o->fold.n; i++) conn_tableau_row(t, &o->fold.rows[i], &o->line);
            conn_tableau_end(t, &o->line);
            conn_tableau_free(t);
        } else {
            for (size_t i = 0; i < o->fold.n; i++) {
                render_row(&o->line, &o->fold.rows[i], s->schema);
                buf_putc(&o->line, '\n');
            }
        }
        fwrite(o->line.data, 1, o->line.len, o->out);
    } else if (commit && o->tableau) {
        buf_clear(&o->line);
        conn_tableau_end(o->tableau, &o->line);
        fwrite(o->line.data, 1, o->line.len, o->out);
    }
    int rc = 0;
    if (commit) rc = outfile_check(o->out, stream_name(o->out), true, err, errlen);
    else fflush(o->out);
    if (o->tableau) conn_tableau_free(o->tableau);
    arena_destroy(&o->fold.arena);
    free(o->fold.rows);
    free(o->fold.key);
    buf_free(&o->line);
    free(o);
    return rc;
}

conn_sink_t *conn_sink_stdout(FILE *out, const type_t *schema, conn_stdout_mode_t mode, bool materialize,
                              const int *upsert_key, int nupsert_key, const render_zone_t *zone)
{
    stdout_sink_t *o = calloc(1, sizeof *o);
    if (!o) abort();
    o->base.write = stdout_write;
    o->base.close = stdout_close;
    o->base.schema = schema;
    o->base.accepts_updates = true;
    o->out = out;
    o->mode = mode;
    o->materialize = materialize;
    o->zone = zone;
    o->fold.schema = schema;
    o->fold.nkey = nupsert_key;
    o->fold.key = calloc((size_t)nupsert_key + 1, sizeof(int));
    if (!o->fold.key) abort();
    for (int i = 0; i < nupsert_key; i++) o->fold.key[i] = upsert_key[i];
    arena_init(&o->fold.arena, 0);
    if (mode == CONN_STDOUT_TABLEAU && !materialize) {
        o->tableau = conn_tableau_new(schema, true, 30, zone);
        buf_t head = BUF_INIT;
        conn_tableau_begin(o->tableau, &head);
        fwrite(head.data, 1, head.len, out);
        buf_free(&head);
    }
    if (mode == CONN_STDOUT_TABLE_RESULT && !materialize) o->tableau = conn_tableau_new_table_result(schema, 30);
    if (mode == CONN_STDOUT_ROWS) {
        char *type = type_to_string(schema);
        fprintf(out, "%s\n", type);
        free(type);
    }
    return &o->base;
}

/* ---- print / blackhole ------------------------------------------------------------ */

typedef struct print_sink {
    conn_sink_t base;
    FILE *out;
    char *prefix;
    buf_t line;
} print_sink_t;

static int print_write(conn_sink_t *s, const row_t *row, char *err, size_t errlen)
{
    print_sink_t *p = (print_sink_t *)s;
    s->rows++;
    buf_clear(&p->line);
    buf_puts(&p->line, p->prefix);
    render_row(&p->line, row, s->schema);
    buf_putc(&p->line, '\n');
    return put_text(p->out, &p->line, err, errlen);
}

static int print_close(conn_sink_t *s, bool commit, char *err, size_t errlen)
{
    print_sink_t *p = (print_sink_t *)s;
    int rc = 0;
    if (commit) rc = outfile_check(p->out, stream_name(p->out), true, err, errlen);
    else fflush(p->out);
    free(p->prefix);
    buf_free(&p->line);
    free(p);
    return rc;
}

static int blackhole_write(conn_sink_t *s, const row_t *row, char *err, size_t errlen)
{
    (void)row, (void)err, (void)errlen;
    s->rows++;
    return 0;
}

static int blackhole_close(conn_sink_t *s, bool commit, char *err, size_t errlen)
{
    (void)commit, (void)err, (void)errlen;
    free(s);
    return 0;
}

/* ---- filesystem ---------------------------------------------------------------- */

/* A lane (a scale-out job, sink.h): the part files of one input partition,
 * its part in progress committed with the partition's checkpoint. */
typedef struct file_lane {
    char *topic;
    int32_t partition;
    FILE *f;                   /* the part in progress; NULL: opens at the lane's next row */
    char *tmp;
    unsigned long long committed;
} file_lane_t;

typedef struct file_sink {
    conn_sink_t base;
    conn_format_t *format;
    char *target, *tmp;
    FILE *f;                   /* NULL: a part file opens at the next row (parts) */
    buf_t line;
    const char *table;         /* borrowed: the catalog's */
    bool parts;                /* checkpointed: part files (sink.h, resume) */
    unsigned long long committed;
    FILE *sealed;              /* the part a barrier closed, until its checkpoint commits it (rows go on into the next) */
    char *sealed_tmp;
    file_lane_t **lanes;       /* opened with lanes (base.lane set): one per input partition, instead of the above */
    int nlanes;
    file_lane_t *cur;          /* where rows go under lanes (NULL: none chosen) */
} file_sink_t;

/* Part n of the target "DIR/STEM.EXT": "DIR/STEM-n.EXT", or of a lane
 * "DIR/STEM-TOPIC-PARTITION-n.EXT" (malloc'ed). The last two numbers tell
 * a lane's parts apart from every other lane's, whatever its topic. */
static char *part_name(const file_sink_t *fs, const file_lane_t *lane, unsigned long long n)
{
    const char *slash = strrchr(fs->target, '/'), *base = slash ? slash + 1 : fs->target;
    const char *dot = strrchr(base, '.');
    size_t stem = dot && dot > base ? (size_t)(dot - fs->target) : strlen(fs->target);
    size_t len = strlen(fs->target) + (lane ? strlen(lane->topic) + 16 : 0) + 24;
    char *p = xmalloc(len);
    if (lane)
        snprintf(p, len, "%.*s-%s-%d-%llu%s", (int)stem, fs->target, lane->topic, (int)lane->partition, n,
                 fs->target + stem);
    else
        snprintf(p, len, "%.*s-%llu%s", (int)stem, fs->target, n, fs->target + stem);
    return p;
}

/* Closes the part *f (hidden at *tmp) and renames it to part n of lane
 * (NULL: the sink's own) or, !commit, removes it; both are cleared. */
static int part_commit(const file_sink_t *fs, const file_lane_t *lane, unsigned long long n, FILE **f, char **tmp,
                       bool commit, char *err, size_t errlen)
{
    char *name = part_name(fs, lane, n);
    int rc = outfile_commit(*f, *tmp, name, commit, err, errlen);
    free(name);
    free(*tmp);
    *f = NULL;
    *tmp = NULL;
    return rc;
}

/* Visible parts numbered from n on, which a run killed between a part's
 * rename and its checkpoint's publish left: removed. */
static void remove_parts_from(const file_sink_t *fs, const file_lane_t *lane, unsigned long long n)
{
    for (;; n++) {
        char *name = part_name(fs, lane, n);
        int gone = unlink(name);
        free(name);
        if (gone != 0) break;
    }
}

static int sync_part(FILE *f, const char *tmp, char *err, size_t errlen)
{
    if (fflush(f) == 0 && fsync(fileno(f)) == 0) return 0;
    snprintf(err, errlen, "cannot write '%s': %s", tmp, strerror(errno));
    return -1;
}

/* The current lane's parts become the sink's (sink.h: parts). */
static void show_lane(file_sink_t *fs)
{
    fs->base.parts = fs->cur ? fs->cur->committed + (fs->cur->f ? 1 : 0) : 0;
}

/* Where the next row goes: the part in progress (the current lane's under
 * lanes), opened when there is none. */
static FILE *row_file(file_sink_t *fs, char *err, size_t errlen)
{
    file_lane_t *lane = fs->cur;
    if (fs->base.lane && !lane) {
        snprintf(err, errlen, "internal: table '%s': a row reached the filesystem sink with no lane chosen (the "
                              "input partition it belongs to is unknown)", fs->table);
        return NULL;
    }
    FILE **f = lane ? &lane->f : &fs->f;
    if (*f) return *f;
    char *name = lane ? part_name(fs, lane, lane->committed)
                      : part_name(fs, NULL, fs->committed + (fs->sealed ? 1 : 0));
    *f = outfile_temp_open(name, lane ? &lane->tmp : &fs->tmp, err, errlen);
    free(name);
    if (lane) show_lane(fs);
    return *f;
}

static int file_write(conn_sink_t *s, const row_t *row, char *err, size_t errlen)
{
    file_sink_t *fs = (file_sink_t *)s;
    buf_clear(&fs->line);
    if (conn_format_encode(fs->format, row, &fs->line, err, errlen) != 0) return -1;
    FILE *f = row_file(fs, err, errlen);
    if (!f) return -1;
    if (fwrite(fs->line.data, 1, fs->line.len, f) != fs->line.len) {
        snprintf(err, errlen, "cannot write '%s': %s", fs->target, strerror(errno));
        return -1;
    }
    s->rows++;
    return 0;
}

/* The barrier. Under lanes every lane's part in progress is made durable;
 * each partition's checkpoint, written right after (partition_state.h),
 * commits its lane's. Else the part in progress is made durable and sealed
 * (rows after the barrier go into the next part, as the checkpoint may be
 * published later); the checkpoint records it as committed. */
static int file_checkpoint(conn_sink_t *s, char *err, size_t errlen)
{
    file_sink_t *fs = (file_sink_t *)s;
    if (s->lane) {
        for (int i = 0; i < fs->nlanes; i++)
            if (fs->lanes[i]->f && sync_part(fs->lanes[i]->f, fs->lanes[i]->tmp, err, errlen) != 0) return -1;
        return 0;
    }
    s->parts = fs->committed + (fs->sealed ? 1 : 0) + (fs->f ? 1 : 0);
    if (!fs->parts || !fs->f) return 0;
    if (fs->sealed) {
        snprintf(err, errlen, "cannot write '%s': the previous checkpoint has not committed its part", fs->tmp);
        return -1;
    }
    if (sync_part(fs->f, fs->tmp, err, errlen) != 0) return -1;
    fs->sealed = fs->f;
    fs->sealed_tmp = fs->tmp;
    fs->f = NULL;
    fs->tmp = NULL;
    return 0;
}

/* The sealed part under its number (commit) or dropped; the next part's number moves on when committed. */
static int file_commit_sealed(file_sink_t *fs, bool commit, char *err, size_t errlen)
{
    int rc = part_commit(fs, NULL, fs->committed, &fs->sealed, &fs->sealed_tmp, commit, err, errlen);
    if (rc == 0 && commit) fs->committed++;
    return rc;
}

/* The lane's part in progress under its number (commit) or dropped. */
static int lane_commit(file_sink_t *fs, file_lane_t *lane, bool commit, char *err, size_t errlen)
{
    if (!lane->f) return 0;
    int rc = part_commit(fs, lane, lane->committed, &lane->f, &lane->tmp, commit, err, errlen);
    if (rc == 0 && commit) lane->committed++;
    show_lane(fs);
    return rc;
}

/* The checkpoint is about to be published: the sealed part (under lanes,
 * the current lane's part in progress) becomes visible. */
static int file_checkpoint_commit(conn_sink_t *s, uint64_t checkpoint_id, char *err, size_t errlen)
{
    (void)checkpoint_id;
    file_sink_t *fs = (file_sink_t *)s;
    if (s->lane) return fs->cur ? lane_commit(fs, fs->cur, true, err, errlen) : 0;
    return fs->parts && fs->sealed ? file_commit_sealed(fs, true, err, errlen) : 0;
}

/* The target's own in-progress file, removed: a checkpointed sink writes parts instead. */
static void drop_target_file(file_sink_t *fs)
{
    if (fs->f) outfile_commit(fs->f, fs->tmp, fs->target, false, NULL, 0);
    free(fs->tmp);
    fs->tmp = NULL;
    fs->f = NULL;
}

/* Checkpointed from now on: the target's own in-progress file goes, parts
 * an unpublished checkpoint committed are removed. Under lanes, the
 * current lane's partition was restored: its parts number on from parts. */
static int file_resume(conn_sink_t *s, unsigned long long parts, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    file_sink_t *fs = (file_sink_t *)s;
    if (s->lane) {
        if (!fs->cur) return 0;   /* lanes are always checkpointed */
        fs->cur->committed = parts;
        remove_parts_from(fs, fs->cur, parts);
        show_lane(fs);
        return 0;
    }
    drop_target_file(fs);
    fs->parts = true;
    fs->committed = parts;
    s->parts_table = fs->table;
    remove_parts_from(fs, NULL, parts);
    return 0;
}

/* ---- lanes: part files per input partition (sink.h) ---- */

static int file_lane(conn_sink_t *s, const char *topic, int32_t partition, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    file_sink_t *fs = (file_sink_t *)s;
    fs->cur = NULL;
    for (int i = 0; i < fs->nlanes && !fs->cur; i++)
        if (fs->lanes[i]->partition == partition && strcmp(fs->lanes[i]->topic, topic) == 0) fs->cur = fs->lanes[i];
    if (!fs->cur) {
        fs->cur = xcalloc(1, sizeof *fs->cur);
        fs->cur->topic = xstrdup(topic);
        fs->cur->partition = partition;
        fs->lanes = xrealloc(fs->lanes, (size_t)(fs->nlanes + 1) * sizeof *fs->lanes);
        fs->lanes[fs->nlanes++] = fs->cur;
    }
    show_lane(fs);
    return 0;
}

/* Commits (or drops) the lane's part in progress and frees the lane. */
static int lane_end(file_sink_t *fs, file_lane_t *lane, bool commit, char *err, size_t errlen)
{
    int rc = lane_commit(fs, lane, commit, err, errlen);
    free(lane->topic);
    free(lane);
    return rc;
}

static int file_lane_close(conn_sink_t *s, bool commit, char *err, size_t errlen)
{
    file_sink_t *fs = (file_sink_t *)s;
    file_lane_t *lane = fs->cur;
    if (!lane) return 0;
    fs->cur = NULL;
    int i = 0;
    while (fs->lanes[i] != lane) i++;
    fs->lanes[i] = fs->lanes[--fs->nlanes];
    return lane_end(fs, lane, commit, err, errlen);
}

/* ---- close and open ---- */

/* Every lane ends (the first error is kept). */
static int lanes_close(file_sink_t *fs, bool commit, char *err, size_t errlen)
{
    char lerr[1024];
    int rc = 0;
    fs->cur = NULL;
    for (int i = 0; i < fs->nlanes; i++)
        if (lane_end(fs, fs->lanes[i], commit, rc == 0 ? err : lerr, rc == 0 ? errlen : sizeof lerr) != 0) rc = -1;
    free(fs->lanes);
    return rc;
}

/* Without lanes: the target, or the sealed part and the part in progress. */
static int target_close(file_sink_t *fs, bool commit, char *err, size_t errlen)
{
    int rc = 0;
    if (fs->sealed) rc = file_commit_sealed(fs, commit, err, errlen);   /* its checkpoint never completed */
    if (rc != 0) {
        if (fs->f) outfile_commit(fs->f, fs->tmp, fs->target, false, NULL, 0);
    } else if (fs->parts && fs->f) {
        rc = part_commit(fs, NULL, fs->committed, &fs->f, &fs->tmp, commit, err, errlen);
    } else if (!fs->parts) {
        rc = outfile_commit(fs->f, fs->tmp, fs->target, commit, err, errlen);
    }
    return rc;
}

static int file_close(conn_sink_t *s, bool commit, char *err, size_t errlen)
{
    file_sink_t *fs = (file_sink_t *)s;
    int rc = s->lane ? lanes_close(fs, commit, err, errlen) : target_close(fs, commit, err, errlen);
    conn_format_free(fs->format);
    free(fs->target);
    free(fs->tmp);
    buf_free(&fs->line);
    free(fs);
    return rc;
}

/* lanes: a scale-out job's sink, always checkpointed; its target's
 * in-progress file is only created (the folder can be written) and removed. */
static conn_sink_t *file_sink_open(const catalog_table_t *t, const char *base_dir, bool lanes, char *err,
                                   size_t errlen)
{
    const char *path = catalog_table_option(t, "path");
    if (!path) {
        snprintf(err, errlen, "table '%s': the filesystem connector needs a 'path' option", t->name);
        return NULL;
    }
    file_sink_t *fs = calloc(1, sizeof *fs);
    if (!fs) abort();
    fs->base.write = file_write;
    fs->base.close = file_close;
    fs->base.checkpoint = file_checkpoint;
    fs->base.checkpoint_commit = file_checkpoint_commit;
    fs->base.resume = file_resume;
    fs->table = t->name;
    fs->base.schema = catalog_table_persisted(t);
    fs->format = conn_format_new(t, err, errlen);
    if (!fs->format) {
        free(fs);
        return NULL;
    }
    fs->target = conn_resolve_path(base_dir, path);
    char why[1024];
    fs->f = outfile_temp_open(fs->target, &fs->tmp, why, sizeof why);
    if (!fs->f) {
        snprintf(err, errlen, "table '%s': %s", t->name, why);
        conn_format_free(fs->format);
        free(fs->target);
        free(fs);
        return NULL;
    }
    if (lanes) {
        fs->base.lane = file_lane;
        fs->base.lane_close = file_lane_close;
        fs->base.parts_table = fs->table;
        drop_target_file(fs);
    }
    return &fs->base;
}

conn_sink_t *conn_sink_open(const catalog_table_t *t, const char *base_dir, FILE *out, bool lanes, char *err,
                            size_t errlen)
{
    const char *connector = catalog_table_option(t, "connector");
    if (!connector) {
        snprintf(err, errlen, "Table options do not contain an option key 'connector' for discovering a connector. "
                              "(table '%s': add WITH ('connector' = 'print') or 'filesystem' with 'path' and "
                              "'format')", t->name);
        return NULL;
    }
    if (conn_options_validate(t, err, errlen) != 0) return NULL;
    bool kafka = strcmp(connector, "kafka") == 0 || strcmp(connector, "upsert-kafka") == 0;
    if (!kafka && conn_metadata_none(t, true, NULL, err, errlen) != 0) return NULL;   /* only Kafka writes metadata */
    if (strcmp(connector, "print") == 0) {
        print_sink_t *p = calloc(1, sizeof *p);
        if (!p) abort();
        p->base.write = print_write;
        p->base.close = print_close;
        p->base.schema = catalog_table_persisted(t);
        p->base.accepts_updates = true;
        const char *se = catalog_table_option(t, "standard-error");
        if (se && strcasecmp(se, "true") != 0 && strcasecmp(se, "false") != 0) {
            snprintf(err, errlen, "table '%s': 'standard-error' must be true or false, not '%s'", t->name, se);
            free(p);
            return NULL;
        }
        p->out = se && strcasecmp(se, "true") == 0 ? stderr : out;
        const char *id = catalog_table_option(t, "print-identifier");
        if (id && *id) {
            size_t n = strlen(id) + 3;
            p->prefix = malloc(n);
            if (!p->prefix) abort();
            snprintf(p->prefix, n, "%s> ", id);
        } else {
            p->prefix = xstrdup("");
        }
        return &p->base;
    }
    if (strcmp(connector, "blackhole") == 0) {
        conn_sink_t *b = calloc(1, sizeof *b);
        if (!b) abort();
        b->write = blackhole_write;
        b->close = blackhole_close;
        b->schema = catalog_table_persisted(t);
        b->accepts_updates = true;
        return b;
    }
    if (strcmp(connector, "filesystem") == 0) return file_sink_open(t, base_dir, lanes, err, errlen);
    if (strcmp(connector, "kafka") == 0 || strcmp(connector, "upsert-kafka") == 0)
        return conn_kafka_sink_open(t, strcmp(connector, "upsert-kafka") == 0, lanes, err, errlen);
    if (strcmp(connector, "datagen") == 0) {
        snprintf(err, errlen, "Connector 'datagen' can only be used as source. It cannot be used as sink. (table "
                              "'%s')", t->name);
        return NULL;
    }
    snprintf(err, errlen, "Could not find any factory for identifier '%s' that implements "
                          "'org.apache.flink.table.factories.DynamicTableFactory' in the classpath.\n\n"
                          "Available factory identifiers are:\n\nblackhole\ndatagen\nfilesystem\nkafka\nprint\n"
                          "upsert-kafka\n"
                          "(table '%s')", connector, t->name);
    return NULL;
}
