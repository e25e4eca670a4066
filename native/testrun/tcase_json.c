/* tcase_json.c - the JSON form of case files (docs/test-cases.md, "The JSON
 * form"), read into the same tcase_file_t as the text form.
 *
 *   {"cases": [{"name": "...", "flink_version": ["2.1", "2.3"], "sql": [...],
 *               "inputs": {"t": [{"+I": {...}}, {"watermark": "..."}]},
 *               "state": {"f": [{"key": ..., "state": ..., "timers": ...}]},
 *               "expected": {"order": "multiset", "rows": ["+I[1, a]"]}}]}
 *
 * cJSON builds the tree but knows no positions, so a second pass over the
 * (already valid) text records where every value starts and ends, in the
 * order cJSON's tree lists them (document order). With that, every error and
 * every tcase_t line points into the file, input rows and state lines are
 * passed on as the exact text written (numbers keep their precision: cJSON
 * holds them as doubles), and --update can replace a "rows" array in place. */
#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testrun/tcase.h"
#include "testrun/tcase_parse_int.h"
#include "testrun/tcase_seed.h"
#include "util/xalloc.h"

typedef struct span {
    const cJSON *node;
    size_t start, end;         /* [start, end) in the file text */
} span_t;

typedef struct jparser {
    const char *path;
    const char *text;
    size_t len;
    const char *build_dir;
    tcase_file_t *file;
    span_t *spans;             /* sorted by node once the tree is built */
    int nspans, capspans;
    const char *case_name;     /* the case being read, for messages */
    size_t line_off;           /* line_no is the line of text[line_off]: lookups mostly move forward */
    int line_no;
    char *err;
    size_t errlen;
} jparser_t;

static const char EVENT_HELP[] =
    "an event is one of {\"+I\": ROW}, {\"-U\": ROW}, {\"+U\": ROW}, {\"-D\": ROW} (ROW an object "
    "{\"col\": value, ...} or an array [v1, v2, ...]), {\"watermark\": TIME} or {\"proctime\": TIME or "
    "\"+30 s\"}";
static const char ORDER_HELP[] = "must be \"exact\", \"multiset\" or {\"per_key\": [COLUMNS]} (1-based positions "
                                 "in the printed row, or column names)";

/* --- positions ------------------------------------------------------------ */

static size_t skip_blanks(const char *t, size_t len, size_t i)
{
    while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\n')) i++;
    return i;
}

static size_t skip_string(const char *t, size_t len, size_t i)
{
    for (i++; i < len && t[i] != '"'; i++)
        if (t[i] == '\\') i++;
    return i < len ? i + 1 : len;
}

/* The first byte below 0x20 outside strings that JSON does not allow as a
 * blank (cJSON skips them all), or len. */
static size_t stray_control(const char *t, size_t len, size_t i)
{
    for (; i < len; i++) {
        unsigned char c = (unsigned char)t[i];
        if (c == '"') i = skip_string(t, len, i) - 1;
        else if (c < 0x20 && c != ' ' && c != '\t' && c != '\r' && c != '\n') return i;
    }
    return len;
}

/* Records the span of the value at i and of everything inside it, in
 * document order; the text is valid JSON (cJSON accepted it). */
static size_t scan_value(jparser_t *p, size_t i)
{
    const char *t = p->text;
    size_t len = p->len;
    i = skip_blanks(t, len, i);
    if (p->nspans == p->capspans) {
        p->capspans = p->capspans ? 2 * p->capspans : 256;
        p->spans = xrealloc(p->spans, (size_t)p->capspans * sizeof *p->spans);
    }
    int me = p->nspans++;
    p->spans[me].start = i;
    if (i < len && (t[i] == '{' || t[i] == '[')) {
        char close = t[i] == '{' ? '}' : ']';
        bool object = t[i] == '{';
        i = skip_blanks(t, len, i + 1);
        while (i < len && t[i] != close) {
            if (object) {
                i = skip_blanks(t, len, skip_string(t, len, i));
                i++;   /* ':' */
            }
            size_t next = skip_blanks(t, len, scan_value(p, i));
            if (next == i) break;   /* text cJSON read differently: the span count will not match */
            i = next;
            if (i < len && t[i] == ',') i = skip_blanks(t, len, i + 1);
        }
        i = i < len ? i + 1 : len;
    } else if (i < len && t[i] == '"') {
        i = skip_string(t, len, i);
    } else {
        while (i < len && !strchr(",]} \t\r\n", t[i])) i++;
    }
    p->spans[me].end = i;
    return i;
}

