/* test_table_print.c - the one table printer (native/util/table_print.h):
 * display widths, boxed tables whole and line by line, aligned columns. */
#include <check.h>
#include <string.h>

#include "check_main.h"
#include "util/buf.h"
#include "util/table_print.h"

START_TEST(display_width_counts_wide_characters)
{
    ck_assert_int_eq(tbl_display_width("abc", 3), 3);
    ck_assert_int_eq(tbl_display_width("\xe4\xb8\xad", 3), 2);          /* U+4E2D */
    ck_assert_int_eq(tbl_display_width("\xc3\xa9", 2), 1);              /* U+00E9 */
    ck_assert_int_eq(tbl_display_width("\xf0\x9f\x98\x80", 4), 3);      /* U+1F600: 2 units + wide */
    ck_assert_int_eq(tbl_display_width("\xef\xbc\xa1", 3), 2);          /* U+FF21 fullwidth A */
}
END_TEST

START_TEST(box_print_sizes_columns_by_header_and_cells)
{
    const char *header[] = {"name", "n"};
    const char *r1[] = {"Mary", "1"}, *r2[] = {"\xe4\xb8\xad", "12345"};
    const char *const *rows[] = {r1, r2};
    tbl_t t;
    tbl_init(&t, 2, 0);
    buf_t out = BUF_INIT;
    tbl_box_print(&t, header, rows, 2, &out);
    ck_assert_str_eq(buf_cstr(&out),
                     "+------+-------+\n"
                     "| name |     n |\n"
                     "+------+-------+\n"
                     "| Mary |     1 |\n"
                     "|   \xe4\xb8\xad | 12345 |\n"   /* U+4E2D is 2 wide */
                     "+------+-------+\n");
    buf_free(&out);
    tbl_free(&t);
}
END_TEST

START_TEST(box_line_cuts_a_cell_wider_than_its_column)
{
    tbl_t t;
    tbl_init(&t, 2, 0);
    t.widths[0] = 8;
    t.widths[1] = 4;
    const char *cells[] = {"abcdefghijk", "\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad"};
    buf_t out = BUF_INIT;
    tbl_box_line(&t, cells, &out);
    /* 8 wide: five characters and "..."; 4 wide: no wide character fits in 1, so a space and "..." */
    ck_assert_str_eq(buf_cstr(&out), "| abcde... |  ... |\n");
    buf_free(&out);
    tbl_free(&t);
}
END_TEST

START_TEST(fit_caps_at_the_max_width)
{
    tbl_t t;
    tbl_init(&t, 1, 5);
    const char *cells[] = {"a long cell"};
    tbl_fit(&t, cells);
    ck_assert_int_eq(t.widths[0], 5);
    tbl_free(&t);
}
END_TEST

START_TEST(aligned_lines_drop_trailing_empty_cells)
{
    const char *r1[] = {"on_time", "system", "DESCRIPTOR"}, *r2[] = {"x", "", ""}, *r3[] = {"", "", ""};
    tbl_t t;
    tbl_init(&t, 3, 0);
    tbl_fit(&t, r1);
    tbl_fit(&t, r2);
    buf_t out = BUF_INIT;
    tbl_aligned_line(&t, r1, &out);
    buf_putc(&out, '\n');
    tbl_aligned_line(&t, r2, &out);
    buf_putc(&out, '\n');
    tbl_aligned_line(&t, r3, &out);
    buf_putc(&out, '\n');
    ck_assert_str_eq(buf_cstr(&out), "on_time  system  DESCRIPTOR\nx\n\n");
    buf_free(&out);
    tbl_free(&t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("table_print");
    TCase *tc = tcase_create("table_print");
    tcase_add_test(tc, display_width_counts_wide_characters);
    tcase_add_test(tc, box_print_sizes_columns_by_header_and_cells);
    tcase_add_test(tc, box_line_cuts_a_cell_wider_than_its_column);
    tcase_add_test(tc, fit_caps_at_the_max_width);
    tcase_add_test(tc, aligned_lines_drop_trailing_empty_cells);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}
