/* The output layout rule (layout.h): which parts a call's output row has,
 * the ROW type they give (names de-duplicated Flink's way), and the generic
 * layout describe prints for a signature. */
#include <check.h>

#include "check_main.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/layout.h"

static type_t *parse(const char *text)
{
    char err[256];
    type_t *t = type_parse(text, err, sizeof err);
    ck_assert_msg(t != NULL, "%s: %s", text, err);
    return t;
}

/* "KEYS0:1 FIELDS:2 ROWTIME:1": each part as source, table, column count. */
static const char *parts_text(const layout_t *l)
{
    static char buf[256];
    static const char *const names[] = {"PASS", "KEYS", "FIELDS", "ROWTIME"};
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < l->nparts; i++) {
        const layout_part_t *p = &l->parts[i];
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i ? " " : "", names[p->source]);
        if (p->table >= 0) n += (size_t)snprintf(buf + n, sizeof buf - n, "%d", p->table);
        if (p->ncols == LAYOUT_ANY) n += (size_t)snprintf(buf + n, sizeof buf - n, ":any");
        else n += (size_t)snprintf(buf + n, sizeof buf - n, ":%d", p->ncols);
        if (p->optional) n += (size_t)snprintf(buf + n, sizeof buf - n, "?");
    }
    return buf;
}

/* Builds the call's layout and its ROW type (NOT NULL, as a call's output
 * row is); checks both. */
static void check_call(const layout_call_t *c, const char *want_parts, int want_ncols, const char *want_row)
{
    layout_t l;
    layout_of_call(&l, c);
    ck_assert_str_eq(parts_text(&l), want_parts);
    ck_assert_int_eq(l.ncols, want_ncols);
    type_t *row = layout_row_type(&l, c);
    char *s = type_to_string(row);
    ck_assert_str_eq(s, want_row);
    ck_assert_int_eq(row->nfields, want_ncols);
    free(s);
    type_free(row);
    layout_free(&l);
}

START_TEST(set_semantics_puts_the_partition_keys_first)
{
    type_t *in = parse("ROW<`id` INT, `name` STRING, `v` DOUBLE>");
    type_t *out = parse("ROW<`total` DOUBLE>");
    int keys[] = {1, 0};
    layout_table_t t = {false, true, in, 2, keys};
    check_call(&(layout_call_t){1, &t, out, false, NULL}, "KEYS0:2 FIELDS:1", 3,
               "ROW<`name` STRING, `id` INT, `total` DOUBLE> NOT NULL");
    type_free(in);
    type_free(out);
}
END_TEST

START_TEST(pass_through_puts_every_column_first)
{
    type_t *in = parse("ROW<`a` INT, `b` STRING>");
    type_t *out = parse("ROW<`c` BIGINT>");
    int keys[] = {0};
    /* pass-through wins over the keys of a set-semantic table */
    layout_table_t t = {true, true, in, 1, keys};
    check_call(&(layout_call_t){1, &t, out, false, NULL}, "PASS0:2 FIELDS:1", 3,
               "ROW<`a` INT, `b` STRING, `c` BIGINT> NOT NULL");
    type_free(in);
    type_free(out);
}
END_TEST

START_TEST(row_semantics_without_pass_through_adds_nothing)
{
    type_t *in = parse("ROW<`a` INT, `b` STRING>");
    type_t *out = parse("ROW<`c` BIGINT>");
    layout_table_t t = {false, false, in, 0, NULL};
    check_call(&(layout_call_t){1, &t, out, false, NULL}, "FIELDS:1", 1, "ROW<`c` BIGINT> NOT NULL");
    type_free(in);
    type_free(out);
}
END_TEST

START_TEST(several_set_semantic_tables_each_give_their_keys)
{
    type_t *events = parse("ROW<`user` STRING, `payload` STRING>");
    type_t *control = parse("ROW<`mode` STRING, `user` VARCHAR(10)>");
    type_t *out = parse("ROW<`payload` STRING, `active_mode` STRING>");
    int ek[] = {0}, ck[] = {1};
    layout_table_t t[2] = {{false, true, events, 1, ek}, {false, true, control, 1, ck}};
    check_call(&(layout_call_t){2, t, out, false, NULL}, "KEYS0:1 KEYS1:1 FIELDS:2", 4,
               "ROW<`user` STRING, `user0` VARCHAR(10), `payload` STRING, `active_mode` STRING> NOT NULL");
    type_free(events);
    type_free(control);
    type_free(out);
}
END_TEST

