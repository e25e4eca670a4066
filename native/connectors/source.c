/* source.c - see source.h: literal views, 'datagen' and 'filesystem'.
 *
 * A filesystem path is a file or a folder; a folder is read file by file in
 * path order, sub-folders included, skipping hidden files and folders and
 * those starting with '_' (as Flink's file source does). Lines are decoded by the table's format (format.h). */
#include "connectors/source.h"
#include "util/outfile.h"
#include "util/xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "connectors/examples.h"
#include "connectors/format.h"
#include "connectors/kafka.h"
#include "connectors/metadata.h"
#include "connectors/options.h"


/* ---- literal rows (CREATE VIEW v AS VALUES ...) --------------------------- */

typedef struct values_source {
    conn_source_t base;
    size_t next;
} values_source_t;

static int values_next(conn_source_t *s, row_t *row, arena_t *a, char *err, size_t errlen)
{
    (void)a, (void)err, (void)errlen;
    values_source_t *v = (values_source_t *)s;
    if (v->next >= s->table->nrows) return 0;
    *row = s->table->rows[v->next++];
    return 1;
}

static void plain_close(conn_source_t *s) { free(s); }

/* ---- test events (ptfhost test) ----------------------------------------------- */

static int events_next(conn_source_t *s, row_t *row, arena_t *a, char *err, size_t errlen)
{
    (void)a, (void)err, (void)errlen;
    values_source_t *v = (values_source_t *)s;
    if (v->next >= s->table->nevents) return CONN_SRC_END;
    const catalog_event_t *e = &s->table->events[v->next++];
    switch (e->kind) {
    case CATALOG_EVENT_ROW: *row = e->row; return CONN_SRC_ROW;
    case CATALOG_EVENT_WATERMARK: s->event_time = e->time; return CONN_SRC_WATERMARK;
    case CATALOG_EVENT_PROCTIME: s->event_time = e->time; return CONN_SRC_PROCTIME;
    }
    return CONN_SRC_END;
}

/* ---- datagen --------------------------------------------------------------- */

typedef struct datagen_field {
    bool sequence;
    int64_t start, end;        /* sequence */
    double min, max;           /* random numbers */
    int length;                /* random strings / bytes */
} datagen_field_t;

typedef struct datagen_source {
    conn_source_t base;
    datagen_field_t *fields;
    int64_t rows, emitted;     /* rows < 0: unbounded */
    uint64_t rng;
    double rows_per_second;
    struct timespec started;
} datagen_source_t;

