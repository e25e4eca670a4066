/* ckpt_decode.c - reading a checkpoint file (ckpt_format.h): nothing is
 * believed before the header, the length and the checksum agree. */
#include <stdio.h>
#include <string.h>

#include "checkpoint/ckpt_format.h"

typedef struct reader {
    const unsigned char *p;
    size_t len, at;
    bool bad;
} reader_t;

static uint64_t get_le(reader_t *r, int n)
{
    if (r->bad || r->len - r->at < (size_t)n) {
        r->bad = true;
        return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v |= (uint64_t)r->p[r->at + i] << (8 * i);
    r->at += (size_t)n;
    return v;
}

static ckpt_bytes_t get_bytes(reader_t *r)
{
    uint32_t n = (uint32_t)get_le(r, 4);
    if (r->bad || r->len - r->at < n) {
        r->bad = true;
        return (ckpt_bytes_t){NULL, 0};
    }
    ckpt_bytes_t b = {r->p + r->at, n};
    r->at += n;
    return b;
}

static const char *get_str(reader_t *r, ckpt_image_t *img)
{
    ckpt_bytes_t b = get_bytes(r);
    return arena_strndup(&img->arena, (const char *)(b.data ? b.data : (const unsigned char *)""), b.len);
}

static int check_envelope(const unsigned char *p, size_t len, ckpt_image_t *img, uint32_t *version_out, char *err,
                          size_t errlen)
{
    if (len < CKPT_HEADER_LEN + 1 + 4) {
        snprintf(err, errlen, "the file is torn: %zu bytes, shorter than an empty checkpoint", len);
        return -1;
    }
    if (memcmp(p, CKPT_MAGIC, CKPT_MAGIC_LEN) != 0) {
        snprintf(err, errlen, "not a ptfhost checkpoint (bad magic)");
        return -1;
    }
    reader_t r = {p, len, CKPT_MAGIC_LEN, false};
    uint32_t version = (uint32_t)get_le(&r, 4);
    if (version < CKPT_VERSION_OLDEST || version > CKPT_VERSION) {
        snprintf(err, errlen, "checkpoint format version %u is not supported (this ptfhost reads versions %d to %d)",
                 version, CKPT_VERSION_OLDEST, CKPT_VERSION);
        return -1;
    }
    *version_out = version;
    img->flags = (uint32_t)get_le(&r, 4);
    img->id = get_le(&r, 8);
    uint64_t blen = get_le(&r, 8);
    if (blen != len - CKPT_HEADER_LEN - 4) {
        snprintf(err, errlen, "the file is torn: the header announces %llu body bytes, the file holds %zu",
                 (unsigned long long)blen, len - CKPT_HEADER_LEN - 4);
        return -1;
    }
    reader_t tail = {p, len, len - 4, false};
    uint32_t want = (uint32_t)get_le(&tail, 4), got = ckpt_crc32c(0, p, len - 4);
    if (want != got) {
        snprintf(err, errlen, "checksum mismatch (CRC32C stored %08x, computed %08x): the file is corrupt", want,
                 got);
        return -1;
    }
    return 0;
}

static void read_call(reader_t *r, ckpt_image_t *img)
{
    const char *uid = get_str(r, img), *function = get_str(r, img);
    int64_t wm = (int64_t)get_le(r, 8);
    uint32_t n = (uint32_t)get_le(r, 4);
    if (r->bad || n > r->len) {
        r->bad = true;
        return;
    }
    ckpt_call_t *c = ckpt_add_call(img, uid, function, wm, n);
    for (uint32_t i = 0; i < n && !r->bad; i++) {
        const char *name = get_str(r, img);
        uint8_t kind = (uint8_t)get_le(r, 1);
        ckpt_call_set_entry(img, c, i, name, kind, get_str(r, img));
    }
}

static void read_state(reader_t *r, ckpt_image_t *img, ckpt_call_t *c)
{
    uint32_t entry = (uint32_t)get_le(r, 4);
    ckpt_bytes_t key = get_bytes(r);
    int64_t written = (int64_t)get_le(r, 8);
    ckpt_bytes_t value = get_bytes(r);
    if (!c || entry >= c->nentries) r->bad = true;
    if (!r->bad) ckpt_add_state(img, c, entry, key.data, key.len, written, value.data, value.len);
}

static void read_timer(reader_t *r, ckpt_image_t *img, ckpt_call_t *c)
{
    ckpt_bytes_t key = get_bytes(r);
    const char *name = get_le(r, 1) ? get_str(r, img) : NULL;
    int64_t time = (int64_t)get_le(r, 8);
    if (!c) r->bad = true;
    if (!r->bad) ckpt_add_timer(img, c, key.data, key.len, name, time);
}

/* SORTED and NORMALIZED: a table argument's row, of the CALL before it. */
static void read_table_row(reader_t *r, ckpt_image_t *img, ckpt_call_t *c, bool normalized)
{
    uint32_t table = (uint32_t)get_le(r, 4);
    ckpt_bytes_t row = get_bytes(r);
    if (!c) r->bad = true;
    if (r->bad) return;
    if (normalized) ckpt_add_normalized(img, c, table, row.data, row.len);
    else ckpt_add_sorted(img, c, table, row.data, row.len);
}

static void read_stage(reader_t *r, ckpt_image_t *img)
{
    const char *uid = get_str(r, img), *shape = get_str(r, img);
    int64_t wm = (int64_t)get_le(r, 8);
    uint32_t n = (uint32_t)get_le(r, 4);
    if (r->bad || n > r->len) {
        r->bad = true;
        return;
    }
    ckpt_stage_t *st = ckpt_add_stage(img, uid, shape, wm);
    for (uint32_t i = 0; i < n && !r->bad; i++) {
        ckpt_bytes_t key = get_bytes(r);
        int64_t written = (int64_t)get_le(r, 8);
        ckpt_bytes_t value = get_bytes(r);
        if (!r->bad) ckpt_stage_add(img, st, key.data, key.len, written, value.data, value.len);
    }
}

/* Version 2's Kafka records; a version 1 file has none. */
static void read_kafka(reader_t *r, ckpt_image_t *img, int tag, uint32_t version)
{
    const char *table = get_str(r, img), *name = get_str(r, img);
    if (version < 2) r->bad = true;
    if (tag == CKPT_TAG_KAFKA_TXN) {
        uint64_t committed = get_le(r, 8);
        if (!r->bad) ckpt_add_kafka_txn(img, table, name, committed);
        return;
    }
    int32_t partition = (int32_t)get_le(r, 4);
    int64_t offset = (int64_t)get_le(r, 8);
    uint32_t skip = (uint32_t)get_le(r, 4);
    if (!r->bad) ckpt_add_kafka_offset(img, table, name, partition, offset, skip);
}

int ckpt_decode(const void *data, size_t len, ckpt_image_t *img, char *err, size_t errlen)
{
    ckpt_image_init(img, 0, 0);
    uint32_t version = 0;
    if (check_envelope(data, len, img, &version, err, errlen) != 0) return -1;
    reader_t r = {data, len - 4, CKPT_HEADER_LEN, false};
    for (;;) {
        size_t at = r.at;
        int tag = (int)get_le(&r, 1);
        ckpt_call_t *last = img->ncalls ? &img->calls[img->ncalls - 1] : NULL;
        switch (r.bad ? -1 : tag) {
        case CKPT_TAG_END:
            if (r.at == r.len) return 0;
            r.bad = true;
            break;
        case CKPT_TAG_SOURCE: {
            const char *table = get_str(&r, img);
            uint64_t rows = get_le(&r, 8);
            if (!r.bad) ckpt_add_source(img, table, rows);
            break;
        }
        case CKPT_TAG_CALL: read_call(&r, img); break;
        case CKPT_TAG_STATE: read_state(&r, img, last); break;
        case CKPT_TAG_TIMER: read_timer(&r, img, last); break;
        case CKPT_TAG_SORTED: read_table_row(&r, img, last, false); break;
        case CKPT_TAG_NORMALIZED:   /* came after version 2 */
            if (version < 2) r.bad = true;
            else read_table_row(&r, img, last, true);
            break;
        case CKPT_TAG_STAGE: read_stage(&r, img); break;
        case CKPT_TAG_KAFKA_OFFSET:
        case CKPT_TAG_KAFKA_TXN: read_kafka(&r, img, tag, version); break;
        case CKPT_TAG_FILE_PARTS: {
            const char *table = get_str(&r, img);
            uint64_t committed = get_le(&r, 8);
            if (version < 2) r.bad = true;
            if (!r.bad) ckpt_add_file_parts(img, table, committed);
            break;
        }
        default: r.bad = true;
        }
        if (r.bad) {
            snprintf(err, errlen, "bad record (tag %d) at byte %zu", tag, at);
            return -1;
        }
    }
}

const ckpt_call_t *ckpt_find_call(const ckpt_image_t *img, const char *uid)
{
    for (uint32_t i = 0; i < img->ncalls; i++)
        if (strcmp(img->calls[i].uid, uid) == 0) return &img->calls[i];
    return NULL;
}

const ckpt_stage_t *ckpt_find_stage(const ckpt_image_t *img, const char *uid)
{
    for (uint32_t i = 0; i < img->nstages; i++)
        if (strcmp(img->stages[i].uid, uid) == 0) return &img->stages[i];
    return NULL;
}

uint64_t ckpt_source_rows(const ckpt_image_t *img, const char *table)
{
    for (uint32_t i = 0; i < img->nsources; i++)
        if (strcmp(img->sources[i].table, table) == 0) return img->sources[i].rows;
    return 0;
}

bool ckpt_has_kafka_offsets(const ckpt_image_t *img, const char *table)
{
    for (uint32_t i = 0; i < img->noffsets; i++)
        if (strcmp(img->offsets[i].table, table) == 0) return true;
    return false;
}

uint64_t ckpt_file_parts(const ckpt_image_t *img, const char *table)
{
    for (uint32_t i = 0; i < img->nparts; i++)
        if (strcmp(img->parts[i].table, table) == 0) return img->parts[i].committed;
    return 0;
}

const ckpt_kafka_txn_t *ckpt_find_kafka_txn(const ckpt_image_t *img, const char *table)
{
    for (uint32_t i = 0; i < img->ntxns; i++)
        if (strcmp(img->txns[i].table, table) == 0) return &img->txns[i];
    return NULL;
}
