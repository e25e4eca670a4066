/* table_print.c - see table_print.h. */
#include "util/table_print.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/utf8.h"
#include "util/xalloc.h"

/* ---- display width ----------------------------------------------------- */

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

/* Java length() (UTF-16 units) plus one per wide code point. */
static int cp_width(uint32_t cp) { return (cp >= 0x10000 ? 2 : 1) + (is_wide(cp) ? 1 : 0); }

int tbl_display_width(const char *s, size_t n)
{
    int w = 0;
    size_t i = 0;
    while (i < n) w += cp_width(utf8_next(s, n, &i));
    return w;
}

/* ---- widths ------------------------------------------------------------ */

void tbl_init(tbl_t *t, int ncols, int max_width)
{
    t->ncols = ncols;
    t->widths = xcalloc((size_t)ncols + 1, sizeof *t->widths);
    t->max_width = max_width;
}

void tbl_free(tbl_t *t)
{
    free(t->widths);
    t->widths = NULL;
}

void tbl_fit(tbl_t *t, const char *const *cells)
{
    for (int i = 0; i < t->ncols; i++) {
        int w = tbl_display_width(cells[i], strlen(cells[i]));
        if (t->max_width > 0 && w > t->max_width) w = t->max_width;
        if (w > t->widths[i]) t->widths[i] = w;
    }
}

static void pad(buf_t *out, int n)
{
    for (int k = 0; k < n; k++) buf_putc(out, ' ');
}

/* ---- boxed ------------------------------------------------------------- */

void tbl_box_border(const tbl_t *t, buf_t *out)
{
    buf_putc(out, '+');
    for (int i = 0; i < t->ncols; i++) {
        for (int k = 0; k < t->widths[i] + 2; k++) buf_putc(out, '-');
        buf_putc(out, '+');
    }
    buf_putc(out, '\n');
}

/* TableauStyle: truncateString(cell, width - 3) + "...", right-aligned. */
static void cut_cell(buf_t *out, const char *c, size_t n, int width)
{
    int target = width - 3, passed = 0;
    size_t k = 0, cut = 0;
    while (k < n) {
        passed += cp_width(utf8_next(c, n, &k));
        if (passed > target) break;
        cut = k;
    }
    int used = tbl_display_width(c, cut);
    if (target > used) pad(out, target - used);
    buf_append(out, c, cut);
    buf_puts(out, "...");
}

void tbl_box_line(const tbl_t *t, const char *const *cells, buf_t *out)
{
    buf_putc(out, '|');
    for (int i = 0; i < t->ncols; i++) {
        const char *c = cells[i];
        size_t n = strlen(c);
        int w = tbl_display_width(c, n);
        buf_putc(out, ' ');
        if (w <= t->widths[i]) {
            pad(out, t->widths[i] - w);
            buf_append(out, c, n);
        } else {
            cut_cell(out, c, n, t->widths[i]);
        }
        buf_puts(out, " |");
    }
    buf_putc(out, '\n');
}

void tbl_box_print(tbl_t *t, const char *const *header, const char *const *const *rows, size_t nrows, buf_t *out)
{
    tbl_fit(t, header);
    for (size_t r = 0; r < nrows; r++) tbl_fit(t, rows[r]);
    tbl_box_border(t, out);
    tbl_box_line(t, header, out);
    tbl_box_border(t, out);
    for (size_t r = 0; r < nrows; r++) tbl_box_line(t, rows[r], out);
    tbl_box_border(t, out);
}

/* ---- plain aligned ----------------------------------------------------- */

void tbl_aligned_line(const tbl_t *t, const char *const *cells, buf_t *out)
{
    int last = t->ncols - 1;
    while (last > 0 && cells[last][0] == '\0') last--;
    for (int c = 0; c <= last; c++) {
        buf_puts(out, cells[c]);
        if (c == last) break;
        pad(out, t->widths[c] - tbl_display_width(cells[c], strlen(cells[c])));
        buf_puts(out, "  ");
    }
}
