/* check_main.h - the end of every unit suite's main(): run the suite (Check
 * forks per test unless CK_FORK=no), exit non-zero if any test failed. */
#ifndef PTF_CHECK_MAIN_H
#define PTF_CHECK_MAIN_H

#include <check.h>
#include <stdlib.h>

static inline int check_main_run(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
