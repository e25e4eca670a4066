/* streams.c - the standard streams of a command (see cli.h): descriptors
 * that must stay ours, and output that must not be lost unnoticed. */
#include "cli/cli.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "util/outfile.h"

static bool sigpipe_ignored;   /* by whoever started us; set once before any thread */

void cli_streams_init(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        /* 0 and 1 read-only: a write to a closed stdout still fails (EBADF) */
        int got = open("/dev/null", fd == 2 ? O_WRONLY : O_RDONLY);
        if (got >= 0 && got != fd) {
            dup2(got, fd);
            close(got);
        }
    }
    struct sigaction sa;
    sigpipe_ignored = sigaction(SIGPIPE, NULL, &sa) == 0 && sa.sa_handler == SIG_IGN;
}

int cli_finish(const char *cmd, int rc, const char *err)
{
    char why[512];
    bool broken = outfile_check(stdout, "stdout", true, why, sizeof why) != 0;
    if (broken && !sigpipe_ignored && outfile_reader_gone(stdout)) return CLI_EXIT_SIGPIPE;
    const char *sep = *cmd ? " " : "";
    if (rc != 0 && err && *err) fprintf(stderr, "ptfhost%s%s: %s\n", sep, cmd, err);
    else if (broken) fprintf(stderr, "ptfhost%s%s: %s\n", sep, cmd, why);
    return broken ? 2 : rc;
}
