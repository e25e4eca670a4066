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
} file_sink_t;

/* Part n of the target "DIR/STEM.EXT": "DIR/STEM-n.EXT" (malloc'ed). */
static char *part_name(const file_sink_t *fs, unsigned long long n)
{
    const char *slash = strrchr(fs->target, '/'), *base = slash ? slash + 1 : fs->target;
    const char *dot = strrchr(base, '.');
    size_t stem = dot && dot > base ? (size_t)(dot - fs->target) : strlen(fs->target);
    size_t len = strlen(fs->target) + 24;
    char *p = xmalloc(len);
    snprintf(p, len, "%.*s-%llu%s", (int)stem, fs->target, n, fs->target + stem);
    return p;
}

static int file_open_part(file_sink_t *fs, char *err, size_t errlen)
{
    char *name = part_name(fs, fs->committed + (fs->sealed ? 1 : 0));
    fs->f = outfile_temp_open(name, &fs->tmp, err, errlen);
    free(name);
    return fs->f ? 0 : -1;
}

static int file_write(conn_sink_t *s, const row_t *row, char *err, size_t errlen)
{
    file_sink_t *fs = (file_sink_t *)s;
    buf_clear(&fs->line);
    if (conn_format_encode(fs->format, row, &fs->line, err, errlen) != 0) return -1;
    if (!fs->f && file_open_part(fs, err, errlen) != 0) return -1;
    if (fwrite(fs->line.data, 1, fs->line.len, fs->f) != fs->line.len) {
        snprintf(err, errlen, "cannot write '%s': %s", fs->target, strerror(errno));
        return -1;
    }
    s->rows++;
    return 0;
}

/* The barrier: the part in progress is made durable and sealed (rows after
 * the barrier go into the next part, as the checkpoint may be published
 * later); the checkpoint records it as committed. */
static int file_checkpoint(conn_sink_t *s, char *err, size_t errlen)
{
    file_sink_t *fs = (file_sink_t *)s;
    s->parts = fs->committed + (fs->sealed ? 1 : 0) + (fs->f ? 1 : 0);
    if (!fs->parts || !fs->f) return 0;
    if (fs->sealed) {
        snprintf(err, errlen, "cannot write '%s': the previous checkpoint has not committed its part", fs->tmp);
        return -1;
    }
    if (fflush(fs->f) != 0 || fsync(fileno(fs->f)) != 0) {
        snprintf(err, errlen, "cannot write '%s': %s", fs->tmp, strerror(errno));
        return -1;
    }
    fs->sealed = fs->f;
    fs->sealed_tmp = fs->tmp;
    fs->f = NULL;
    fs->tmp = NULL;
    return 0;
}

/* The sealed part under its number (commit) or dropped; the next part's number moves on when committed. */
static int file_commit_sealed(file_sink_t *fs, bool commit, char *err, size_t errlen)
{
    char *name = part_name(fs, fs->committed);
    int rc = outfile_commit(fs->sealed, fs->sealed_tmp, name, commit, err, errlen);
    free(name);
    free(fs->sealed_tmp);
    fs->sealed_tmp = NULL;
    fs->sealed = NULL;
    if (rc == 0 && commit) fs->committed++;
    return rc;
}

/* The checkpoint is about to be published: the sealed part becomes visible. */
static int file_checkpoint_commit(conn_sink_t *s, uint64_t checkpoint_id, char *err, size_t errlen)
{
    (void)checkpoint_id;
    file_sink_t *fs = (file_sink_t *)s;
    return fs->parts && fs->sealed ? file_commit_sealed(fs, true, err, errlen) : 0;
}

/* Checkpointed from now on: the target's own in-progress file goes, parts
 * an unpublished checkpoint committed are removed. */
static int file_resume(conn_sink_t *s, unsigned long long parts, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    file_sink_t *fs = (file_sink_t *)s;
    if (fs->f) outfile_commit(fs->f, fs->tmp, fs->target, false, NULL, 0);
    free(fs->tmp);
    fs->tmp = NULL;
    fs->f = NULL;
    fs->parts = true;
    fs->committed = parts;
    s->parts_table = fs->table;
    for (unsigned long long n = parts;; n++) {
        char *name = part_name(fs, n);
        int gone = unlink(name);
        free(name);
        if (gone != 0) break;
    }
    return 0;
}

static int file_close(conn_sink_t *s, bool commit, char *err, size_t errlen)
{
    file_sink_t *fs = (file_sink_t *)s;
    int rc = 0;
    if (fs->sealed) rc = file_commit_sealed(fs, commit, err, errlen);   /* its checkpoint never completed */
    if (rc != 0) {
        if (fs->f) outfile_commit(fs->f, fs->tmp, fs->target, false, NULL, 0);
    } else if (fs->parts && fs->f) {
        char *name = part_name(fs, fs->committed);
        rc = outfile_commit(fs->f, fs->tmp, name, commit, err, errlen);
        free(name);
    } else if (!fs->parts) {
        rc = outfile_commit(fs->f, fs->tmp, fs->target, commit, err, errlen);
    }
    conn_format_free(fs->format);
    free(fs->target);
    free(fs->tmp);
    buf_free(&fs->line);
    free(fs);
    return rc;
}

static conn_sink_t *file_sink_open(const catalog_table_t *t, const char *base_dir, char *err, size_t errlen)
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
    if (strcmp(connector, "filesystem") == 0) return file_sink_open(t, base_dir, err, errlen);
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
