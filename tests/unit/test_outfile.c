/* Output that must not fail unnoticed (util/outfile.h): stream write errors
 * become one message naming where, in-progress files are hidden, named
 * unpredictably and created exclusively (a planted symbolic link is never
 * written through), and a commit renames only complete files. */
#include <check.h>

#include "check_main.h"
#include <errno.h>
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/buf.h"
#include "util/outfile.h"

static char dir[64];

static void make_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/ptf_output_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void remove_dir(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static char *in_dir(const char *name)
{
    buf_t b = BUF_INIT;
    buf_printf(&b, "%s/%s", dir, name);
    return buf_steal(&b);
}

static char *file_text(const char *path)
{
    buf_t b = BUF_INIT;
    char err[256];
    ck_assert_msg(buf_read_file(&b, path, err, sizeof err) == 0, "%s", err);
    buf_cstr(&b);
    return buf_steal(&b);
}

/* An unshared stream writes 64 KiB at a time (glibc keeps 4 KiB when
 * setvbuf gets a size without a buffer), and outfile_close writes the rest. */
START_TEST(an_unshared_stream_moves_64_kib_at_a_time)
{
    make_dir();
    char *path = in_dir("unshared.txt");
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    outfile_unshared(f);
    static char block[48 * 1024];
    memset(block, 'x', sizeof block);
    for (int i = 0; i < 6; i++) ck_assert_uint_eq(fwrite(block, 1, 1000, f), 1000);   /* 6000 bytes */
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_size, 0);   /* a 4 KiB buffer would have written 4096 */
    ck_assert_uint_eq(fwrite(block, 1, sizeof block, f), sizeof block);
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_size, 0);
    ck_assert_int_eq(outfile_close(f), 0);
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_size, 6000 + (off_t)sizeof block);
    free(path);
    remove_dir();
}
END_TEST

START_TEST(temp_name_is_hidden_flinks_form_and_fresh_each_time)
{
    regex_t re;
    ck_assert_int_eq(regcomp(&re, "^out/\\.part-0\\.json\\.inprogress\\.[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-"
                                  "[89ab][0-9a-f]{3}-[0-9a-f]{12}$", REG_EXTENDED | REG_NOSUB), 0);
    char *a = outfile_temp_name("out/part-0.json"), *b = outfile_temp_name("out/part-0.json");
    ck_assert_msg(regexec(&re, a, 0, NULL, 0) == 0, "%s", a);
    ck_assert_msg(regexec(&re, b, 0, NULL, 0) == 0, "%s", b);
    ck_assert_str_ne(a, b);
    char *bare = outfile_temp_name("part.csv");
    ck_assert_int_eq(strncmp(bare, ".part.csv.inprogress.", 21), 0);
    regfree(&re);
    free(a), free(b), free(bare);
}
END_TEST

START_TEST(exclusive_create_never_follows_a_planted_link)
{
    make_dir();
    char *victim = in_dir("victim"), *link = in_dir("planted"), *dangling = in_dir("dangling"),
         *absent = in_dir("absent");
    FILE *v = fopen(victim, "w");
    fputs("precious\n", v);
    fclose(v);
    ck_assert_int_eq(symlink(victim, link), 0);
    ck_assert_int_eq(symlink(absent, dangling), 0);
    errno = 0;
    ck_assert_ptr_null(outfile_create_exclusive(link));
    ck_assert_int_eq(errno, EEXIST);
    ck_assert_ptr_null(outfile_create_exclusive(dangling));
    ck_assert_int_eq(errno, EEXIST);
    char *t = file_text(victim);
    ck_assert_str_eq(t, "precious\n");
    ck_assert_int_eq(access(absent, F_OK), -1);
    free(t), free(victim), free(link), free(dangling), free(absent);
    remove_dir();
}
END_TEST

START_TEST(commit_renames_only_complete_files)
{
    make_dir();
    char *target = in_dir("part-0.json"), *tmp, err[512];
    FILE *f = outfile_temp_open(target, &tmp, err, sizeof err);
    ck_assert_msg(f, "%s", err);
    fputs("{\"a\":1}\n", f);
    ck_assert_int_eq(outfile_commit(f, tmp, target, true, err, sizeof err), 0);
    ck_assert_int_eq(access(tmp, F_OK), -1);
    char *t = file_text(target);
    ck_assert_str_eq(t, "{\"a\":1}\n");
    free(t), free(tmp);

    f = outfile_temp_open(target, &tmp, err, sizeof err);   /* a failed job: discarded */
    fputs("half", f);
    ck_assert_int_eq(outfile_commit(f, tmp, target, false, err, sizeof err), 0);
    ck_assert_int_eq(access(tmp, F_OK), -1);
    t = file_text(target);
    ck_assert_str_eq(t, "{\"a\":1}\n");
    free(t), free(tmp), free(target);

    char *nodir = in_dir("missing/part-0.json");
    ck_assert_ptr_null(outfile_temp_open(nodir, &tmp, err, sizeof err));
    ck_assert_ptr_null(tmp);
    ck_assert_msg(strstr(err, "cannot create '") && strstr(err, "missing/.part-0.json.inprogress.") &&
                  strstr(err, "No such file or directory"), "%s", err);
    free(nodir);
    remove_dir();
}
END_TEST

START_TEST(a_full_device_fails_the_commit_and_the_check)
{
    char err[512];
    FILE *f = fopen("/dev/full", "w");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(outfile_check(f, "stdout", true, err, sizeof err), 0);   /* nothing written yet */
    fputs("row\n", f);
    ck_assert_int_eq(outfile_check(f, "stdout", true, err, sizeof err), -1);
    ck_assert_str_eq(err, "cannot write the output to stdout: No space left on device");
    ck_assert_int_eq(outfile_check(f, "stdout", true, err, sizeof err), -1);   /* sticky, reason kept */
    ck_assert_str_eq(err, "cannot write the output to stdout: No space left on device");
    fclose(f);

    f = fopen("/dev/full", "w");
    fputs("row\n", f);
    ck_assert_int_eq(outfile_commit(f, "/nonexistent/tmp", "/nonexistent/x.json", true, err, sizeof err), -1);
    ck_assert_str_eq(err, "cannot write '/nonexistent/x.json': No space left on device");
}
END_TEST

START_TEST(a_pipe_without_reader_is_reported_as_such)
{
    signal(SIGPIPE, SIG_IGN);
    int p[2];
    ck_assert_int_eq(pipe(p), 0);
    FILE *w = fdopen(p[1], "w");
    ck_assert(!outfile_reader_gone(w));
    close(p[0]);
    ck_assert(outfile_reader_gone(w));
    char err[256];
    fputs("row\n", w);
    ck_assert_int_eq(outfile_check(w, "stdout", true, err, sizeof err), -1);
    ck_assert_str_eq(err, "cannot write the output to stdout: Broken pipe");
    fclose(w);
    signal(SIGPIPE, SIG_DFL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("output");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, temp_name_is_hidden_flinks_form_and_fresh_each_time);
    tcase_add_test(tc, exclusive_create_never_follows_a_planted_link);
    tcase_add_test(tc, commit_renames_only_complete_files);
    tcase_add_test(tc, a_full_device_fails_the_commit_and_the_check);
    tcase_add_test(tc, a_pipe_without_reader_is_reported_as_such);
    tcase_add_test(tc, an_unshared_stream_moves_64_kib_at_a_time);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}
