/* ckpt_format.c - see ckpt_format.h; the layout is docs/checkpoints.md. */
#include "checkpoint/ckpt_format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* ---- CRC32C (Castagnoli, reflected polynomial 0x82F63B78) ---- */

/* Slicing by 8 (eight bytes per step through eight tables): the checksum runs over the whole
 * file at every checkpoint, so it is a visible part of the pause (bench/checkpoint.sh). */
static uint32_t crc_table[8][256];

static void crc_init(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++) c = c & 1 ? (c >> 1) ^ 0x82F63B78u : c >> 1;
        crc_table[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; i++)
        for (int t = 1; t < 8; t++)
            crc_table[t][i] = (crc_table[t - 1][i] >> 8) ^ crc_table[0][crc_table[t - 1][i] & 0xFF];
}

uint32_t ckpt_crc32c(uint32_t crc, const void *data, size_t len)
{
    if (!crc_table[0][1]) crc_init();
    const unsigned char *p = data;
    crc = ~crc;
    for (; len >= 8; len -= 8, p += 8) {
        uint32_t lo = crc ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
        crc = crc_table[7][lo & 0xFF] ^ crc_table[6][(lo >> 8) & 0xFF] ^ crc_table[5][(lo >> 16) & 0xFF] ^
              crc_table[4][lo >> 24] ^ crc_table[3][p[4]] ^ crc_table[2][p[5]] ^ crc_table[1][p[6]] ^
              crc_table[0][p[7]];
    }
    for (; len; len--) crc = crc_table[0][(crc ^ *p++) & 0xFF] ^ (crc >> 8);
    return ~crc;
}

/* ---- building ---- */

void ckpt_image_init(ckpt_image_t *img, uint64_t id, uint32_t flags)
{
    memset(img, 0, sizeof *img);
    img->id = id;
    img->flags = flags;
    arena_init(&img->arena, 0);
}

void ckpt_image_free(ckpt_image_t *img)
{
    for (uint32_t i = 0; i < img->ncalls; i++) {
        free(img->calls[i].states);
        free(img->calls[i].timers);
        free(img->calls[i].sorted);
        free(img->calls[i].normalized);
    }
    free(img->calls);
    for (uint32_t i = 0; i < img->nstages; i++) free(img->stages[i].entries);
    free(img->stages);
    free(img->sources);
    free(img->offsets);
    free(img->txns);
    free(img->parts);
    arena_destroy(&img->arena);
    memset(img, 0, sizeof *img);
}

#define GROW(arr, n, cap)                                                  \
    do {                                                                   \
        if ((n) == (cap)) {                                                \
            (cap) = (cap) ? 2 * (cap) : 8;                                 \
            (arr) = xrealloc((arr), (size_t)(cap) * sizeof *(arr));        \
        }                                                                  \
    } while (0)

void ckpt_add_source(ckpt_image_t *img, const char *table, uint64_t rows)
{
    GROW(img->sources, img->nsources, img->capsources);
    img->sources[img->nsources++] = (ckpt_source_t){arena_strdup(&img->arena, table), rows};
}

ckpt_call_t *ckpt_add_call(ckpt_image_t *img, const char *uid, const char *function, int64_t watermark,
                           uint32_t nentries)
{
    GROW(img->calls, img->ncalls, img->capcalls);
    ckpt_call_t *c = &img->calls[img->ncalls++];
    *c = (ckpt_call_t){.uid = arena_strdup(&img->arena, uid), .function = arena_strdup(&img->arena, function),
                       .watermark = watermark, .nentries = nentries};
    c->entries = arena_calloc(&img->arena, (size_t)nentries + 1, sizeof *c->entries);
    return c;
}

void ckpt_call_set_entry(ckpt_image_t *img, ckpt_call_t *c, uint32_t i, const char *name, uint8_t kind,
                         const char *type)
{
    c->entries[i] = (ckpt_entry_t){arena_strdup(&img->arena, name), kind, arena_strdup(&img->arena, type)};
}

static ckpt_bytes_t copy_bytes(ckpt_image_t *img, const void *p, uint32_t len)
{
    return (ckpt_bytes_t){len ? arena_memdup(&img->arena, p, len) : NULL, len};
}

void ckpt_add_state(ckpt_image_t *img, ckpt_call_t *c, uint32_t entry, const void *key, uint32_t klen,
                    int64_t written_ms, const void *value, uint32_t vlen)
{
    GROW(c->states, c->nstates, c->capstates);
    c->states[c->nstates++] = (ckpt_state_t){entry, copy_bytes(img, key, klen), copy_bytes(img, value, vlen),
                                             written_ms};
}

void ckpt_add_timer(ckpt_image_t *img, ckpt_call_t *c, const void *key, uint32_t klen, const char *name,
                    int64_t time)
{
    GROW(c->timers, c->ntimers, c->captimers);
    c->timers[c->ntimers++] =
        (ckpt_timer_t){copy_bytes(img, key, klen), name ? arena_strdup(&img->arena, name) : NULL, time};
}

