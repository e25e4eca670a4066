/* tcase.h - compatibility case files for 'ptfhost test' ("tcase_").
 *
 * A case file (*.case in the text form, *.case.json in the JSON form; both in
 * docs/test-cases.md) holds one or more cases:
 * SQL, per-table input events and the expected output (a changelog, the
 * materialised table, or an error). This module parses case files
 * (tcase_parse.c), compares actual output with an expectation and renders the
 * difference (tcase_compare.c), rewrites expectations for --update
 * (tcase_update.c), writes JUnit XML (tcase_junit.c) and runs a case through
 * the SQL session (tcase_run.c), feeding its tables their input events
 * (tcase_events.h), seeding its PTF calls from '-- state' sections
 * (tcase_seed.h) and rendering their state for --dump-state (tcase_dump.h).
 *
 * Ownership: a tcase_file_t owns everything reachable from it (malloc);
 * tcase_file_free releases it. Nothing here is thread-safe. Errors are
 * returned as -1 with "file:line: message" in the caller's buffer. */
#ifndef PTF_TCASE_H
#define PTF_TCASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util/buf.h"

#define TCASE_MAX_VERSIONS 3
extern const char *const tcase_versions[TCASE_MAX_VERSIONS];   /* "2.1", "2.2", "2.3" */
#define TCASE_DEFAULT_VERSION "2.3"

typedef enum tcase_order {
    TCASE_ORDER_EXACT = 0,     /* rows in the same order */
    TCASE_ORDER_PER_KEY,       /* rows of each key in the same order; keys interleave freely */
    TCASE_ORDER_MULTISET,      /* the same rows, any order (Flink's own tests) */
} tcase_order_t;

/* One line of an expectation with where it was written. */
typedef struct tcase_line {
    char *text;
    int line;
} tcase_line_t;

typedef struct tcase_expect {
    int line;                  /* the header line */
    unsigned versions;         /* bit i = tcase_versions[i]; 0 = every version without its own section */
    bool error;                /* '-- expected error': rows are substrings of the message */
    bool materialized;         /* the final table instead of the changelog */
    tcase_order_t order;
    char **keys;               /* per-key: columns as written (1-based positions or names) */
    int nkeys;
    tcase_line_t *rows;        /* blank and '#' lines are not rows */
    int nrows;
    /* The body in the file text, for --update: from the line after the
     * header to the end of the last non-blank line of the section (JSON: the
     * "rows" array, from '[' to after ']'). */
    size_t body_start, body_end;
} tcase_expect_t;

typedef struct tcase_input {
    char *table;
    int line;
    char *events_json;         /* a JSON array in tcase_events.h's form */
    int nevents;
    int group;                 /* event group: 0, then one more after each restart step */
} tcase_input_t;

/* A '-- state NAME' section: state and timers the calls of function (or uid)
 * NAME start with, one JSON line per key (tcase_seed.h). */
typedef struct tcase_state {
    char *target;              /* function name (any case) or uid, as written */
    int line;                  /* the header line */
    tcase_line_t *rows;        /* the JSON lines; blank and '#' lines are not rows */
    int nrows;
} tcase_state_t;

typedef struct tcase {
    char *name;
    int line;                  /* the '-- case:' line (JSON: the "name" line) */
    unsigned versions;         /* '-- flink-version:'; 0 = the command's default */
    char *sql;                 /* @BUILD@ replaced; preceded by sql_line - 1 newlines so that
                                  the session's line numbers are the case file's */
    int sql_line;
    tcase_input_t *inputs;
    int ninputs;
    tcase_expect_t *expects;
    int nexpects;
    tcase_state_t *states;     /* seeds, applied when a matching PTF call starts */
    int nstates;
    size_t end;                /* end of the case's last non-blank line (JSON: of its object's last
                                  member's value), where --update appends */
    int misspelt_expected;     /* first SQL comment line that looks like a misspelt '-- expected'
                                  (a hint when the case has no expectation), 0 = none */
    int nrestarts;             /* restart steps ('-- restart'; JSON: "inputs" as a list of groups):
                                  the run stops with a savepoint after each group of events,
                                  tears the job down and restores it for the next group */
} tcase_t;

