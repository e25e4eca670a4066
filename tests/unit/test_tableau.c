/* test_tableau.c - the SQL client's tableau layout (tableau.c), written out
 * from Flink's TableauStyle / CliTableauResultView rules. */
#include <check.h>
#include <string.h>

#include "connectors/tableau.h"
#include "types/types.h"
#include "util/buf.h"

static value_t vstr(const char *s)
{
    value_t v = {0};
    v.u.str.ptr = s;
    v.u.str.len = (uint32_t)strlen(s);
    return v;
}

static value_t vint(int64_t x)
{
    value_t v = {0};
    v.u.i64 = x;
    return v;
}

START_TEST(streaming_has_op_column_and_type_widths)
{
    char err[128];
    type_t *t = type_parse("ROW<name STRING, n INT>", err, sizeof err);
    conn_tableau_t *tab = conn_tableau_new(t, true, 10, NULL);
    buf_t out = BUF_INIT;
    conn_tableau_begin(tab, &out);
    value_t r1[2] = {vstr("Mary"), vint(1)};
    value_t r3[2] = {vstr("a very long name"), value_null()};
    row_t rows[] = {{ROW_INSERT, 2, r1}, {ROW_UPDATE_BEFORE, 2, r1}, {ROW_UPDATE_AFTER, 2, r3}};
    for (int i = 0; i < 3; i++) conn_tableau_row(tab, &rows[i], &out);
    conn_tableau_end(tab, &out);
    ck_assert_str_eq(buf_cstr(&out),
                     "+----+------------+-------------+\n"
                     "| op |       name |           n |\n"
                     "+----+------------+-------------+\n"
                     "| +I |       Mary |           1 |\n"
                     "| -U |       Mary |           1 |\n"
                     "| +U | a very ... |      <NULL> |\n"
                     "+----+------------+-------------+\n"
                     "Received a total of 3 rows\n");
    conn_tableau_free(tab);
    buf_free(&out);
    type_free(t);
}
END_TEST

/* Composite cells as Flink's cast rules print them: a MAP in its entry
 * order ({k=v}, as MapToStringCastRule walks the map's key and value
 * arrays), a STRUCTURED type with its field names (StructuredToStringCastRule),
 * a ROW in parentheses, NULL inside a composite as NULL. */
START_TEST(composite_cells_follow_flink_cast_rules)
{
    char err[128];
    type_t *t = type_parse("ROW<m MAP<STRING, INT>, s STRUCTURED<'com.example.Score', name STRING, points INT>, "
                           "r ROW<a INT, b STRING>>",
                           err, sizeof err);
    ck_assert_msg(t, "%s", err);
    value_t keys[3] = {vstr("zeta"), vstr("alpha"), vstr("mid")}, vals[3] = {vint(1), value_null(), vint(3)};
    value_t map = {0};
    map.u.map.keys = keys, map.u.map.vals = vals, map.u.map.n = 3;
    value_t sf[2] = {vstr("Bob"), value_null()}, rf[2] = {value_null(), vstr("x")};
    value_t st = {0}, row = {0};
    st.u.row.fields = sf, st.u.row.n = 2;
    row.u.row.fields = rf, row.u.row.n = 2;
    const char *want[3] = {"{zeta=1, alpha=NULL, mid=3}", "{name=Bob, points=NULL}", "(NULL, x)"};
    value_t cells[3] = {map, st, row};
    buf_t b = BUF_INIT;
    for (int i = 0; i < 3; i++) {
        buf_clear(&b);
        conn_tableau_cell(&b, &cells[i], t->fields[i].type, NULL);
        ck_assert_str_eq(buf_cstr(&b), want[i]);
    }
    buf_clear(&b);
    conn_tableau_cell(&b, NULL, t->fields[0].type, NULL);
    ck_assert_str_eq(buf_cstr(&b), "<NULL>");
    /* composite columns take the max column width in the streaming layout */
    ck_assert_int_eq(conn_tableau_column_width("m", t->fields[0].type, 0), 30);
    ck_assert_int_eq(conn_tableau_column_width("a_long_column_name_of_33_chars_xx", t->fields[2].type, 0), 33);
    buf_free(&b);
    type_free(t);
}
END_TEST

START_TEST(streaming_without_rows)
{
    char err[128];
    type_t *t = type_parse("ROW<ts TIMESTAMP(3), ok BOOLEAN>", err, sizeof err);
    conn_tableau_t *tab = conn_tableau_new(t, true, 30, NULL);
    buf_t out = BUF_INIT;
    conn_tableau_begin(tab, &out);
    conn_tableau_end(tab, &out);
    /* TIMESTAMP(3) is 23 wide, BOOLEAN 5 but at least <NULL>'s 6 */
    ck_assert_str_eq(buf_cstr(&out),
                     "+----+-------------------------+--------+\n"
                     "| op |                      ts |     ok |\n"
                     "+----+-------------------------+--------+\n"
                     "Received a total of 0 row\n");
    conn_tableau_free(tab);
    buf_free(&out);
    type_free(t);
}
END_TEST

START_TEST(batch_sizes_columns_by_content)
{
    char err[128];
    type_t *t = type_parse("ROW<name STRING, n INT, ts TIMESTAMP(3)>", err, sizeof err);
    conn_tableau_t *tab = conn_tableau_new(t, false, 30, NULL);
    buf_t out = BUF_INIT;
    value_t ts = {0};
    ts.u.ts.millis = 1767225780000;
    value_t r1[3] = {vstr("Mary"), vint(1), ts}, r2[3] = {vstr("\xe4\xb8\xad\xe6\x96\x87"), vint(-20), value_null()};
    row_t a = {ROW_INSERT, 3, r1}, b = {ROW_INSERT, 3, r2};
    conn_tableau_begin(tab, &out);
    conn_tableau_row(tab, &a, &out);
    conn_tableau_row(tab, &b, &out);
    ck_assert_int_eq((int)out.len, 0);   /* batch prints at the end */
    conn_tableau_end(tab, &out);
    /* CJK characters count two columns each */
    ck_assert_str_eq(buf_cstr(&out),
                     "+------+-----+-------------------------+\n"
                     "| name |   n |                      ts |\n"
                     "+------+-----+-------------------------+\n"
                     "| Mary |   1 | 2026-01-01 00:03:00.000 |\n"
                     "| \xe4\xb8\xad\xe6\x96\x87 | -20 |                  <NULL> |\n"
                     "+------+-----+-------------------------+\n"
                     "2 rows in set\n");
    conn_tableau_free(tab);
    buf_free(&out);

    tab = conn_tableau_new(t, false, 30, NULL);
    conn_tableau_end(tab, &out);
    ck_assert_str_eq(buf_cstr(&out), "Empty set\n");
    conn_tableau_free(tab);
    buf_free(&out);

    tab = conn_tableau_new(t, false, 30, NULL);
    conn_tableau_row(tab, &a, &out);
    conn_tableau_end(tab, &out);
    ck_assert(strstr(buf_cstr(&out), "\n1 row in set\n") != NULL);
    conn_tableau_free(tab);
    buf_free(&out);
    type_free(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tableau");
    TCase *tc = tcase_create("tableau");
    tcase_add_test(tc, streaming_has_op_column_and_type_widths);
    tcase_add_test(tc, streaming_without_rows);
    tcase_add_test(tc, composite_cells_follow_flink_cast_rules);
    tcase_add_test(tc, batch_sizes_columns_by_content);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