/* Pairs the recorded spans with cJSON's nodes (both in document order). */
static void assign_nodes(jparser_t *p, const cJSON *n, int *k)
{
    if (*k < p->nspans) p->spans[*k].node = n;
    (*k)++;
    for (const cJSON *c = n->child; c; c = c->next) assign_nodes(p, c, k);
}

static int cmp_span(const void *a, const void *b)
{
    const span_t *x = a, *y = b;
    return x->node < y->node ? -1 : x->node > y->node;
}

static const span_t *span_of(const jparser_t *p, const cJSON *n)
{
    span_t key = {.node = n};
    const span_t *s = bsearch(&key, p->spans, (size_t)p->nspans, sizeof *p->spans, cmp_span);
    if (!s) abort();   /* every node was assigned a span */
    return s;
}

static int line_at(const char *text, size_t off)
{
    int line = 1;
    for (size_t i = 0; i < off; i++) line += text[i] == '\n';
    return line;
}

static int line_of(jparser_t *p, const cJSON *n)
{
    size_t off = span_of(p, n)->start;
    if (off < p->line_off) {
        p->line_off = 0;
        p->line_no = 1;
    }
    for (; p->line_off < off; p->line_off++) p->line_no += p->text[p->line_off] == '\n';
    return p->line_no;
}

/* --- errors --------------------------------------------------------------- */

/* "path:LINE: WHERE: message (case 'NAME')", the line being n's. */
static int jfail(jparser_t *p, const cJSON *n, const char *where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int jfail(jparser_t *p, const cJSON *n, const char *where, const char *fmt, ...)
{
    buf_t b = BUF_INIT;
    buf_printf(&b, "%s:%d: %s%s", p->path, n ? line_of(p, n) : 1, where, *where ? ": " : "");
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&b, fmt, ap);
    va_end(ap);
    if (p->case_name) buf_printf(&b, " (case '%s')", p->case_name);
    snprintf(p->err, p->errlen, "%s", buf_cstr(&b));
    buf_free(&b);
    return -1;
}

/* Members of an object, each looked up by name: unknown and repeated members
 * are errors (a typo would otherwise silently drop what it names). "comment"
 * is allowed wherever members are: JSON has no comments. */
typedef struct member {
    const char *name;
    const cJSON *value;
} member_t;

static int members(jparser_t *p, const cJSON *obj, const char *where, member_t *m, int n, const char *what)
{
    for (const cJSON *c = obj->child; c; c = c->next) {
        if (strcmp(c->string, "comment") == 0) continue;
        int i = 0;
        while (i < n && strcmp(c->string, m[i].name) != 0) i++;
        if (i == n) {
            buf_t names = BUF_INIT;
            for (int j = 0; j < n; j++) buf_printf(&names, "%s\"%s\"", j == 0 ? "" : j == n - 1 ? " and " : ", ", m[j].name);
            jfail(p, c, where, "unknown member \"%s\"; %s %s (and \"comment\")", c->string, what, buf_cstr(&names));
            buf_free(&names);
            return -1;
        }
        if (m[i].value) return jfail(p, c, where, "\"%s\" is given twice (the first is at line %d)", c->string,
                                     line_of(p, m[i].value));
        m[i].value = c;
    }
    return 0;
}

static char *span_text(const jparser_t *p, const cJSON *n, size_t *len)
{
    const span_t *s = span_of(p, n);
    *len = s->end - s->start;
    char *t = xmalloc(*len + 1);
    memcpy(t, p->text + s->start, *len);
    t[*len] = 0;
    return t;
}

/* --- fields --------------------------------------------------------------- */

