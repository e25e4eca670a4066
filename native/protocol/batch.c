/* batch.c - see batch.h.
 *
 * The decoder reads with a cursor that turns any short read into one sticky
 * failure, so each message's reader states its fields in wire order and the
 * checks of their values follow; the first problem found is the one
 * reported, with the message's index and byte offset. */
#include "protocol/batch.h"
#include "util/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *batch_msg_name(int type)
{
    switch (type) {
    case BATCH_MSG_END: return "END";
    case BATCH_MSG_OUT: return "OUT";
    case BATCH_MSG_TIMER_SET: return "TIMER_SET";
    case BATCH_MSG_TIMER_CLEAR: return "TIMER_CLEAR";
    case BATCH_MSG_TIMERS_CLEAR_ALL: return "TIMERS_CLEAR_ALL";
    case BATCH_MSG_STATE: return "STATE";
    case BATCH_MSG_ERROR: return "ERROR";
    case BATCH_MSG_HELD: return "HELD";
    default: return "?";
    }
}

/* ---- encoding ------------------------------------------------------------- */

static void put_i64(buf_t *b, int64_t v) { buf_put_u64(b, (uint64_t)v); }

void batch_begin(buf_t *b, uint32_t nkeys, uint32_t nrecords)
{
    buf_clear(b);
    buf_put_u32(b, BATCH_MAGIC);
    buf_put_u32(b, nkeys);
    buf_put_u32(b, nrecords);
}

void batch_put_state(buf_t *b, const void *value, uint32_t len)
{
    buf_put_u8(b, value != NULL);
    if (!value) return;
    buf_put_u32(b, len);
    buf_append(b, value, len);
}

void batch_put_holdable_state(buf_t *b, uint32_t key_id, bool held, const void *value, uint32_t len)
{
    buf_put_u8(b, BATCH_CELL_HOLDABLE);
    buf_put_u32(b, key_id);
    if (held) buf_put_u8(b, BATCH_CELL_HELD);
    else batch_put_state(b, value, len);
}

/* n little-endian bytes of v at p, into room already reserved; returns the end.
 * The host is little-endian too (util/buf.c asserts it): one store. */
static inline unsigned char *put_le(unsigned char *p, uint64_t v, int n)
{
    memcpy(p, &v, (size_t)n);
    return p + n;
}

/* One reservation for the whole fixed part: a record's fields cost no capacity check each. */
size_t batch_put_eval(buf_t *b, const batch_eval_t *e)
{
    enum { EVAL_FIXED = 1 + 4 + 2 + 1 + 8 + 8 + 8 + 4 };
    buf_reserve(b, EVAL_FIXED);
    unsigned char *p = b->data + b->len;
    *p++ = BATCH_REC_EVAL;
    p = put_le(p, e->key_slot, 4);
    p = put_le(p, e->table, 2);
    *p++ = (unsigned char)e->kind;
    p = put_le(p, (uint64_t)e->watermark, 8);
    p = put_le(p, (uint64_t)e->table_watermark, 8);
    p = put_le(p, (uint64_t)e->time, 8);
    put_le(p, 0, 4);
    b->len += EVAL_FIXED;
    return b->len - 4;
}

void batch_end_row(buf_t *b, size_t mark)
{
    put_le(b->data + mark, b->len - mark - 4, 4);
}

int batch_put_timer(buf_t *b, uint32_t key_slot, int64_t time, int64_t watermark, const char *name, char *err,
                    size_t errlen)
{
    size_t n = name ? strlen(name) : 0;
    if (n > BATCH_NAME_MAX) {
        snprintf(err, errlen, "timer name '%.40s...' has %zu bytes; the batch protocol allows at most %u",
                 name, n, BATCH_NAME_MAX);
        return -1;
    }
    buf_put_u8(b, BATCH_REC_TIMER);
    buf_put_u32(b, key_slot);
    put_i64(b, time);
    put_i64(b, watermark);
    buf_put_u16(b, name ? (uint16_t)n : BATCH_UNNAMED);
    buf_append(b, name, n);
    return 0;
}

