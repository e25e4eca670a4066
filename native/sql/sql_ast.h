/* sql_ast.h - the syntax tree of a ptfhost SQL script.
 *
 * What the parser (sql.h) produces and the planner consumes. The tree only
 * says what was written: names are not resolved, types are not parsed (a
 * column's or CAST's type is kept as its exact source text, for
 * type_parse_n() in types/types.h), literals keep their spelling.
 *
 * Every node carries the position where it starts (sqlp_pos_t) so that later
 * stages can report errors at the right line:column with
 * sqlp_format_error().
 *
 * Ownership: the whole tree, including every string in it, lives in the arena
 * given to sqlp_parse_script() and dies with it. All strings are
 * NUL-terminated. Arrays come with their count; an absent optional part is
 * NULL (pointers) or 0 (counts). The tree is read-only after parsing. */
#ifndef PTF_SQL_AST_H
#define PTF_SQL_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct sqlp_pos {
    int line;        /* 1-based */
    int col;         /* 1-based, counted in characters (UTF-8 code points); a tab counts 1 */
    size_t offset;   /* byte offset into the script text */
} sqlp_pos_t;

/* An identifier. Flink resolves names case-sensitively, so `name` is exactly
 * what was written (backtick-quoted identifiers are unescaped: `a``b` -> a`b). */
typedef struct sqlp_ident {
    const char *name;
    bool quoted;
    sqlp_pos_t pos;
} sqlp_ident_t;

/* A possibly qualified name: t, db.t, catalog.db.t (parts in order). */
typedef struct sqlp_name {
    int nparts;                /* >= 1 */
    sqlp_ident_t *parts;
    sqlp_pos_t pos;            /* of the first part */
} sqlp_name_t;

/* A string literal, unescaped ('it''s' -> it's). */
typedef struct sqlp_str {
    const char *value;
    sqlp_pos_t pos;            /* of the opening quote */
} sqlp_str_t;

/* An exact slice of the source (a column type, a computed column's
 * expression). `pos` is where the slice starts; sqlp_pos_advance() maps an
 * offset inside the slice (e.g. a type-parser error position) back to the
 * script's line:column. */
typedef struct sqlp_text {
    const char *text;
    size_t len;
    sqlp_pos_t pos;
} sqlp_text_t;

/* ---- expressions ------------------------------------------------------- */

typedef struct sqlp_expr sqlp_expr_t;
typedef struct sqlp_query sqlp_query_t;

typedef enum sqlp_expr_kind {
    SQLP_E_LITERAL,
    SQLP_E_COLUMN,      /* a, t.a, t.a.field: `name` */
    SQLP_E_STAR,        /* * or t.*: `name` is the qualifier or NULL; also COUNT(*)'s argument */
    SQLP_E_UNARY,       /* op, `a`: -x, +x, NOT x, x IS [NOT] NULL/TRUE/FALSE/UNKNOWN */
    SQLP_E_BINARY,      /* op, `a`, `b` */
    SQLP_E_BETWEEN,     /* a [NOT] BETWEEN b AND c */
    SQLP_E_IN,          /* a [NOT] IN (list) */
    SQLP_E_LIKE,        /* a [NOT] LIKE b [ESCAPE c] */
    SQLP_E_CALL,        /* f(args), also a PTF call in FROM */
    SQLP_E_CAST,        /* CAST(a AS type) / TRY_CAST */
    SQLP_E_CASE,
    SQLP_E_ARRAY,       /* ARRAY[list] */
    SQLP_E_MAP,         /* MAP[k1, v1, k2, v2, ...]: list holds keys and values alternately */
    SQLP_E_ROW,         /* ROW(list) */
    SQLP_E_ITEM,        /* a[b] */
    SQLP_E_SYMBOL,      /* a keyword argument of a special function: EXTRACT(DAY FROM x) -> DAY */
    SQLP_E_DESCRIPTOR,  /* DESCRIPTOR(c1, c2): `cols` */
    SQLP_E_DEFAULT,     /* DEFAULT (only as a call argument) */
    SQLP_E_TABLE_ARG,   /* TABLE t [PARTITION BY ..] [ORDER BY ..] (only as a call argument) */
} sqlp_expr_kind_t;