static uint64_t rng_next(uint64_t *s)
{
    /* splitmix64: deterministic, so a datagen table yields the same rows every run */
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double rng_unit(uint64_t *s) { return (double)(rng_next(s) >> 11) / 9007199254740992.0; }

static void throttle(datagen_source_t *d)
{
    if (d->rows_per_second <= 0) return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double elapsed = (double)(now.tv_sec - d->started.tv_sec) + (double)(now.tv_nsec - d->started.tv_nsec) / 1e9;
    double due = (double)d->emitted / d->rows_per_second;
    if (due > elapsed) {
        double wait = due - elapsed;
        struct timespec ts = {(time_t)wait, (long)((wait - (double)(time_t)wait) * 1e9)};
        nanosleep(&ts, NULL);
    }
}

static int datagen_next(conn_source_t *s, row_t *row, arena_t *a, char *err, size_t errlen)
{
    datagen_source_t *d = (datagen_source_t *)s;
    const type_t *schema = s->table->schema;
    if (d->rows >= 0 && d->emitted >= d->rows) return 0;
    throttle(d);
    row->kind = ROW_INSERT;
    row->n = (uint32_t)schema->nfields;
    row->fields = arena_calloc(a, (size_t)schema->nfields, sizeof(value_t));
    for (int i = 0; i < schema->nfields; i++) {
        const datagen_field_t *f = &d->fields[i];
        const type_t *t = schema->fields[i].type;
        value_t *v = &row->fields[i];
        if (!catalog_column_is_physical(s->table, i)) {   /* computed: the inputs stage fills it */
            *v = value_null();
            continue;
        }
        if (f->sequence) {
            int64_t x = f->start + d->emitted;
            if (x > f->end) return 0;   /* a sequence ends the source when exhausted */
            switch (t->id) {
            case TYPE_CHAR:
            case TYPE_VARCHAR: {
                char *str = arena_alloc(a, 24);
                int n = snprintf(str, 24, "%" PRId64, x);
                v->u.str.ptr = str;
                v->u.str.len = (uint32_t)n;
                break;
            }
            case TYPE_FLOAT: v->u.f32 = (float)x; break;
            case TYPE_DOUBLE: v->u.f64 = (double)x; break;
            case TYPE_DECIMAL: {
                __int128 u = x;
                for (int k = 0; k < t->scale; k++) u *= 10;
                v->u.dec = u;
                break;
            }
            default: v->u.i64 = x;
            }
            continue;
        }
        double r = rng_unit(&d->rng);
        switch (t->id) {
        case TYPE_BOOLEAN: v->u.b = r < 0.5; break;
        case TYPE_TINYINT:
        case TYPE_SMALLINT:
        case TYPE_INT:
        case TYPE_BIGINT: v->u.i64 = (int64_t)(f->min + r * (f->max - f->min + 1)); break;
        case TYPE_FLOAT: v->u.f32 = (float)(f->min + r * (f->max - f->min)); break;
        case TYPE_DOUBLE: v->u.f64 = f->min + r * (f->max - f->min); break;
        case TYPE_DECIMAL: {
            double x = f->min + r * (f->max - f->min);
            for (int k = 0; k < t->scale; k++) x *= 10;
            v->u.dec = (__int128)x;
            break;
        }
        case TYPE_CHAR:
        case TYPE_VARCHAR:
        case TYPE_BINARY:
        case TYPE_VARBINARY: {
            char *str = arena_alloc(a, (size_t)f->length + 1);
            static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
            for (int k = 0; k < f->length; k++) str[k] = alphabet[rng_next(&d->rng) % 36];
            v->u.str.ptr = str;
            v->u.str.len = (uint32_t)f->length;
            break;
        }
        case TYPE_DATE: v->u.i64 = 19723 + (int64_t)(r * 365); break;   /* a day in 2024 */
        case TYPE_TIMESTAMP:
        case TYPE_TIMESTAMP_LTZ: {
            struct timespec now;
            clock_gettime(CLOCK_REALTIME, &now);
            v->u.ts.millis = (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
            break;
        }
        default: {
            char *tn = type_to_string(t);
            snprintf(err, errlen, "datagen table '%s': column '%s' of type %s cannot be generated; use a "
                                  "filesystem source for it", s->table->name, schema->fields[i].name, tn);
            free(tn);
            return -1;
        }
        }
    }
    d->emitted++;
    return 1;
}

static void datagen_close(conn_source_t *s)
{
    free(((datagen_source_t *)s)->fields);
    free(s);
}

static int parse_i64(const char *s, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end) return -1;
    *out = v;
    return 0;
}

static conn_source_t *datagen_open(const catalog_table_t *t, char *err, size_t errlen)
{
    if (conn_metadata_none(t, false, "DataGenTableSource", err, errlen) != 0) return NULL;
    datagen_source_t *d = calloc(1, sizeof *d);
    if (!d) abort();
    d->base.next = datagen_next;
    d->base.close = datagen_close;
    d->base.table = t;
    d->rows = -1;
    d->rng = 0x5eed;
    clock_gettime(CLOCK_MONOTONIC, &d->started);
    d->fields = calloc((size_t)t->schema->nfields + 1, sizeof *d->fields);
    const char *v;
    if ((v = catalog_table_option(t, "number-of-rows")) && (parse_i64(v, &d->rows) != 0 || d->rows < 0)) {
        snprintf(err, errlen, "table '%s': 'number-of-rows' must be an integer >= 0, got '%s'", t->name, v);
        goto fail;
    }
    if ((v = catalog_table_option(t, "rows-per-second"))) d->rows_per_second = atof(v);
    for (int i = 0; i < t->schema->nfields; i++) {
        datagen_field_t *f = &d->fields[i];
        const char *col = t->schema->fields[i].name;
        if (!catalog_column_is_physical(t, i)) continue;
        char key[512];
        f->min = 0;
        f->max = 2147483647.0;
        f->length = 100;
        f->start = 0;
        f->end = INT64_MAX;
        snprintf(key, sizeof key, "fields.%s.kind", col);
        if ((v = catalog_table_option(t, key))) {
            if (strcmp(v, "sequence") == 0) f->sequence = true;
            else if (strcmp(v, "random") != 0) {
                snprintf(err, errlen, "table '%s': '%s' must be 'sequence' or 'random', got '%s'", t->name, key, v);
                goto fail;
            }
        }
        snprintf(key, sizeof key, "fields.%s.start", col);
        if ((v = catalog_table_option(t, key)) && parse_i64(v, &f->start) != 0) goto bad_number;
        snprintf(key, sizeof key, "fields.%s.end", col);
        if ((v = catalog_table_option(t, key)) && parse_i64(v, &f->end) != 0) goto bad_number;
        snprintf(key, sizeof key, "fields.%s.min", col);
        if ((v = catalog_table_option(t, key))) f->min = atof(v);
        snprintf(key, sizeof key, "fields.%s.max", col);
        if ((v = catalog_table_option(t, key))) f->max = atof(v);
        snprintf(key, sizeof key, "fields.%s.length", col);
        if ((v = catalog_table_option(t, key))) f->length = atoi(v);
        if (f->sequence && !catalog_table_option(t, "number-of-rows") && f->end != INT64_MAX)
            d->rows = f->end - f->start + 1;
        if (!f->sequence && f->min > f->max) {
            snprintf(err, errlen, "table '%s': 'fields.%s.min' (%g) is greater than 'fields.%s.max' (%g)", t->name,
                     col, f->min, col, f->max);
            goto fail;
        }
        const type_t *ft = t->schema->fields[i].type;
        int64_t lo = ft->id == TYPE_TINYINT ? INT8_MIN : ft->id == TYPE_SMALLINT ? INT16_MIN
                   : ft->id == TYPE_INT ? INT32_MIN : INT64_MIN;
        int64_t hi = ft->id == TYPE_TINYINT ? INT8_MAX : ft->id == TYPE_SMALLINT ? INT16_MAX
                   : ft->id == TYPE_INT ? INT32_MAX : INT64_MAX;
        bool ranged = ft->id == TYPE_TINYINT || ft->id == TYPE_SMALLINT || ft->id == TYPE_INT;
        if (ranged && f->sequence && (f->start < lo || f->start > hi || (f->end != INT64_MAX && f->end > hi))) {
            snprintf(err, errlen, "table '%s': the sequence of column '%s' (%" PRId64 "..%" PRId64 ") does not fit "
                     "its type %s", t->name, col, f->start, f->end, type_id_name(ft->id));
            goto fail;
        }
        if (ranged && !f->sequence) {   /* random numbers stay within the type */
            if (f->max > (double)hi) f->max = (double)hi;
            if (f->min < (double)lo) f->min = (double)lo;
        }
        continue;
    bad_number:
        snprintf(err, errlen, "table '%s': '%s' must be an integer, got '%s'", t->name, key, v);
        goto fail;
    }
    return &d->base;
fail:
    datagen_close(&d->base);
    return NULL;
}

/* ---- filesystem ------------------------------------------------------------ */

typedef struct file_source {
    conn_source_t base;
    char **files;
    int nfiles, cur;
    FILE *f;
    long line;
    char *linebuf;
    size_t linecap;
    conn_format_t *format;
    /* A line may hold several records (a JSON array, a Debezium update): they
     * are decoded at once into line_arena and handed out one by one. */
    arena_t line_arena;
    row_t *rows;
    size_t nrows, next_row;
    conn_metadata_t meta;      /* file.path, file.name, file.size, file.modification-time */
    struct stat file_stat;     /* of the file being read */
} file_source_t;

/* Flink's FileSystemTableSource keys (in its listReadableMetadata order). */
enum { FILE_META_PATH, FILE_META_NAME, FILE_META_SIZE, FILE_META_MTIME };
static const conn_metadata_key_t file_metadata_keys[] = {
    {"file.path", "STRING NOT NULL"},
    {"file.name", "STRING NOT NULL"},
    {"file.size", "BIGINT NOT NULL"},
    {"file.modification-time", "TIMESTAMP_LTZ(3) NOT NULL"},
};
static const conn_metadata_offer_t file_metadata = {
    "Filesystem", "org.apache.flink.connector.file.table.FileSystemTableSource", file_metadata_keys, 4};

static value_t text_value(const char *s)
{
    value_t v = {0};
    v.u.str.ptr = s;
    v.u.str.len = (uint32_t)strlen(s);
    return v;
}

/* The file's absolute path (Flink's Path.getPath of the split), in a. */
static const char *absolute_path(const char *path, arena_t *a)
{
    char cwd[4096];
    if (path[0] == '/' || !getcwd(cwd, sizeof cwd)) return path;
    if (path[0] == '.' && path[1] == '/') path += 2;
    size_t n = strlen(cwd) + strlen(path) + 2;
    char *full = arena_alloc(a, n);
    snprintf(full, n, "%s/%s", cwd, path);
    return full;
}

/* The value of offered key k for the file being read. */
static value_t file_metadata_value(file_source_t *fs, int k)
{
    const char *path = fs->files[fs->cur], *slash = strrchr(path, '/');
    value_t v = {0};
    switch (k) {
    case FILE_META_PATH: return text_value(absolute_path(path, &fs->line_arena));
    case FILE_META_NAME: return text_value(slash ? slash + 1 : path);
    case FILE_META_SIZE: v.u.i64 = (int64_t)fs->file_stat.st_size; return v;
    default:
        v.u.ts.millis = (int64_t)fs->file_stat.st_mtim.tv_sec * 1000 + fs->file_stat.st_mtim.tv_nsec / 1000000;
        return v;
    }
}

/* The decoded rows (of the physical columns) as rows of the table, with the
 * metadata columns filled (computed ones stay NULL for the inputs stage). */
static void file_add_metadata(file_source_t *fs)
{
    const catalog_table_t *t = fs->base.table;
    for (size_t r = 0; r < fs->nrows; r++) {
        row_t full;
        conn_metadata_spread(t, catalog_column_is_physical, &fs->rows[r], &full, &fs->line_arena);
        for (int c = 0; c < t->schema->nfields; c++) {
            int k = conn_metadata_key_of(&fs->meta, c);
            if (k < 0) continue;
            value_t v = file_metadata_value(fs, k);
            full.fields[c] = conn_metadata_to_column(&fs->meta, c, &v, &fs->line_arena);
        }
        fs->rows[r] = full;
    }
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void add_file(file_source_t *fs, int *cap, char *path)
{
    if (fs->nfiles == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        fs->files = realloc(fs->files, (size_t)*cap * sizeof *fs->files);
        if (!fs->files) abort();
    }
    fs->files[fs->nfiles++] = path;
}

/* The files below folder path, sub-folders included (Flink's file source
 * enumerates recursively); depth bounds a symlink that loops back. */
static int list_folder(file_source_t *fs, const char *path, int *cap, int depth, char *err, size_t errlen)
{
    if (depth > 64) {
        snprintf(err, errlen, "table '%s': folder '%s' is nested more than 64 levels deep below the table's path "
                              "(a symbolic link that loops back?); point 'path' at a folder without such a link",
                 fs->base.table->name, path);
        return -1;
    }
    DIR *d = opendir(path);
    if (!d) {
        snprintf(err, errlen, "table '%s': cannot open folder '%s': %s", fs->base.table->name, path, strerror(errno));
        return -1;
    }
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(d))) {
        if (e->d_name[0] == '.' || e->d_name[0] == '_') continue;   /* also '.' and '..' */
        size_t n = strlen(path) + strlen(e->d_name) + 2;
        char *full = xmalloc(n);
        snprintf(full, n, "%s/%s", path, e->d_name);
        struct stat st;
        if (stat(full, &st) == 0 && S_ISREG(st.st_mode)) {
            add_file(fs, cap, full);
            continue;
        }
        if (stat(full, &st) == 0 && S_ISDIR(st.st_mode)) rc = list_folder(fs, full, cap, depth + 1, err, errlen);
        free(full);
    }
    closedir(d);
    return rc;
}

