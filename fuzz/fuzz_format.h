/* fuzz_format.h - the shared body of the format targets: one line decoded
 * by a connector format (connectors/format.h) over the target's row type
 * and options. */
#ifndef PTF_FUZZ_FORMAT_H
#define PTF_FUZZ_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "catalog/catalog.h"
#include "connectors/format.h"
#include "types/types.h"
#include "util/arena.h"

/* Nested and temporal types (JSON formats). */
#define FUZZ_ROW_TYPE                                                                                         \
    "ROW<id INT, name STRING, price DECIMAL(10, 2), ok BOOLEAN, ts TIMESTAMP(3), d DATE, tags ARRAY<STRING>, " \
    "m MAP<STRING, BIGINT>, nested ROW<a DOUBLE, b BYTES>, t TIME(0), lz TIMESTAMP_LTZ(3), f FLOAT>"

/* CSV's flat row. */
#define FUZZ_FLAT_ROW_TYPE \
    "ROW<id INT, name STRING, price DECIMAL(10, 2), ok BOOLEAN, ts TIMESTAMP(3), d DATE, t TIME(0), f FLOAT, b BYTES>"

static inline int fuzz_format_line(const char *row_type, catalog_option_t *opts, int nopts, const uint8_t *data,
                                   size_t size)
{
    static catalog_table_t *t;
    static conn_format_t *f;
    char err[4096];
    if (!f) {
        t = catalog_table_new("fuzz");
        t->schema = type_parse(row_type, err, sizeof err);
        t->opts = opts;
        t->nopts = (size_t)nopts;
        f = conn_format_new(t, err, sizeof err);
        if (!f) {
            fprintf(stderr, "fuzz: %s\n", err);
            abort();
        }
    }
    arena_t a;
    arena_init(&a, 0);
    conn_where_t where = {"fuzz", 1};
    row_t *rows;
    size_t n;
    bool skipped;
    conn_format_decode_rows(f, (const char *)data, size, &where, &rows, &n, &skipped, &a, err, sizeof err);
    arena_destroy(&a);
    return 0;
}

#endif