typedef enum sqlp_op {
    /* unary */
    SQLP_OP_NEG, SQLP_OP_PLUS, SQLP_OP_NOT,
    SQLP_OP_IS_NULL, SQLP_OP_IS_NOT_NULL, SQLP_OP_IS_TRUE, SQLP_OP_IS_NOT_TRUE,
    SQLP_OP_IS_FALSE, SQLP_OP_IS_NOT_FALSE, SQLP_OP_IS_UNKNOWN, SQLP_OP_IS_NOT_UNKNOWN,
    /* binary */
    SQLP_OP_MUL, SQLP_OP_DIV, SQLP_OP_MOD, SQLP_OP_CONCAT, SQLP_OP_ADD, SQLP_OP_SUB,
    SQLP_OP_EQ, SQLP_OP_NE, SQLP_OP_LT, SQLP_OP_LE, SQLP_OP_GT, SQLP_OP_GE,
    SQLP_OP_IS_DISTINCT_FROM, SQLP_OP_IS_NOT_DISTINCT_FROM,
    SQLP_OP_AND, SQLP_OP_OR,
} sqlp_op_t;

typedef enum sqlp_lit_kind {
    SQLP_LIT_NULL,
    SQLP_LIT_BOOL,        /* `b` */
    SQLP_LIT_INTEGER,     /* 42, -7: `text`; `i` when `fits_int64` */
    SQLP_LIT_DECIMAL,     /* 1.50, -.5: `text` (exact; Flink types it DECIMAL(p, s)); `d` approximates */
    SQLP_LIT_DOUBLE,      /* 1.0E3: `text`, `d` */
    SQLP_LIT_STRING,      /* `text` is the unescaped value */
    SQLP_LIT_BINARY,      /* X'0aFF': `text` is the hex digits as written */
    SQLP_LIT_DATE,        /* DATE '2024-01-31': `text` is the string's content, unchecked */
    SQLP_LIT_TIME,        /* TIME '12:00:00' */
    SQLP_LIT_TIMESTAMP,   /* TIMESTAMP '2024-01-31 12:00:00.000' */
    SQLP_LIT_TIMESTAMP_LTZ, /* TIMESTAMP WITH LOCAL TIME ZONE '...' */
    SQLP_LIT_INTERVAL,    /* `interval` (value checked and converted); `text` is the literal's source */
} sqlp_lit_kind_t;

typedef enum sqlp_time_unit {
    SQLP_UNIT_YEAR, SQLP_UNIT_QUARTER, SQLP_UNIT_MONTH, SQLP_UNIT_WEEK, SQLP_UNIT_DAY,
    SQLP_UNIT_HOUR, SQLP_UNIT_MINUTE, SQLP_UNIT_SECOND, SQLP_UNIT_MILLISECOND,
} sqlp_time_unit_t;

/* INTERVAL 'string' start [TO end]. Year-month intervals (YEAR, QUARTER,
 * MONTH) count months, all others milliseconds; the sign is applied. */
typedef struct sqlp_interval {
    sqlp_time_unit_t start, end;   /* end == start without TO */
    bool year_month;
    int64_t value;                 /* months if year_month, else milliseconds */
    const char *string;            /* the literal's string, as written inside the quotes */
} sqlp_interval_t;

typedef struct sqlp_literal {
    sqlp_lit_kind_t kind;
    const char *text;      /* see sqlp_lit_kind_t; "NULL"/"TRUE"/"FALSE" for those */
    bool b;
    bool fits_int64;
    int64_t i;
    double d;
    sqlp_interval_t interval;
} sqlp_literal_t;

typedef struct sqlp_arg {
    sqlp_ident_t *name;    /* `name => value`, or NULL when positional */
    sqlp_expr_t *value;
} sqlp_arg_t;

typedef struct sqlp_order_item {
    sqlp_ident_t col;
    bool desc;             /* ASC is the default */
    int nulls;             /* 0 unspecified, 1 NULLS FIRST, 2 NULLS LAST */
} sqlp_order_item_t;

/* A table argument of a PTF call. Exactly one of `table` / `query` is set. */
typedef struct sqlp_table_arg {
    sqlp_name_t *table;            /* TABLE t */
    sqlp_query_t *query;           /* (SELECT ...) */
    int npartition;                /* 0 = no PARTITION BY */
    sqlp_ident_t *partition_by;
    sqlp_pos_t partition_pos;      /* of the PARTITION keyword */
    int norder;                    /* 0 = no ORDER BY */
    sqlp_order_item_t *order_by;
    sqlp_pos_t order_pos;          /* of the ORDER keyword */
} sqlp_table_arg_t;

/* OVER ([PARTITION BY cols] [ORDER BY col [ASC|DESC], ...]) of ROW_NUMBER();
 * the parser rejects OVER on any other function. */
