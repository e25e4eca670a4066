/* tcase_parse.c - reading case files (format: docs/test-cases.md).
 *
 * This file reads the text form and dispatches JSON files (first character
 * '{') to tcase_json.c; both end in the same tcase_file_t.
 *
 * A case file is read line by line. Lines starting with '--' followed by a
 * section keyword are headers; everything else belongs to the open section.
 * Inside SQL, other '--' lines are SQL comments; outside SQL, '#' starts a
 * comment and an unknown '--' header is an error, so a typo in a header is
 * reported instead of silently swallowing the rows below it. The first error
 * stops the parse with "path:line: message". */
#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/plan.h"
#include "testrun/tcase.h"
#include "testrun/tcase_parse_int.h"
#include "testrun/tcase_seed.h"

const char *const tcase_versions[TCASE_MAX_VERSIONS] = {"2.1", "2.2", "2.3"};

#define HEADER_HELP                                                                                      \
    "headers are '-- case: NAME', '-- flink-version: 2.1|2.2|2.3 ...', '-- sql', '-- input TABLE', "      \
    "'-- state FUNCTION', '-- restart' and "                                                              \
    "'-- expected [VERSION...] [error] [(order: exact|multiset|per-key COLUMNS)] [materialized]'; "       \
    "outside SQL, write comments with '#'"

typedef enum section { SEC_NONE, SEC_SQL, SEC_INPUT, SEC_EXPECT, SEC_STATE } section_t;

typedef struct parser {
    const char *path;
    const char *text;
    size_t len;
    const char *build_dir;
    tcase_file_t *file;
    tcase_t *c;                /* the open case, NULL before the first */
    section_t sec;
    buf_t sql;                 /* the open case's SQL */
    buf_t events;              /* the open input's JSON array */
    int lineno;
    size_t line_start, line_end, next;
    char *err;
    size_t errlen;
} parser_t;

int tcase_version_index(const char *v)
{
    for (int i = 0; i < TCASE_MAX_VERSIONS; i++)
        if (strcmp(v, tcase_versions[i]) == 0) return i;
    return -1;
}

static int fail(parser_t *p, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(parser_t *p, int line, const char *fmt, ...)
{
    int n = snprintf(p->err, p->errlen, "%s:%d: ", p->path, line);
    if (n < 0 || (size_t)n >= p->errlen) return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err + n, p->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

static void *xrealloc(void *ptr, size_t n)
{
    void *q = realloc(ptr, n);
    if (!q) abort();
    return q;
}

static char *xstrndup(const char *s, size_t n)
{
    char *d = strndup(s, n);
    if (!d) abort();
    return d;
}

void tcase_json_string(buf_t *b, const char *s, size_t n)
{
    buf_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '"' || ch == '\\') buf_printf(b, "\\%c", ch);
        else if (ch < 0x20) buf_printf(b, "\\u%04x", ch);
        else buf_putc(b, (char)ch);
    }
    buf_putc(b, '"');
}

/* --- tokens --------------------------------------------------------------- */

static const char *skip_ws(const char *s, const char *end)
{
    while (s < end && (*s == ' ' || *s == '\t')) s++;
    return s;
}

static const char *rtrim(const char *s, const char *end)
{
    while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) end--;
    return end;
}

/* The keyword of a header line ("--" then optional blanks then a word of
 * letters and '-'), or 0 if the line does not look like a header. */
typedef enum keyword {
    KW_NONE, KW_UNKNOWN, KW_CASE, KW_VERSION, KW_SQL, KW_INPUT, KW_EXPECTED, KW_STATE, KW_RESTART
} keyword_t;

static keyword_t header_keyword(const char *s, const char *end, const char **rest)
{
    *rest = s;
    if (end - s < 2 || s[0] != '-' || s[1] != '-') return KW_NONE;
    const char *w = skip_ws(s + 2, end), *we = w;
    while (we < end && (isalpha((unsigned char)*we) || *we == '-')) we++;
    size_t n = (size_t)(we - w);
    *rest = we;
    static const struct { const char *word; keyword_t kw; } words[] = {
        {"case", KW_CASE}, {"flink-version", KW_VERSION}, {"flink-versions", KW_VERSION},
        {"sql", KW_SQL},   {"input", KW_INPUT},           {"expected", KW_EXPECTED},
        {"state", KW_STATE}, {"restart", KW_RESTART},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i].word) == n && strncmp(w, words[i].word, n) == 0 &&
            (we == end || *we == ' ' || *we == '\t' || *we == ':' || *we == '\r'))
            return words[i].kw;
    return KW_UNKNOWN;
}

