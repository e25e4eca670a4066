/* The checkpoint format and folder (checkpoint/): an image round-trips; a
 * torn file, a flipped byte (checksum), a bad magic and an unknown version
 * are refused with a message; version 2's Kafka records (offsets per
 * partition, a sink's transaction) round-trip, a version 1 file still
 * reads and one carrying a version 2 record is refused; the store writes atomically (a publish
 * hook runs before the rename; failing, the checkpoint stays unused), prunes to
 * num-retained, never uses an .inprogress folder and falls back from a torn
 * newest checkpoint to the one before it. NORMALIZED records (an upsert
 * input's last rows) round-trip; a file encoded record by record equals
 * ckpt_encode's; the background writer writes it aside for a publish. */
#include <check.h>

#include "check_main.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "checkpoint/ckpt_format.h"
#include "checkpoint/ckpt_store.h"
#include "checkpoint/ckpt_writer.h"
#include "util/buf.h"

static void sample(ckpt_image_t *img, uint64_t id)
{
    ckpt_image_init(img, id, 0);
    ckpt_add_source(img, "clicks", 1234);
    ckpt_call_t *c = ckpt_add_call(img, "counter", "count_clicks", 5000, 2);
    ckpt_call_set_entry(img, c, 0, "clicks", 0, "ROW<`count` BIGINT NOT NULL>");
    ckpt_call_set_entry(img, c, 1, "seen", 1, "ARRAY<STRING>");
    ckpt_add_state(img, c, 0, "\x01\x02", 2, 77, "abc", 3);
    ckpt_add_state(img, c, 1, "", 0, 78, "", 0);
    ckpt_add_timer(img, c, "\x01\x02", 2, "t1", 9000);
    ckpt_add_timer(img, c, "\x01\x02", 2, NULL, 9001);
}

START_TEST(crc32c_matches_the_standard_check_value)
{
    ck_assert_uint_eq(ckpt_crc32c(0, "123456789", 9), 0xE3069283u);
}
END_TEST

/* Eight bytes a step or one: the same checksum however the data is split. */
START_TEST(crc32c_is_the_same_in_any_pieces)
{
    unsigned char data[1031];
    for (size_t i = 0; i < sizeof data; i++) data[i] = (unsigned char)(i * 131 + 7);
    uint32_t whole = ckpt_crc32c(0, data, sizeof data), bytewise = 0;
    for (size_t i = 0; i < sizeof data; i++) bytewise = ckpt_crc32c(bytewise, data + i, 1);
    ck_assert_uint_eq(whole, bytewise);
    uint32_t pieces = ckpt_crc32c(ckpt_crc32c(0, data, 13), data + 13, sizeof data - 13);
    ck_assert_uint_eq(whole, pieces);
}
END_TEST