typedef struct sqlp_over {
    int npartition;
    sqlp_ident_t *partition_by;
    int norder;
    sqlp_order_item_t *order_by;
    sqlp_pos_t pos;                /* of the OVER keyword */
} sqlp_over_t;

typedef struct sqlp_when {
    sqlp_expr_t *when, *then;
} sqlp_when_t;

struct sqlp_expr {
    sqlp_expr_kind_t kind;
    sqlp_pos_t pos;        /* where the expression starts */
    size_t end;            /* byte offset just past its last character */
    union {
        sqlp_literal_t lit;                                    /* LITERAL */
        sqlp_name_t name;                                      /* COLUMN, STAR (nparts 0 for plain *) */
        struct { sqlp_op_t op; sqlp_pos_t op_pos; sqlp_expr_t *a, *b; } op; /* UNARY (b NULL), BINARY */
        struct { sqlp_expr_t *a, *low, *high; bool negated; } between;
        struct { sqlp_expr_t *a; int n; sqlp_expr_t **list; bool negated; } in;
        struct { sqlp_expr_t *a, *pattern, *escape; bool negated; } like;
        struct {
            sqlp_name_t name;
            int nargs;
            sqlp_arg_t *args;
            bool distinct;     /* COUNT(DISTINCT x) */
            bool niladic;      /* CURRENT_TIMESTAMP without parentheses */
            struct sqlp_over *over; /* ROW_NUMBER() OVER (...), else NULL */
        } call;
        struct { sqlp_expr_t *a; sqlp_text_t type; bool try_cast; } cast;
        struct { sqlp_expr_t *operand; int nwhen; sqlp_when_t *whens; sqlp_expr_t *else_; } case_;
        struct { int n; sqlp_expr_t **items; } list;           /* ARRAY, MAP, ROW */
        struct { sqlp_expr_t *a, *index; bool dot; } item;    /* dot: a.field after a[i]; index: 'field' */
        const char *symbol;                                    /* SYMBOL, upper case */
        struct { int n; sqlp_ident_t *cols; } descriptor;
        sqlp_table_arg_t table;                                /* TABLE_ARG */
    } u;
};

/* ---- queries ----------------------------------------------------------- */

typedef struct sqlp_with_item {
    sqlp_ident_t name;
    int ncols;                 /* WITH name (a, b) AS (...) */
    sqlp_ident_t *cols;
    sqlp_query_t *query;
} sqlp_with_item_t;

typedef struct sqlp_select_item {
    sqlp_expr_t *expr;         /* SQLP_E_STAR for * and t.* */
    sqlp_ident_t *alias;       /* NULL if none */
} sqlp_select_item_t;

typedef enum sqlp_from_kind {
    SQLP_FROM_TABLE,           /* t, db.t, catalog.db.t: `table` */
    SQLP_FROM_SUBQUERY,        /* (query): `query`; (VALUES ...) is a subquery whose query is SQLP_Q_VALUES */
    SQLP_FROM_CALL,            /* f(args) or TABLE(f(args)): `call` is SQLP_E_CALL */
} sqlp_from_kind_t;

typedef struct sqlp_from {
    sqlp_from_kind_t kind;
    sqlp_pos_t pos;
    sqlp_name_t *table;
    sqlp_query_t *query;
    sqlp_expr_t *call;
    sqlp_ident_t *alias;       /* [AS] alias */
    int ncol_aliases;          /* [AS] alias (c1, c2) */
    sqlp_ident_t *col_aliases;
} sqlp_from_t;

typedef struct sqlp_row {
    int n;
    sqlp_expr_t **items;
    sqlp_pos_t pos;
} sqlp_row_t;

typedef enum sqlp_query_kind { SQLP_Q_SELECT, SQLP_Q_VALUES } sqlp_query_kind_t;

/* SELECT items [FROM from] [WHERE where] [GROUP BY ..] [HAVING ..], or VALUES
 * rows; optionally preceded by WITH, optionally followed by UNION ALL
 * branches. Features ptfhost does not run (joins, ORDER BY, other set
 * operations, ...) are rejected by the parser, so they have no fields here. */