/* Versions separated by blanks or commas into a bit set. */
static int parse_versions(parser_t *p, const char *s, const char *end, unsigned *bits)
{
    *bits = 0;
    while ((s = skip_ws(s, end)) < end) {
        if (*s == ',') {
            s++;
            continue;
        }
        const char *e = s;
        while (e < end && *e != ' ' && *e != '\t' && *e != ',') e++;
        char v[16];
        snprintf(v, sizeof v, "%.*s", (int)(e - s), s);
        int i = tcase_version_index(v);
        if (i < 0)
            return fail(p, p->lineno, "unknown Flink version '%.*s' (ptfhost follows 2.1, 2.2 and 2.3)",
                        (int)(e - s), s);
        *bits |= 1u << i;
        s = e;
    }
    return 0;
}

/* --- sections ------------------------------------------------------------- */

static void close_input(parser_t *p)
{
    if (p->sec != SEC_INPUT) return;
    tcase_input_t *in = &p->c->inputs[p->c->ninputs - 1];
    buf_putc(&p->events, ']');
    in->events_json = buf_steal(&p->events);
}

static int open_case(parser_t *p, const char *rest, const char *end)
{
    if (rest < end && *rest == ':') rest++;
    else return fail(p, p->lineno, "write the case header as '-- case: NAME'");
    rest = skip_ws(rest, end);
    if (rest == end) return fail(p, p->lineno, "the case has no name (write '-- case: NAME')");
    tcase_file_t *f = p->file;
    for (int i = 0; i < f->ncases; i++)
        if (strlen(f->cases[i].name) == (size_t)(end - rest) && strncmp(f->cases[i].name, rest, (size_t)(end - rest)) == 0)
            return fail(p, p->lineno, "a second case named '%.*s' (the first is at line %d); names identify "
                                      "cases in reports and --update",
                        (int)(end - rest), rest, f->cases[i].line);
    f->cases = xrealloc(f->cases, (size_t)(f->ncases + 1) * sizeof *f->cases);
    p->c = &f->cases[f->ncases++];
    memset(p->c, 0, sizeof *p->c);
    p->c->name = xstrndup(rest, (size_t)(end - rest));
    p->c->line = p->lineno;
    p->c->end = p->next;
    p->sec = SEC_NONE;
    return 0;
}

static int open_sql(parser_t *p, const char *rest, const char *end)
{
    if (skip_ws(rest, end) != end) return fail(p, p->lineno, "'-- sql' takes nothing after it");
    if (p->c->sql_line) return fail(p, p->lineno, "a second '-- sql' section (the first is at line %d)", p->c->sql_line);
    p->c->sql_line = p->lineno + 1;
    buf_clear(&p->sql);
    for (int i = 1; i < p->c->sql_line; i++) buf_putc(&p->sql, '\n');
    p->sec = SEC_SQL;
    return 0;
}

static int open_input(parser_t *p, const char *rest, const char *end)
{
    const char *name = skip_ws(rest, end), *ne = name;
    while (ne < end && *ne != ' ' && *ne != '\t') ne++;
    if (name == ne) return fail(p, p->lineno, "'-- input' needs the table's name: '-- input TABLE'");
    if (skip_ws(ne, end) != end)
        return fail(p, p->lineno, "'-- input' takes one table name; found '%.*s' after it", (int)(end - ne), ne);
    tcase_t *c = p->c;
    for (int i = 0; i < c->ninputs; i++)
        if (c->inputs[i].group == c->nrestarts && strlen(c->inputs[i].table) == (size_t)(ne - name) &&
            strncmp(c->inputs[i].table, name, (size_t)(ne - name)) == 0)
            return fail(p, p->lineno, "a second input section for table '%.*s' (the first is at line %d)%s",
                        (int)(ne - name), name, c->inputs[i].line,
                        c->nrestarts ? " since the last '-- restart'" : "");
    c->inputs = xrealloc(c->inputs, (size_t)(c->ninputs + 1) * sizeof *c->inputs);
    tcase_input_t *in = &c->inputs[c->ninputs++];
    memset(in, 0, sizeof *in);
    in->table = xstrndup(name, (size_t)(ne - name));
    in->line = p->lineno;
    in->group = c->nrestarts;
    buf_clear(&p->events);
    buf_putc(&p->events, '[');
    p->sec = SEC_INPUT;
    return 0;
}