/* "2.3" or ["2.1", "2.3"] into a bit set. */
static int read_versions(jparser_t *p, const cJSON *v, const char *where, unsigned *bits)
{
    *bits = 0;
    const cJSON *one = cJSON_IsString(v) ? v : NULL;
    if (!one && !cJSON_IsArray(v))
        return jfail(p, v, where, "must be a Flink version (\"2.3\") or a list of them ([\"2.1\", \"2.3\"])");
    for (const cJSON *e = one ? one : v->child; e; e = one ? NULL : e->next) {
        int i = cJSON_IsString(e) ? tcase_version_index(e->valuestring) : -1;
        if (i < 0) {
            size_t n;
            char *t = span_text(p, e, &n);
            jfail(p, e, where, "unknown Flink version %s (ptfhost follows \"2.1\", \"2.2\" and \"2.3\")", t);
            free(t);
            return -1;
        }
        *bits |= 1u << i;
    }
    if (!*bits) return jfail(p, v, where, "names no version; give one or more of \"2.1\", \"2.2\", \"2.3\"");
    return 0;
}

/* "sql": one string, or a list of lines. Each line of a list keeps its line
 * in the file, so the session's error positions point at it. */
static int read_sql(jparser_t *p, tcase_t *c, const cJSON *v, const char *where)
{
    bool list = cJSON_IsArray(v);
    if (!list && !cJSON_IsString(v))
        return jfail(p, v, where, "must be the script as a string, or a list of its lines (strings)");
    buf_t b = BUF_INIT;
    int cur = 0;   /* the SQL line the next character is on */
    for (const cJSON *e = list ? v->child : v; e; e = list ? e->next : NULL) {
        if (!cJSON_IsString(e)) {
            buf_free(&b);
            return jfail(p, e, where, "a line of the SQL must be a string");
        }
        int l = line_of(p, e);
        if (cur == 0) {
            c->sql_line = l;
            for (cur = 1; cur < l; cur++) buf_putc(&b, '\n');
        } else {
            int n = l > cur ? l - cur : 1;
            for (int i = 0; i < n; i++) buf_putc(&b, '\n');
            cur += n;
        }
        const char *s = e->valuestring;
        if (tcase_append_sql(&b, s, strlen(s), p->build_dir) != 0) {
            buf_free(&b);
            return jfail(p, e, where, TCASE_BUILD_HELP);
        }
        for (; *s; s++) cur += *s == '\n';
    }
    if (cur == 0) c->sql_line = line_of(p, v);   /* an empty list */
    buf_putc(&b, '\n');
    c->sql = buf_steal(&b);
    return 0;
}

static int read_event(jparser_t *p, const cJSON *ev, const char *where, buf_t *b, bool first)
{
    if (!cJSON_IsObject(ev) || !ev->child || ev->child->next) return jfail(p, ev, where, "%s", EVENT_HELP);
    const cJSON *v = ev->child;
    const char *k = v->string;
    const char *sep = first ? "" : ",";
    int64_t t;
    if (strcmp(k, "+I") == 0 || strcmp(k, "-U") == 0 || strcmp(k, "+U") == 0 || strcmp(k, "-D") == 0) {
        if (!cJSON_IsObject(v) && !cJSON_IsArray(v))
            return jfail(p, v, where, "a row is an object {\"col\": value, ...} or an array [v1, v2, ...] "
                                      "(values as in Flink's JSON format)");
        const span_t *s = span_of(p, v);
        buf_printf(b, "%s{\"kind\": \"%s\", \"row\": ", sep, k);
        buf_append(b, p->text + s->start, s->end - s->start);
    } else if (strcmp(k, "watermark") == 0) {
        const span_t *s = span_of(p, v);
        if (cJSON_IsNumber(v) && tcase_parse_int64(p->text + s->start, s->end - s->start, &t)) {
            buf_printf(b, "%s{\"watermark\": %lld", sep, (long long)t);
        } else if (cJSON_IsString(v) && tcase_parse_datetime(v->valuestring, strlen(v->valuestring), &t)) {
            buf_printf(b, "%s{\"watermark\": ", sep);
            tcase_json_string(b, v->valuestring, strlen(v->valuestring));
        } else {
            return jfail(p, v, where, "\"watermark\" needs a time: epoch milliseconds or \"yyyy-MM-dd "
                                      "HH:mm:ss[.SSS]\"");
        }
    } else if (strcmp(k, "proctime") == 0) {
        const span_t *s = span_of(p, v);
        const char *str = cJSON_IsString(v) ? v->valuestring : NULL;
        if ((cJSON_IsNumber(v) && tcase_parse_int64(p->text + s->start, s->end - s->start, &t)) ||
            (str && tcase_parse_datetime(str, strlen(str), &t))) {
            buf_printf(b, "%s{\"proctime\": %lld", sep, (long long)t);
        } else if (str && tcase_is_duration(str, strlen(str))) {
            buf_printf(b, "%s{\"proctime\": ", sep);
            tcase_json_string(b, str, strlen(str));
        } else {
            return jfail(p, v, where, "\"proctime\" needs epoch milliseconds, \"yyyy-MM-dd HH:mm:ss[.SSS]\" or an "
                                      "advance such as \"+30 s\" (units ms, s, min, h, d)");
        }
    } else {
        return jfail(p, ev, where, "unknown event \"%s\"; %s", k, EVENT_HELP);
    }
    buf_printf(b, ", \"line\": %d}", line_of(p, ev));
    return 0;
}