struct sqlp_query {
    sqlp_query_kind_t kind;
    sqlp_pos_t pos;
    size_t end;                /* byte offset just past the query */
    int nwith;
    sqlp_with_item_t *with;
    /* SQLP_Q_SELECT */
    int nitems;
    sqlp_select_item_t *items;
    sqlp_from_t *from;         /* NULL for SELECT without FROM (SELECT 1) */
    sqlp_expr_t *where;        /* NULL if none */
    /* SQLP_Q_VALUES */
    int nrows;
    sqlp_row_t *rows;
    /* SQLP_Q_SELECT: GROUP BY items (0 = none) and HAVING (NULL if none) */
    int ngroup;
    sqlp_expr_t **group_by;
    sqlp_pos_t group_pos;      /* of the GROUP keyword */
    sqlp_expr_t *having;
    /* q UNION ALL next UNION ALL ...: the next branch (its union_pos is where
     * its UNION keyword is), NULL after the last; the chain's first query
     * holds the WITH items of the whole. */
    sqlp_query_t *union_all;
    sqlp_pos_t union_pos;
};

/* ---- statements -------------------------------------------------------- */

typedef enum sqlp_column_kind {
    SQLP_COL_PHYSICAL,         /* name TYPE */
    SQLP_COL_COMPUTED,         /* name AS expr */
    SQLP_COL_METADATA,         /* name TYPE METADATA [FROM 'key'] [VIRTUAL] */
} sqlp_column_kind_t;

typedef struct sqlp_column {
    sqlp_column_kind_t kind;
    sqlp_ident_t name;
    sqlp_text_t type;          /* PHYSICAL, METADATA: the type's source, e.g. "INT NOT NULL" */
    sqlp_expr_t *expr;         /* COMPUTED */
    sqlp_text_t expr_text;     /* COMPUTED: the expression's source */
    sqlp_str_t *metadata_key;  /* METADATA FROM 'key', else NULL (the key is the column name) */
    bool is_virtual;           /* METADATA ... VIRTUAL */
    bool primary_key;          /* declared inline: name TYPE PRIMARY KEY NOT ENFORCED */
    sqlp_str_t *comment;
} sqlp_column_t;

/* WATERMARK FOR column AS expr. ptfhost supports `ts` and
 * `ts - INTERVAL 'n' unit [- INTERVAL ...]` (the parser rejects other
 * forms): `source` is the column the expression reads, `delay_ms` the sum of
 * the subtracted intervals. */
typedef struct sqlp_watermark {
    sqlp_ident_t column;       /* the rowtime column (FOR column) */
    sqlp_expr_t *expr;
    sqlp_text_t expr_text;
    sqlp_ident_t source;
    int64_t delay_ms;          /* >= 0 */
    sqlp_pos_t pos;            /* of the WATERMARK keyword */
} sqlp_watermark_t;

typedef struct sqlp_option {
    sqlp_str_t key, value;
} sqlp_option_t;

typedef struct sqlp_create_table {
    bool temporary, if_not_exists;
    sqlp_name_t name;
    int ncols;
    sqlp_column_t *cols;
    sqlp_watermark_t *watermark;   /* NULL if none (Flink allows one) */
    int npk;                       /* primary key columns, from PRIMARY KEY (..) or an inline PRIMARY KEY */
    sqlp_ident_t *pk;
    sqlp_pos_t pk_pos;
    sqlp_str_t *comment;
    int ndist;                     /* DISTRIBUTED BY [HASH|RANGE] (cols) [INTO n BUCKETS] */
    sqlp_ident_t *dist_cols;
    const char *dist_kind;         /* "HASH", "RANGE" or NULL */
    int64_t dist_buckets;          /* -1 if not given */
    int npartitioned;              /* PARTITIONED BY (cols) */
    sqlp_ident_t *partitioned_by;
    int noptions;                  /* WITH ('k' = 'v', ...) in order; keys may repeat (the planner decides) */
    sqlp_option_t *options;
    const char *pk_constraint;     /* CONSTRAINT name of the primary key; NULL if not named */
} sqlp_create_table_t;

typedef struct sqlp_create_view {
    bool temporary, if_not_exists;
    sqlp_name_t name;
    int ncols;
    sqlp_ident_t *cols;
    sqlp_str_t *comment;
    sqlp_query_t *query;
    sqlp_text_t query_text;
} sqlp_create_view_t;

typedef struct sqlp_create_function {
    bool temporary, system, if_not_exists;
    sqlp_name_t name;
    sqlp_str_t class_name;
    const char *language;          /* "JAVA" (default), "SCALA" or "PYTHON", upper case */
    sqlp_pos_t language_pos;       /* of the word after LANGUAGE, or of the class name without LANGUAGE */
    int njars;                     /* USING JAR 'a' [, JAR 'b'] */
    sqlp_str_t *jars;
} sqlp_create_function_t;

