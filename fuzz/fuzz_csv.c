/* fuzz_csv.c - libFuzzer target: the csv decoder on one line of any bytes. */
#include "fuzz_format.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static catalog_option_t opts[] = {{"connector", "filesystem"}, {"format", "csv"}};
    return fuzz_format_line(FUZZ_FLAT_ROW_TYPE, opts, 2, data, size);
}
