/* cli.h - the ptfhost subcommands.
 *
 * One file per subcommand (cmd_<name>.c), one dispatch table (main.c). A
 * command returns the process exit code: 0 success, 1 the input is invalid or
 * a job/test failed, 2 usage or I/O error. Commands print their own messages;
 * nothing below a command calls exit(). */
#ifndef PTF_CLI_H
#define PTF_CLI_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);   /* argv[0] is the command name */
    const char *summary;
} cli_command_t;

int cmd_broker(int argc, char **argv);
int cmd_describe(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_test(int argc, char **argv);
int cmd_init(int argc, char **argv);
int cmd_sql(int argc, char **argv);

/* ptfhost's own version (keep in step with pom.xml) and the Flink versions
 * whose PTF API and runtime behaviour it reproduces. */
#define PTFHOST_VERSION "0.1.0"
#define PTFHOST_FLINK_VERSIONS "2.1, 2.2, 2.3"

/* ptfhost --version (cmd_version.c): ptfhost's version, the Flink API
 * versions, the JVM a command would load (without starting it). */
int cli_print_version(void);

/* The name in names nearest to word[0..len) when it looks like a typo of
 * it (a prefix, or a few edits away), else NULL. */
const char *cli_nearest(const char *const *names, int n, const char *word, size_t len);

/* Declarative option parsing shared by all commands. */
typedef enum cli_opt_kind { CLI_FLAG, CLI_STRING, CLI_STRING_LIST } cli_opt_kind_t;

typedef struct cli_option {
    const char *name;        /* long name without dashes, e.g. "jar" */
    cli_opt_kind_t kind;
    void *target;            /* bool* for FLAG, const char** for STRING,
                                cli_strlist_t* for STRING_LIST */
    const char *help;        /* "FILE  the user's JAR" */
} cli_option_t;

typedef struct cli_strlist {
    const char **items;
    int n, cap;
} cli_strlist_t;

/* Parses --name value / --name=value / --flag; other arguments are
 * collected into positional. Returns 0, or 2 after printing a usage error. */
int cli_parse(const char *cmd, const cli_option_t *opts, int argc, char **argv,
              cli_strlist_t *positional);
void cli_usage(const char *cmd, const char *synopsis, const cli_option_t *opts);
void cli_strlist_push(cli_strlist_t *l, const char *s);
void cli_strlist_free(cli_strlist_t *l);

/* The standard streams (cli/streams.c). cli_streams_init runs first in
 * main: a closed descriptor 0, 1 or 2 is opened on /dev/null (0 and 1
 * read-only, so a write to a closed stdout still fails) so that no file
 * opened later takes its number and receives the output; and it notes
 * whether SIGPIPE was ignored by whoever started ptfhost (a running JVM
 * ignores it, so a closed pipe shows up as EPIPE either way). */
void cli_streams_init(void);

/* A command's last step: flushes stdout and prints at most one line on
 * stderr, "ptfhost CMD: " + err when the command failed (rc != 0, err not
 * NULL nor empty), else the write error on stdout if there was one. Returns
 * the exit code: rc, 2 when stdout lost output, or CLI_EXIT_SIGPIPE (nothing printed)
 * when stdout's reader went away and SIGPIPE was not ignored: main then ends
 * the process by SIGPIPE, as the kernel ends any writer to a closed pipe. */
int cli_finish(const char *cmd, int rc, const char *err);
#define CLI_EXIT_SIGPIPE (128 + 13)

/* Where the program's own files are (the shim JAR, ...): the folder of the
 * executable, overridable by PTFHOST_HOME. Never NULL. */
const char *cli_home(void);

#endif