/* '-- restart': the input sections after it are the next event group. */
static int open_restart(parser_t *p, const char *rest, const char *end)
{
    if (skip_ws(rest, end) != end) return fail(p, p->lineno, "'-- restart' takes nothing after it");
    p->c->nrestarts++;
    p->sec = SEC_NONE;
    return 0;
}

static int open_state(parser_t *p, const char *rest, const char *end)
{
    const char *name = skip_ws(rest, end), *ne = name;
    while (ne < end && *ne != ' ' && *ne != '\t') ne++;
    if (name == ne)
        return fail(p, p->lineno, "'-- state' needs the PTF it seeds: '-- state FUNCTION' (the name the SQL calls, "
                                  "or the call's uid)");
    if (skip_ws(ne, end) != end)
        return fail(p, p->lineno, "'-- state' takes one function name or uid; found '%.*s' after it", (int)(end - ne), ne);
    tcase_t *c = p->c;
    for (int i = 0; i < c->nstates; i++)
        if (strlen(c->states[i].target) == (size_t)(ne - name) && strncmp(c->states[i].target, name, (size_t)(ne - name)) == 0)
            return fail(p, p->lineno, "a second '-- state %.*s' section (the first is at line %d); put all its keys in one",
                        (int)(ne - name), name, c->states[i].line);
    c->states = xrealloc(c->states, (size_t)(c->nstates + 1) * sizeof *c->states);
    tcase_state_t *st = &c->states[c->nstates++];
    memset(st, 0, sizeof *st);
    st->target = xstrndup(name, (size_t)(ne - name));
    st->line = p->lineno;
    p->sec = SEC_STATE;
    return 0;
}

/* "(order: exact)", "(order: multiset)", "(order: per-key a, b)"; s points after '('. */
static int parse_order(parser_t *p, tcase_expect_t *e, const char *s, const char *end, const char **after)
{
    const char *close = memchr(s, ')', (size_t)(end - s));
    if (!close) return fail(p, p->lineno, "'(order: ...' is not closed by ')'");
    *after = close + 1;
    s = skip_ws(s, close);
    if ((size_t)(close - s) < 6 || strncmp(s, "order:", 6) != 0)
        return fail(p, p->lineno, "expected '(order: exact|multiset|per-key COLUMNS)'");
    s = skip_ws(s + 6, close);
    const char *w = s;
    while (s < close && *s != ' ' && *s != '\t' && *s != ',') s++;
    size_t n = (size_t)(s - w);
    if (n == 5 && strncmp(w, "exact", 5) == 0) e->order = TCASE_ORDER_EXACT;
    else if (n == 8 && strncmp(w, "multiset", 8) == 0) e->order = TCASE_ORDER_MULTISET;
    else if (n == 7 && strncmp(w, "per-key", 7) == 0) e->order = TCASE_ORDER_PER_KEY;
    else return fail(p, p->lineno, "unknown order '%.*s' (use exact, multiset or per-key COLUMNS)", (int)n, w);
    while ((s = skip_ws(s, close)) < close) {
        if (*s == ',') {
            s++;
            continue;
        }
        const char *k = s;
        while (s < close && *s != ' ' && *s != '\t' && *s != ',') s++;
        if (e->order != TCASE_ORDER_PER_KEY)
            return fail(p, p->lineno, "order '%.*s' takes no columns (only per-key does)", (int)n, w);
        e->keys = xrealloc(e->keys, (size_t)(e->nkeys + 1) * sizeof *e->keys);
        e->keys[e->nkeys++] = xstrndup(k, (size_t)(s - k));
    }
    if (e->order == TCASE_ORDER_PER_KEY && e->nkeys == 0)
        return fail(p, p->lineno, "per-key needs the key columns: '(order: per-key 1)' (1-based positions "
                                  "in the printed row) or column names");
    return 0;
}