START_TEST(set_semantics_without_partition_by_gives_an_empty_key_part)
{
    type_t *in = parse("ROW<`a` INT>");
    type_t *out = parse("ROW<`c` BIGINT>");
    layout_table_t t = {false, true, in, 0, NULL};
    check_call(&(layout_call_t){1, &t, out, false, NULL}, "KEYS0:0 FIELDS:1", 1, "ROW<`c` BIGINT> NOT NULL");
    type_free(in);
    type_free(out);
}
END_TEST

START_TEST(atomic_output_is_one_column_expr0)
{
    type_t *in = parse("ROW<`a` INT, `b` STRING>");
    type_t *out = parse("BIGINT");
    layout_table_t t = {true, false, in, 0, NULL};
    check_call(&(layout_call_t){1, &t, out, true, NULL}, "PASS0:2 FIELDS:1", 3,
               "ROW<`a` INT, `b` STRING, `EXPR$0` BIGINT> NOT NULL");
    type_free(in);
    type_free(out);
}
END_TEST

START_TEST(rowtime_comes_last_and_is_not_null)
{
    type_t *in = parse("ROW<`k` INT, `ts` TIMESTAMP_LTZ(3)>");
    type_t *out = parse("ROW<`c` BIGINT>");
    int keys[] = {0};
    layout_table_t t = {false, true, in, 1, keys};
    check_call(&(layout_call_t){1, &t, out, false, in->fields[1].type}, "KEYS0:1 FIELDS:1 ROWTIME:1", 3,
               "ROW<`k` INT, `c` BIGINT, `rowtime` TIMESTAMP_LTZ(3) NOT NULL> NOT NULL");
    type_free(in);
    type_free(out);
}
END_TEST

START_TEST(a_repeated_name_gets_the_repeat_count_minus_one)
{
    /* Flink's uniquifier: one pass, the k-th repeat becomes name + (k - 1),
     * even when that name is taken ("k0" below is then there twice) */
    type_t *in = parse("ROW<`k` INT, `ts` TIMESTAMP(3)>");
    type_t *out = type_new(TYPE_ROW, false);   /* the parser rejects repeated names */
    type_add_field(out, "k", parse("BIGINT"), NULL);
    type_add_field(out, "k0", parse("INT"), NULL);
    type_add_field(out, "k", parse("STRING"), NULL);
    type_add_field(out, "rowtime", parse("INT"), NULL);
    int keys[] = {0};
    layout_table_t t = {false, true, in, 1, keys};
    check_call(&(layout_call_t){1, &t, out, false, in->fields[1].type}, "KEYS0:1 FIELDS:4 ROWTIME:1", 6,
               "ROW<`k` INT, `k0` BIGINT, `k0` INT, `k1` STRING, `rowtime` INT, `rowtime0` TIMESTAMP(3) NOT NULL> "
               "NOT NULL");
    type_free(in);
    type_free(out);
}
END_TEST

/* ---- a signature's layout, as describe prints it ------------------------------- */

typedef struct sig_fixture {
    ptf_sig_t sig;
    ptf_arg_t args[3];
} sig_fixture_t;

static void sig_init(sig_fixture_t *f, const char *output, bool atomic)
{
    memset(f, 0, sizeof *f);
    f->sig.class_name = "Fake";
    f->sig.valid = true;
    f->sig.args = f->args;
    f->sig.output = parse(output);
    f->sig.output_atomic = atomic;
}

static void sig_add(sig_fixture_t *f, const char *name, ptf_arg_kind_t kind, unsigned traits)
{
    f->args[f->sig.nargs++] = (ptf_arg_t){.name = (char *)name, .kind = kind, .traits = traits};
}

static void check_describe(sig_fixture_t *f, const char *want_line, const char *want_note)
{
    buf_t b = BUF_INIT;
    const char *note = layout_describe_signature(&b, &f->sig);
    ck_assert_str_eq(buf_cstr(&b), want_line);
    ck_assert_str_eq(note, want_note);
    buf_free(&b);
    type_free(f->sig.output);
}

