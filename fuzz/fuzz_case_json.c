/* fuzz_case_json.c - libFuzzer target: the .case.json parser. */
#include "fuzz_case.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_case("fuzz.case.json", data, size);
}
