/* A filesystem sink opened with lanes (connectors/sink.h, a scale-out
 * job): each input partition's parts are "STEM-TOPIC-PARTITION-N.EXT",
 * hidden in progress until the partition's checkpoint commits them; a lane
 * resumed at a checkpoint's part count removes its visible parts from that
 * number on and nothing of another lane's or of a one-process run's; a lost
 * lane leaves nothing behind; close commits every lane. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_main.h"
#include "connectors/sink.h"
#include "util/buf.h"

static char dir[64];
static catalog_table_t *table;
static catalog_option_t opts[3] = {{"connector", "filesystem"}, {"path", "out.csv"}, {"format", "csv"}};

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/ptf_lanes_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char err[256];
    table = catalog_table_new("counts");
    table->schema = type_parse("ROW<id INT, name STRING>", err, sizeof err);
    ck_assert_msg(table->schema, "%s", err);
    table->opts = opts;
    table->nopts = 3;
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
    table->opts = NULL;
    table->nopts = 0;
    catalog_table_free(table);
}

static conn_sink_t *open_lanes(void)
{
    char err[512];
    conn_sink_t *s = conn_sink_open(table, dir, stdout, true, err, sizeof err);
    ck_assert_msg(s, "%s", err);
    ck_assert_ptr_nonnull(s->lane);
    ck_assert_str_eq(s->parts_table, "counts");
    return s;
}

static void lane(conn_sink_t *s, const char *topic, int partition)
{
    char err[512];
    ck_assert_msg(s->lane(s, topic, partition, err, sizeof err) == 0, "%s", err);
}

static void write_row(conn_sink_t *s, int id, const char *name)
{
    value_t f[2] = {{.u.i64 = id}, {.u.str = {name, (uint32_t)strlen(name)}}};
    row_t r = {ROW_INSERT, 2, f};
    char err[512];
    ck_assert_msg(s->write(s, &r, err, sizeof err) == 0, "%s", err);
}

static void call_ok(int rc, const char *err) { ck_assert_msg(rc == 0, "%s", err); }

/* The folder's names, sorted, one per line; hidden ones as "." only (their names are random). */
static char *listing(void)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort);
    ck_assert_int_ge(n, 0);
    buf_t b = BUF_INIT;
    for (int i = 0; i < n; i++) {
        const char *name = names[i]->d_name;
        if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0) buf_printf(&b, "%s\n", name[0] == '.' ? "." : name);
        free(names[i]);
    }
    free(names);
    buf_cstr(&b);
    return buf_steal(&b);
}