typedef struct sqlp_drop {         /* DROP TABLE / VIEW / FUNCTION / DATABASE / CATALOG */
    bool temporary, system, if_exists;
    sqlp_name_t name;
    bool cascade;                  /* DROP DATABASE ... CASCADE (RESTRICT is the default) */
} sqlp_drop_t;

typedef enum sqlp_show_kind {
    SQLP_SHOW_TABLES, SQLP_SHOW_FUNCTIONS, SQLP_SHOW_USER_FUNCTIONS,
    SQLP_SHOW_CATALOGS, SQLP_SHOW_DATABASES, SQLP_SHOW_CURRENT_CATALOG, SQLP_SHOW_CURRENT_DATABASE,
    SQLP_SHOW_CREATE_TABLE,
    SQLP_SHOW_CREATE_VIEW,
} sqlp_show_kind_t;

typedef struct sqlp_show {
    sqlp_show_kind_t what;
    sqlp_str_t *like;              /* [NOT] LIKE|ILIKE 'pattern', else NULL */
    bool not_like, ilike;
    sqlp_name_t name;              /* SHOW CREATE TABLE name */
} sqlp_show_t;

typedef struct sqlp_insert {
    sqlp_name_t table;
    int ncols;
    sqlp_ident_t *cols;
    sqlp_query_t *query;
} sqlp_insert_t;

typedef struct sqlp_stmt sqlp_stmt_t;

typedef enum sqlp_stmt_kind {
    SQLP_STMT_CREATE_TABLE,
    SQLP_STMT_CREATE_VIEW,
    SQLP_STMT_CREATE_FUNCTION,
    SQLP_STMT_DROP_TABLE,
    SQLP_STMT_DROP_VIEW,
    SQLP_STMT_DROP_FUNCTION,
    SQLP_STMT_ADD_JAR,
    SQLP_STMT_SHOW,
    SQLP_STMT_DESCRIBE,
    SQLP_STMT_SET,
    SQLP_STMT_RESET,
    SQLP_STMT_USE,
    SQLP_STMT_USE_CATALOG,
    SQLP_STMT_QUERY,
    SQLP_STMT_INSERT,
    SQLP_STMT_STATEMENT_SET,       /* EXECUTE STATEMENT SET BEGIN ...; END, or BEGIN STATEMENT SET; ...; END */
    SQLP_STMT_CREATE_CATALOG,      /* sql_parse_ddl.c */
    SQLP_STMT_CREATE_DATABASE,
    SQLP_STMT_DROP_CATALOG,        /* `drop` */
    SQLP_STMT_DROP_DATABASE,       /* `drop` */
} sqlp_stmt_kind_t;

/* CREATE CATALOG [IF NOT EXISTS] c WITH (...), CREATE DATABASE [IF NOT
 * EXISTS] [c.]db [COMMENT '...'] [WITH (...)]. */
typedef struct sqlp_create_catalog {
    bool if_not_exists;
    sqlp_name_t name;
    sqlp_str_t *comment;
    int noptions;
    sqlp_option_t *options;
} sqlp_create_catalog_t;

struct sqlp_stmt {
    sqlp_stmt_kind_t kind;
    sqlp_text_t text;              /* the statement's source, without the closing ';' */
    union {
        sqlp_create_table_t create_table;
        sqlp_create_view_t create_view;
        sqlp_create_function_t create_function;
        sqlp_drop_t drop;                                   /* DROP_TABLE, DROP_VIEW, DROP_FUNCTION */
        sqlp_str_t add_jar;                                 /* the path */
        sqlp_show_t show;
        struct { sqlp_name_t name; bool extended; } describe;
        struct { sqlp_str_t *key, *value; } set;            /* both NULL for a bare SET */
        sqlp_str_t *reset_key;                              /* NULL for a bare RESET */
        sqlp_name_t use;                                    /* USE [catalog.]db, USE CATALOG c */
        sqlp_query_t *query;
        sqlp_insert_t insert;
        struct { int n; sqlp_stmt_t **inserts; } statement_set; /* each SQLP_STMT_INSERT */
        sqlp_create_catalog_t create_catalog;               /* CREATE_CATALOG, CREATE_DATABASE */
    } u;
};

typedef struct sqlp_script {
    const char *filename;          /* as given, may be NULL */
    const char *text;              /* the script (a copy in the arena) */
    size_t len;
    int nstmts;
    sqlp_stmt_t **stmts;
} sqlp_script_t;

#endif
