/* tableau.c - see tableau.h */
#include "connectors/tableau.h"

#include <stdlib.h>
#include <string.h>

struct conn_tableau {
    const type_t *schema;
    bool streaming;
    int max_width;
    render_zone_t zone;
    bool has_zone;
    int ncols;                 /* including `op` when streaming */
    int *widths;
    char **names;
    /* batch: rendered cells, row-major */
    char **cells;
    size_t nrows, caprows;
    long received;
    bool begun;
};

/* ---- display width -------------------------------------------------------- */

static bool is_wide(uint32_t cp)
{
    /* East_Asian_Width W or F, main blocks */
    static const uint32_t r[][2] = {
        {0x1100, 0x115F}, {0x231A, 0x231B}, {0x2329, 0x232A}, {0x23E9, 0x23EC}, {0x23F0, 0x23F0},
        {0x23F3, 0x23F3}, {0x25FD, 0x25FE}, {0x2614, 0x2615}, {0x2648, 0x2653}, {0x267F, 0x267F},
        {0x2693, 0x2693}, {0x26A1, 0x26A1}, {0x26AA, 0x26AB}, {0x26BD, 0x26BE}, {0x26C4, 0x26C5},
        {0x26CE, 0x26CE}, {0x26D4, 0x26D4}, {0x26EA, 0x26EA}, {0x26F2, 0x26F3}, {0x26F5, 0x26F5},
        {0x26FA, 0x26FA}, {0x26FD, 0x26FD}, {0x2705, 0x2705}, {0x270A, 0x270B}, {0x2728, 0x2728},
        {0x274C, 0x274C}, {0x274E, 0x274E}, {0x2753, 0x2755}, {0x2757, 0x2757}, {0x2795, 0x2797},
        {0x27B0, 0x27B0}, {0x27BF, 0x27BF}, {0x2B1B, 0x2B1C}, {0x2B50, 0x2B50}, {0x2B55, 0x2B55},
        {0x2E80, 0x303E}, {0x3041, 0x33FF}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xA000, 0xA4CF},
        {0xA960, 0xA97F}, {0xAC00, 0xD7A3}, {0xF900, 0xFAFF}, {0xFE10, 0xFE19}, {0xFE30, 0xFE6F},
        {0xFF00, 0xFF60}, {0xFFE0, 0xFFE6}, {0x16FE0, 0x16FE4}, {0x17000, 0x18AFF}, {0x1B000, 0x1B2FF},
        {0x1F004, 0x1F004}, {0x1F0CF, 0x1F0CF}, {0x1F18E, 0x1F18E}, {0x1F191, 0x1F19A}, {0x1F200, 0x1F251},
        {0x1F300, 0x1F320}, {0x1F32D, 0x1F335}, {0x1F337, 0x1F37C}, {0x1F37E, 0x1F393}, {0x1F3A0, 0x1F3CA},
        {0x1F3CF, 0x1F3D3}, {0x1F3E0, 0x1F3F0}, {0x1F3F4, 0x1F3F4}, {0x1F3F8, 0x1F43E}, {0x1F440, 0x1F440},
        {0x1F442, 0x1F4FC}, {0x1F4FF, 0x1F53D}, {0x1F54B, 0x1F54E}, {0x1F550, 0x1F567}, {0x1F57A, 0x1F57A},
        {0x1F595, 0x1F596}, {0x1F5A4, 0x1F5A4}, {0x1F5FB, 0x1F64F}, {0x1F680, 0x1F6C5}, {0x1F6CC, 0x1F6CC},
        {0x1F6D0, 0x1F6D2}, {0x1F6EB, 0x1F6EC}, {0x1F6F4, 0x1F6FC}, {0x1F7E0, 0x1F7EB}, {0x1F90C, 0x1F93A},
        {0x1F93C, 0x1F945}, {0x1F947, 0x1F9FF}, {0x1FA70, 0x1FAFF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
    };
    size_t lo = 0, hi = sizeof r / sizeof r[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cp < r[mid][0]) hi = mid;
        else if (cp > r[mid][1]) lo = mid + 1;
        else return true;
    }
    return false;
}