static char *text_of(const char *name)
{
    char path[256], err[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    buf_t b = BUF_INIT;
    if (buf_read_file(&b, path, err, sizeof err) != 0) {
        buf_free(&b);
        return strdup("(none)");
    }
    buf_cstr(&b);
    return buf_steal(&b);
}

static void plant(const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

#define ASSERT_TEXT(name, want)                \
    do {                                       \
        char *got_ = text_of(name);            \
        ck_assert_str_eq(got_, want);          \
        free(got_);                            \
    } while (0)

#define ASSERT_LISTING(want)                   \
    do {                                       \
        char *got_ = listing();                \
        ck_assert_str_eq(got_, want);          \
        free(got_);                            \
    } while (0)

START_TEST(each_partition_numbers_its_own_parts_committed_with_its_checkpoint)
{
    char err[512];
    conn_sink_t *s = open_lanes();
    ASSERT_LISTING("");   /* the target's own in-progress file is gone */
    lane(s, "clicks", 2);
    call_ok(s->resume(s, 0, err, sizeof err), err);
    write_row(s, 1, "a");
    lane(s, "clicks", 0);
    call_ok(s->resume(s, 0, err, sizeof err), err);
    write_row(s, 2, "b");
    lane(s, "clicks", 2);
    write_row(s, 3, "c");
    ASSERT_LISTING(".\n.\n");   /* hidden while in progress */
    call_ok(s->checkpoint(s, err, sizeof err), err);
    ck_assert_uint_eq(s->parts, 1);   /* the current lane's, with its part in progress */
    call_ok(s->checkpoint_commit(s, 0, err, sizeof err), err);
    ASSERT_LISTING(".\nout-clicks-2-0.csv\n");
    ASSERT_TEXT("out-clicks-2-0.csv", "1,a\n3,c\n");
    lane(s, "clicks", 0);
    ck_assert_uint_eq(s->parts, 1);
    call_ok(s->checkpoint_commit(s, 0, err, sizeof err), err);
    ASSERT_LISTING("out-clicks-0-0.csv\nout-clicks-2-0.csv\n");
    /* an interval without rows commits no part */
    call_ok(s->checkpoint(s, err, sizeof err), err);
    ck_assert_uint_eq(s->parts, 1);
    call_ok(s->checkpoint_commit(s, 0, err, sizeof err), err);
    write_row(s, 4, "d");
    lane(s, "clicks", 2);
    write_row(s, 5, "e");
    call_ok(s->close(s, true, err, sizeof err), err);   /* a successful end commits every lane */
    ASSERT_LISTING("out-clicks-0-0.csv\nout-clicks-0-1.csv\nout-clicks-2-0.csv\nout-clicks-2-1.csv\n");
    ASSERT_TEXT("out-clicks-0-1.csv", "4,d\n");
    ASSERT_TEXT("out-clicks-2-1.csv", "5,e\n");
}
END_TEST

START_TEST(a_resumed_lane_removes_only_its_parts_past_the_checkpoint)
{
    char err[512];
    plant("out-clicks-5-2.csv", "committed\n");
    plant("out-clicks-5-3.csv", "renamed, checkpoint not published\n");
    plant("out-clicks-5-4.csv", "renamed, checkpoint not published\n");
    plant("out-clicks-6-3.csv", "another lane's\n");
    plant("out-3.csv", "a one-process run's\n");
    conn_sink_t *s = open_lanes();
    call_ok(s->resume(s, 0, err, sizeof err), err);   /* no lane current: the job's own resume, nothing goes */
    ASSERT_LISTING("out-3.csv\nout-clicks-5-2.csv\nout-clicks-5-3.csv\nout-clicks-5-4.csv\nout-clicks-6-3.csv\n");
    lane(s, "clicks", 5);
    call_ok(s->resume(s, 3, err, sizeof err), err);
    ASSERT_LISTING("out-3.csv\nout-clicks-5-2.csv\nout-clicks-6-3.csv\n");
    ck_assert_uint_eq(s->parts, 3);
    write_row(s, 7, "x");
    call_ok(s->checkpoint(s, err, sizeof err), err);
    ck_assert_uint_eq(s->parts, 4);
    call_ok(s->checkpoint_commit(s, 0, err, sizeof err), err);
    ASSERT_TEXT("out-clicks-5-3.csv", "7,x\n");
    ASSERT_TEXT("out-clicks-5-2.csv", "committed\n");
    call_ok(s->close(s, true, err, sizeof err), err);
}
END_TEST

START_TEST(a_lost_lane_leaves_nothing_and_a_revoked_one_commits)
{
    char err[512];
    conn_sink_t *s = open_lanes();
    lane(s, "clicks", 1);
    call_ok(s->resume(s, 0, err, sizeof err), err);
    write_row(s, 1, "lost");
    call_ok(s->lane_close(s, false, err, sizeof err), err);
    ASSERT_LISTING("");
    lane(s, "clicks", 3);
    call_ok(s->resume(s, 0, err, sizeof err), err);
    write_row(s, 2, "kept");
    call_ok(s->lane_close(s, true, err, sizeof err), err);
    ASSERT_LISTING("out-clicks-3-0.csv\n");
    /* no lane current: a row has nowhere to go */
    value_t f[2] = {{.u.i64 = 9}, {.u.str = {"z", 1}}};
    row_t r = {ROW_INSERT, 2, f};
    ck_assert_int_eq(s->write(s, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "internal: table 'counts': a row reached the filesystem sink with no lane chosen"), "%s",
                  err);
    lane(s, "clicks", 4);
    write_row(s, 3, "failed");
    call_ok(s->close(s, false, err, sizeof err), err);   /* a failed job commits nothing */
    ASSERT_LISTING("out-clicks-3-0.csv\n");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("file_sink_lanes");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, each_partition_numbers_its_own_parts_committed_with_its_checkpoint);
    tcase_add_test(tc, a_resumed_lane_removes_only_its_parts_past_the_checkpoint);
    tcase_add_test(tc, a_lost_lane_leaves_nothing_and_a_revoked_one_commits);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}
