/* fuzz_sql.c - libFuzzer target: the SQL script parser (sql/sql.h) on any bytes. */
#include <stddef.h>
#include <stdint.h>

#include "sql/sql.h"
#include "util/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    arena_t a;
    arena_init(&a, 0);
    sqlp_script_t *s;
    char err[2048];
    sqlp_parse_script_n((const char *)data, size, "fuzz.sql", &a, &s, err, sizeof err);
    arena_destroy(&a);
    return 0;
}
