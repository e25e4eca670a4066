/* fuzz_type.c - libFuzzer target: the type-string parser (types/types.h);
 * a type that parses is also cloned and freed. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "types/types.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[1024];
    type_t *t = type_parse_n((const char *)data, size, err, sizeof err);
    if (!t) return 0;
    type_t *c = type_clone(t);
    type_free(c);
    type_free(t);
    return 0;
}
