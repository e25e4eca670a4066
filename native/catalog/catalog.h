/* catalog.h - what a SQL script has declared so far: tables, views,
 * functions, added JARs and SET options ("catalog_").
 *
 * Names are case-sensitive, as in Flink. The catalog owns everything in it
 * (malloc); entries are freed by catalog_free or when dropped. */
#ifndef PTF_CATALOG_H
#define PTF_CATALOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "types/types.h"
#include "types/value.h"
#include "util/arena.h"

typedef struct catalog_option {
    char *key, *value;
} catalog_option_t;

/* Test events that replace a table's connector (ptfhost test): rows with
 * their kinds, explicit watermarks and processing-time advances, in order. */
typedef enum catalog_event_kind {
    CATALOG_EVENT_ROW = 1,
    CATALOG_EVENT_WATERMARK = 2,      /* time = the watermark (epoch ms) */
    CATALOG_EVENT_PROCTIME = 3,       /* time = the new processing time (epoch ms) */
} catalog_event_kind_t;

typedef struct catalog_event {
    catalog_event_kind_t kind;
    row_t row;                        /* ROW: values in the table's arena */
    int64_t time;
    int line;                         /* where the event was written, for messages */
} catalog_event_t;

/* A column that is not physical (not read from the record's payload): one
 * whose value the connector supplies (`name TYPE METADATA [FROM 'key']
 * [VIRTUAL]`), or a computed column (`name AS expr`), evaluated over the
 * other columns after the source has read a row (engine/inputs.c). */
typedef struct catalog_metadata {
    char *key;                   /* the metadata key (FROM 'key', else the column name); NULL: not metadata */
    bool is_virtual;             /* read-only: left out of an INSERT's sink row */
    char *expr;                  /* computed: the expression's SQL text; NULL: not computed */
    bool key_declared;           /* FROM 'key' was written (SHOW CREATE and DESCRIBE print it, as Flink) */
} catalog_metadata_t;

typedef struct catalog_table {
    char *name;
    type_t *schema;              /* ROW<...> of every column, in declared order */
    /* Per schema column up to the last non-physical (METADATA or computed)
     * column, else NULL. The physical row (what formats read and write), the
     * source row (what a source delivers and computed columns read: physical
     * and METADATA columns) and the persisted row (what an INSERT writes:
     * without VIRTUAL and computed columns) are derived from it by
     * catalog_add_table; all equal schema when the array is NULL. */
    catalog_metadata_t *metadata;
    int nmetadata;               /* entries in metadata (columns after them are physical) */
    type_t *physical, *persisted, *source_row;
    int watermark_col;           /* -1 = no WATERMARK */
    int64_t watermark_delay_ms;  /* WATERMARK FOR c AS c - INTERVAL ... */
    int npk;
    int *pk;                     /* PRIMARY KEY column indexes */
    int nopts;
    catalog_option_t *opts;
    bool temporary;
    /* A view over literal rows (CREATE VIEW v AS SELECT * FROM (VALUES ...)). */
    bool is_values;
    row_t *rows;
    size_t nrows;
    arena_t arena;               /* rows' values */
    int line;                    /* where it was declared (1-based), for messages */
    char *file;
    /* When set, the table reads these events instead of its connector. Rows
     * without an explicit watermark still get the per-row watermark of the
     * table's WATERMARK declaration. */
    bool has_events;
    catalog_event_t *events;
    size_t nevents;
    /* A view over a query (CREATE VIEW v AS SELECT ... FROM f(...), or a WITH
     * item): run on first use, its output (rows and the watermarks the
     * upstream operator forwarded) becomes the table's events. The query and
     * its script are borrowed from the script being run. */
    const struct sqlp_query *view_query;
    const struct sqlp_script *view_script;
    bool explicit_watermarks;    /* watermarks come as events, not from rows */
    /* What SHOW CREATE TABLE prints beyond columns, key and options (from
     * the DDL; all NULL / 0 when not given). Owned by the table. */
    char *comment;               /* the table's COMMENT */
    char **column_comments;      /* per schema column, NULL entries for none; NULL: no comments */
    int ncolumn_comments;
    char *watermark_sql;         /* the WATERMARK expression as Flink prints it (catalog_watermark_sql) */
    char *pk_name;               /* CONSTRAINT name; NULL: Flink's default PK_<col>_<col> */
    char *distribution;          /* DISTRIBUTED BY ... as Flink prints it */
    char **partition_keys;       /* PARTITIONED BY (...) */
    int npartition_keys;
    char *view_sql;              /* a view (CREATE VIEW): its query's text; NULL: a table */
} catalog_table_t;

typedef struct catalog_function {
    char *name;
    char *class_name;
    char **jars;                 /* absolute paths */
    int njars;
    bool temporary;
    bool system;
} catalog_function_t;