void batch_put_watermark(buf_t *b, int64_t watermark)
{
    buf_put_u8(b, BATCH_REC_WATERMARK);
    put_i64(b, watermark);
}

void batch_put_writeback(buf_t *b) { buf_put_u8(b, BATCH_REC_WRITEBACK); }

/* ---- decoding ------------------------------------------------------------- */

typedef struct cursor {
    const unsigned char *start, *p, *end;
    bool short_read;
} cursor_t;

static bool have(cursor_t *c, size_t n)
{
    if (c->short_read || (size_t)(c->end - c->p) < n) c->short_read = true;
    return !c->short_read;
}

static uint64_t get_le(cursor_t *c, int n)
{
    if (!have(c, (size_t)n)) return 0;
    uint64_t v = 0;
    memcpy(&v, c->p, (size_t)n);
    c->p += n;
    return v;
}

static uint32_t get_u32(cursor_t *c) { return (uint32_t)get_le(c, 4); }

static const unsigned char *get_bytes(cursor_t *c, uint32_t n)
{
    if (!have(c, n)) return NULL;
    const unsigned char *at = c->p;
    c->p += n;
    return at;
}

/* The reason one message is malformed; "" while it is fine. */
typedef struct problem {
    char text[256];
} problem_t;

static void complain(problem_t *pr, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void complain(problem_t *pr, const char *fmt, ...)
{
    if (pr->text[0]) return;   /* keep the first */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pr->text, sizeof pr->text, fmt, ap);
    va_end(ap);
}

static void check_record(problem_t *pr, uint32_t record, const batch_shape_t *s)
{
    if (record >= s->nrecords) complain(pr, "record %u is outside the batch's %u records", record, s->nrecords);
}

static void check_slot(problem_t *pr, uint32_t slot, const batch_shape_t *s)
{
    if (slot >= s->nkeys) complain(pr, "key slot %u is outside the batch's %u keys", slot, s->nkeys);
}

/* A timer name: u16 length (BATCH_UNNAMED = NULL), then UTF-8 bytes without NUL. */
static const char *get_name(cursor_t *c, arena_t *names, problem_t *pr)
{
    uint16_t n = (uint16_t)get_le(c, 2);
    if (c->short_read || n == BATCH_UNNAMED) return NULL;
    const unsigned char *s = get_bytes(c, n);
    if (!s) return NULL;
    if (memchr(s, '\0', n)) complain(pr, "the timer name contains a NUL byte");
    return arena_strndup(names, (const char *)s, n);
}

static void read_out(cursor_t *c, const batch_shape_t *s, batch_msg_t *m, problem_t *pr)
{
    m->record = get_u32(c);
    uint8_t kind = (uint8_t)get_le(c, 1);
    m->len = get_u32(c);
    m->data = get_bytes(c, m->len);
    m->kind = (row_kind_t)kind;
    check_record(pr, m->record, s);
    if (kind > ROW_DELETE) complain(pr, "row kind %u is not one of 0..3", kind);
}

static void read_timer(cursor_t *c, const batch_shape_t *s, batch_msg_t *m, arena_t *names, problem_t *pr)
{
    if (m->type == BATCH_MSG_TIMER_SET) m->record = get_u32(c);
    m->key_slot = get_u32(c);
    m->time = (int64_t)get_le(c, 8);
    m->name = get_name(c, names, pr);
    if (m->type == BATCH_MSG_TIMER_SET) check_record(pr, m->record, s);
    check_slot(pr, m->key_slot, s);
}

static void read_state(cursor_t *c, const batch_shape_t *s, batch_msg_t *m, problem_t *pr)
{
    m->key_slot = get_u32(c);
    m->entry = (uint16_t)get_le(c, 2);
    uint8_t present = (uint8_t)get_le(c, 1);
    m->present = present == 1;
    if (m->present) {
        m->len = get_u32(c);
        m->data = get_bytes(c, m->len);
    }
    check_slot(pr, m->key_slot, s);
    if (m->entry >= s->nentries)
        complain(pr, "state entry %u is outside the function's %u entries", m->entry, s->nentries);
    if (present > 1) complain(pr, "presence byte %u is neither 0 nor 1", present);
}

