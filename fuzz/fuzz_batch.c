/* fuzz_batch.c - libFuzzer target: the decoder of Java's batch answers
 * (protocol/batch.h). The first three bytes are the shape of the batch
 * answered (keys, records, entries; each 0-15), the rest is the answer. */
#include <stddef.h>
#include <stdint.h>

#include "protocol/batch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3) return 0;
    batch_shape_t shape = {data[0] & 15u, data[1] & 15u, data[2] & 15u};
    batch_answer_t a;
    batch_answer_init(&a);
    char err[1024];
    batch_decode_answer(data + 3, size - 3, &shape, &a, err, sizeof err);
    batch_answer_free(&a);
    return 0;
}
