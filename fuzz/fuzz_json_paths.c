/* fuzz_json_paths.c - JSON's two readers must agree. A line that is one
 * object is read member by member (decode_members in format_json.c), every
 * other line through the tree; this target reads each input both ways, over
 * the nested and temporal fuzz row type and under each option that changes
 * what a member does, and aborts where the rows or the messages differ. The
 * first input byte picks the options (the unit test's modes over its own
 * six-field type: tests/unit/test_format_json.c). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "connectors/format_json.h"
#include "fuzz_format.h"
#include "types/render.h"
#include "types/types.h"
#include "util/arena.h"
#include "util/buf.h"

enum { MODES = 3 };

static conn_json_t *reader(int mode, const type_t *type)
{
    static catalog_option_t none[] = {{"connector", "filesystem"}};
    static catalog_option_t ignore[] = {{"json.ignore-parse-errors", "true"}};
    static catalog_option_t missing[] = {{"json.fail-on-missing-field", "true"}};
    catalog_option_t *opts[MODES] = {none, ignore, missing};
    conn_json_options_t o;
    char err[1024];
    conn_json_t *j = NULL;
    if (conn_json_options_parse(&o, "json", opts[mode], 1, err, sizeof err) == 0)
        j = conn_json_new(type, &o, err, sizeof err);
    if (!j) {
        fprintf(stderr, "fuzz_json_paths: %s\n", err);
        abort();
    }
    return j;
}

/* The rows (or the message) of one line, read with or without members. */
static void decode(conn_json_t *j, bool members, const type_t *type, const char *line, size_t len, buf_t *out)
{
    arena_t a;
    arena_init(&a, 0);
    row_t *rows;
    size_t n;
    bool skipped;
    char err[4096];
    buf_clear(out);
    conn_json_read_members(j, members);
    if (conn_json_decode(j, line, len, "fuzz.json", 1, &rows, &n, &skipped, &a, err, sizeof err) != 0) {
        buf_printf(out, "ERROR: %s", err);
    } else if (skipped) {
        buf_printf(out, "SKIPPED");
    } else {
        for (size_t i = 0; i < n; i++) {
            buf_putc(out, '\n');
            render_row(out, &rows[i], type);
        }
    }
    arena_destroy(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static type_t *type;
    static conn_json_t *readers[MODES];
    if (!type) {
        char err[1024];
        type = type_parse(FUZZ_ROW_TYPE, err, sizeof err);
        if (!type) abort();
        for (int m = 0; m < MODES; m++) readers[m] = reader(m, type);
    }
    if (size == 0) return 0;
    conn_json_t *j = readers[data[0] % MODES];
    const char *line = (const char *)data + 1;
    buf_t tree = BUF_INIT, members = BUF_INIT;
    decode(j, false, type, line, size - 1, &tree);
    decode(j, true, type, line, size - 1, &members);
    if (strcmp(buf_cstr(&tree), buf_cstr(&members)) != 0) {
        fprintf(stderr, "fuzz_json_paths: the readers differ\nline:    %.*s\ntree:    %s\nmembers: %s\n",
                (int)(size - 1), line, buf_cstr(&tree), buf_cstr(&members));
        abort();
    }
    buf_free(&tree);
    buf_free(&members);
    return 0;
}