/* One event group: {"TABLE": [EVENT, ...], ...}. */
static int read_input_group(jparser_t *p, tcase_t *c, const cJSON *v, const char *where, int group)
{
    if (!cJSON_IsObject(v))
        return jfail(p, v, where, "must be an object of tables: {\"TABLE\": [EVENT, ...], ...}, or a list of "
                                  "them with a restart step between each two");
    for (const cJSON *t = v->child; t; t = t->next) {
        char at[256];
        snprintf(at, sizeof at, "%s.%s", where, t->string);
        if (!*t->string) return jfail(p, t, where, "a table name is empty");
        for (int i = 0; i < c->ninputs; i++)
            if (c->inputs[i].group == group && strcmp(c->inputs[i].table, t->string) == 0)
                return jfail(p, t, where, "table \"%s\" is given twice (the first is at line %d)", t->string,
                             c->inputs[i].line);
        if (!cJSON_IsArray(t)) return jfail(p, t, at, "must be a list of events; %s", EVENT_HELP);
        c->inputs = xrealloc(c->inputs, (size_t)(c->ninputs + 1) * sizeof *c->inputs);
        tcase_input_t *in = &c->inputs[c->ninputs++];
        memset(in, 0, sizeof *in);
        in->table = xstrdup(t->string);
        in->line = line_of(p, t);
        in->group = group;
        buf_t b = BUF_INIT;
        buf_putc(&b, '[');
        int i = 0;
        for (const cJSON *ev = t->child; ev; ev = ev->next, i++) {
            char eat[300];
            snprintf(eat, sizeof eat, "%s[%d]", at, i);
            if (read_event(p, ev, eat, &b, i == 0) != 0) {
                buf_free(&b);
                return -1;
            }
        }
        buf_putc(&b, ']');
        in->nevents = i;
        in->events_json = buf_steal(&b);
    }
    return 0;
}

/* "inputs": one group of events, or a list of groups with a restart step between each two. */
static int read_inputs(jparser_t *p, tcase_t *c, const cJSON *v, const char *where)
{
    if (!cJSON_IsArray(v) || !v->child) return read_input_group(p, c, v, where, 0);   /* [] is no group */
    int n = 0;
    for (const cJSON *g = v->child; g; g = g->next, n++) {
        char at[256];
        snprintf(at, sizeof at, "%s[%d]", where, n);
        if (read_input_group(p, c, g, at, n) != 0) return -1;
    }
    c->nrestarts = n - 1;
    return 0;
}

static int read_state(jparser_t *p, tcase_t *c, const cJSON *v, const char *where)
{
    if (!cJSON_IsObject(v))
        return jfail(p, v, where, "must be an object of functions: {\"FUNCTION\": [{\"key\": ..., \"state\": ..., "
                                  "\"timers\": [...]}, ...]} (FUNCTION: the name the SQL calls, or the call's uid)");
    for (const cJSON *f = v->child; f; f = f->next) {
        char at[256];
        snprintf(at, sizeof at, "%s.%s", where, f->string);
        if (!*f->string) return jfail(p, f, where, "a function name is empty");
        for (int i = 0; i < c->nstates; i++)
            if (strcmp(c->states[i].target, f->string) == 0)
                return jfail(p, f, where, "\"%s\" is given twice (the first is at line %d); put all its keys in one list",
                             f->string, c->states[i].line);
        if (!cJSON_IsArray(f))
            return jfail(p, f, at, "must be a list of keys' seeds: [{\"key\": ..., \"state\": ..., \"timers\": ...}]");
        c->states = xrealloc(c->states, (size_t)(c->nstates + 1) * sizeof *c->states);
        tcase_state_t *st = &c->states[c->nstates++];
        memset(st, 0, sizeof *st);
        st->target = xstrdup(f->string);
        st->line = line_of(p, f);
        int i = 0;
        for (const cJSON *e = f->child; e; e = e->next, i++) {
            char eat[300], msg[512];
            snprintf(eat, sizeof eat, "%s[%d]", at, i);
            size_t n;
            char *text = span_text(p, e, &n);
            if (tcase_seed_check(text, n, msg, sizeof msg) != 0) {
                free(text);
                return jfail(p, e, eat, "%s", msg);
            }
            st->rows = xrealloc(st->rows, (size_t)(st->nrows + 1) * sizeof *st->rows);
            st->rows[st->nrows].text = text;
            st->rows[st->nrows].line = line_of(p, e);
            st->nrows++;
        }
    }
    return 0;
}

