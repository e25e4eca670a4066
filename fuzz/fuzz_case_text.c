/* fuzz_case_text.c - libFuzzer target: the .case (text) parser. An input
 * whose first non-blank byte is '{' would be parsed as JSON: that is the
 * other target's, so it is skipped here. */
#include "fuzz_case.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t i = 0;
    while (i < size && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r')) i++;
    if (i < size && data[i] == '{') return 0;
    return fuzz_case("fuzz.case", data, size);
}
