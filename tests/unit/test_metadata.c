/* test_metadata.c - METADATA columns below the engine: the catalog's
 * physical and persisted rows, binding columns to a connector's offered keys
 * with Flink's messages, casting a key's value to the column's type, and
 * spreading a physical or persisted row over the table's columns. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "connectors/metadata.h"

static const conn_metadata_key_t keys[] = {{"offset", "BIGINT NOT NULL"}, {"name", "STRING NOT NULL"}};
static const conn_metadata_offer_t offer = {"Test source", "org.example.TestSource", keys, 2};

/* t(id INT, off DECIMAL(20, 0) METADATA FROM 'offset' VIRTUAL, name STRING METADATA), in catalog c. */
static catalog_table_t *table(catalog_t *c, const char *off_type)
{
    char err[256], schema[256];
    snprintf(schema, sizeof schema, "ROW<id INT, off %s, name STRING>", off_type);
    catalog_table_t *t = catalog_table_new("t");
    t->schema = type_parse(schema, err, sizeof err);
    ck_assert_msg(t->schema, "%s", err);
    catalog_table_set_metadata(t, 1, "offset", true);
    catalog_table_set_metadata(t, 2, "name", false);
    ck_assert_int_eq(catalog_add_table(c, t), 0);
    return t;
}

static void assert_type(const type_t *t, const char *want)
{
    char *s = type_to_string(t);
    ck_assert_str_eq(s, want);
    free(s);
}

START_TEST(physical_and_persisted_rows_follow_the_column_kinds)
{
    catalog_t c;
    catalog_init(&c);
    catalog_table_t *t = table(&c, "BIGINT");
    ck_assert(catalog_column_is_physical(t, 0) && !catalog_column_is_physical(t, 1));
    ck_assert(catalog_column_is_persisted(t, 2) && !catalog_column_is_persisted(t, 1));
    assert_type(catalog_table_physical(t), "ROW<`id` INT>");
    assert_type(catalog_table_persisted(t), "ROW<`id` INT, `name` STRING>");
    catalog_table_t *plain = catalog_table_new("plain");
    plain->schema = type_parse("ROW<a INT>", NULL, 0);
    catalog_add_table(&c, plain);
    ck_assert_ptr_eq(catalog_table_physical(plain), plain->schema);
    catalog_free(&c);
}
END_TEST

START_TEST(columns_bind_to_offered_keys_and_values_cast_to_the_column)
{
    catalog_t c;
    catalog_init(&c);
    catalog_table_t *t = table(&c, "DECIMAL(20, 0)");
    conn_metadata_t m;
    char err[1024];
    ck_assert_int_eq(conn_metadata_init(&m, t, false, &offer, err, sizeof err), 0);
    ck_assert_int_eq(conn_metadata_key_of(&m, 0), -1);
    ck_assert_int_eq(conn_metadata_key_of(&m, 1), 0);
    ck_assert_int_eq(conn_metadata_key_of(&m, 2), 1);
    arena_t a;
    arena_init(&a, 0);
    value_t v = {0};
    v.u.i64 = 42;
    value_t d = conn_metadata_to_column(&m, 1, &v, &a);
    ck_assert(d.u.dec == 42);
    conn_metadata_free(&m);
    /* writing binds only the persisted column: 'offset' is VIRTUAL */
    static const conn_metadata_key_t wkeys[] = {{"name", "STRING"}};
    const conn_metadata_offer_t w = {"Test sink", "org.example.TestSink", wkeys, 1};
    ck_assert_int_eq(conn_metadata_init(&m, t, true, &w, err, sizeof err), 0);
    ck_assert_int_eq(conn_metadata_key_of(&m, 1), -1);
    conn_metadata_free(&m);
    arena_destroy(&a);
    catalog_free(&c);
}
END_TEST

START_TEST(unknown_keys_and_types_fail_with_flinks_messages)
{
    catalog_t c;
    catalog_init(&c);
    catalog_table_t *t = table(&c, "BOOLEAN");
    conn_metadata_t m;
    char err[1024];
    ck_assert_int_eq(conn_metadata_init(&m, t, false, &offer, err, sizeof err), -1);
    ck_assert_str_eq(err, "Invalid data type for metadata column 'off' with metadata key 'offset' of table "
                          "'default_catalog.default_database.t'. The column cannot be declared as 'BIGINT NOT NULL' "
                          "because the type must be castable from metadata type 'BOOLEAN'.");
    conn_metadata_free(&m);
    static const conn_metadata_key_t other[] = {{"a", "INT"}, {"b", "INT"}};
    const conn_metadata_offer_t o = {"Other", "org.example.Other", other, 2};
    ck_assert_int_eq(conn_metadata_init(&m, t, true, &o, err, sizeof err), -1);
    ck_assert_str_eq(err, "Invalid metadata key 'name' in column 'name' of table 'default_catalog.default_database.t'. "
                          "The DynamicTableSink class 'org.example.Other' supports the following metadata keys for "
                          "writing:\na\nb");
    conn_metadata_free(&m);
    ck_assert_int_eq(conn_metadata_none(t, false, "Plain", err, sizeof err), -1);
    ck_assert(strstr(err, "Table 'Plain' declares metadata columns"));
    catalog_free(&c);
}
END_TEST

START_TEST(rows_spread_over_the_tables_columns)
{
    catalog_t c;
    catalog_init(&c);
    catalog_table_t *t = table(&c, "BIGINT");
    arena_t a;
    arena_init(&a, 0);
    value_t in[2] = {{0}, {0}};
    in[0].u.i64 = 7;
    in[1].u.str.ptr = "x";
    in[1].u.str.len = 1;
    row_t persisted = {.kind = ROW_INSERT, .n = 2, .fields = in}, out;
    conn_metadata_spread(t, catalog_column_is_persisted, &persisted, &out, &a);
    ck_assert_int_eq(out.n, 3);
    ck_assert(out.fields[0].u.i64 == 7 && out.fields[1].is_null && out.fields[2].u.str.len == 1);
    row_t physical = {.kind = ROW_INSERT, .n = 1, .fields = in};
    conn_metadata_spread(t, catalog_column_is_physical, &physical, &out, &a);
    ck_assert(out.fields[0].u.i64 == 7 && out.fields[1].is_null && out.fields[2].is_null);
    arena_destroy(&a);
    catalog_free(&c);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("metadata");
    TCase *tc = tcase_create("metadata");
    tcase_add_test(tc, physical_and_persisted_rows_follow_the_column_kinds);
    tcase_add_test(tc, columns_bind_to_offered_keys_and_values_cast_to_the_column);
    tcase_add_test(tc, unknown_keys_and_types_fail_with_flinks_messages);
    tcase_add_test(tc, rows_spread_over_the_tables_columns);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}