static int read_order(jparser_t *p, tcase_expect_t *e, const cJSON *v, const char *where)
{
    if (cJSON_IsString(v) && strcmp(v->valuestring, "exact") == 0) e->order = TCASE_ORDER_EXACT;
    else if (cJSON_IsString(v) && strcmp(v->valuestring, "multiset") == 0) e->order = TCASE_ORDER_MULTISET;
    else if (cJSON_IsObject(v) && v->child && !v->child->next && strcmp(v->child->string, "per_key") == 0) {
        const cJSON *keys = v->child;
        if (!cJSON_IsArray(keys) || !keys->child)
            return jfail(p, keys, where, "\"per_key\" needs the key columns: [1] (1-based positions in the printed "
                                         "row) or [\"name\"]");
        e->order = TCASE_ORDER_PER_KEY;
        for (const cJSON *k = keys->child; k; k = k->next) {
            size_t n = 0;
            char *t = NULL;
            if (cJSON_IsNumber(k)) t = span_text(p, k, &n);
            else if (cJSON_IsString(k) && *k->valuestring) t = xstrdup(k->valuestring);
            int64_t pos;
            if (!t || (cJSON_IsNumber(k) && (!tcase_parse_int64(t, n, &pos) || pos < 1))) {
                free(t);
                return jfail(p, k, where, "a key column is a 1-based position (1, 2, ...) or a column name");
            }
            e->keys = xrealloc(e->keys, (size_t)(e->nkeys + 1) * sizeof *e->keys);
            e->keys[e->nkeys++] = t;
        }
    } else {
        return jfail(p, v, where, "%s", ORDER_HELP);
    }
    return 0;
}

/* "rows" (printed rows) or "error" (substrings of the message): lines of text. */
static int read_lines(jparser_t *p, tcase_expect_t *e, const cJSON *v, const char *where, bool error)
{
    const cJSON *one = error && cJSON_IsString(v) ? v : NULL;
    if (!one && !cJSON_IsArray(v))
        return jfail(p, v, where, error ? "must be a substring of the error message, or a list of them"
                                        : "must be a list of the printed rows, e.g. [\"+I[1, a]\", \"-D[1, a]\"]");
    for (const cJSON *r = one ? one : v->child; r; r = one ? NULL : r->next) {
        if (!cJSON_IsString(r))
            return jfail(p, r, where, "%s must be a string", error ? "a message part" : "a row (as printed)");
        const char *s = r->valuestring, *end = s + strlen(s);
        while (*s == ' ' || *s == '\t') s++;
        while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) end--;
        if (s == end) return jfail(p, r, where, "an empty %s; leave it out", error ? "message part" : "row");
        if (memchr(s, '\n', (size_t)(end - s)))
            return jfail(p, r, where, "%s is one line; split it into one string per line",
                         error ? "a message part" : "a row");
        e->rows = xrealloc(e->rows, (size_t)(e->nrows + 1) * sizeof *e->rows);
        e->rows[e->nrows].text = strndup(s, (size_t)(end - s));
        if (!e->rows[e->nrows].text) abort();
        e->rows[e->nrows].line = line_of(p, r);
        e->nrows++;
    }
    const span_t *sp = span_of(p, v);
    e->body_start = sp->start;
    e->body_end = sp->end;
    return 0;
}

