/* test_catalog_ddl.c - SHOW CREATE TABLE's and VIEW's text (native/catalog/catalog_ddl.c)
 * against the expected strings of Flink's ShowCreateUtilTest (flink-table-api-java):
 * the same tables, temporary and permanent, under `catalogName`.`dbName`.`tableName`;
 * and the DDL expression and distribution forms. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "check_main.h"
#include "util/xalloc.h"

static catalog_table_t *table(const char *row_type, bool temporary)
{
    char err[256];
    catalog_table_t *t = catalog_table_new("tableName");
    t->schema = type_parse(row_type, err, sizeof err);
    ck_assert_msg(t->schema != NULL, "%s", err);
    t->temporary = temporary;
    return t;
}

static void set_options(catalog_table_t *t)
{
    static const char *const kv[][2] = {
        {"option_key_c", "option_value_c"}, {"option_key_a", "option_value_a"}, {"option_key_b", "option_value_b"}};
    t->nopts = 3;
    t->opts = xcalloc(3, sizeof *t->opts);
    for (int i = 0; i < 3; i++) t->opts[i].key = xstrdup(kv[i][0]), t->opts[i].value = xstrdup(kv[i][1]);
}

static void set_distribution(catalog_table_t *t, const char *kind, const char *a, const char *b, const char *c,
                             int buckets)
{
    const char *cols[3] = {a, b, c};
    t->distribution = catalog_distribution_sql(kind, cols, c ? 3 : 2, buckets);
}

static void set_partitions(catalog_table_t *t)
{
    t->npartition_keys = 2;
    t->partition_keys = xcalloc(2, sizeof *t->partition_keys);
    t->partition_keys[0] = xstrdup("key1");
    t->partition_keys[1] = xstrdup("key2");
}

/* The table's text, temporary or not, is expected with %s as "" or "TEMPORARY ". */
static void check(catalog_table_t *t, const char *expected_fmt)
{
    char expected[2048];
    snprintf(expected, sizeof expected, expected_fmt, t->temporary ? "TEMPORARY " : "");
    char *text = catalog_show_create_table(t, "catalogName", "dbName", "tableName");
    ck_assert_str_eq(text, expected);
    free(text);
    catalog_table_free(t);
}

START_TEST(one_column_hash_distribution)
{
    catalog_table_t *t = table("ROW<`id` INT>", _i);
    set_distribution(t, "HASH", "key1", "key2", NULL, 2);
    check(t, "CREATE %sTABLE `catalogName`.`dbName`.`tableName` (\n"
             "  `id` INT\n"
             ")\n"
             "DISTRIBUTED BY HASH(`key1`, `key2`) INTO 2 BUCKETS\n");
}
END_TEST

START_TEST(comment_then_range_distribution)
{
    catalog_table_t *t = table("ROW<`id` INT>", _i);
    t->comment = xstrdup("Table comment");
    set_distribution(t, "RANGE", "1", "10", NULL, 2);
    check(t, "CREATE %sTABLE `catalogName`.`dbName`.`tableName` (\n"
             "  `id` INT\n"
             ")\n"
             "COMMENT 'Table comment'\n"
             "DISTRIBUTED BY RANGE(`1`, `10`) INTO 2 BUCKETS\n");
}
END_TEST

START_TEST(named_primary_key_constraint)
{
    catalog_table_t *t = table("ROW<`id` INT, `name` STRING>", _i);
    t->npk = 1;
    t->pk = xcalloc(1, sizeof *t->pk);
    t->pk_name = xstrdup("pk");
    t->comment = xstrdup("Table comment");
    set_distribution(t, "RANGE", "1", "10", NULL, 2);
    check(t, "CREATE %sTABLE `catalogName`.`dbName`.`tableName` (\n"
             "  `id` INT,\n"
             "  `name` VARCHAR(2147483647),\n"
             "  CONSTRAINT `pk` PRIMARY KEY (`id`) NOT ENFORCED\n"
             ")\n"
             "COMMENT 'Table comment'\n"
             "DISTRIBUTED BY RANGE(`1`, `10`) INTO 2 BUCKETS\n");
}
END_TEST

START_TEST(options_sorted_by_key)
{
    catalog_table_t *t = table("ROW<`id` INT, `name` STRING>", _i);
    set_options(t);
    t->comment = xstrdup("Another table comment");
    check(t, "CREATE %sTABLE `catalogName`.`dbName`.`tableName` (\n"
             "  `id` INT,\n"
             "  `name` VARCHAR(2147483647)\n"
             ")\n"
             "COMMENT 'Another table comment'\n"
             "WITH (\n"
             "  'option_key_a' = 'option_value_a',\n"
             "  'option_key_b' = 'option_value_b',\n"
             "  'option_key_c' = 'option_value_c'\n"
             ")\n");
}
END_TEST