static int open_expected(parser_t *p, const char *rest, const char *end)
{
    tcase_expect_t e = {0};
    e.line = p->lineno;
    bool have_order = false;
    const char *s = rest;
    while ((s = skip_ws(s, end)) < end) {
        if (*s == '(') {
            if (have_order) {
                fail(p, p->lineno, "the order is given twice");
                goto bad;
            }
            have_order = true;
            if (parse_order(p, &e, s + 1, end, &s) != 0) goto bad;
            continue;
        }
        const char *w = s;
        while (s < end && *s != ' ' && *s != '\t' && *s != '(') s++;
        size_t n = (size_t)(s - w);
        char word[32];
        snprintf(word, sizeof word, "%.*s", (int)(n < 31 ? n : 31), w);
        int v = n < 31 ? tcase_version_index(word) : -1;
        if (v >= 0) e.versions |= 1u << v;
        else if (strcmp(word, "error") == 0 && n == 5) e.error = true;
        else if (strcmp(word, "materialized") == 0 && n == 12) e.materialized = true;
        else {
            fail(p, p->lineno, "unexpected '%.*s' in the expected header; %s", (int)n, w, HEADER_HELP);
            goto bad;
        }
    }
    if (e.error && (e.materialized || have_order)) {
        fail(p, p->lineno, "'-- expected error' takes no order and no 'materialized' (its lines are substrings "
                           "of the error message)");
        goto bad;
    }
    tcase_t *c = p->c;
    if (c->versions && (e.versions & ~c->versions)) {
        fail(p, p->lineno, "this section names a Flink version the case does not run under "
                           "(its '-- flink-version:' line); add the version there or drop it here");
        goto bad;
    }
    /* Two sections that would both apply to one run are ambiguous. */
    for (int i = 0; i < c->nexpects; i++) {
        const tcase_expect_t *o = &c->expects[i];
        bool same_versions = (o->versions == 0 && e.versions == 0) || (o->versions & e.versions);
        if (same_versions && o->materialized == e.materialized) {
            fail(p, p->lineno, "a second %s expectation for the same Flink version (the first is at line %d); "
                               "name the versions, e.g. '-- expected 2.1'",
                 e.materialized ? "materialized" : "changelog/error", o->line);
            goto bad;
        }
    }
    e.body_start = e.body_end = p->next;
    c->expects = xrealloc(c->expects, (size_t)(c->nexpects + 1) * sizeof *c->expects);
    c->expects[c->nexpects++] = e;
    p->sec = SEC_EXPECT;
    return 0;
bad:
    for (int i = 0; i < e.nkeys; i++) free(e.keys[i]);
    free(e.keys);
    return -1;
}

static int header(parser_t *p, keyword_t kw, const char *rest, const char *end)
{
    close_input(p);
    if (kw == KW_CASE) return open_case(p, rest, end);
    if (!p->c)
        return fail(p, p->lineno, "this header comes before the first '-- case: NAME'");
    p->c->end = p->next;
    switch (kw) {
    case KW_VERSION:
        if (rest < end && *rest == ':') rest++;
        if (p->c->versions) return fail(p, p->lineno, "'-- flink-version:' is given twice for this case");
        if (parse_versions(p, rest, end, &p->c->versions) != 0) return -1;
        if (!p->c->versions) return fail(p, p->lineno, "'-- flink-version:' needs one or more of 2.1, 2.2, 2.3");
        for (int i = 0; i < p->c->nexpects; i++)
            if (p->c->expects[i].versions & ~p->c->versions)
                return fail(p, p->lineno, "the expectation at line %d names a Flink version this case does not run under",
                            p->c->expects[i].line);
        p->sec = SEC_NONE;
        return 0;
    case KW_SQL: return open_sql(p, rest, end);
    case KW_INPUT: return open_input(p, rest, end);
    case KW_EXPECTED: return open_expected(p, rest, end);
    case KW_STATE: return open_state(p, rest, end);
    case KW_RESTART: return open_restart(p, rest, end);
    default: return fail(p, p->lineno, "unknown header; %s", HEADER_HELP);
    }
}

/* --- section bodies ------------------------------------------------------- */

int tcase_append_sql(buf_t *b, const char *s, size_t n, const char *build_dir)
{
    const char *at, *end = s + n;
    while ((at = memmem(s, (size_t)(end - s), "@BUILD@", 7)) != NULL) {
        if (!build_dir) return -1;
        buf_append(b, s, (size_t)(at - s));
        buf_puts(b, build_dir);
        s = at + 7;
    }
    buf_append(b, s, (size_t)(end - s));
    return 0;
}