static int read_expect(jparser_t *p, tcase_t *c, const cJSON *o, const char *where)
{
    if (!cJSON_IsObject(o))
        return jfail(p, o, where, "an expectation is an object: {\"rows\": [...]} or {\"error\": [...]}, with "
                                  "optional \"versions\", \"order\" and \"materialized\"");
    member_t m[] = {{"versions", NULL}, {"order", NULL}, {"materialized", NULL}, {"rows", NULL}, {"error", NULL}};
    enum { VERSIONS, ORDER, MATERIALIZED, ROWS, ERROR };
    if (members(p, o, where, m, 5, "an expectation has") != 0) return -1;
    c->expects = xrealloc(c->expects, (size_t)(c->nexpects + 1) * sizeof *c->expects);
    tcase_expect_t *e = &c->expects[c->nexpects++];
    memset(e, 0, sizeof *e);
    e->line = line_of(p, o);
    char at[300];
    if (m[VERSIONS].value) {
        snprintf(at, sizeof at, "%s.versions", where);
        if (read_versions(p, m[VERSIONS].value, at, &e->versions) != 0) return -1;
        if (c->versions && (e->versions & ~c->versions))
            return jfail(p, m[VERSIONS].value, at, "names a Flink version the case does not run under (its "
                                                   "\"flink_version\"); add the version there or drop it here");
    }
    if (m[ORDER].value) {
        snprintf(at, sizeof at, "%s.order", where);
        if (read_order(p, e, m[ORDER].value, at) != 0) return -1;
    }
    if (m[MATERIALIZED].value) {
        if (!cJSON_IsBool(m[MATERIALIZED].value)) {
            snprintf(at, sizeof at, "%s.materialized", where);
            return jfail(p, m[MATERIALIZED].value, at, "must be true or false");
        }
        e->materialized = cJSON_IsTrue(m[MATERIALIZED].value);
    }
    if (!m[ROWS].value == !m[ERROR].value)
        return jfail(p, o, where, "give either \"rows\" (the printed output) or \"error\" (substrings of the "
                                  "message the case fails with)%s", m[ROWS].value ? ", not both" : "");
    e->error = m[ERROR].value != NULL;
    if (e->error && (m[ORDER].value || e->materialized))
        return jfail(p, o, where, "an \"error\" expectation takes no \"order\" and no \"materialized\" (its lines "
                                  "are substrings of the error message)");
    snprintf(at, sizeof at, "%s.%s", where, e->error ? "error" : "rows");
    if (read_lines(p, e, e->error ? m[ERROR].value : m[ROWS].value, at, e->error) != 0) return -1;
    /* Two expectations that would both apply to one run are ambiguous. */
    for (int i = 0; i < c->nexpects - 1; i++) {
        const tcase_expect_t *x = &c->expects[i];
        bool same_versions = (x->versions == 0 && e->versions == 0) || (x->versions & e->versions);
        if (same_versions && x->materialized == e->materialized)
            return jfail(p, o, where, "a second %s expectation for the same Flink version (the first is at line %d); "
                                      "give each its \"versions\"",
                         e->materialized ? "materialized" : "changelog/error", x->line);
    }
    return 0;
}