/* The line an expectation holds where a restart step happened, and the line
 * the run prints there: rows before it came before the savepoint. */
#define TCASE_RESTART_LINE "restart"

typedef enum tcase_format {
    TCASE_FORMAT_TEXT = 0,     /* '-- case:' headers */
    TCASE_FORMAT_JSON,         /* {"cases": [...]}: the file's first character is '{' */
} tcase_format_t;

typedef struct tcase_file {
    char *path;                /* as given */
    tcase_format_t format;
    char *dir;                 /* absolute folder of the file: relative paths in the SQL resolve here */
    char *text;
    size_t len;
    tcase_t *cases;
    int ncases;
} tcase_file_t;

/* Parses a case file's text, in either form (a file whose first character
 * after blanks is '{' is JSON). build_dir replaces @BUILD@ in SQL (NULL: a
 * case that uses @BUILD@ is an error). 0 ok; -1 with "path:line: message". On
 * error *out is left empty (nothing to free). */
int tcase_parse(const char *path, const char *text, size_t len, const char *build_dir, tcase_file_t *out,
                char *err, size_t errlen);
/* Reads and parses a file. */
int tcase_load(const char *path, const char *build_dir, tcase_file_t *out, char *err, size_t errlen);
void tcase_file_free(tcase_file_t *f);

/* Whether a folder's file is a case file: *.case or *.case.json. */
bool tcase_is_case_file_name(const char *path);

/* Index of "2.1" / "2.2" / "2.3" in tcase_versions, or -1. */
int tcase_version_index(const char *v);

/* The expectations that apply to a case under a Flink version: the sections
 * naming that version, else those naming none. Fills idx (capacity
 * c->nexpects) and returns how many. */
int tcase_expects_for(const tcase_t *c, int version, int *idx);

/* --- comparison ----------------------------------------------------------- */

typedef struct tcase_diff_opts {
    const char *file;          /* for file:line in the report */
    bool color;                /* ANSI colours on a terminal */
    const char *const *columns;   /* output column names for per-key by name; may be NULL */
    int ncolumns;
} tcase_diff_opts_t;

/* Compares the actual output (the text the session printed) with a
 * changelog/materialized expectation. Returns true when they agree under the
 * expectation's order; otherwise appends a readable report to diff (expected
 * and actual side by side with row kinds, the first difference marked with
 * its file:line). A per-key expectation whose key columns cannot be found in
 * a row is a mismatch with a message saying why. */
bool tcase_compare(const tcase_expect_t *e, const char *actual, const tcase_diff_opts_t *o, buf_t *diff);

/* An error expectation: every row of e is a substring of message. */
bool tcase_compare_error(const tcase_expect_t *e, const char *message, const tcase_diff_opts_t *o, buf_t *diff);

/* Splits text into non-blank lines with leading and trailing blanks removed (the actual
 * output is compared line by line). Returns the count; *lines is malloc'ed
 * and points into text, which is modified. */
int tcase_split_lines(char *text, char ***lines);

/* Splits a printed row "+I[a, b, [c, d]]" into its kind ("+I") and top-level
 * fields. Returns the number of fields, or -1 if the line is not a row.
 * fields[i] point into a copy owned by *storage (caller frees). */
int tcase_row_fields(const char *line, char *kind, char **storage, char ***fields);

/* --- --update ------------------------------------------------------------- */

typedef struct tcase_edit {
    size_t start, end;         /* replace text[start, end) ... */
    char *text;                /* ... by this (owned) */
} tcase_edit_t;

/* The edit that makes expectation e of file f read `actual` (its rows, one
 * per line; in a JSON file, its "rows" array). */
tcase_edit_t tcase_update_edit(const tcase_file_t *f, const tcase_expect_t *e, const char *actual);
/* The edit that appends n new expectations to case c (a case without any),
 * expectation i holding actual[i]'s rows for Flink version versions[i]
 * (an index into tcase_versions; -1 = for every version: '-- expected'). */
tcase_edit_t tcase_append_edit(const tcase_file_t *f, const tcase_t *c, const int *versions,
                               const char *const *actual, int n);