void ckpt_add_sorted(ckpt_image_t *img, ckpt_call_t *c, uint32_t table, const void *row, uint32_t len)
{
    GROW(c->sorted, c->nsorted, c->capsorted);
    c->sorted[c->nsorted++] = (ckpt_sorted_t){table, copy_bytes(img, row, len)};
}

void ckpt_add_normalized(ckpt_image_t *img, ckpt_call_t *c, uint32_t table, const void *row, uint32_t len)
{
    GROW(c->normalized, c->nnormalized, c->capnormalized);
    c->normalized[c->nnormalized++] = (ckpt_sorted_t){table, copy_bytes(img, row, len)};
}

ckpt_stage_t *ckpt_add_stage(ckpt_image_t *img, const char *uid, const char *shape, int64_t watermark)
{
    GROW(img->stages, img->nstages, img->capstages);
    ckpt_stage_t *st = &img->stages[img->nstages++];
    *st = (ckpt_stage_t){.uid = arena_strdup(&img->arena, uid), .shape = arena_strdup(&img->arena, shape),
                         .watermark = watermark};
    return st;
}

void ckpt_stage_add(ckpt_image_t *img, ckpt_stage_t *st, const void *key, uint32_t klen, int64_t written_ms,
                    const void *value, uint32_t vlen)
{
    GROW(st->entries, st->n, st->cap);
    st->entries[st->n++] = (ckpt_state_t){0, copy_bytes(img, key, klen), copy_bytes(img, value, vlen), written_ms};
}

void ckpt_add_kafka_offset(ckpt_image_t *img, const char *table, const char *topic, int32_t partition, int64_t offset,
                           uint32_t skip)
{
    GROW(img->offsets, img->noffsets, img->capoffsets);
    img->offsets[img->noffsets++] = (ckpt_kafka_offset_t){arena_strdup(&img->arena, table),
                                                          arena_strdup(&img->arena, topic), partition, offset, skip};
}

void ckpt_add_kafka_txn(ckpt_image_t *img, const char *table, const char *transactional_id, uint64_t committed)
{
    GROW(img->txns, img->ntxns, img->captxns);
    img->txns[img->ntxns++] = (ckpt_kafka_txn_t){arena_strdup(&img->arena, table),
                                                 arena_strdup(&img->arena, transactional_id), committed};
}

void ckpt_add_file_parts(ckpt_image_t *img, const char *table, uint64_t committed)
{
    GROW(img->parts, img->nparts, img->capparts);
    img->parts[img->nparts++] = (ckpt_file_parts_t){arena_strdup(&img->arena, table), committed};
}

/* ---- encoding ---- */

static void put_bytes(buf_t *b, const void *p, uint32_t len)
{
    buf_put_u32(b, len);
    if (len) buf_append(b, p, len);
}

static void put_str(buf_t *b, const char *s) { put_bytes(b, s, (uint32_t)strlen(s)); }

static unsigned char *put_le(unsigned char *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++) p[i] = (unsigned char)(v >> (8 * i));
    return p + n;
}

size_t ckpt_enc_begin(buf_t *out, uint64_t id, uint32_t flags)
{
    size_t start = out->len;
    buf_append(out, CKPT_MAGIC, CKPT_MAGIC_LEN);
    buf_put_u32(out, CKPT_VERSION);
    buf_put_u32(out, flags);
    buf_put_u64(out, id);
    buf_put_u64(out, 0);   /* body length: ckpt_enc_finish */
    return start;
}

void ckpt_enc_source(buf_t *b, const char *table, uint64_t rows)
{
    buf_put_u8(b, CKPT_TAG_SOURCE);
    put_str(b, table);
    buf_put_u64(b, rows);
}

void ckpt_enc_kafka_offset(buf_t *b, const char *table, const char *topic, int32_t partition, int64_t offset,
                           uint32_t skip)
{
    buf_put_u8(b, CKPT_TAG_KAFKA_OFFSET);
    put_str(b, table);
    put_str(b, topic);
    buf_put_u32(b, (uint32_t)partition);
    buf_put_u64(b, (uint64_t)offset);
    buf_put_u32(b, skip);
}

void ckpt_enc_kafka_txn(buf_t *b, const char *table, const char *transactional_id, uint64_t committed)
{
    buf_put_u8(b, CKPT_TAG_KAFKA_TXN);
    put_str(b, table);
    put_str(b, transactional_id);
    buf_put_u64(b, committed);
}

void ckpt_enc_file_parts(buf_t *b, const char *table, uint64_t committed)
{
    buf_put_u8(b, CKPT_TAG_FILE_PARTS);
    put_str(b, table);
    buf_put_u64(b, committed);
}

void ckpt_enc_call(buf_t *b, const char *uid, const char *function, int64_t watermark, uint32_t nentries)
{
    buf_put_u8(b, CKPT_TAG_CALL);
    put_str(b, uid);
    put_str(b, function);
    buf_put_u64(b, (uint64_t)watermark);
    buf_put_u32(b, nentries);
}

void ckpt_enc_call_entry(buf_t *b, const char *name, uint8_t kind, const char *type)
{
    put_str(b, name);
    buf_put_u8(b, kind);
    put_str(b, type);
}

