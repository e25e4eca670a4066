/* main.c - ptfhost entry point: dispatch to a subcommand.
 *
 * All work runs on a thread we create with a large stack, never on the
 * process's primordial thread: HotSpot cannot place its stack guard pages
 * reliably there, so a deep recursion in user code would crash instead of
 * throwing StackOverflowError (see design.md, "Which thread owns the JVM"). */
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static const cli_command_t commands[] = {
    {"broker", cmd_broker, "run a Kafka-protocol broker on 127.0.0.1 (in memory) until Ctrl-C"},
    {"describe", cmd_describe, "print the signature Flink infers for the PTFs in a JAR, or Flink's error"},
    {"init", cmd_init, "write a Maven project for a PTF: pom.xml, a sample PTF, a SQL job and a test case"},
    {"run", cmd_run, "run a Flink SQL script that calls PTFs"},
    {"sql", cmd_sql, "the SQL client's interactive shell: statements, result modes, history"},
    {"test", cmd_test, "run compatibility cases and compare with the expected changelog"},
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])
#define WORKER_STACK (64u << 20)

static void usage(FILE *f)
{
    fputs("usage: ptfhost <command> [options]\n\ncommands:\n", f);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fputs("\n'ptfhost help <command>' or 'ptfhost <command> --help' shows a command's options;\n"
          "'ptfhost --version' shows the versions.\n", f);
}

static const cli_command_t *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0) return &commands[i];
    return NULL;
}

static int unknown_command(const char *name)
{
    const char *names[NCOMMANDS];
    for (size_t i = 0; i < NCOMMANDS; i++) names[i] = commands[i].name;
    const char *near = cli_nearest(names, (int)NCOMMANDS, name, strlen(name));
    if (near) fprintf(stderr, "ptfhost: unknown command '%s'; did you mean '%s'?\n\n", name, near);
    else fprintf(stderr, "ptfhost: unknown command '%s'\n\n", name);
    usage(stderr);
    return 2;
}

struct job {
    const cli_command_t *cmd;
    int argc;
    char **argv;
    int rc;
};

static void *run_job(void *arg)
{
    struct job *j = arg;
    j->rc = j->cmd->run(j->argc, j->argv);
    return NULL;
}

/* Ends the process by SIGPIPE, as a writer to a pipe without a reader ends
 * when the signal is not ignored (the JVM's handler only hid it). */
static void die_by_sigpipe(void)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    signal(SIGPIPE, SIG_DFL);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(SIGPIPE);
}

int main(int argc, char **argv)
{
    cli_streams_init();
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : cli_finish("", 0, NULL);
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) return cli_print_version();
    /* ptfhost help COMMAND is ptfhost COMMAND --help. */
    char *help_argv[3] = {argc > 2 ? argv[2] : NULL, "--help", NULL};
    bool help = strcmp(argv[1], "help") == 0;
    if (help && (argc < 3 || strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "help") == 0)) {
        usage(stdout);
        return cli_finish("", 0, NULL);
    }
    const char *name = help ? argv[2] : argv[1];
    const cli_command_t *cmd = find_command(name);
    if (!cmd) return unknown_command(name);

    struct job j = {cmd, help ? 2 : argc - 1, help ? help_argv : argv + 1, 2};
    pthread_attr_t attr;
    pthread_t tid;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, WORKER_STACK);
    if (pthread_create(&tid, &attr, run_job, &j) != 0) {
        fputs("ptfhost: cannot start the worker thread\n", stderr);
        return 2;
    }
    pthread_join(tid, NULL);
    pthread_attr_destroy(&attr);
    if (j.rc == CLI_EXIT_SIGPIPE) die_by_sigpipe();
    return j.rc;
}