static int list_files(file_source_t *fs, const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, errlen, "table '%s': cannot read path '%s': %s", fs->base.table->name, path, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        fs->files = calloc(1, sizeof *fs->files);
        fs->files[0] = xstrdup(path);
        fs->nfiles = 1;
        return 0;
    }
    int cap = 0;
    if (list_folder(fs, path, &cap, 0, err, errlen) != 0) return -1;
    if (fs->nfiles > 1) qsort(fs->files, (size_t)fs->nfiles, sizeof *fs->files, cmp_str);   /* NULL if empty */
    return 0;
}

static int file_next(conn_source_t *s, row_t *row, arena_t *a, char *err, size_t errlen)
{
    (void)a;
    file_source_t *fs = (file_source_t *)s;
    for (;;) {
        if (fs->next_row < fs->nrows) {
            *row = fs->rows[fs->next_row++];
            return CONN_SRC_ROW;
        }
        if (!fs->f) {
            if (fs->cur >= fs->nfiles) return CONN_SRC_END;
            fs->f = fopen(fs->files[fs->cur], "rb");
            if (!fs->f) {
                snprintf(err, errlen, "table '%s': cannot read '%s': %s", s->table->name, fs->files[fs->cur],
                         strerror(errno));
                return CONN_SRC_ERROR;
            }
            outfile_unshared(fs->f);   /* the inputs' thread alone reads it */
            fs->line = 0;
            if (fs->meta.any && fstat(fileno(fs->f), &fs->file_stat) != 0)
                memset(&fs->file_stat, 0, sizeof fs->file_stat);
        }
        ssize_t n = getline(&fs->linebuf, &fs->linecap, fs->f);
        if (n < 0) {
            outfile_close(fs->f);
            fs->f = NULL;
            fs->cur++;
            continue;
        }
        fs->line++;
        while (n > 0 && (fs->linebuf[n - 1] == '\n' || fs->linebuf[n - 1] == '\r')) fs->linebuf[--n] = '\0';
        char *text = fs->linebuf;
        if (fs->line == 1 && n >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {   /* a UTF-8 BOM is not data */
            text += 3;
            n -= 3;
        }
        conn_where_t where = {fs->files[fs->cur], fs->line};
        bool skipped = false;
        arena_reset(&fs->line_arena);
        fs->nrows = fs->next_row = 0;
        if (conn_format_decode_rows(fs->format, text, (size_t)n, &where, &fs->rows, &fs->nrows, &skipped,
                                    &fs->line_arena, err, errlen) != 0)
            return CONN_SRC_ERROR;
        if (skipped) s->skipped++;
        if (fs->meta.any || catalog_table_physical(s->table) != s->table->schema) file_add_metadata(fs);
    }
}

static void file_close(conn_source_t *s)
{
    file_source_t *fs = (file_source_t *)s;
    if (fs->f) outfile_close(fs->f);
    for (int i = 0; i < fs->nfiles; i++) free(fs->files[i]);
    free(fs->files);
    free(fs->linebuf);
    conn_format_free(fs->format);
    arena_destroy(&fs->line_arena);
    conn_metadata_free(&fs->meta);
    free(fs);
}

static conn_source_t *file_open(const catalog_table_t *t, const char *base_dir, char *err, size_t errlen)
{
    const char *path = catalog_table_option(t, "path");
    if (!path) {
        snprintf(err, errlen, "table '%s': the filesystem connector needs a 'path' option, e.g. 'path' = "
                              "'data/clicks.json'", t->name);
        return NULL;
    }
    file_source_t *fs = calloc(1, sizeof *fs);
    if (!fs) abort();
    fs->base.next = file_next;
    fs->base.close = file_close;
    fs->base.table = t;
    arena_init(&fs->line_arena, 0);
    fs->format = conn_metadata_init(&fs->meta, t, false, &file_metadata, err, errlen) == 0
               ? conn_format_new(t, err, errlen) : NULL;
    char *full = conn_resolve_path(base_dir, path);
    int rc = fs->format ? list_files(fs, full, err, errlen) : -1;
    free(full);
    if (rc != 0) {
        file_close(&fs->base);
        return NULL;
    }
    return &fs->base;
}

conn_source_t *conn_source_open(const catalog_table_t *t, const char *base_dir, char *err, size_t errlen)
{
    if (t->has_events) {
        values_source_t *v = calloc(1, sizeof *v);
        if (!v) abort();
        v->base.next = events_next;
        v->base.close = plain_close;
        v->base.table = t;
        return &v->base;
    }
    if (t->is_values) {
        values_source_t *v = calloc(1, sizeof *v);
        if (!v) abort();
        v->base.next = values_next;
        v->base.close = plain_close;
        v->base.table = t;
        return &v->base;
    }
    const char *connector = catalog_table_option(t, "connector");
    if (!connector) {
        snprintf(err, errlen, "Table options do not contain an option key 'connector' for discovering a connector. "
                              "Therefore, Flink assumes a managed table. However, a managed table factory that "
                              "implements org.apache.flink.table.factories.ManagedTableFactory is not in the "
                              "classpath. (table '%s': add WITH ('connector' = 'filesystem', 'path' = '...', "
                              "'format' = 'json'))", t->name);
        return NULL;
    }
    if (conn_options_validate(t, err, errlen) != 0) return NULL;
    if (strcmp(connector, "filesystem") == 0) return file_open(t, base_dir, err, errlen);
    if (strcmp(connector, "datagen") == 0) return datagen_open(t, err, errlen);
    if (strcmp(connector, CONN_EXAMPLES_CONNECTOR) == 0) return conn_examples_open(t, err, errlen);
    if (strcmp(connector, "kafka") == 0 || strcmp(connector, "upsert-kafka") == 0)
        return conn_kafka_source_open(t, strcmp(connector, "upsert-kafka") == 0, err, errlen);
    if (strcmp(connector, "print") == 0 || strcmp(connector, "blackhole") == 0) {
        snprintf(err, errlen, "Connector '%s' can only be used as sink. It cannot be used as source. (table '%s')",
                 connector, t->name);
        return NULL;
    }
    snprintf(err, errlen, "Could not find any factory for identifier '%s' that implements "
                          "'org.apache.flink.table.factories.DynamicTableFactory' in the classpath.\n\n"
                          "Available factory identifiers are:\n\nblackhole\ndatagen\nfilesystem\nkafka\nprint\n"
                          "upsert-kafka\n"
                          "(table '%s')", connector, t->name);
    return NULL;
}
