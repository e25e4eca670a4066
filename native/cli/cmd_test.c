/* cmd_test.c - 'ptfhost test PATH...': run compatibility cases.
 *
 * Collects case files (a file as given, a folder's *.case and *.case.json
 * files recursively, sorted), runs every case in this one process (one JVM for
 * all), prints one line per run and the diff of each failure, and closes
 * with exactly "N passed, N failed" (CI parses it). Exit 0 when everything
 * passed, 1 when a case failed or a case file is invalid, 2 on usage or I/O
 * errors. With --dump-state each run's result line is followed by the state
 * and timers of its PTF calls. The work is in native/testrun (format:
 * docs/test-cases.md). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "testrun/tcase.h"

#define SYNOPSIS "[options] PATH...   (case files, or folders searched for *.case and *.case.json)"

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *join(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    if (!p) abort();
    snprintf(p, n, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", name);
    return p;
}

/* Appends the case files under dir (sorted per folder, folders in name order). */
static int collect_dir(const char *dir, cli_strlist_t *files)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "ptfhost test: cannot list folder '%s': %s\n", dir, strerror(errno));
        return 2;
    }
    cli_strlist_t names = {0};
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        cli_strlist_push(&names, join(dir, e->d_name));
    }
    closedir(d);
    if (names.n) qsort(names.items, (size_t)names.n, sizeof *names.items, cmp_str);
    int rc = 0;
    for (int i = 0; i < names.n; i++) {
        char *p = (char *)names.items[i];
        struct stat st;
        if (rc == 0 && stat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            rc = collect_dir(p, files);
            free(p);
        } else if (tcase_is_case_file_name(p)) {
            cli_strlist_push(files, p);
        } else {
            free(p);
        }
    }
    cli_strlist_free(&names);
    return rc;
}

static int collect(const char *arg, cli_strlist_t *files)
{
    struct stat st;
    if (stat(arg, &st) != 0) {
        fprintf(stderr, "ptfhost test: cannot read '%s': %s\n", arg, strerror(errno));
        return 2;
    }
    if (!S_ISDIR(st.st_mode)) {
        char *p = strdup(arg);
        if (!p) abort();
        cli_strlist_push(files, p);
        return 0;
    }
    int before = files->n;
    int rc = collect_dir(arg, files);
    if (rc == 0 && files->n == before) {
        fprintf(stderr, "ptfhost test: no *.case or *.case.json files in '%s'\n", arg);
        return 2;
    }
    return rc;
}

int cmd_test(int argc, char **argv)
{
    const char *timeout = NULL, *parallel_check = NULL;
    const char *junit = NULL, *flink_version = NULL, *build = NULL, *filter = NULL;
    bool update = false, dump_state = false, help = false;
    cli_option_t opts[] = {
        {"junit", CLI_STRING, &junit, "FILE  also write the results as JUnit XML"},
        {"update", CLI_FLAG, &update, "rewrite failing expectations (and add missing ones) from the actual output"},
        {"flink-version", CLI_STRING, &flink_version,
         "2.1|2.2|2.3  for cases without '-- flink-version:' (default 2.3)"},
        {"build", CLI_STRING, &build, "DIR  what @BUILD@ means in SQL (default $PTFHOST_BUILD, else ptfhost's folder)"},
        {"filter", CLI_STRING, &filter, "TEXT  run only the cases whose name contains TEXT"},
        {"timeout", CLI_STRING, &timeout, "SECONDS  fail a case whose query reads input longer than this (default 60)"},
        {"dump-state", CLI_FLAG, &dump_state,
         "after each run, print every PTF call's state and pending timers per key as JSON lines"},
        {"parallel-check", CLI_STRING, &parallel_check,
         "N  run each case with a PTF call that can run parallel again at parallelism N and require the same "
         "output (default 2; 1 = off)"},
        {"help", CLI_FLAG, &help, "show this help"},
        {NULL, 0, NULL, NULL},
    };
    cli_strlist_t pos = {0};
    if (cli_parse("test", opts, argc, argv, &pos) != 0) return 2;
    if (help || pos.n == 0) {
        cli_usage("test", SYNOPSIS, opts);
        cli_strlist_free(&pos);
        return cli_finish("test", help ? 0 : 2, NULL);
    }
    if (flink_version && tcase_version_index(flink_version) < 0) {
        fprintf(stderr, "ptfhost test: --flink-version must be 2.1, 2.2 or 2.3, not '%s'\n", flink_version);
        cli_strlist_free(&pos);
        return 2;
    }
    if (!build) build = getenv("PTFHOST_BUILD");
    if (!build || !*build) build = cli_home();

    cli_strlist_t files = {0};
    int rc = 0;
    for (int i = 0; rc == 0 && i < pos.n; i++) rc = collect(pos.items[i], &files);
    cli_strlist_free(&pos);

    int64_t time_limit_ms = 60000;
    if (timeout) {
        char *end;
        long secs = strtol(timeout, &end, 10);
        if (*timeout == '\0' || *end || secs < 0) {
            fprintf(stderr, "ptfhost test: --timeout takes whole seconds (0 = no limit), not '%s'\n", timeout);
            cli_strlist_free(&files);
            return 2;
        }
        time_limit_ms = (int64_t)secs * 1000;
    }
    int check = 2;
    if (parallel_check) {
        char *end;
        long n = strtol(parallel_check, &end, 10);
        if (*parallel_check == '\0' || *end || n < 1 || n > 128) {
            fprintf(stderr, "ptfhost test: --parallel-check takes a parallelism from 1 (off) to 128, not '%s'\n",
                    parallel_check);
            cli_strlist_free(&files);
            return 2;
        }
        check = (int)n;
    }
    if (rc == 0) {
        const char *no_color = getenv("NO_COLOR");
        tcase_suite_opts_t o = {
            .default_version = flink_version ? flink_version : TCASE_DEFAULT_VERSION,
            .build_dir = build,
            .filter = filter,
            .update = update,
            .dump_state = dump_state,
            .color = isatty(STDOUT_FILENO) && !(no_color && *no_color),
            .out = stdout,
            .exec = tcase_exec_session,
            .exec_ctx = &(tcase_exec_env_t){time_limit_ms, cli_home(), check},
        };
        tcase_suite_t s = {0};
        for (int i = 0; i < files.n; i++) tcase_suite_run_file(&s, &o, files.items[i]);
        if (junit) {
            char err[1024];
            if (tcase_junit_write(junit, s.outcomes, s.n, err, sizeof err) != 0) {
                fprintf(stderr, "ptfhost test: %s\n", err);
                rc = 2;
            }
        }
        tcase_suite_summary(&s, stdout);
        fflush(stdout);
        if (rc == 0) rc = s.failed ? 1 : 0;
        tcase_suite_free(&s);
    }
    for (int i = 0; i < files.n; i++) free((char *)files.items[i]);
    cli_strlist_free(&files);
    return cli_finish("test", rc, NULL);
}
