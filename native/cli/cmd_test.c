/* cmd_test.c - 'ptfhost test' (being built; see the issue tracker). */
#include <stdio.h>

#include "cli/cli.h"

int cmd_test(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("ptfhost test: not available in this build yet\n", stderr);
    return 2;
}