static int read_case(jparser_t *p, const cJSON *o, int index)
{
    char where[64];
    snprintf(where, sizeof where, "cases[%d]", index);
    if (!cJSON_IsObject(o))
        return jfail(p, o, where, "a case is an object: {\"name\": ..., \"sql\": ..., \"inputs\": ..., "
                                  "\"expected\": ...}");
    member_t m[] = {{"name", NULL}, {"flink_version", NULL}, {"sql", NULL},
                    {"inputs", NULL}, {"state", NULL}, {"expected", NULL}};
    enum { NAME, VERSION, SQL, INPUTS, STATE, EXPECTED };
    if (members(p, o, where, m, 6, "a case has") != 0) return -1;
    const cJSON *name = m[NAME].value;
    if (!name) return jfail(p, o, where, "the case has no \"name\"");
    if (!cJSON_IsString(name) || !*name->valuestring || strchr(name->valuestring, '\n'))
        return jfail(p, name, where, "\"name\" must be a non-empty string of one line");
    tcase_file_t *f = p->file;
    for (int i = 0; i < f->ncases; i++)
        if (strcmp(f->cases[i].name, name->valuestring) == 0)
            return jfail(p, name, where, "a second case named '%s' (the first is at line %d); names identify cases "
                                         "in reports and --update", name->valuestring, f->cases[i].line);
    f->cases = xrealloc(f->cases, (size_t)(f->ncases + 1) * sizeof *f->cases);
    tcase_t *c = &f->cases[f->ncases++];
    memset(c, 0, sizeof *c);
    c->name = xstrdup(name->valuestring);
    c->line = line_of(p, name);
    p->case_name = c->name;
    const cJSON *last = o->child;
    while (last->next) last = last->next;
    c->end = span_of(p, last)->end;

    char at[128];
    if (m[VERSION].value) {
        snprintf(at, sizeof at, "%s.flink_version", where);
        if (read_versions(p, m[VERSION].value, at, &c->versions) != 0) return -1;
    }
    if (!m[SQL].value) return jfail(p, o, where, "the case has no \"sql\"");
    snprintf(at, sizeof at, "%s.sql", where);
    if (read_sql(p, c, m[SQL].value, at) != 0) return -1;
    if (m[INPUTS].value) {
        snprintf(at, sizeof at, "%s.inputs", where);
        if (read_inputs(p, c, m[INPUTS].value, at) != 0) return -1;
    }
    if (m[STATE].value) {
        snprintf(at, sizeof at, "%s.state", where);
        if (read_state(p, c, m[STATE].value, at) != 0) return -1;
    }
    const cJSON *ex = m[EXPECTED].value;
    if (ex) {
        snprintf(at, sizeof at, "%s.expected", where);
        if (cJSON_IsArray(ex)) {
            if (!ex->child)
                return jfail(p, ex, at, "an empty list; give an expectation ({\"rows\": []} expects no output) "
                                        "or leave \"expected\" out for --update to record one");
            int i = 0;
            for (const cJSON *e = ex->child; e; e = e->next, i++) {
                char eat[160];
                snprintf(eat, sizeof eat, "%s[%d]", at, i);
                if (read_expect(p, c, e, eat) != 0) return -1;
            }
        } else if (read_expect(p, c, ex, at) != 0) {
            return -1;
        }
    }
    p->case_name = NULL;
    return 0;
}

/* Where cJSON stopped: "path:line: near column N: ..." with a hint at the
 * usual hand-writing slips. cJSON's position is at the offending character
 * or just after it, hence "near". */
static int syntax_error(jparser_t *p, size_t off, const char *what)
{
    if (off > p->len) off = p->len;
    size_t ls = off;
    while (ls > 0 && p->text[ls - 1] != '\n') ls--;
    snprintf(p->err, p->errlen,
             "%s:%d: near column %zu: %s (a missing comma, quote or bracket? JSON allows no trailing commas, no "
             "comments - use \"comment\" members - and only double-quoted strings)",
             p->path, line_at(p->text, off), off - ls + 1, what);
    return -1;
}

/* A control character where only blanks may be: its exact position. */
static int control_error(jparser_t *p, size_t off)
{
    size_t ls = off;
    while (ls > 0 && p->text[ls - 1] != '\n') ls--;
    snprintf(p->err, p->errlen,
             "%s:%d: column %zu: illegal character (control character, code %d) between JSON tokens: only "
             "spaces, tabs and line breaks may separate them",
             p->path, line_at(p->text, off), off - ls + 1, (unsigned char)p->text[off]);
    return -1;
}