/* Applies non-overlapping edits to f's text into out (edits are sorted here). */
void tcase_apply_edits(const tcase_file_t *f, tcase_edit_t *edits, int n, buf_t *out);
/* Writes text to path through an in-progress file (util/outfile.h) and rename. 0 or -1 with err. */
int tcase_write_file(const char *path, const char *text, size_t len, char *err, size_t errlen);

/* --- JUnit XML ------------------------------------------------------------ */

typedef enum tcase_status { TCASE_PASS, TCASE_FAIL, TCASE_ERROR } tcase_status_t;

typedef struct tcase_outcome {
    const char *file;
    char *name;                /* owned */
    int line;
    tcase_status_t status;     /* ERROR: the case file could not be read or parsed */
    double ms;
    char *message;             /* owned, one line; NULL for PASS */
    char *detail;              /* owned, the diff or full error; may be NULL */
} tcase_outcome_t;

/* Writes the outcomes (grouped into one testsuite per file, in order) as
 * JUnit XML. 0 or -1 with err. */
int tcase_junit_write(const char *path, const tcase_outcome_t *o, int n, char *err, size_t errlen);
void tcase_junit_xml(FILE *f, const tcase_outcome_t *o, int n);

/* --- running a suite ------------------------------------------------------ */

/* Runs one case under a Flink version: 0 when the script ran (*output = what
 * it printed), 1 when it failed (*error = the message); both malloc'ed. With
 * dump non-NULL, *dump is set to the state of each PTF call (the text
 * '--dump-state' prints, malloc'ed; NULL when there is none). tcase_exec_session
 * (tcase_run.c) runs it through the SQL session; tests pass canned outputs
 * instead. */
typedef int (*tcase_exec_fn)(void *ctx, const tcase_file_t *f, const tcase_t *c, const char *version,
                             bool materialize, char **output, char **error, char **dump);

typedef struct tcase_suite_opts {
    const char *default_version;  /* for cases without '-- flink-version:' */
    const char *build_dir;        /* replaces @BUILD@; may be NULL */
    const char *filter;           /* run only cases whose name contains this; may be NULL */
    bool update;                  /* rewrite failing expectations from the actual output */
    bool dump_state;              /* print each run's PTF state and timers after its result line */
    bool color;
    FILE *out;                    /* one line per run, diffs, errors */
    tcase_exec_fn exec;
    void *exec_ctx;
} tcase_suite_opts_t;

typedef struct tcase_suite {
    tcase_outcome_t *outcomes;    /* one per run, in order */
    int n, cap;
    int passed, failed, updated, files_updated;
} tcase_suite_t;

/* Loads and runs every case of one file, printing as it goes; with update,
 * rewrites the file. A file that cannot be read or parsed is one ERROR
 * outcome ("path:line: message"). Returns 0, or -1 if a rewrite failed (also
 * an ERROR outcome). */
int tcase_suite_run_file(tcase_suite_t *s, const tcase_suite_opts_t *o, const char *path);
/* Prints the closing line "N passed, N failed" (after "updated ..." if any). */
void tcase_suite_summary(const tcase_suite_t *s, FILE *out);
void tcase_suite_free(tcase_suite_t *s);

/* What tcase_exec_session needs from its caller (its ctx). */
typedef struct tcase_exec_env {
    int64_t time_limit_ms;        /* per case; 0 = none */
    const char *home;             /* ptfhost's home folder, for the JVM (session_t.home) */
    int parallel_check;           /* >= 2: a case with a PTF call that can run on parallel workers
                                     runs again at this parallelism and must print the same (0, 1: off) */
} tcase_exec_env_t;

/* Runs a case through the SQL session (engine/session.h) in this process;
 * ctx points to a tcase_exec_env_t. The JVM
 * started by the first case serves all later ones.
 * The case's '-- state' sections seed the calls they name as each call
 * starts; a section that names no call of the script fails the run.
 * The agreement check (parallel_check): when the run had a PTF call that can
 * run on parallel workers (job.h's parallel_calls; calls that are seeded or
 * dumped cannot), the case runs again at that parallelism; a different
 * output (rows or their order) or error fails the run with a report. */
int tcase_exec_session(void *ctx, const tcase_file_t *f, const tcase_t *c, const char *version, bool materialize,
                       char **output, char **error, char **dump);

#endif