START_TEST(partitioned_by)
{
    catalog_table_t *t = table("ROW<`id` INT>", _i);
    t->comment = xstrdup("comment");
    set_partitions(t);
    check(t, "CREATE %sTABLE `catalogName`.`dbName`.`tableName` (\n"
             "  `id` INT\n"
             ")\n"
             "COMMENT 'comment'\n"
             "PARTITIONED BY (`key1`, `key2`)\n");
}
END_TEST

START_TEST(every_clause_in_order)
{
    catalog_table_t *t = table("ROW<`id` INT, `name` STRING>", _i);
    set_options(t);
    set_partitions(t);
    t->comment = xstrdup("table comment");
    set_distribution(t, NULL, "1", "2", "3", 3);
    check(t, "CREATE %sTABLE `catalogName`.`dbName`.`tableName` (\n"
             "  `id` INT,\n"
             "  `name` VARCHAR(2147483647)\n"
             ")\n"
             "COMMENT 'table comment'\n"
             "DISTRIBUTED BY (`1`, `2`, `3`) INTO 3 BUCKETS\n"
             "PARTITIONED BY (`key1`, `key2`)\n"
             "WITH (\n"
             "  'option_key_a' = 'option_value_a',\n"
             "  'option_key_b' = 'option_value_b',\n"
             "  'option_key_c' = 'option_value_c'\n"
             ")\n");
}
END_TEST

/* ShowCreateUtilTest's ONE_COLUMN_SCHEMA_WITH_PRIMARY_KEY: a virtual metadata column. */
START_TEST(virtual_metadata_column)
{
    catalog_table_t *t = table("ROW<`id` INT, `mt_column` STRING>", _i);
    catalog_table_set_metadata(t, 1, "mt_column", true);
    t->npk = 1;
    t->pk = xcalloc(1, sizeof *t->pk);
    t->pk_name = xstrdup("pk");
    check(t, "CREATE %sTABLE `catalogName`.`dbName`.`tableName` (\n"
             "  `id` INT,\n"
             "  `mt_column` VARCHAR(2147483647) METADATA VIRTUAL,\n"
             "  CONSTRAINT `pk` PRIMARY KEY (`id`) NOT ENFORCED\n"
             ")\n");
}
END_TEST

/* A declared FROM 'key' is kept even when the key is the column's name
 * (Flink prints the metadata key the DDL gave); without FROM none is printed. */
START_TEST(declared_metadata_key_kept)
{
    catalog_table_t *t = table("ROW<`id` INT, `topic` STRING, `partition` INT>", _i);
    catalog_table_set_metadata(t, 1, "topic", true);
    t->metadata[1].key_declared = true;
    catalog_table_set_metadata(t, 2, "partition", true);
    check(t, "CREATE %sTABLE `catalogName`.`dbName`.`tableName` (\n"
             "  `id` INT,\n"
             "  `topic` VARCHAR(2147483647) METADATA FROM 'topic' VIRTUAL,\n"
             "  `partition` INT METADATA VIRTUAL\n"
             ")\n");
}
END_TEST

/* The sql-client's table.q: a computed column, a watermark, a default
 * constraint name (Flink 2's PK_<columns>), the rowtime column's type
 * without its *ROWTIME* mark. */
START_TEST(computed_column_watermark_and_default_key_name)
{
    catalog_table_t *t = table("ROW<`user` BIGINT NOT NULL, `product` VARCHAR(32), `amount` INT, "
                               "`ts` TIMESTAMP(3), `ptime` TIMESTAMP_LTZ(3) NOT NULL>", _i);
    t->schema->fields[3].type->time_kind = TYPE_TK_ROWTIME;
    catalog_table_set_computed(t, 4, "PROCTIME()", 10);
    t->watermark_col = 3;
    t->watermark_sql = catalog_expr_sql(t, "ts - INTERVAL '1' SECONDS", 25);
    t->npk = 1;
    t->pk = xcalloc(1, sizeof *t->pk);
    t->nopts = 1;
    t->opts = xcalloc(1, sizeof *t->opts);
    t->opts[0].key = xstrdup("connector"), t->opts[0].value = xstrdup("datagen");
    check(t, "CREATE %sTABLE `catalogName`.`dbName`.`tableName` (\n"
             "  `user` BIGINT NOT NULL,\n"
             "  `product` VARCHAR(32),\n"
             "  `amount` INT,\n"
             "  `ts` TIMESTAMP(3),\n"
             "  `ptime` AS PROCTIME(),\n"
             "  WATERMARK FOR `ts` AS `ts` - INTERVAL '1' SECOND,\n"
             "  CONSTRAINT `PK_user` PRIMARY KEY (`user`) NOT ENFORCED\n"
             ")\n"
             "WITH (\n"
             "  'connector' = 'datagen'\n"
             ")\n");
}
END_TEST