START_TEST(an_image_round_trips)
{
    ckpt_image_t img, back;
    sample(&img, 7);
    buf_t b = BUF_INIT;
    ckpt_encode(&img, &b);
    char err[256] = "";
    ck_assert_msg(ckpt_decode(b.data, b.len, &back, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(back.id, 7);
    ck_assert_uint_eq(ckpt_source_rows(&back, "clicks"), 1234);
    ck_assert_uint_eq(ckpt_source_rows(&back, "other"), 0);
    const ckpt_call_t *c = ckpt_find_call(&back, "counter");
    ck_assert_ptr_nonnull(c);
    ck_assert_str_eq(c->function, "count_clicks");
    ck_assert_int_eq(c->watermark, 5000);
    ck_assert_str_eq(c->entries[1].type, "ARRAY<STRING>");
    ck_assert_uint_eq(c->nstates, 2);
    ck_assert_int_eq(memcmp(c->states[0].value.data, "abc", 3), 0);
    ck_assert_int_eq(c->states[0].written_ms, 77);
    ck_assert_uint_eq(c->ntimers, 2);
    ck_assert_str_eq(c->timers[0].name, "t1");
    ck_assert_ptr_null(c->timers[1].name);
    ck_assert_int_eq(c->timers[1].time, 9001);
    ckpt_image_free(&back);
    ckpt_image_free(&img);
    buf_free(&b);
}
END_TEST

START_TEST(order_by_rows_round_trip_in_arrival_order)
{
    ckpt_image_t img, back;
    ckpt_image_init(&img, 3, 0);
    ckpt_call_t *c = ckpt_add_call(&img, "sorter", "OrderBy", 9, 0);
    ckpt_add_sorted(&img, c, 1, "\x00\x01", 2);
    ckpt_add_sorted(&img, c, 0, "\x00\x02\x03", 3);
    buf_t b = BUF_INIT;
    ckpt_encode(&img, &b);
    /* the last record before END: tag 5, u32 table 0, u32 length 3, the row's bytes */
    static const unsigned char last[] = {5, 0, 0, 0, 0, 3, 0, 0, 0, 0, 2, 3, 0};
    ck_assert_int_eq(memcmp(b.data + b.len - 4 - sizeof last, last, sizeof last), 0);
    char err[256] = "";
    ck_assert_msg(ckpt_decode(b.data, b.len, &back, err, sizeof err) == 0, "%s", err);
    const ckpt_call_t *bc = ckpt_find_call(&back, "sorter");
    ck_assert_uint_eq(bc->nsorted, 2);
    ck_assert_uint_eq(bc->sorted[0].table, 1);
    ck_assert_uint_eq(bc->sorted[1].row.len, 3);
    ck_assert_int_eq(memcmp(bc->sorted[1].row.data, "\x00\x02\x03", 3), 0);
    ckpt_image_free(&back);
    ckpt_image_free(&img);
    buf_free(&b);
}
END_TEST

START_TEST(an_order_by_row_outside_a_call_is_refused)
{
    ckpt_image_t img, back;
    ckpt_image_init(&img, 4, 0);
    buf_t b = BUF_INIT;
    ckpt_encode(&img, &b);   /* header, END, crc: rebuild with a SORTED record before END */
    buf_t body = BUF_INIT;
    static const unsigned char rec[] = {5, 0, 0, 0, 0, 1, 0, 0, 0, 7, 0};
    buf_append(&body, b.data, CKPT_HEADER_LEN);
    buf_append(&body, rec, sizeof rec);
    uint64_t blen = sizeof rec;
    for (int i = 0; i < 8; i++) body.data[CKPT_HEADER_LEN - 8 + i] = (unsigned char)(blen >> (8 * i));
    buf_put_u32(&body, ckpt_crc32c(0, body.data, body.len));
    char err[256] = "";
    ck_assert_int_eq(ckpt_decode(body.data, body.len, &back, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "bad record (tag 5)") != NULL, "%s", err);
    ckpt_image_free(&back);
    ckpt_image_free(&img);
    buf_free(&b);
    buf_free(&body);
}
END_TEST

/* Decoding b after `damage`, expecting a message containing want. */
static void refused(buf_t *b, const char *want)
{
    ckpt_image_t back;
    char err[256] = "";
    ck_assert_int_eq(ckpt_decode(b->data, b->len, &back, err, sizeof err), -1);
    ck_assert_msg(strstr(err, want) != NULL, "'%s' lacks '%s'", err, want);
    ckpt_image_free(&back);
}

START_TEST(a_torn_or_corrupt_file_is_refused)
{
    ckpt_image_t img;
    sample(&img, 1);
    buf_t b = BUF_INIT;
    ckpt_encode(&img, &b);
    size_t full = b.len;
    b.len = full - 10;
    refused(&b, "torn");
    b.len = 12;
    refused(&b, "torn");
    b.len = full;
    b.data[40] ^= 0x20;
    refused(&b, "checksum mismatch");
    b.data[40] ^= 0x20;
    b.data[8] = 9;   /* version */
    refused(&b, "version 9 is not supported");
    b.data[0] = 'X';
    refused(&b, "bad magic");
    ckpt_image_free(&img);
    buf_free(&b);
}
END_TEST

START_TEST(kafka_records_round_trip_and_version_1_still_reads)
{
    ckpt_image_t img, back;
    sample(&img, 3);
    ckpt_add_kafka_offset(&img, "clicks", "clicks", 2, 4711, 1);
    ckpt_add_kafka_offset(&img, "clicks", "clicks", 3, -2, 0);
    ckpt_add_kafka_txn(&img, "counts", "job-0", 12);
    buf_t b = BUF_INIT;
    ckpt_encode(&img, &b);
    char err[256] = "";
    ck_assert_msg(ckpt_decode(b.data, b.len, &back, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(back.noffsets, 2);
    ck_assert_str_eq(back.offsets[0].topic, "clicks");
    ck_assert_int_eq(back.offsets[0].partition, 2);
    ck_assert_int_eq(back.offsets[0].offset, 4711);
    ck_assert_uint_eq(back.offsets[0].skip, 1);
    ck_assert_int_eq(back.offsets[1].offset, -2);
    ck_assert(ckpt_has_kafka_offsets(&back, "clicks") && !ckpt_has_kafka_offsets(&back, "other"));
    const ckpt_kafka_txn_t *t = ckpt_find_kafka_txn(&back, "counts");
    ck_assert_ptr_nonnull(t);
    ck_assert_str_eq(t->transactional_id, "job-0");
    ck_assert_uint_eq(t->committed, 12);
    ckpt_image_free(&back);
    /* the same file marked version 1 (checksum recomputed): its Kafka records are refused */
    b.data[8] = 1;
    uint32_t crc = ckpt_crc32c(0, b.data, b.len - 4);
    for (int i = 0; i < 4; i++) b.data[b.len - 4 + i] = (unsigned char)(crc >> (8 * i));
    refused(&b, "bad record (tag 16)");
    ckpt_image_free(&img);
    /* a version 1 file without them reads */
    sample(&img, 4);
    b.len = 0;
    ckpt_encode(&img, &b);
    b.data[8] = 1;
    crc = ckpt_crc32c(0, b.data, b.len - 4);
    for (int i = 0; i < 4; i++) b.data[b.len - 4 + i] = (unsigned char)(crc >> (8 * i));
    ck_assert_msg(ckpt_decode(b.data, b.len, &back, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(back.id, 4);
    ck_assert_uint_eq(back.noffsets, 0);
    ck_assert_ptr_nonnull(ckpt_find_call(&back, "counter"));
    ckpt_image_free(&back);
    ckpt_image_free(&img);
    buf_free(&b);
}
END_TEST

static char dir[64];

static void write_id(uint64_t id)
{
    ckpt_image_t img;
    sample(&img, id);
    char path[4200], err[256] = "";
    ck_assert_msg(ckpt_store_write(dir, &img, 2, path, sizeof path, err, sizeof err) == 0, "%s", err);
    ckpt_image_free(&img);
}

static bool exists(const char *name)
{
    char p[256];
    struct stat st;
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return stat(p, &st) == 0;
}

START_TEST(file_parts_round_trip)
{
    ckpt_image_t img, back;
    sample(&img, 5);
    ckpt_add_file_parts(&img, "counts", 7);
    buf_t b = BUF_INIT;
    ckpt_encode(&img, &b);
    char err[256] = "";
    ck_assert_msg(ckpt_decode(b.data, b.len, &back, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(ckpt_file_parts(&back, "counts"), 7);
    ck_assert_uint_eq(ckpt_file_parts(&back, "other"), 0);
    ckpt_image_free(&back);
    ckpt_image_free(&img);
    buf_free(&b);
}
END_TEST

START_TEST(the_store_prunes_and_falls_back_from_a_torn_newest)
{
    snprintf(dir, sizeof dir, "/tmp/ptfhost-ckpt-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    write_id(1);
    write_id(2);
    write_id(3);
    ck_assert(!exists("chk-1") && exists("chk-2") && exists("chk-3"));
    ck_assert_uint_eq(ckpt_store_last_id(dir), 3);
    /* a crashed writer's folder is never read, only counted for ids */
    char p[256];
    snprintf(p, sizeof p, "%s/chk-4.inprogress", dir);
    ck_assert_int_eq(mkdir(p, 0755), 0);
    ck_assert_uint_eq(ckpt_store_last_id(dir), 4);
    uint32_t flags = 7;
    ck_assert_uint_eq(ckpt_store_newest_aside(dir, &flags), 4);   /* newer than every complete one */
    ck_assert_uint_eq(flags, 0);
    char aside[4200];
    ckpt_store_aside_folder(dir, 4, 0, aside, sizeof aside);
    ck_assert_str_eq(aside, p);
    /* tear the newest complete one */
    snprintf(p, sizeof p, "%s/chk-3/" CKPT_METADATA, dir);
    ck_assert_int_eq(truncate(p, 20), 0);
    ckpt_image_t img;
    bool found;
    char path[4200], err[256] = "";
    FILE *warn = tmpfile();
    ck_assert_int_eq(ckpt_store_load_latest(dir, &img, &found, path, sizeof path, warn, err, sizeof err), 0);
    ck_assert(found);
    ck_assert_uint_eq(img.id, 2);
    ck_assert(strstr(path, "/chk-2") != NULL);
    char line[512] = "";
    rewind(warn);
    ck_assert_ptr_nonnull(fgets(line, sizeof line, warn));
    ck_assert_msg(strstr(line, "chk-3") && strstr(line, "torn"), "%s", line);
    fclose(warn);
    ckpt_image_free(&img);
    /* the next write prunes the leftovers but keeps num-retained complete ones */
    write_id(5);
    ck_assert(!exists("chk-4.inprogress") && exists("chk-5") && exists("chk-3") && !exists("chk-2"));
    ck_assert_uint_eq(ckpt_store_newest_aside(dir, &flags), 0);   /* the newest is complete */
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

static int publish_count;

/* A publish hook that sees the checkpoint written aside, not yet visible. */
static int publish_hook(void *ctx, char *err, size_t errlen)
{
    publish_count++;
    ck_assert(exists("chk-1.inprogress/" CKPT_METADATA) && !exists("chk-1"));
    if (ctx) snprintf(err, errlen, "the commit failed");
    return ctx ? -1 : 0;
}

START_TEST(publish_runs_before_the_rename_and_a_failure_leaves_it_unused)
{
    snprintf(dir, sizeof dir, "/tmp/ptfhost-ckpt-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    ckpt_image_t img;
    sample(&img, 1);
    char path[4200], err[256] = "";
    ck_assert_int_eq(ckpt_store_write_publish(dir, &img, 1, publish_hook, "fail", path, sizeof path, err, sizeof err),
                     -1);
    ck_assert_str_eq(err, "the commit failed");
    ck_assert(exists("chk-1.inprogress") && !exists("chk-1"));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s/chk-1.inprogress", dir);
    ck_assert_int_eq(system(cmd), 0);
    ck_assert_int_eq(ckpt_store_write_publish(dir, &img, 1, publish_hook, NULL, path, sizeof path, err, sizeof err), 0);
    ck_assert(exists("chk-1") && publish_count == 2);
    ckpt_image_free(&img);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(normalized_rows_round_trip)
{
    ckpt_image_t img, back;
    ckpt_image_init(&img, 5, 0);
    ckpt_call_t *c = ckpt_add_call(&img, "retract", "RetractArg", 9, 0);
    ckpt_add_sorted(&img, c, 0, "\x00\x01", 2);
    ckpt_add_normalized(&img, c, 1, "\x02\x07", 2);
    buf_t b = BUF_INIT;
    ckpt_encode(&img, &b);
    /* the last record before END: tag 20, u32 table 1, u32 length 2, the row's bytes (+U, 07) */
    static const unsigned char last[] = {20, 1, 0, 0, 0, 2, 0, 0, 0, 2, 7, 0};
    ck_assert_int_eq(memcmp(b.data + b.len - 4 - sizeof last, last, sizeof last), 0);
    char err[256] = "";
    ck_assert_msg(ckpt_decode(b.data, b.len, &back, err, sizeof err) == 0, "%s", err);
    const ckpt_call_t *bc = ckpt_find_call(&back, "retract");
    ck_assert_uint_eq(bc->nsorted, 1);
    ck_assert_uint_eq(bc->nnormalized, 1);
    ck_assert_uint_eq(bc->normalized[0].table, 1);
    ck_assert_int_eq(memcmp(bc->normalized[0].row.data, "\x02\x07", 2), 0);
    ckpt_image_free(&back);
    ckpt_image_free(&img);
    buf_free(&b);
}
END_TEST

/* The records of sample() one by one, as a barrier encodes them (ckpt_enc_*). */
static size_t encode_sample(buf_t *b, uint64_t id)
{
    size_t start = ckpt_enc_begin(b, id, 0);
    ckpt_enc_source(b, "clicks", 1234);
    ckpt_enc_call(b, "counter", "count_clicks", 5000, 2);
    ckpt_enc_call_entry(b, "clicks", 0, "ROW<`count` BIGINT NOT NULL>");
    ckpt_enc_call_entry(b, "seen", 1, "ARRAY<STRING>");
    ckpt_enc_state(b, 0, "\x01\x02", 2, 77, "abc", 3);
    ckpt_enc_state(b, 1, "", 0, 78, "", 0);
    ckpt_enc_timer(b, "\x01\x02", 2, "t1", 9000);
    ckpt_enc_timer(b, "\x01\x02", 2, NULL, 9001);
    return start;
}

START_TEST(records_encoded_one_by_one_equal_the_image_encoding)
{
    ckpt_image_t img;
    sample(&img, 7);
    buf_t whole = BUF_INIT, parts = BUF_INIT;
    ckpt_encode(&img, &whole);
    buf_append(&parts, "xy", 2);   /* a file need not start the buffer */
    size_t start = encode_sample(&parts, 7);
    ckpt_enc_finish(&parts, start);
    ck_assert_uint_eq(parts.len - start, whole.len);
    ck_assert_int_eq(memcmp(parts.data + start, whole.data, whole.len), 0);
    ckpt_image_free(&img);
    buf_free(&whole);
    buf_free(&parts);
}
END_TEST

START_TEST(the_writer_writes_aside_and_the_publish_makes_it_visible)
{
    snprintf(dir, sizeof dir, "/tmp/ptfhost-ckpt-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    ckpt_writer_t *w = ckpt_writer_new();
    char err[256] = "", path[4200];
    uint64_t bytes = 0;
    double ms = 0;
    ck_assert_int_eq(ckpt_writer_poll(w, true, &bytes, &ms, err, sizeof err), 2);   /* nothing started */
    for (uint64_t id = 1; id <= 3; id++) {
        buf_t b = ckpt_writer_buffer(w);
        size_t start = encode_sample(&b, id);
        ck_assert_int_eq(ckpt_writer_start(w, dir, id, 0, id - 1, 1, &b, start, err, sizeof err), 0);
        ck_assert_ptr_null(b.data);   /* taken over */
        buf_t again = BUF_INIT;
        ck_assert_int_eq(ckpt_writer_start(w, dir, id, 0, 0, 1, &again, 0, err, sizeof err), -1);   /* one at a time */
        ck_assert_int_eq(ckpt_writer_poll(w, true, &bytes, &ms, err, sizeof err), 1);
        char name[32], aside[48];
        snprintf(name, sizeof name, "chk-%llu", (unsigned long long)id);
        snprintf(aside, sizeof aside, "%s.inprogress", name);
        ck_assert(exists(aside) && !exists(name));   /* written aside, not published */
        ck_assert_int_eq(ckpt_store_publish(dir, id, 0, NULL, NULL, path, sizeof path, err, sizeof err), 0);
    }
    ck_assert(exists("chk-3") && exists("chk-2") && !exists("chk-1"));   /* write 3 pruned after 2 */
    ckpt_image_t back;
    ck_assert_msg(ckpt_store_load(path, &back, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(back.id, 3);
    ck_assert_uint_eq(back.calls[0].nstates, 2);
    struct stat st;
    char meta[4300];
    snprintf(meta, sizeof meta, "%s/" CKPT_METADATA, path);
    ck_assert(stat(meta, &st) == 0 && (uint64_t)st.st_size == bytes);
    ckpt_image_free(&back);
    ckpt_writer_free(w);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(an_empty_directory_has_no_checkpoint)
{
    ckpt_image_t img;
    bool found = true;
    char path[256], err[256] = "";
    ck_assert_int_eq(ckpt_store_load_latest("/nonexistent/ptfhost", &img, &found, path, sizeof path, NULL, err,
                                            sizeof err), 0);
    ck_assert(!found);
    ckpt_image_free(&img);
}
END_TEST

START_TEST(a_stage_round_trips)
{
    ckpt_image_t img, back;
    ckpt_image_init(&img, 3, 0);
    ckpt_stage_t *st = ckpt_add_stage(&img, "group-aggregate", "keys ROW<`name` STRING>, COUNT(*)", INT64_MIN);
    ckpt_stage_add(&img, st, "\x01k", 2, 41, "\x02\x00", 2);
    ckpt_stage_add(&img, st, "", 0, 42, "", 0);
    buf_t b = BUF_INIT;
    ckpt_encode(&img, &b);
    char err[256] = "";
    ck_assert_msg(ckpt_decode(b.data, b.len, &back, err, sizeof err) == 0, "%s", err);
    const ckpt_stage_t *got = ckpt_find_stage(&back, "group-aggregate");
    ck_assert_ptr_nonnull(got);
    ck_assert_ptr_null(ckpt_find_stage(&back, "deduplicate"));
    ck_assert_str_eq(got->shape, "keys ROW<`name` STRING>, COUNT(*)");
    ck_assert_int_eq(got->watermark, INT64_MIN);
    ck_assert_uint_eq(got->n, 2);
    ck_assert_int_eq(memcmp(got->entries[0].key.data, "\x01k", 2), 0);
    ck_assert_int_eq(got->entries[0].written_ms, 41);
    ck_assert_uint_eq(got->entries[1].value.len, 0);
    ckpt_image_free(&img);
    ckpt_image_free(&back);
    buf_free(&b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("checkpoint");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, crc32c_matches_the_standard_check_value);
    tcase_add_test(tc, crc32c_is_the_same_in_any_pieces);
    tcase_add_test(tc, an_image_round_trips);
    tcase_add_test(tc, order_by_rows_round_trip_in_arrival_order);
    tcase_add_test(tc, an_order_by_row_outside_a_call_is_refused);
    tcase_add_test(tc, a_stage_round_trips);
    tcase_add_test(tc, a_torn_or_corrupt_file_is_refused);
    tcase_add_test(tc, kafka_records_round_trip_and_version_1_still_reads);
    tcase_add_test(tc, file_parts_round_trip);
    tcase_add_test(tc, the_store_prunes_and_falls_back_from_a_torn_newest);
    tcase_add_test(tc, publish_runs_before_the_rename_and_a_failure_leaves_it_unused);
    tcase_add_test(tc, an_empty_directory_has_no_checkpoint);
    tcase_add_test(tc, normalized_rows_round_trip);
    tcase_add_test(tc, records_encoded_one_by_one_equal_the_image_encoding);
    tcase_add_test(tc, the_writer_writes_aside_and_the_publish_makes_it_visible);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}
