/* cmd_run.c - 'ptfhost run' (being built; see the issue tracker). */
#include <stdio.h>

#include "cli/cli.h"

int cmd_run(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("ptfhost run: not available in this build yet\n", stderr);
    return 2;
}
