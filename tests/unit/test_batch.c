/* The batch protocol's C half (protocol/batch.h) against the shared vectors
 * in tests/vectors/batch.txt (the Java half checks the same file in
 * BatchVectorsTest): each `batch` vector's lines encode to its bytes, each
 * `answer` vector's bytes decode to its lines, each `malformed` answer is
 * rejected with its reason. The file's format is described at its top.
 *
 * PTFHOST_VECTORS_PRINT=1 prints what C makes of every vector instead of
 * checking it: an aid for writing new vectors, whose bytes must still be
 * checked against docs/internals.md by hand. */
#include <check.h>

#include "check_main.h"
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/batch.h"
#include "util/buf.h"

/* ---- the vector file ------------------------------------------------------------ */

#define MAX_LINES 32

typedef struct vector {
    int line;                 /* of the head line */
    char head[16];            /* batch | answer | malformed */
    char name[64];
    uint32_t keys, entries, records;
    char *lines[MAX_LINES];   /* content lines, spaces normalised */
    int nlines;
    buf_t hex;
} vector_t;

static vector_t VEC[128];
static int NVEC;

static const char *vectors_path(void)
{
    static char path[4096];
    const char *root = getenv("PTFHOST_ROOT");
    if (root) {
        snprintf(path, sizeof path, "%s/tests/vectors/batch.txt", root);
    } else {
        snprintf(path, sizeof path, "%s", __FILE__);   /* .../tests/unit/test_batch.c */
        char *cut = strstr(path, "tests/unit/test_batch.c");
        if (cut) strcpy(cut, "tests/vectors/batch.txt");
    }
    return path;
}