/* Next code point of UTF-8 text; a malformed byte counts as one character. */
static uint32_t next_cp(const unsigned char *s, size_t n, size_t *i)
{
    unsigned c = s[*i];
    int need = c < 0x80 ? 0 : (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : -1;
    if (need < 0) {
        (*i)++;
        return 0xfffd;
    }
    uint32_t cp = need == 0 ? c : need == 1 ? (c & 0x1f) : need == 2 ? (c & 0x0f) : (c & 0x07);
    for (int k = 1; k <= need; k++) {
        if (*i + (size_t)k >= n || (s[*i + (size_t)k] & 0xc0) != 0x80) {
            (*i)++;
            return 0xfffd;
        }
        cp = (cp << 6) | (s[*i + (size_t)k] & 0x3f);
    }
    *i += (size_t)need + 1;
    return cp;
}

static int utf16_length(const char *s)
{
    size_t n = strlen(s), i = 0;
    int len = 0;
    while (i < n) len += next_cp((const unsigned char *)s, n, &i) >= 0x10000 ? 2 : 1;
    return len;
}

/* Java length() (UTF-16 units) plus one per wide code point. */
static int cp_width(uint32_t cp) { return (cp >= 0x10000 ? 2 : 1) + (is_wide(cp) ? 1 : 0); }

int conn_tableau_display_width(const char *s, size_t n)
{
    int w = 0;
    size_t i = 0;
    while (i < n) w += cp_width(next_cp((const unsigned char *)s, n, &i));
    return w;
}

/* ---- layout ---------------------------------------------------------------- */

static int type_width(const type_t *t, int max_width)
{
    int p = t->precision;
    switch (t->id) {
    case TYPE_TINYINT: return 4;
    case TYPE_SMALLINT: return 6;
    case TYPE_INT: return 11;
    case TYPE_BIGINT: return 20;
    case TYPE_DECIMAL: return p + 2;
    case TYPE_BOOLEAN: return 5;
    case TYPE_DATE: return 10;
    case TYPE_TIME: return p <= 0 ? 8 : p + 9;
    case TYPE_TIMESTAMP:
    case TYPE_TIMESTAMP_LTZ: return p == 0 ? 19 : p <= 3 ? 23 : p <= 6 ? 26 : 29;
    default: return max_width;
    }
}

conn_tableau_t *conn_tableau_new(const type_t *schema, bool streaming, int max_column_width, const render_zone_t *zone)
{
    conn_tableau_t *t = calloc(1, sizeof *t);
    t->schema = schema;
    t->streaming = streaming;
    t->max_width = max_column_width > 0 ? max_column_width : CONN_TABLEAU_DEFAULT_MAX_WIDTH;
    if (zone) {
        t->zone = *zone;
        t->has_zone = true;
    }
    int off = streaming ? 1 : 0;
    t->ncols = schema->nfields + off;
    t->widths = calloc((size_t)t->ncols + 1, sizeof *t->widths);
    t->names = calloc((size_t)t->ncols + 1, sizeof *t->names);
    if (streaming) {
        t->names[0] = strdup("op");
        t->widths[0] = 2;
    }
    for (int i = 0; i < schema->nfields; i++) {
        const char *name = schema->fields[i].name;
        t->names[i + off] = strdup(name);
        int w = utf16_length(name);   /* Flink uses String.length() for names here */
        if (streaming) {
            int tw = type_width(schema->fields[i].type, t->max_width);
            if (tw < 6) tw = 6;   /* room for <NULL> */
            if (tw > w) w = tw;
        } else {
            w = conn_tableau_display_width(name, strlen(name));
        }
        t->widths[i + off] = w;
    }
    return t;
}

static void border(const conn_tableau_t *t, buf_t *out)
{
    buf_putc(out, '+');
    for (int i = 0; i < t->ncols; i++) {
        for (int k = 0; k < t->widths[i] + 2; k++) buf_putc(out, '-');
        buf_putc(out, '+');
    }
    buf_putc(out, '\n');
}

static void pad(buf_t *out, int n)
{
    for (int k = 0; k < n; k++) buf_putc(out, ' ');
}

static void cells_line(const conn_tableau_t *t, char *const *cells, buf_t *out)
{
    buf_putc(out, '|');
    for (int i = 0; i < t->ncols; i++) {
        const char *c = cells[i];
        size_t n = strlen(c);
        int w = conn_tableau_display_width(c, n);
        buf_putc(out, ' ');
        if (w <= t->widths[i]) {
            pad(out, t->widths[i] - w);
            buf_append(out, c, n);
        } else {
            /* truncateString(col, width - 3) + "..." */
            int target = t->widths[i] - 3, passed = 0;
            size_t k = 0, cut = 0;
            while (k < n) {
                passed += cp_width(next_cp((const unsigned char *)c, n, &k));
                if (passed > target) break;
                cut = k;
            }
            int used = conn_tableau_display_width(c, cut);
            if (target > used) pad(out, target - used);
            buf_append(out, c, cut);
            buf_puts(out, "...");
        }
        buf_puts(out, " |");
    }
    buf_putc(out, '\n');
}

static char **render_cells(conn_tableau_t *t, const row_t *r)
{
    char **cells = calloc((size_t)t->ncols + 1, sizeof *cells);
    int off = t->streaming ? 1 : 0;
    if (t->streaming) cells[0] = strdup(row_kind_short(r->kind));
    buf_t b = BUF_INIT;
    for (int i = 0; i < t->schema->nfields; i++) {
        buf_clear(&b);
        const value_t *v = (uint32_t)i < r->n ? &r->fields[i] : NULL;
        if (!v || v->is_null) buf_puts(&b, "<NULL>");
        else render_sql_value(&b, v, t->schema->fields[i].type, t->has_zone ? &t->zone : NULL);
        cells[i + off] = strdup(buf_cstr(&b));
    }
    buf_free(&b);
    return cells;
}

static void free_cells(char **cells, int n)
{
    for (int i = 0; i < n; i++) free(cells[i]);
    free(cells);
}

void conn_tableau_begin(conn_tableau_t *t, buf_t *out)
{
    if (!t->streaming || t->begun) return;
    t->begun = true;
    border(t, out);
    cells_line(t, t->names, out);
    border(t, out);
}

void conn_tableau_row(conn_tableau_t *t, const row_t *r, buf_t *out)
{
    char **cells = render_cells(t, r);
    t->received++;
    if (t->streaming) {
        conn_tableau_begin(t, out);
        cells_line(t, cells, out);
        free_cells(cells, t->ncols);
        return;
    }
    if (t->nrows == t->caprows) {
        t->caprows = t->caprows ? t->caprows * 2 : 16;
        t->cells = realloc(t->cells, t->caprows * sizeof *t->cells);
    }
    t->cells[t->nrows++] = (char *)cells;
}

void conn_tableau_end(conn_tableau_t *t, buf_t *out)
{
    if (t->streaming) {
        conn_tableau_begin(t, out);
        if (t->received > 0) border(t, out);
        buf_printf(out, "Received a total of %ld %s\n", t->received, t->received > 1 ? "rows" : "row");
        return;
    }
    if (t->nrows == 0) {
        buf_puts(out, "Empty set\n");
        return;
    }
    for (size_t r = 0; r < t->nrows; r++) {
        char **cells = (char **)t->cells[r];
        for (int i = 0; i < t->ncols; i++) {
            int w = conn_tableau_display_width(cells[i], strlen(cells[i]));
            if (w > t->widths[i]) t->widths[i] = w;
        }
    }
    for (int i = 0; i < t->ncols; i++)
        if (t->widths[i] > t->max_width) t->widths[i] = t->max_width;
    border(t, out);
    cells_line(t, t->names, out);
    border(t, out);
    for (size_t r = 0; r < t->nrows; r++) cells_line(t, (char **)t->cells[r], out);
    border(t, out);
    buf_printf(out, "%zu %s in set\n", t->nrows, t->nrows > 1 ? "rows" : "row");
}

void conn_tableau_free(conn_tableau_t *t)
{
    if (!t) return;
    for (size_t r = 0; r < t->nrows; r++) free_cells((char **)t->cells[r], t->ncols);
    free(t->cells);
    free_cells(t->names, t->ncols);
    free(t->widths);
    free(t);
}