static int sql_line(parser_t *p, const char *s, const char *end)
{
    if (tcase_append_sql(&p->sql, s, (size_t)(end - s), p->build_dir) != 0)
        return fail(p, p->lineno, TCASE_BUILD_HELP);
    buf_putc(&p->sql, '\n');
    return 0;
}

bool tcase_parse_int64(const char *s, size_t n, int64_t *v)
{
    char tmp[32];
    if (n == 0 || n >= sizeof tmp) return false;
    memcpy(tmp, s, n);
    tmp[n] = 0;
    char *e;
    errno = 0;
    long long x = strtoll(tmp, &e, 10);
    if (*e || errno) return false;
    *v = x;
    return true;
}

/* "+30 s", "+1500 ms", "+2 min": an advance the engine's duration parser accepts. */
bool tcase_is_duration(const char *s, size_t n)
{
    if (n < 2 || s[0] != '+' || !isdigit((unsigned char)s[1])) return false;
    char *tmp = xstrndup(s + 1, n - 1);
    bool ok = plan_parse_duration_ms(tmp) >= 0;
    free(tmp);
    return ok;
}

static int input_line(parser_t *p, const char *s, const char *end)
{
    tcase_input_t *in = &p->c->inputs[p->c->ninputs - 1];
    buf_t *b = &p->events;
    const char *sep = in->nevents ? "," : "";
    if (end - s >= 9 && strncmp(s, "watermark", 9) == 0 && (end - s == 9 || s[9] == ' ' || s[9] == '\t')) {
        const char *v = skip_ws(s + 9, end);
        int64_t t;
        if (tcase_parse_int64(v, (size_t)(end - v), &t)) buf_printf(b, "%s{\"watermark\": %lld", sep, (long long)t);
        else if (tcase_parse_datetime(v, (size_t)(end - v), &t)) {
            buf_printf(b, "%s{\"watermark\": ", sep);
            tcase_json_string(b, v, (size_t)(end - v));
        } else
            return fail(p, p->lineno, "'watermark' needs a time: epoch milliseconds or 'yyyy-MM-dd HH:mm:ss[.SSS]', "
                                      "found '%.*s'", (int)(end - v), v);
    } else if (end - s >= 8 && strncmp(s, "proctime", 8) == 0 && (end - s == 8 || s[8] == ' ' || s[8] == '\t')) {
        const char *v = skip_ws(s + 8, end);
        int64_t t;
        if (tcase_parse_int64(v, (size_t)(end - v), &t) || tcase_parse_datetime(v, (size_t)(end - v), &t))
            buf_printf(b, "%s{\"proctime\": %lld", sep, (long long)t);
        else if (tcase_is_duration(v, (size_t)(end - v))) {
            buf_printf(b, "%s{\"proctime\": ", sep);
            tcase_json_string(b, v, (size_t)(end - v));
        } else
            return fail(p, p->lineno, "'proctime' needs epoch milliseconds, 'yyyy-MM-dd HH:mm:ss[.SSS]' or an "
                                      "advance such as '+30 s' (units ms, s, min, h, d), found '%.*s'",
                        (int)(end - v), v);
    } else {
        char kind[3] = "+I";
        const char *json = s;
        if ((*s == '+' || *s == '-') && end - s >= 2 && isalpha((unsigned char)s[1])) {
            const char *k = s;
            while (s < end && *s != ' ' && *s != '\t' && *s != '{' && *s != '[') s++;
            size_t n = (size_t)(s - k);
            if (!(n == 2 && (strncmp(k, "+I", 2) == 0 || strncmp(k, "-U", 2) == 0 || strncmp(k, "+U", 2) == 0 ||
                             strncmp(k, "-D", 2) == 0)))
                return fail(p, p->lineno, "unknown row kind '%.*s' (use +I, -U, +U or -D)", (int)n, k);
            memcpy(kind, k, 2);
            json = skip_ws(s, end);
        }
        if (json == end || (*json != '{' && *json != '['))
            return fail(p, p->lineno, "expected an input event: a row ('+I {\"col\": 1}' or '+I [1, \"a\"]'; "
                                      "the kind defaults to +I), 'watermark TIME' or 'proctime TIME|+DURATION'");
        char *tmp = xstrndup(json, (size_t)(end - json));
        cJSON *j = cJSON_Parse(tmp);
        free(tmp);
        if (!j)
            return fail(p, p->lineno, "column %d: the row is not valid JSON; write an object {\"col\": value, ...} "
                                      "or an array [v1, v2, ...] with values as in Flink's JSON format",
                        (int)(json - (p->text + p->line_start)) + 1);
        cJSON_Delete(j);
        buf_printf(b, "%s{\"kind\": \"%s\", \"row\": ", sep, kind);
        buf_append(b, json, (size_t)(end - json));
    }
    buf_printf(b, ", \"line\": %d}", p->lineno);
    in->nevents++;
    return 0;
}

