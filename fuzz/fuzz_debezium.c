/* fuzz_debezium.c - libFuzzer target: the debezium-json decoder on one line of any bytes. */
#include "fuzz_format.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static catalog_option_t opts[] = {{"connector", "filesystem"}, {"format", "debezium-json"}};
    return fuzz_format_line(FUZZ_ROW_TYPE, opts, 2, data, size);
}