static void read_error(cursor_t *c, const batch_shape_t *s, batch_msg_t *m, problem_t *pr)
{
    m->record = get_u32(c);
    m->len = get_u32(c);
    m->data = get_bytes(c, m->len);
    check_record(pr, m->record, s);
}

static void read_end(cursor_t *c, const batch_shape_t *s, batch_msg_t *m, problem_t *pr)
{
    m->consumed = get_u32(c);
    if (m->consumed > s->nrecords)
        complain(pr, "consumed %u is more than the batch's %u records", m->consumed, s->nrecords);
    else if (!c->short_read && c->p != c->end)
        complain(pr, "%td bytes follow it", c->end - c->p);
}

/* Reads the message at the cursor into m; false with pr filled if it is malformed. */
static bool read_message(cursor_t *c, const batch_shape_t *s, batch_msg_t *m, arena_t *names, problem_t *pr)
{
    memset(m, 0, sizeof *m);
    m->type = (batch_msg_type_t)get_le(c, 1);
    switch (m->type) {
    case BATCH_MSG_END: read_end(c, s, m, pr); break;
    case BATCH_MSG_OUT: read_out(c, s, m, pr); break;
    case BATCH_MSG_TIMER_SET:
    case BATCH_MSG_TIMER_CLEAR: read_timer(c, s, m, names, pr); break;
    case BATCH_MSG_TIMERS_CLEAR_ALL:
        m->key_slot = get_u32(c);
        check_slot(pr, m->key_slot, s);
        break;
    case BATCH_MSG_STATE: read_state(c, s, m, pr); break;
    case BATCH_MSG_ERROR: read_error(c, s, m, pr); break;
    case BATCH_MSG_HELD:
        m->key_slot = get_u32(c);
        m->entry = (uint16_t)get_le(c, 2);
        check_slot(pr, m->key_slot, s);
        if (m->entry >= s->nentries)
            complain(pr, "state entry %u is outside the function's %u entries", m->entry, s->nentries);
        break;
    default: complain(pr, "unknown message tag %d", (int)m->type);
    }
    if (c->short_read) {   /* the values read are zeros then: say only this */
        pr->text[0] = '\0';
        complain(pr, "it runs past the end of the answer");
    }
    return pr->text[0] == '\0';
}

void batch_answer_init(batch_answer_t *a)
{
    memset(a, 0, sizeof *a);
    arena_init(&a->names, 0);
}

void batch_answer_free(batch_answer_t *a)
{
    free(a->msgs);
    arena_destroy(&a->names);
    memset(a, 0, sizeof *a);
}

static batch_msg_t *next_msg(batch_answer_t *a)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 64;
        a->msgs = xrealloc(a->msgs, a->cap * sizeof *a->msgs);
    }
    return &a->msgs[a->n++];
}

int batch_decode_answer(const void *data, size_t len, const batch_shape_t *shape, batch_answer_t *a, char *err,
                        size_t errlen)
{
    a->n = 0;
    arena_reset(&a->names);
    cursor_t c = {data, data, (const unsigned char *)data + len, false};
    uint32_t magic = get_u32(&c);
    if (c.short_read || magic != BATCH_MAGIC) {
        snprintf(err, errlen, "the answer does not start with the batch magic 0x%08X (%zu bytes)", BATCH_MAGIC, len);
        return -1;
    }
    for (;;) {
        if (c.p == c.end) {
            snprintf(err, errlen, "the answer ends after %zu messages without END", a->n);
            break;
        }
        size_t at = (size_t)(c.p - c.start);
        batch_msg_t *m = next_msg(a);
        problem_t pr;   /* not = {0}: 256 bytes zeroed per message */
        pr.text[0] = '\0';
        if (!read_message(&c, shape, m, &a->names, &pr)) {
            snprintf(err, errlen, "message %zu (%s) at byte %zu: %s", a->n - 1, batch_msg_name(m->type), at,
                     pr.text);
            break;
        }
        if (m->type == BATCH_MSG_END) return 0;
    }
    a->n = 0;
    return -1;
}
