/* The session API end to end with a real JVM and the seed JAR: test events
 * (rows, watermarks, processing-time moves) drive TTL and timers
 * deterministically, as `ptfhost test` uses them. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/session.h"
#include "testrun/tcase_events.h"
#include "jvm_main.h"

static char seeds_jar[4096];

/* Runs script with the given events on table t; returns stdout text (malloc). */
static char *run(const char *script, const char *table, const char *events, int *rc, char *err, size_t errlen)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    session_t s;
    session_init(&s, ".", out);
    s.home = getenv("PTFHOST_BUILD");
    tcase_events_t ev = TCASE_EVENTS_INIT;
    s.hooks.before_read = tcase_events_apply;
    s.hooks.before_read_ctx = &ev;
    *rc = 0;
    if (events) *rc = tcase_events_add(&ev, table, events, "events.case", err, errlen);
    if (*rc == 0) *rc = session_run_script(&s, script, "case.sql", err, errlen);
    session_free(&s);
    tcase_events_free(&ev);
    fclose(out);
    return text;
}

START_TEST(ttl_countdown_restarts_after_30_s_of_processing_time)
{
    char script[8192], err[8192];
    snprintf(script, sizeof script,
             "CREATE FUNCTION TtlCountdown AS 'com.example.TtlCountdown' USING JAR '%s';\n"
             "CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'none', "
             "'format' = 'json');\n"
             "SELECT * FROM TtlCountdown(input => TABLE clicks PARTITION BY user_id, uid => 'ttl-countdown-v1');\n",
             seeds_jar);
    const char *events = "["
                         "{\"proctime\": 1000},"
                         "{\"row\": {\"user_id\": 1234, \"url\": \"/a\"}},"
                         "{\"proctime\": \"+10 s\"},"
                         "{\"row\": {\"user_id\": 1234, \"url\": \"/b\"}},"
                         "{\"proctime\": \"+10 s\"},"
                         "{\"row\": [1234, \"/c\"]},"
                         "{\"proctime\": \"+30 s\"},"
                         "{\"row\": {\"user_id\": 1234, \"url\": \"/d\"}},"
                         "{\"proctime\": \"+29 s\"},"
                         "{\"row\": {\"user_id\": 1234, \"url\": \"/e\"}}"
                         "]";
    int rc;
    char *out = run(script, "clicks", events, &rc, err, sizeof err);
    ck_assert_msg(rc == 0, "%s", err);
    /* 30 s without a write expires the counter: the 4th click starts at 1 again;
     * 29 s later the state (written at the 4th click) is still alive. */
    ck_assert_str_eq(out, "+I[1234, 1]\n+I[1234, 2]\n+I[1234, 3]\n+I[1234, 1]\n+I[1234, 2]\n");
    free(out);
}
END_TEST

START_TEST(inactivity_alert_fires_on_watermarks_and_at_end)
{
    char script[8192], err[8192];
    snprintf(script, sizeof script,
             "CREATE FUNCTION InactivityAlert AS 'com.example.InactivityAlert' USING JAR '%s';\n"
             "CREATE TABLE user_events (user_id STRING, event_time TIMESTAMP(3), WATERMARK FOR event_time AS "
             "event_time) WITH ('connector' = 'filesystem', 'path' = 'none', 'format' = 'json');\n"
             "SELECT user_id, alert_type, rowtime FROM InactivityAlert(input => TABLE user_events PARTITION BY "
             "user_id, on_time => DESCRIPTOR(event_time), uid => 'inactivity-v1');\n",
             seeds_jar);
    const char *events = "["
                         "{\"row\": {\"user_id\": \"carol\", \"event_time\": \"2026-01-01 00:00:00\"}},"
                         "{\"row\": {\"user_id\": \"dave\", \"event_time\": \"2026-01-01 00:00:30\"}},"
                         "{\"watermark\": \"2026-01-01 00:01:00\"},"
                         "{\"row\": {\"user_id\": \"dave\", \"event_time\": \"2026-01-01 00:01:10\"}}"
                         "]";
    int rc;
    char *out = run(script, "user_events", events, &rc, err, sizeof err);
    ck_assert_msg(rc == 0, "%s", err);
    /* carol's deadline (01:00) passes at the explicit watermark; dave's last
     * deadline (02:10) fires at the end of input. */
    ck_assert_str_eq(out, "+I[carol, inactive, 2026-01-01T00:01]\n+I[dave, inactive, 2026-01-01T00:02:10]\n");
    free(out);
}
END_TEST

START_TEST(updating_events_reach_changelog_auditor_as_retract)
{
    char script[8192], err[8192];
    snprintf(script, sizeof script,
             "CREATE FUNCTION ChangelogAuditor AS 'com.example.ChangelogAuditor' USING JAR '%s';\n"
             "CREATE TABLE currency_rates (currency STRING, rate DECIMAL(10, 4), update_time TIMESTAMP(3), "
             "PRIMARY KEY (currency) NOT ENFORCED) WITH ('connector' = 'filesystem', 'path' = 'none', "
             "'format' = 'json');\n"
             "SELECT * FROM ChangelogAuditor(input => TABLE currency_rates PARTITION BY currency);\n",
             seeds_jar);
    /* an upsert changelog (no -U): REQUIRE_UPDATE_BEFORE makes ptfhost normalise it */
    const char *events = "["
                         "{\"kind\": \"+I\", \"row\": [\"EUR\", 1.0850, null]},"
                         "{\"kind\": \"+U\", \"row\": [\"EUR\", 1.0920, null]},"
                         "{\"kind\": \"-D\", \"row\": [\"EUR\", null, null]}"
                         "]";
    int rc;
    char *out = run(script, "currency_rates", events, &rc, err, sizeof err);
    ck_assert_msg(rc == 0, "%s", err);
    ck_assert_str_eq(out, "+I[EUR, INSERT, null, 1.0850]\n+I[EUR, UPDATE, 1.0850, 1.0920]\n"
                          "+I[EUR, DELETE, 1.0920, null]\n");
    free(out);
}
END_TEST

START_TEST(malformed_events_are_reported_with_their_line)
{
    char err[4096];
    int rc;
    char *out = run("SELECT 1", "t", "{\"row\": 1}", &rc, err, sizeof err);
    ck_assert_int_eq(rc, -1);
    ck_assert_ptr_nonnull(strstr(err, "must be a JSON array"));
    free(out);
}
END_TEST

static Suite *session_suite(void)
{
    const char *b = getenv("PTFHOST_BUILD");
    snprintf(seeds_jar, sizeof seeds_jar, "%s/compat/seeds.jar", b ? b : "build");
    Suite *s = suite_create("session");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, ttl_countdown_restarts_after_30_s_of_processing_time);
    tcase_add_test(tc, inactivity_alert_fires_on_watermarks_and_at_end);
    tcase_add_test(tc, updating_events_reach_changelog_auditor_as_retract);
    tcase_add_test(tc, malformed_events_are_reported_with_their_line);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return jvm_main_run(session_suite) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