static const char *const OPTIONAL_ROWTIME = "([rowtime] only when the call gives on_time)";
static const char *const REQUIRED_ROWTIME = "(rowtime: the on_time column, which every call must give)";

START_TEST(signature_layout_leaves_table_columns_to_the_call)
{
    sig_fixture_t f;
    sig_init(&f, "ROW<`payload` STRING, `active_mode` STRING>", false);
    sig_add(&f, "events", ARG_TABLE, TRAIT_SET_SEMANTIC_TABLE);
    sig_add(&f, "threshold", ARG_SCALAR, TRAIT_SCALAR);
    sig_add(&f, "control", ARG_TABLE, TRAIT_SET_SEMANTIC_TABLE | TRAIT_OPTIONAL_PARTITION_BY);
    layout_t l;
    layout_of_signature(&l, &f.sig);
    ck_assert_str_eq(parts_text(&l), "KEYS0:any KEYS1:any? FIELDS:2 ROWTIME:1?");
    ck_assert_int_eq(l.ncols, LAYOUT_ANY);
    layout_free(&l);
    check_describe(&f, "<PARTITION BY columns of events> | <PARTITION BY columns of control, if any> | payload STRING "
                       "| active_mode STRING | [rowtime]", OPTIONAL_ROWTIME);
}
END_TEST

START_TEST(signature_layout_of_pass_through_and_atomic_output)
{
    sig_fixture_t f;
    sig_init(&f, "BIGINT", true);
    sig_add(&f, "input", ARG_TABLE, TRAIT_ROW_SEMANTIC_TABLE | TRAIT_PASS_COLUMNS_THROUGH);
    check_describe(&f, "<all columns of input> | EXPR$0 BIGINT | [rowtime]", OPTIONAL_ROWTIME);
}
END_TEST

START_TEST(signature_layout_requires_rowtime_when_an_argument_requires_on_time)
{
    sig_fixture_t f;
    sig_init(&f, "ROW<`alert_type` STRING, `idle_ms` BIGINT>", false);
    sig_add(&f, "input", ARG_TABLE, TRAIT_SET_SEMANTIC_TABLE | TRAIT_REQUIRE_ON_TIME);
    layout_t l;
    layout_of_signature(&l, &f.sig);
    ck_assert_str_eq(parts_text(&l), "KEYS0:any FIELDS:2 ROWTIME:1");
    layout_free(&l);
    check_describe(&f, "<PARTITION BY columns of input> | alert_type STRING | idle_ms BIGINT | rowtime",
                   REQUIRED_ROWTIME);
}
END_TEST

START_TEST(signature_layout_without_tables_is_the_fields)
{
    sig_fixture_t f;
    sig_init(&f, "ROW<`url` STRING, `view_time` INT>", false);
    sig_add(&f, "n", ARG_SCALAR, TRAIT_SCALAR);
    layout_t l;
    layout_of_signature(&l, &f.sig);
    ck_assert_str_eq(parts_text(&l), "FIELDS:2 ROWTIME:1?");
    ck_assert_int_eq(l.ncols, 3);
    layout_free(&l);
    check_describe(&f, "url STRING | view_time INT | [rowtime]", OPTIONAL_ROWTIME);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("layout");
    TCase *call = tcase_create("call");
    tcase_add_test(call, set_semantics_puts_the_partition_keys_first);
    tcase_add_test(call, pass_through_puts_every_column_first);
    tcase_add_test(call, row_semantics_without_pass_through_adds_nothing);
    tcase_add_test(call, several_set_semantic_tables_each_give_their_keys);
    tcase_add_test(call, set_semantics_without_partition_by_gives_an_empty_key_part);
    tcase_add_test(call, atomic_output_is_one_column_expr0);
    tcase_add_test(call, rowtime_comes_last_and_is_not_null);
    tcase_add_test(call, a_repeated_name_gets_the_repeat_count_minus_one);
    suite_add_tcase(s, call);
    TCase *sig = tcase_create("signature");
    tcase_add_test(sig, signature_layout_leaves_table_columns_to_the_call);
    tcase_add_test(sig, signature_layout_of_pass_through_and_atomic_output);
    tcase_add_test(sig, signature_layout_requires_rowtime_when_an_argument_requires_on_time);
    tcase_add_test(sig, signature_layout_without_tables_is_the_fields);
    suite_add_tcase(s, sig);
    return check_main_run(s);
}
