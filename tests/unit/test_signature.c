/* test_signature.c - the one reader of the signature JSON
 * (engine/signature.h): what the planner and describe get out of it. */
#include <check.h>
#include <cjson/cJSON.h>
#include <string.h>

#include "check_main.h"
#include "engine/signature.h"

static const char *const DOC =
    "{\"jars\": [\"/x.jar\"], \"warnings\": [\"class a.B could not be loaded\"], \"functions\": ["
    " {\"class\": \"com.example.Median\", \"valid\": true, \"error\": null, \"fix\": null,"
    "  \"eval\": \"public void com.example.Median.eval(org.apache.flink.types.Row)\", \"has_context\": true,"
    "  \"arguments\": ["
    "   {\"name\": \"input\", \"kind\": \"table\", \"traits\": [\"SUPPORT_UPDATES\", \"SET_SEMANTIC_TABLE\"],"
    "    \"type\": null, \"optional\": false, \"conversion\": \"org.apache.flink.types.Row\"},"
    "   {\"name\": \"n\", \"kind\": \"scalar\", \"traits\": [\"SCALAR\"], \"type\": \"INT\", \"optional\": true,"
    "    \"conversion\": \"java.lang.Integer\"}],"
    "  \"state\": [{\"name\": \"acc\", \"kind\": \"list\", \"class\": null, \"type\": \"ARRAY<DOUBLE>\","
    "    \"ttl_ms\": 60000}],"
    "  \"output\": {\"type\": \"ROW<`median` DOUBLE>\", \"atomic\": false},"
    "  \"on_timer\": {\"has_context\": true}, \"changelog_function\": true, \"warnings\": [\"w1\"]},"
    " {\"class\": \"com.example.Bad\", \"valid\": false, \"error\": \"no eval\", \"fix\": \"add one\","
    "  \"eval\": null, \"has_context\": false, \"arguments\": [], \"state\": [], \"output\": null,"
    "  \"on_timer\": null, \"changelog_function\": false, \"warnings\": []}"
    "]}";

START_TEST(doc_reads_everything_describe_prints)
{
    cJSON *json = cJSON_Parse(DOC);
    ptf_sig_doc_t *d = ptf_sig_doc_from_json(json);
    ck_assert_int_eq(d->nwarnings, 1);
    ck_assert_str_eq(d->warnings[0], "class a.B could not be loaded");
    ck_assert_int_eq(d->nfunctions, 2);
    const ptf_sig_t *f = d->functions[0];
    ck_assert(f->valid && f->has_context && f->has_on_timer && f->on_timer_has_context && f->changelog_function);
    ck_assert_str_eq(f->eval, "public void com.example.Median.eval(org.apache.flink.types.Row)");
    ck_assert_int_eq(f->nargs, 2);
    ck_assert_ptr_null(f->args[0].type_text);
    ck_assert_int_eq(f->args[0].ndeclared, 2);   /* declaration order, not bit order */
    ck_assert_uint_eq(f->args[0].declared[0], TRAIT_SUPPORT_UPDATES);
    ck_assert_uint_eq(f->args[0].declared[1], TRAIT_SET_SEMANTIC_TABLE);
    ck_assert_str_eq(f->args[0].conversion, "org.apache.flink.types.Row");
    ck_assert_str_eq(f->args[1].type_text, "INT");
    ck_assert(f->args[1].optional);
    ck_assert_str_eq(f->state[0].type_text, "ARRAY<DOUBLE>");
    ck_assert_int_eq(f->state[0].ttl_ms, 60000);
    ck_assert_str_eq(f->output_text, "ROW<`median` DOUBLE>");
    ck_assert(f->output != NULL && !f->output_atomic);
    ck_assert_int_eq(f->nwarnings, 1);
    ck_assert_str_eq(f->warnings[0], "w1");
    const ptf_sig_t *bad = d->functions[1];
    ck_assert(!bad->valid);
    ck_assert_str_eq(bad->error, "no eval");
    ck_assert_str_eq(bad->fix, "add one");
    ptf_sig_doc_free(d);
    cJSON_Delete(json);
}
END_TEST

static const char *const UNPARSEABLE =
    "{\"class\": \"a.F\", \"valid\": true, \"arguments\": [], \"state\": [],"
    " \"output\": {\"type\": \"NO_SUCH_TYPE<\", \"atomic\": true}}";

START_TEST(doc_keeps_an_unparseable_type_as_text)
{
    cJSON *fn = cJSON_Parse(UNPARSEABLE);
    cJSON *json = cJSON_CreateObject();
    cJSON *fns = cJSON_AddArrayToObject(json, "functions");
    cJSON_AddItemToArray(fns, fn);
    ptf_sig_doc_t *d = ptf_sig_doc_from_json(json);
    ck_assert_int_eq(d->nfunctions, 1);
    ck_assert_ptr_null(d->functions[0]->output);
    ck_assert_str_eq(d->functions[0]->output_text, "NO_SUCH_TYPE<");
    ptf_sig_doc_free(d);
    cJSON_Delete(json);
}
END_TEST

START_TEST(strict_reading_refuses_an_unparseable_type)
{
    cJSON *fn = cJSON_Parse(UNPARSEABLE);
    char err[256] = "";
    ck_assert_ptr_null(ptf_sig_from_json(fn, err, sizeof err));
    ck_assert_msg(strstr(err, "bridge sent an unparseable type 'NO_SUCH_TYPE<'") != NULL, "%s", err);
    cJSON_Delete(fn);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("signature");
    TCase *tc = tcase_create("signature");
    tcase_add_test(tc, doc_reads_everything_describe_prints);
    tcase_add_test(tc, doc_keeps_an_unparseable_type_as_text);
    tcase_add_test(tc, strict_reading_refuses_an_unparseable_type);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}