/* argsForShowCreateView: the view's columns, its comment, AS and the query
 * (Flink's expanded query given as the view's text). */
START_TEST(views)
{
    catalog_table_t *t = table("ROW<`id` INT>", _i);
    t->view_sql = xstrdup("SELECT 1");
    char *text = catalog_show_create_view(t, "catalogName", "dbName", "viewName");
    char expected[512];
    snprintf(expected, sizeof expected, "CREATE %sVIEW `catalogName`.`dbName`.`viewName` (\n  `id`\n)\nAS SELECT 1\n",
             _i ? "TEMPORARY " : "");
    ck_assert_str_eq(text, expected);
    free(text);
    catalog_table_free(t);
    t = table("ROW<`id` INT, `name` STRING>", _i);
    t->view_sql = xstrdup("SELECT id, name FROM `catalogName`.`dbName`.`tbl_a`");
    t->comment = xstrdup("View comment");
    text = catalog_show_create_view(t, "catalogName", "dbName", "viewName");
    snprintf(expected, sizeof expected,
             "CREATE %sVIEW `catalogName`.`dbName`.`viewName` (\n"
             "  `id`,\n"
             "  `name`\n"
             ")\n"
             "COMMENT 'View comment'\n"
             "AS SELECT id, name FROM `catalogName`.`dbName`.`tbl_a`\n",
             _i ? "TEMPORARY " : "");
    ck_assert_str_eq(text, expected);
    free(text);
    catalog_table_free(t);
}
END_TEST

START_TEST(names_and_strings_are_escaped)
{
    catalog_table_t *t = table("ROW<`a``b` INT>", false);
    t->ncolumn_comments = 1;
    t->column_comments = xcalloc(1, sizeof *t->column_comments);
    t->column_comments[0] = xstrdup("it's");
    char *text = catalog_show_create_table(t, "c", "d", "t`1");
    ck_assert_str_eq(text, "CREATE TABLE `c`.`d`.`t``1` (\n  `a``b` INT COMMENT 'it''s'\n)\n");
    free(text);
    catalog_table_free(t);
}
END_TEST

START_TEST(expressions_print_as_calcite_unparses_them)
{
    catalog_table_t *t = table("ROW<`a` INT, `ts` TIMESTAMP(3)>", false);
    static const char *const cases[][2] = {
        {"a+1", "`a` + 1"},
        {"cast(a as bigint)", "CAST(`a` AS BIGINT)"},
        {"upper( 'x' ), a", "UPPER('x'), `a`"},
        {"`ts` - interval '5' minutes", "`ts` - INTERVAL '5' MINUTE"},
        {"a * (a - 2)", "`a` * (`a` - 2)"},
        {"a >= 1.5", "`a` >= 1.5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *sql = catalog_expr_sql(t, cases[i][0], strlen(cases[i][0]));
        ck_assert_str_eq(sql, cases[i][1]);
        free(sql);
    }
    catalog_table_free(t);
}
END_TEST

START_TEST(distribution_forms)
{
    const char *cols[1] = {"a"};
    char *d = catalog_distribution_sql("HASH", cols, 1, -1);
    ck_assert_str_eq(d, "DISTRIBUTED BY HASH(`a`)");
    free(d);
    d = catalog_distribution_sql(NULL, cols, 0, 4);
    ck_assert_str_eq(d, "DISTRIBUTED INTO 4 BUCKETS");
    free(d);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("catalog_ddl");
    TCase *tc = tcase_create("show_create_table");
    /* _i: 0 permanent, 1 temporary (addTemporaryAndPermanent) */
    tcase_add_loop_test(tc, one_column_hash_distribution, 0, 2);
    tcase_add_loop_test(tc, comment_then_range_distribution, 0, 2);
    tcase_add_loop_test(tc, named_primary_key_constraint, 0, 2);
    tcase_add_loop_test(tc, options_sorted_by_key, 0, 2);
    tcase_add_loop_test(tc, partitioned_by, 0, 2);
    tcase_add_loop_test(tc, every_clause_in_order, 0, 2);
    tcase_add_loop_test(tc, virtual_metadata_column, 0, 2);
    tcase_add_loop_test(tc, declared_metadata_key_kept, 0, 2);
    tcase_add_loop_test(tc, computed_column_watermark_and_default_key_name, 0, 2);
    tcase_add_loop_test(tc, views, 0, 2);
    tcase_add_test(tc, names_and_strings_are_escaped);
    tcase_add_test(tc, expressions_print_as_calcite_unparses_them);
    tcase_add_test(tc, distribution_forms);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}