int tcase_json_parse(const char *path, const char *text, size_t len, const char *build_dir, tcase_file_t *out,
                     char *err, size_t errlen)
{
    jparser_t p = {.path = path, .text = text, .len = len, .build_dir = build_dir, .file = out,
                   .line_no = 1, .err = err, .errlen = errlen};
    size_t start = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    size_t ctl = stray_control(text, len, start);
    const char *stop = NULL;
    cJSON *doc = cJSON_ParseWithLengthOpts(text + start, len - start, &stop, false);
    if (!doc) {
        const char *at = cJSON_GetErrorPtr();
        if (!at || at < text || at > text + len) at = stop;
        size_t off = at && at >= text && at <= text + len ? (size_t)(at - text) : start;
        if (ctl < off) return control_error(&p, ctl);
        return syntax_error(&p, off, "the file is not valid JSON here");
    }
    if (ctl < len) {
        cJSON_Delete(doc);
        return control_error(&p, ctl);
    }
    size_t after = skip_blanks(text, len, (size_t)(stop - text));
    if (after < len) {
        cJSON_Delete(doc);
        return syntax_error(&p, after, "text after the end of the JSON document");
    }
    scan_value(&p, start);
    int k = 0;
    assign_nodes(&p, doc, &k);
    int rc = 0;
    if (k != p.nspans) {
        snprintf(err, errlen, "%s:1: internal error: %d JSON values but %d positions", path, k, p.nspans);
        rc = -1;
    }
    if (rc == 0) qsort(p.spans, (size_t)p.nspans, sizeof *p.spans, cmp_span);
    member_t m[] = {{"cases", NULL}};
    if (rc == 0 && !cJSON_IsObject(doc)) rc = jfail(&p, doc, "", "a JSON case file is an object {\"cases\": [...]}");
    if (rc == 0) rc = members(&p, doc, "the file", m, 1, "the file has");
    const cJSON *cases = m[0].value;
    if (rc == 0 && !cases) rc = jfail(&p, doc, "", "no \"cases\" in this file (write {\"cases\": [{\"name\": ...}]})");
    if (rc == 0 && !cJSON_IsArray(cases)) rc = jfail(&p, cases, "cases", "must be a list of case objects");
    if (rc == 0 && !cases->child) rc = jfail(&p, cases, "cases", "no cases in this file");
    int i = 0;
    for (const cJSON *c = rc == 0 ? cases->child : NULL; c && rc == 0; c = c->next) rc = read_case(&p, c, i++);
    cJSON_Delete(doc);
    free(p.spans);
    return rc;
}

/* --- --update ------------------------------------------------------------- */

/* The blanks that start the line holding text[off]. */
static size_t indent_at(const tcase_file_t *f, size_t off)
{
    size_t ls = off;
    while (ls > 0 && f->text[ls - 1] != '\n') ls--;
    size_t n = 0;
    while (ls + n < f->len && (f->text[ls + n] == ' ' || f->text[ls + n] == '\t')) n++;
    return n;
}

/* actual's rows as a JSON array, one row a line, ']' at indentation ind. */
static void rows_array(buf_t *b, const char *actual, size_t ind)
{
    char *copy = xstrdup(actual ? actual : "");
    char **lines;
    int n = tcase_split_lines(copy, &lines);
    buf_putc(b, '[');
    for (int i = 0; i < n; i++) {
        buf_printf(b, "\n%*s", (int)ind + 2, "");
        tcase_json_string(b, lines[i], strlen(lines[i]));
        if (i + 1 < n) buf_putc(b, ',');
    }
    if (n) buf_printf(b, "\n%*s", (int)ind, "");
    buf_putc(b, ']');
    free(lines);
    free(copy);
}

static tcase_edit_t edit(buf_t *b, size_t start, size_t end)
{
    tcase_edit_t ed = {start, end, NULL};
    buf_putc(b, '\0');
    ed.text = buf_steal(b);
    return ed;
}

tcase_edit_t tcase_json_update_edit(const tcase_file_t *f, const tcase_expect_t *e, const char *actual)
{
    buf_t b = BUF_INIT;
    rows_array(&b, actual, indent_at(f, e->body_start));
    return edit(&b, e->body_start, e->body_end);
}

tcase_edit_t tcase_json_append_edit(const tcase_file_t *f, const tcase_t *c, const int *versions,
                                    const char *const *actual, int n)
{
    buf_t b = BUF_INIT;
    size_t ind = indent_at(f, c->end > 0 ? c->end - 1 : 0);
    bool list = n > 1 || (n == 1 && versions[0] >= 0);
    buf_printf(&b, ",\n%*s\"expected\": %s", (int)ind, "", list ? "[" : "");
    size_t oind = list ? ind + 2 : ind;   /* the expectation objects' braces */
    for (int i = 0; i < n; i++) {
        if (list) buf_printf(&b, "%s\n%*s", i ? "," : "", (int)oind, "");
        buf_printf(&b, "{\n");
        if (versions[i] >= 0) buf_printf(&b, "%*s\"versions\": [\"%s\"],\n", (int)oind + 2, "", tcase_versions[versions[i]]);
        buf_printf(&b, "%*s\"rows\": ", (int)oind + 2, "");
        rows_array(&b, actual[i], oind + 2);
        buf_printf(&b, "\n%*s}", (int)oind, "");
    }
    if (list) buf_printf(&b, "\n%*s]", (int)ind, "");
    return edit(&b, c->end, c->end);
}
