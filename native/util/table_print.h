/* table_print.h - text tables ("tbl_"): the one printer behind the SQL
 * client's boxed tables (tableau results, SHOW, DESCRIBE) and describe's
 * plain aligned columns.
 *
 * Boxed, as Flink's TableauStyle draws it:
 *
 *     +------+-----+
 *     | name |   n |
 *     +------+-----+
 *     | Mary |   1 |
 *     +------+-----+
 *
 * cells right-aligned; a cell wider than its column is cut and ends with
 * "..." (only happens when the caller capped or fixed the widths). Two ways
 * to use it: streaming (the caller fixes the widths, then draws a border or
 * a line at a time as rows arrive) or a whole table (tbl_box_print sizes the
 * columns by content first). Footers ("N rows in set", "Received a total
 * of ...") are the caller's.
 *
 * Plain aligned: left-aligned columns joined by two spaces; a line leaves
 * out its trailing empty cells and does not pad its last one.
 *
 * Widths are display widths (tbl_display_width): UTF-16 units plus one per
 * East Asian wide or fullwidth character (the main CJK, Hangul, fullwidth
 * and emoji blocks rather than ICU's full table). Cells are borrowed
 * NUL-terminated UTF-8; output is appended to the caller's buffer. */
#ifndef PTF_TABLE_PRINT_H
#define PTF_TABLE_PRINT_H

#include <stddef.h>

#include "util/buf.h"

/* TableauStyle.getStringDisplayWidth of UTF-8 text. */
int tbl_display_width(const char *s, size_t n);

/* Column widths of a table; widths[] is owned (tbl_free). */
typedef struct tbl {
    int ncols;
    int *widths;     /* display widths of the cell text, without padding */
    int max_width;   /* tbl_fit caps a column at this; 0 = no cap */
} tbl_t;

/* All widths start at 0. */
void tbl_init(tbl_t *t, int ncols, int max_width);
void tbl_free(tbl_t *t);
/* Widens each column to fit cells[0..ncols) (up to max_width). */
void tbl_fit(tbl_t *t, const char *const *cells);

/* ---- boxed ------------------------------------------------------------- */

void tbl_box_border(const tbl_t *t, buf_t *out);                    /* +----+---+ */
void tbl_box_line(const tbl_t *t, const char *const *cells, buf_t *out);   /* | a | b | */
/* Fits the header and every row, then border, header, border, rows, border. */
void tbl_box_print(tbl_t *t, const char *const *header, const char *const *const *rows, size_t nrows,
                   buf_t *out);

/* ---- plain aligned ----------------------------------------------------- */

void tbl_aligned_line(const tbl_t *t, const char *const *cells, buf_t *out);

#endif