typedef struct catalog {
    catalog_table_t **tables;
    int ntables, captables;
    catalog_function_t **functions;
    int nfunctions, capfunctions;
    char **jars;                 /* ADD JAR, absolute paths */
    int njars, capjars;
    catalog_option_t *config;    /* SET 'k' = 'v' */
    int nconfig, capconfig;
    struct catalog_names *names; /* catalogs, databases, the current ones (catalog_names.h); NULL: built-in only */
} catalog_t;

void catalog_init(catalog_t *c);
void catalog_free(catalog_t *c);

catalog_table_t *catalog_table_new(const char *name);   /* not yet added */
void catalog_table_free(catalog_table_t *t);
const char *catalog_table_option(const catalog_table_t *t, const char *key);  /* NULL if unset */
/* Marks schema column col as METADATA (key copied). */
void catalog_table_set_metadata(catalog_table_t *t, int col, const char *key, bool is_virtual);
/* Marks schema column col as computed (`name AS expr`; the len bytes of SQL
 * text copied). */
void catalog_table_set_computed(catalog_table_t *t, int col, const char *expr_sql, size_t len);
bool catalog_column_is_metadata(const catalog_table_t *t, int col);
bool catalog_column_is_computed(const catalog_table_t *t, int col);
bool catalog_column_is_physical(const catalog_table_t *t, int col);   /* read from the payload */
bool catalog_column_is_persisted(const catalog_table_t *t, int col);  /* part of an INSERT's sink row */
bool catalog_column_is_sourced(const catalog_table_t *t, int col);    /* delivered by a source: not computed */
bool catalog_table_has_computed(const catalog_table_t *t);
/* The ROW of the physical columns, of the persisted ones, and of the
 * sourced ones (borrowed). */
const type_t *catalog_table_physical(const catalog_table_t *t);
const type_t *catalog_table_persisted(const catalog_table_t *t);
const type_t *catalog_table_source_row(const catalog_table_t *t);

/* Takes ownership (deriving the physical and persisted rows); -1 if a table
 * or view of that name exists. */
int catalog_add_table(catalog_t *c, catalog_table_t *t);
catalog_table_t *catalog_find_table(const catalog_t *c, const char *name);
int catalog_drop_table(catalog_t *c, const char *name);   /* 0 dropped, -1 absent */

/* Replaces the table's input by events (copied into the table's arena). */
void catalog_table_set_events(catalog_table_t *t, const catalog_event_t *events, size_t n);

int catalog_add_function(catalog_t *c, catalog_function_t *f);   /* takes ownership; -1 if exists */
catalog_function_t *catalog_find_function(const catalog_t *c, const char *name);
int catalog_drop_function(catalog_t *c, const char *name);
void catalog_function_free(catalog_function_t *f);

void catalog_add_jar(catalog_t *c, const char *abs_path);
void catalog_set(catalog_t *c, const char *key, const char *value);
void catalog_reset(catalog_t *c, const char *key);        /* NULL = all */
const char *catalog_get(const catalog_t *c, const char *key);  /* NULL if unset */

/* ---- SHOW CREATE TABLE (catalog_ddl.c) ------------------------------------- */

/* Flink's SHOW CREATE TABLE text (ShowCreateUtil.buildShowCreateTableRow)
 * of t under the qualified name catalog.database.object: backquoted names,
 * each column's serializable type with its METADATA / AS / COMMENT extras,
 * the WATERMARK, the PRIMARY KEY constraint, then COMMENT, DISTRIBUTED BY,
 * PARTITIONED BY and the WITH options sorted by key, every line ending in
 * a newline. Caller frees. */
char *catalog_show_create_table(const catalog_table_t *t, const char *catalog, const char *database,
                                const char *object);

/* Flink's SHOW CREATE VIEW text (buildShowCreateViewRow): the view's column
 * names, its COMMENT, then AS and the query (as written: Flink prints the
 * query Calcite expanded). Caller frees. */
char *catalog_show_create_view(const catalog_table_t *t, const char *catalog, const char *database,
                               const char *object);

/* ObjectIdentifier.asSerializableString: `catalog`.`database`.`object`. Caller frees. */
char *catalog_serializable_identifier(const char *catalog, const char *database, const char *object);

/* An expression's SQL text as Flink prints it in DDL (Calcite's unparse of
 * simple expressions): t's column names in backquotes, other words upper
 * case, a space around binary operators and after commas, plural interval
 * units singular (SECONDS -> SECOND). Caller frees. */
char *catalog_expr_sql(const catalog_table_t *t, const char *text, size_t len);

/* TableDistribution.toString: DISTRIBUTED BY HASH(`a`) INTO 4 BUCKETS; kind
 * NULL for DISTRIBUTED BY (`a`), buckets -1 for none. Caller frees. */
char *catalog_distribution_sql(const char *kind, const char *const *cols, int n, int64_t buckets);

#endif