/* Collapses runs of blanks into one space and trims the ends, in place. */
static char *normalise(char *s)
{
    char *w = s;
    for (const char *r = s; *r; r++) {
        if (isspace((unsigned char)*r)) {
            if (w > s && w[-1] != ' ') *w++ = ' ';
        } else {
            *w++ = *r;
        }
    }
    if (w > s && w[-1] == ' ') w--;
    *w = '\0';
    return s;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Appends the bytes written as hex in s (spaces ignored; "-" = none). */
static void unhex(buf_t *b, const char *s, int line)
{
    if (strcmp(s, "-") == 0) return;
    for (const char *h = s; *h;) {
        if (*h == ' ') {
            h++;
            continue;
        }
        int hi = hexval(h[0]), lo = h[1] ? hexval(h[1]) : -1;
        ck_assert_msg(hi >= 0 && lo >= 0, "batch.txt:%d: bad hex '%s'", line, s);
        buf_put_u8(b, (uint8_t)(hi * 16 + lo));
        h += 2;
    }
}

/* The word after `key` in a normalised line ("" if absent), into out. */
static const char *word_after(const char *line, const char *key, char *out, size_t outlen)
{
    size_t k = strlen(key);
    for (const char *p = line; (p = strstr(p, key)) != NULL; p += k) {
        bool starts = p == line || p[-1] == ' ';
        if (!starts || p[k] != ' ') continue;
        const char *v = p + k + 1;
        size_t n = strcspn(v, " ");
        snprintf(out, outlen, "%.*s", (int)n, v);
        return out;
    }
    out[0] = '\0';
    return out;
}

static uint32_t head_number(const char *line, const char *key, int lineno)
{
    char w[32];
    ck_assert_msg(*word_after(line, key, w, sizeof w), "batch.txt:%d: no '%s'", lineno, key);
    return (uint32_t)strtoul(w, NULL, 10);
}

static void start_vector(char *s, int lineno)
{
    ck_assert_int_lt(NVEC, 128);
    vector_t *v = &VEC[NVEC++];
    memset(v, 0, sizeof *v);
    v->line = lineno;
    sscanf(s, "%15s %63s", v->head, v->name);
    v->keys = head_number(s, "keys", lineno);
    v->entries = head_number(s, "entries", lineno);
    if (strcmp(v->head, "batch") != 0) v->records = head_number(s, "records", lineno);
}

static void load_vectors(void)
{
    if (NVEC) return;
    buf_t file = BUF_INIT;
    char err[300];
    ck_assert_msg(buf_read_file(&file, vectors_path(), err, sizeof err) == 0, "%s", err);
    char *text = buf_steal(&file);
    int lineno = 0;
    for (char *line = text, *nl; line; line = nl) {
        nl = strchr(line, '\n');
        if (nl) *nl++ = '\0';
        lineno++;
        char *s = normalise(line);
        if (!*s || *s == '#') continue;
        if (!strncmp(s, "batch ", 6) || !strncmp(s, "answer ", 7) || !strncmp(s, "malformed ", 10)) {
            start_vector(s, lineno);
            continue;
        }
        ck_assert_msg(NVEC > 0, "batch.txt:%d: a line before the first vector", lineno);
        vector_t *v = &VEC[NVEC - 1];
        if (!strncmp(s, "hex ", 4)) {
            unhex(&v->hex, s + 4, lineno);
        } else {
            ck_assert_msg(v->nlines < MAX_LINES, "batch.txt:%d: too many lines", lineno);
            v->lines[v->nlines++] = strdup(s);
        }
    }
    free(text);
    ck_assert_int_gt(NVEC, 0);
}

static void free_vectors(void)
{
    for (int i = 0; i < NVEC; i++) {
        for (int l = 0; l < VEC[i].nlines; l++) free(VEC[i].lines[l]);
        buf_free(&VEC[i].hex);
    }
    NVEC = 0;
}

static bool printing(void)
{
    const char *p = getenv("PTFHOST_VECTORS_PRINT");
    return p && *p && strcmp(p, "0") != 0;
}

static void put_hex(buf_t *out, const unsigned char *p, size_t n)
{
    if (n == 0) buf_putc(out, '-');
    for (size_t i = 0; i < n; i++) buf_printf(out, "%02x", p[i]);
}

/* ---- values of the line syntax ------------------------------------------------- */

static int64_t i64_value(const char *w)
{
    return strcmp(w, "none") == 0 ? INT64_MIN : strtoll(w, NULL, 10);
}

static void put_i64_value(buf_t *out, int64_t v)
{
    if (v == INT64_MIN) buf_puts(out, "none");
    else buf_printf(out, "%" PRId64, v);
}

static uint32_t u32_value(const char *w, uint32_t none)
{
    return strcmp(w, "none") == 0 ? none : (uint32_t)strtoul(w, NULL, 10);
}

static const char *kind_word(row_kind_t k)
{
    static const char *const words[] = {"+I", "-U", "+U", "-D"};
    return k <= ROW_DELETE ? words[k] : "?";
}

static row_kind_t kind_value(const char *w, int line)
{
    for (int k = 0; k <= ROW_DELETE; k++)
        if (strcmp(w, kind_word((row_kind_t)k)) == 0) return (row_kind_t)k;
    ck_abort_msg("batch.txt:%d: bad kind '%s'", line, w);
    return ROW_INSERT;
}

/* ---- batches: C encodes ------------------------------------------------------------- */

static uint32_t count_records(const vector_t *v)
{
    uint32_t n = 0;
    for (int l = 0; l < v->nlines; l++) n += strncmp(v->lines[l], "state ", 6) != 0;
    return n;
}

static void encode_line(buf_t *b, const char *s, int line)
{
    char w[4][256];
    if (!strncmp(s, "state key ", 10)) {   /* a holdable cell: state key <id> held | absent | <value> */
        uint32_t id = (uint32_t)strtoul(s + 10, NULL, 10);
        const char *rest = strchr(s + 10, ' ');
        ck_assert_msg(rest, "batch.txt:%d: '%s' has no value", line, s);
        rest++;
        if (!strcmp(rest, "held") || !strcmp(rest, "absent")) {
            batch_put_holdable_state(b, id, !strcmp(rest, "held"), NULL, 0);
            return;
        }
        buf_t value = BUF_INIT;
        unhex(&value, rest, line);
        batch_put_holdable_state(b, id, false, value.len ? value.data : (const unsigned char *)"",
                                 (uint32_t)value.len);
        buf_free(&value);
    } else if (!strncmp(s, "state ", 6)) {
        if (!strcmp(s + 6, "absent")) {
            batch_put_state(b, NULL, 0);
            return;
        }
        buf_t value = BUF_INIT;
        unhex(&value, s + 6, line);
        batch_put_state(b, value.len ? value.data : (const unsigned char *)"", (uint32_t)value.len);
        buf_free(&value);
    } else if (!strncmp(s, "eval ", 5)) {
        batch_eval_t e = {u32_value(word_after(s, "slot", w[0], sizeof w[0]), BATCH_NO_KEY),
                          (uint16_t)u32_value(word_after(s, "table", w[1], sizeof w[1]), BATCH_NO_TABLE),
                          kind_value(word_after(s, "kind", w[2], sizeof w[2]), line),
                          i64_value(word_after(s, "wm", w[3], sizeof w[3])), 0, 0};
        e.table_watermark = i64_value(word_after(s, "twm", w[0], sizeof w[0]));
        e.time = i64_value(word_after(s, "time", w[0], sizeof w[0]));
        size_t mark = batch_put_eval(b, &e);
        unhex(b, word_after(s, "row", w[0], sizeof w[0]), line);
        batch_end_row(b, mark);
    } else if (!strncmp(s, "timer ", 6)) {
        const char *name = word_after(s, "name", w[3], sizeof w[3]);
        char err[256];
        ck_assert_int_eq(batch_put_timer(b, u32_value(word_after(s, "slot", w[0], sizeof w[0]), BATCH_NO_KEY),
                                         i64_value(word_after(s, "time", w[1], sizeof w[1])),
                                         i64_value(word_after(s, "wm", w[2], sizeof w[2])),
                                         strcmp(name, "-") ? name : NULL, err, sizeof err),
                         0);
    } else if (!strncmp(s, "watermark ", 10)) {
        batch_put_watermark(b, i64_value(s + 10));
    } else if (!strcmp(s, "writeback")) {
        batch_put_writeback(b);
    } else {
        ck_abort_msg("batch.txt:%d: '%s' is not a batch line", line, s);
    }
}

static void check_batch(const vector_t *v)
{
    buf_t b = BUF_INIT;
    batch_begin(&b, v->keys, count_records(v));
    uint32_t cells = 0;
    for (int l = 0; l < v->nlines; l++) {
        cells += !strncmp(v->lines[l], "state ", 6);
        encode_line(&b, v->lines[l], v->line);
    }
    buf_t want = BUF_INIT, got = BUF_INIT;
    put_hex(&want, v->hex.data, v->hex.len);
    put_hex(&got, b.data, b.len);
    if (printing()) {
        printf("batch %s (line %d)\nhex %s\n", v->name, v->line, buf_cstr(&got));
    } else {
        ck_assert_msg(cells == v->keys * v->entries, "batch.txt:%d %s: %u state cells for %u keys x %u entries",
                      v->line, v->name, cells, v->keys, v->entries);
        ck_assert_msg(strcmp(buf_cstr(&want), buf_cstr(&got)) == 0, "batch.txt:%d %s:\n got  %s\n want %s", v->line,
                      v->name, buf_cstr(&got), buf_cstr(&want));
    }
    buf_free(&want);
    buf_free(&got);
    buf_free(&b);
}

/* ---- answers: C decodes ------------------------------------------------------------- */

static void render_msg(buf_t *o, const batch_msg_t *m)
{
    const char *name = m->name ? m->name : "-";
    switch (m->type) {
    case BATCH_MSG_OUT:
        buf_printf(o, "out record %u kind %s row ", m->record, kind_word(m->kind));
        put_hex(o, m->data, m->len);
        break;
    case BATCH_MSG_TIMER_SET:
        buf_printf(o, "timer_set record %u slot %u time ", m->record, m->key_slot);
        put_i64_value(o, m->time);
        buf_printf(o, " name %s", name);
        break;
    case BATCH_MSG_TIMER_CLEAR:
        buf_printf(o, "timer_clear slot %u time ", m->key_slot);
        put_i64_value(o, m->time);
        buf_printf(o, " name %s", name);
        break;
    case BATCH_MSG_TIMERS_CLEAR_ALL: buf_printf(o, "timers_clear_all slot %u", m->key_slot); break;
    case BATCH_MSG_STATE:
        buf_printf(o, "state slot %u entry %u value ", m->key_slot, m->entry);
        if (m->present) put_hex(o, m->data, m->len);
        else buf_puts(o, "absent");
        break;
    case BATCH_MSG_HELD: buf_printf(o, "held slot %u entry %u", m->key_slot, m->entry); break;
    case BATCH_MSG_ERROR: buf_printf(o, "error record %u text %.*s", m->record, (int)m->len, m->data); break;
    case BATCH_MSG_END: buf_printf(o, "end consumed %u", m->consumed); break;
    }
}

static void check_answer(const vector_t *v)
{
    batch_answer_t a;
    batch_answer_init(&a);
    batch_shape_t shape = {v->keys, v->records, v->entries};
    char err[512];
    int rc = batch_decode_answer(v->hex.data, v->hex.len, &shape, &a, err, sizeof err);
    ck_assert_msg(rc == 0, "batch.txt:%d %s: %s", v->line, v->name, err);
    if (printing())
        printf("answer %s (line %d)\n", v->name, v->line);
    else
        ck_assert_msg(a.n == (size_t)v->nlines, "batch.txt:%d %s: %zu messages for %d lines", v->line, v->name, a.n,
                      v->nlines);
    for (size_t i = 0; i < a.n; i++) {
        buf_t line = BUF_INIT;
        render_msg(&line, &a.msgs[i]);
        if (printing())
            printf("  %s\n", buf_cstr(&line));
        else
            ck_assert_msg(strcmp(buf_cstr(&line), v->lines[i]) == 0,
                          "batch.txt:%d %s, message %zu:\n got  %s\n want %s", v->line, v->name, i,
                          buf_cstr(&line), v->lines[i]);
        buf_free(&line);
    }
    batch_answer_free(&a);
}

static void check_malformed(const vector_t *v)
{
    ck_assert_msg(v->nlines == 1 && !strncmp(v->lines[0], "reason ", 7), "batch.txt:%d %s: one 'reason' line",
                  v->line, v->name);
    const char *reason = v->lines[0] + 7;
    batch_answer_t a;
    batch_answer_init(&a);
    batch_shape_t shape = {v->keys, v->records, v->entries};
    char err[512] = "";
    int rc = batch_decode_answer(v->hex.data, v->hex.len, &shape, &a, err, sizeof err);
    if (printing()) {
        printf("malformed %s (line %d): rc %d: %s\n", v->name, v->line, rc, err);
    } else {
        ck_assert_msg(rc == -1, "batch.txt:%d %s: accepted", v->line, v->name);
        ck_assert_msg(strstr(err, reason) != NULL, "batch.txt:%d %s: '%s' does not say '%s'", v->line, v->name, err,
                      reason);
        ck_assert_uint_eq(a.n, 0);   /* a failed decode leaves no messages */
    }
    batch_answer_free(&a);
}

static int check_all(const char *head, void (*check)(const vector_t *))
{
    load_vectors();
    int n = 0;
    for (int i = 0; i < NVEC; i++)
        if (strcmp(VEC[i].head, head) == 0) {
            check(&VEC[i]);
            n++;
        }
    return n;
}

START_TEST(batch_vectors_encode_to_their_bytes)
{
    ck_assert_int_ge(check_all("batch", check_batch), 4);
    free_vectors();
}
END_TEST

START_TEST(answer_vectors_decode_to_their_messages)
{
    ck_assert_int_ge(check_all("answer", check_answer), 4);
    free_vectors();
}
END_TEST

START_TEST(malformed_answers_are_rejected_with_a_reason)
{
    ck_assert_int_ge(check_all("malformed", check_malformed), 10);
    free_vectors();
}
END_TEST

/* Every record type, message type and sentinel appears in some vector. */
START_TEST(vectors_cover_every_record_and_message)
{
    static const char *const needed[] = {
        "eval ",        "timer ",         "watermark ",         "out ",          "timer_set ",
        "timer_clear ", "timers_clear_all ", "error ",          "end ",          "state slot",
        "slot none",    "table none",     "name -",             "value absent",  "state absent",
    };
    load_vectors();
    for (size_t k = 0; k < sizeof needed / sizeof needed[0]; k++) {
        bool found = false;
        for (int i = 0; i < NVEC && !found; i++)
            for (int l = 0; l < VEC[i].nlines && !found; l++) found = strstr(VEC[i].lines[l], needed[k]) != NULL;
        ck_assert_msg(found, "no vector has '%s'", needed[k]);
    }
    free_vectors();
}
END_TEST

START_TEST(timer_name_longer_than_the_protocol_allows_is_an_error)
{
    char *name = malloc(BATCH_NAME_MAX + 2);
    memset(name, 'x', BATCH_NAME_MAX + 1);
    name[BATCH_NAME_MAX + 1] = '\0';
    buf_t b = BUF_INIT;
    char err[256];
    ck_assert_int_eq(batch_put_timer(&b, 0, 1, 1, name, err, sizeof err), -1);
    ck_assert_uint_eq(b.len, 0);
    ck_assert_ptr_nonnull(strstr(err, "at most 65534"));
    name[BATCH_NAME_MAX] = '\0';   /* the longest allowed */
    ck_assert_int_eq(batch_put_timer(&b, 0, 1, 1, name, err, sizeof err), 0);
    ck_assert_uint_eq(b.len, 1 + 4 + 8 + 8 + 2 + BATCH_NAME_MAX);
    buf_free(&b);
    free(name);
}
END_TEST

START_TEST(a_decoded_answer_replaces_the_previous_one)
{
    static const unsigned char one[] = {0x50, 0x54, 0x46, 0x42, 4, 0, 0, 0, 0, 0, 1, 0, 0, 0};
    static const unsigned char two[] = {0x50, 0x54, 0x46, 0x42, 0, 0, 0, 0, 0};
    batch_answer_t a;
    batch_answer_init(&a);
    batch_shape_t shape = {1, 1, 0};
    char err[256];
    ck_assert_int_eq(batch_decode_answer(one, sizeof one, &shape, &a, err, sizeof err), 0);
    ck_assert_uint_eq(a.n, 2);
    ck_assert_int_eq(a.msgs[0].type, BATCH_MSG_TIMERS_CLEAR_ALL);
    ck_assert_uint_eq(a.msgs[1].consumed, 1);
    ck_assert_int_eq(batch_decode_answer(two, sizeof two, &shape, &a, err, sizeof err), 0);
    ck_assert_uint_eq(a.n, 1);
    ck_assert_uint_eq(a.msgs[0].consumed, 0);
    ck_assert_str_eq(batch_msg_name(BATCH_MSG_TIMERS_CLEAR_ALL), "TIMERS_CLEAR_ALL");
    ck_assert_str_eq(batch_msg_name(42), "?");
    batch_answer_free(&a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("batch");
    TCase *tc = tcase_create("protocol");
    tcase_add_test(tc, batch_vectors_encode_to_their_bytes);
    tcase_add_test(tc, answer_vectors_decode_to_their_messages);
    tcase_add_test(tc, malformed_answers_are_rejected_with_a_reason);
    tcase_add_test(tc, vectors_cover_every_record_and_message);
    tcase_add_test(tc, timer_name_longer_than_the_protocol_allows_is_an_error);
    tcase_add_test(tc, a_decoded_answer_replaces_the_previous_one);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}
