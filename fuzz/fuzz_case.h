/* fuzz_case.h - the shared body of the case-file targets (testrun/tcase.h):
 * tcase_parse on any bytes; the target picks the form. */
#ifndef PTF_FUZZ_CASE_H
#define PTF_FUZZ_CASE_H

#include <stddef.h>
#include <stdint.h>

#include "testrun/tcase.h"

static int fuzz_case(const char *path, const uint8_t *data, size_t size)
{
    tcase_file_t f;
    char err[4096];
    if (tcase_parse(path, (const char *)data, size, "/build", &f, err, sizeof err) == 0) tcase_file_free(&f);
    return 0;
}

#endif