static int state_line(parser_t *p, const char *s, const char *end)
{
    char msg[512];
    if (tcase_seed_check(s, (size_t)(end - s), msg, sizeof msg) != 0) return fail(p, p->lineno, "%s", msg);
    tcase_state_t *st = &p->c->states[p->c->nstates - 1];
    st->rows = xrealloc(st->rows, (size_t)(st->nrows + 1) * sizeof *st->rows);
    st->rows[st->nrows].text = xstrndup(s, (size_t)(end - s));
    st->rows[st->nrows].line = p->lineno;
    st->nrows++;
    return 0;
}

static void expect_line(parser_t *p, const char *s, const char *end)
{
    tcase_expect_t *e = &p->c->expects[p->c->nexpects - 1];
    if (e->nrows == 0) e->body_start = p->line_start;
    e->rows = xrealloc(e->rows, (size_t)(e->nrows + 1) * sizeof *e->rows);
    e->rows[e->nrows].text = xstrndup(s, (size_t)(end - s));
    e->rows[e->nrows].line = p->lineno;
    e->nrows++;
    e->body_end = p->next;
}

/* --- driver --------------------------------------------------------------- */

static int finish_case(parser_t *p)
{
    tcase_t *c = p->c;
    if (!c) return 0;
    close_input(p);
    p->sec = SEC_NONE;
    if (!c->sql_line) return fail(p, c->line, "case '%s' has no '-- sql' section", c->name);
    c->sql = buf_steal(&p->sql);
    return 0;
}

/* Edit distance of two short words (Levenshtein), capped at 9. */
static int distance(const char *a, size_t na, const char *b, size_t nb)
{
    if (na > 16 || nb > 16) return 9;
    int d[17][17];
    for (size_t i = 0; i <= na; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= nb; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= na; i++)
        for (size_t j = 1; j <= nb; j++) {
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            d[i][j] = best;
        }
    return d[na][nb];
}

/* A SQL comment whose first word is one or two edits from "expected". */
static bool looks_like_expected(const char *s, const char *end)
{
    s = skip_ws(s, end);
    const char *w = s;
    while (s < end && isalpha((unsigned char)*s)) s++;
    return s - w >= 5 && distance(w, (size_t)(s - w), "expected", 8) <= 2;
}

static int parse_line(parser_t *p)
{
    const char *s = p->text + p->line_start, *end = p->text + p->line_end;
    const char *rest;
    keyword_t kw = header_keyword(s, end, &rest);
    const char *tend = rtrim(s, end);
    if (kw != KW_NONE && kw != KW_UNKNOWN) {
        if (kw == KW_CASE && finish_case(p) != 0) return -1;
        return header(p, kw, rest, tend);
    }
    if (p->sec == SEC_SQL) {
        if (tend != s) p->c->end = p->next;
        if (kw == KW_UNKNOWN && !p->c->misspelt_expected && looks_like_expected(s + 2, tend))
            p->c->misspelt_expected = p->lineno;
        return sql_line(p, s, end);
    }
    const char *t = skip_ws(s, tend);
    if (t == tend || *t == '#') return 0;
    if (kw == KW_UNKNOWN) return fail(p, p->lineno, "unknown header '%.*s'; %s", (int)(tend - s), s, HEADER_HELP);
    if (!p->c) return fail(p, p->lineno, "text before the first '-- case: NAME' (write comments with '#')");
    p->c->end = p->next;
    switch (p->sec) {
    case SEC_INPUT: return input_line(p, t, tend);
    case SEC_EXPECT: expect_line(p, t, tend); return 0;
    case SEC_STATE: return state_line(p, t, tend);
    default:
        return fail(p, p->lineno, "text outside a section; open one with '-- sql', '-- input TABLE', '-- state FUNCTION' "
                                  "or '-- expected'");
    }
}