/* One reservation and direct stores: a checkpoint writes a STATE record per
 * (key, entry), so this is the snapshot's inner loop (bench/checkpoint.sh). */
void ckpt_enc_state(buf_t *b, uint32_t entry, const void *key, uint32_t klen, int64_t written_ms, const void *value,
                    uint32_t vlen)
{
    buf_reserve(b, (size_t)klen + vlen + 21);
    unsigned char *p = b->data + b->len;
    *p++ = CKPT_TAG_STATE;
    p = put_le(p, entry, 4);
    p = put_le(p, klen, 4);
    if (klen) memcpy(p, key, klen);
    p = put_le(p + klen, (uint64_t)written_ms, 8);
    p = put_le(p, vlen, 4);
    if (vlen) memcpy(p, value, vlen);
    b->len = (size_t)(p + vlen - b->data);
}

void ckpt_enc_timer(buf_t *b, const void *key, uint32_t klen, const char *name, int64_t time)
{
    buf_put_u8(b, CKPT_TAG_TIMER);
    put_bytes(b, key, klen);
    buf_put_u8(b, name != NULL);
    if (name) put_str(b, name);
    buf_put_u64(b, (uint64_t)time);
}

void ckpt_enc_sorted(buf_t *b, uint32_t table, const void *row, uint32_t len)
{
    buf_put_u8(b, CKPT_TAG_SORTED);
    buf_put_u32(b, table);
    put_bytes(b, row, len);
}

void ckpt_enc_normalized(buf_t *b, uint32_t table, const void *row, uint32_t len)
{
    buf_put_u8(b, CKPT_TAG_NORMALIZED);
    buf_put_u32(b, table);
    put_bytes(b, row, len);
}

void ckpt_enc_finish(buf_t *out, size_t start)
{
    buf_put_u8(out, CKPT_TAG_END);
    size_t len_at = start + CKPT_HEADER_LEN - 8;
    put_le(out->data + len_at, out->len - (start + CKPT_HEADER_LEN), 8);
    buf_put_u32(out, ckpt_crc32c(0, out->data + start, out->len - start));
}

static void encode_call(const ckpt_call_t *c, buf_t *b)
{
    ckpt_enc_call(b, c->uid, c->function, c->watermark, c->nentries);
    for (uint32_t i = 0; i < c->nentries; i++) ckpt_enc_call_entry(b, c->entries[i].name, c->entries[i].kind,
                                                                   c->entries[i].type);
    for (uint32_t i = 0; i < c->nstates; i++) {
        const ckpt_state_t *s = &c->states[i];
        ckpt_enc_state(b, s->entry, s->key.data, s->key.len, s->written_ms, s->value.data, s->value.len);
    }
    for (uint32_t i = 0; i < c->ntimers; i++) {
        const ckpt_timer_t *t = &c->timers[i];
        ckpt_enc_timer(b, t->key.data, t->key.len, t->name, t->time);
    }
    for (uint32_t i = 0; i < c->nsorted; i++) ckpt_enc_sorted(b, c->sorted[i].table, c->sorted[i].row.data,
                                                              c->sorted[i].row.len);
    for (uint32_t i = 0; i < c->nnormalized; i++)
        ckpt_enc_normalized(b, c->normalized[i].table, c->normalized[i].row.data, c->normalized[i].row.len);
}

static void encode_stage(const ckpt_stage_t *st, buf_t *b)
{
    buf_put_u8(b, CKPT_TAG_STAGE);
    put_str(b, st->uid);
    put_str(b, st->shape);
    buf_put_u64(b, (uint64_t)st->watermark);
    buf_put_u32(b, st->n);
    for (uint32_t i = 0; i < st->n; i++) {
        put_bytes(b, st->entries[i].key.data, st->entries[i].key.len);
        buf_put_u64(b, (uint64_t)st->entries[i].written_ms);
        put_bytes(b, st->entries[i].value.data, st->entries[i].value.len);
    }
}

void ckpt_encode(const ckpt_image_t *img, buf_t *out)
{
    size_t start = ckpt_enc_begin(out, img->id, img->flags);
    for (uint32_t i = 0; i < img->nsources; i++) ckpt_enc_source(out, img->sources[i].table, img->sources[i].rows);
    for (uint32_t i = 0; i < img->noffsets; i++) {
        const ckpt_kafka_offset_t *o = &img->offsets[i];
        ckpt_enc_kafka_offset(out, o->table, o->topic, o->partition, o->offset, o->skip);
    }
    for (uint32_t i = 0; i < img->ntxns; i++)
        ckpt_enc_kafka_txn(out, img->txns[i].table, img->txns[i].transactional_id, img->txns[i].committed);
    for (uint32_t i = 0; i < img->nparts; i++) ckpt_enc_file_parts(out, img->parts[i].table, img->parts[i].committed);
    for (uint32_t i = 0; i < img->ncalls; i++) encode_call(&img->calls[i], out);
    for (uint32_t i = 0; i < img->nstages; i++) encode_stage(&img->stages[i], out);
    ckpt_enc_finish(out, start);
}
