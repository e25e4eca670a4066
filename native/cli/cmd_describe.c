/* cmd_describe.c - 'ptfhost describe' (being built; see the issue tracker). */
#include <stdio.h>

#include "cli/cli.h"

int cmd_describe(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("ptfhost describe: not available in this build yet\n", stderr);
    return 2;
}