static int parse_text(const char *path, const char *text, size_t len, size_t start, const char *build_dir,
                      tcase_file_t *out, char *err, size_t errlen)
{
    parser_t p = {.path = path, .text = text, .len = len, .build_dir = build_dir, .file = out,
                  .err = err, .errlen = errlen};
    int rc = 0;
    for (size_t pos = start; rc == 0 && pos < len; pos = p.next) {
        p.lineno++;
        p.line_start = pos;
        const char *nl = memchr(text + pos, '\n', len - pos);
        p.line_end = nl ? (size_t)(nl - text) : len;
        p.next = nl ? p.line_end + 1 : len;
        rc = parse_line(&p);
    }
    if (rc == 0) rc = finish_case(&p);
    if (rc == 0 && out->ncases == 0)
        rc = fail(&p, p.lineno ? p.lineno : 1, "no cases in this file (a case starts with '-- case: NAME')");
    buf_free(&p.sql);
    buf_free(&p.events);
    return rc;
}

int tcase_parse(const char *path, const char *text, size_t len, const char *build_dir, tcase_file_t *out,
                char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    int rc;
    size_t start = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;   /* a UTF-8 byte order mark */
    size_t first = start;
    while (first < len && strchr(" \t\r\n", text[first])) first++;
    if (memchr(text, '\0', len)) {
        snprintf(err, errlen, "%s:1: the file contains a NUL byte (is it a text file?)", path);
        rc = -1;
    } else if (first < len && text[first] == '{') {
        /* A text case file cannot start with '{' (text before the first case is an error). */
        out->format = TCASE_FORMAT_JSON;
        rc = tcase_json_parse(path, text, len, build_dir, out, err, errlen);
    } else {
        rc = parse_text(path, text, len, start, build_dir, out, err, errlen);
    }
    if (rc != 0) {
        tcase_file_free(out);
        return -1;
    }
    out->path = strdup(path);
    out->text = xstrndup(text, len);
    out->len = len;
    char dirbuf[PATH_MAX];
    const char *slash = strrchr(path, '/');
    char *d = slash ? xstrndup(path, (size_t)(slash - path) + (slash == path)) : strdup(".");
    out->dir = strdup(realpath(d, dirbuf) ? dirbuf : d);
    free(d);
    return 0;
}

int tcase_load(const char *path, const char *build_dir, tcase_file_t *out, char *err, size_t errlen)
{
    buf_t b = BUF_INIT;
    memset(out, 0, sizeof *out);
    if (buf_read_file(&b, path, err, errlen) != 0) {
        buf_free(&b);
        return -1;
    }
    int rc = tcase_parse(path, b.data ? (const char *)b.data : "", b.len, build_dir, out, err, errlen);
    buf_free(&b);
    return rc;
}

void tcase_file_free(tcase_file_t *f)
{
    for (int i = 0; i < f->ncases; i++) {
        tcase_t *c = &f->cases[i];
        free(c->name);
        free(c->sql);
        for (int j = 0; j < c->ninputs; j++) {
            free(c->inputs[j].table);
            free(c->inputs[j].events_json);
        }
        free(c->inputs);
        for (int j = 0; j < c->nexpects; j++) {
            tcase_expect_t *e = &c->expects[j];
            for (int k = 0; k < e->nkeys; k++) free(e->keys[k]);
            free(e->keys);
            for (int k = 0; k < e->nrows; k++) free(e->rows[k].text);
            free(e->rows);
        }
        free(c->expects);
        for (int j = 0; j < c->nstates; j++) {
            for (int k = 0; k < c->states[j].nrows; k++) free(c->states[j].rows[k].text);
            free(c->states[j].rows);
            free(c->states[j].target);
        }
        free(c->states);
    }
    free(f->cases);
    free(f->path);
    free(f->dir);
    free(f->text);
    memset(f, 0, sizeof *f);
}

bool tcase_is_case_file_name(const char *path)
{
    size_t n = strlen(path);
    return (n > 5 && strcmp(path + n - 5, ".case") == 0) || (n > 10 && strcmp(path + n - 10, ".case.json") == 0);
}

int tcase_expects_for(const tcase_t *c, int version, int *idx)
{
    int n = 0;
    for (int i = 0; i < c->nexpects; i++)
        if (c->expects[i].versions & (1u << version)) idx[n++] = i;
    if (n) return n;
    for (int i = 0; i < c->nexpects; i++)
        if (c->expects[i].versions == 0) idx[n++] = i;
    return n;
}
