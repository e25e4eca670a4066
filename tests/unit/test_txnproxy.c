/* test_txnproxy.c - the transaction proxy's TxnOffsetCommit bookkeeping
 * (kafka/txnproxy.h), against a fake broker this test plays on a loopback
 * socket: offsets sent to a transaction reach the broker as an OffsetCommit
 * of the proxy's own when the transaction commits, before the client sees
 * the commit's answer, and never when it aborts. */
#include <check.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "check_main.h"
#include "kafka/relay.h"
#include "kafka/txnproxy.h"
#include "util/buf.h"

enum { END_TXN = 26, TXN_OFFSET_COMMIT = 28, OFFSET_COMMIT = 8 };
#define GROUP "tx-ptfhost-checkpoints"

static void be(buf_t *b, uint64_t v, int n)
{
    for (int i = n - 1; i >= 0; i--) buf_put_u8(b, (uint8_t)(v >> (8 * i)));
}

static void str(buf_t *b, const char *s)
{
    be(b, strlen(s), 2);
    buf_append(b, s, strlen(s));
}

/* A request frame: its size, then api, version 0, corr and client id "t". */
static void request(buf_t *b, int api, int32_t corr)
{
    buf_clear(b);
    be(b, 0, 4);
    be(b, (uint64_t)api, 2), be(b, 0, 2), be(b, (uint32_t)corr, 4);
    str(b, "t");
}

static void send_frame(int fd, buf_t *b)
{
    for (int i = 0; i < 4; i++) ((unsigned char *)b->data)[i] = (unsigned char)((b->len - 4) >> (8 * (3 - i)));
    ck_assert_int_eq(send(fd, b->data, b->len, MSG_NOSIGNAL), (ssize_t)b->len);
}

/* The next frame on fd (without its size) into f. */
static void recv_frame(int fd, buf_t *f)
{
    unsigned char head[4];
    ck_assert_int_eq(recv(fd, head, 4, MSG_WAITALL), 4);
    size_t size = (size_t)head[0] << 24 | (size_t)head[1] << 16 | (size_t)head[2] << 8 | head[3];
    buf_clear(f);
    buf_reserve(f, size);
    ck_assert_int_eq(recv(fd, f->data, size, MSG_WAITALL), (ssize_t)size);
    f->len = size;
}

static uint64_t at(const buf_t *f, size_t off, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v = v << 8 | (unsigned char)f->data[off + (size_t)i];
    return v;
}

static int guarded(int fd)   /* hang guard: no read waits forever */
{
    struct timeval tv = {30, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    return fd;
}

typedef struct rig {
    int listen_fd, port, client, broker;
    kafka_txnproxy_t *proxy;
    buf_t out, in;
} rig_t;

static void rig_open(rig_t *r)
{
    char err[256] = "";
    memset(r, 0, sizeof *r);
    r->listen_fd = kafka_relay_listen(0, &r->port, err, sizeof err);
    ck_assert_msg(r->listen_fd >= 0, "%s", err);
    r->proxy = kafka_txnproxy_new(&r->port, 1, err, sizeof err);
    ck_assert_msg(r->proxy != NULL, "%s", err);
    r->client = guarded(kafka_relay_connect(kafka_txnproxy_port(r->proxy, 0)));
    ck_assert_int_ge(r->client, 0);
    r->broker = guarded(accept(r->listen_fd, NULL, NULL));   /* the proxy's connection for the client */
    ck_assert_int_ge(r->broker, 0);
}

static void rig_close(rig_t *r)
{
    close(r->client);
    close(r->broker);
    kafka_txnproxy_destroy(r->proxy);
    close(r->listen_fd);
    buf_free(&r->out);
    buf_free(&r->in);
}

/* The client sends a TxnOffsetCommit v0 of pid for GROUP (topic out, partition 0); the broker answers. */
static void txn_offset_commit(rig_t *r, int64_t pid, int64_t offset)
{
    request(&r->out, TXN_OFFSET_COMMIT, 1);
    str(&r->out, "tx"), str(&r->out, GROUP), be(&r->out, (uint64_t)pid, 8), be(&r->out, 0, 2);
    be(&r->out, 1, 4), str(&r->out, "out"), be(&r->out, 1, 4);
    be(&r->out, 0, 4), be(&r->out, (uint64_t)offset, 8), be(&r->out, (uint16_t)-1, 2);
    send_frame(r->client, &r->out);
    recv_frame(r->broker, &r->in);
    ck_assert_uint_eq(at(&r->in, 0, 2), TXN_OFFSET_COMMIT);
    buf_clear(&r->out);   /* any answer with corr 1: the proxy reads only its corr */
    be(&r->out, 0, 4), be(&r->out, 1, 4), be(&r->out, 0, 4), be(&r->out, 0, 4);
    send_frame(r->broker, &r->out);
    recv_frame(r->client, &r->in);
}

/* The client sends an EndTxn v0 of pid; the broker's answer (error 0) is sent, not yet read. */
static void end_txn(rig_t *r, int64_t pid, bool commit)
{
    request(&r->out, END_TXN, 2);
    str(&r->out, "tx"), be(&r->out, (uint64_t)pid, 8), be(&r->out, 0, 2), be(&r->out, commit, 1);
    send_frame(r->client, &r->out);
    recv_frame(r->broker, &r->in);
    ck_assert_uint_eq(at(&r->in, 0, 2), END_TXN);
    buf_clear(&r->out);
    be(&r->out, 0, 4), be(&r->out, 2, 4), be(&r->out, 0, 4), be(&r->out, 0, 2);
    send_frame(r->broker, &r->out);
}

START_TEST(a_committed_transaction_stores_its_offsets_before_the_answer)
{
    rig_t r;
    rig_open(&r);
    txn_offset_commit(&r, 7, 5);
    end_txn(&r, 7, true);
    int store = guarded(accept(r.listen_fd, NULL, NULL));   /* the proxy's own OffsetCommit */
    ck_assert_int_ge(store, 0);
    recv_frame(store, &r.in);
    ck_assert_uint_eq(at(&r.in, 0, 2), OFFSET_COMMIT);
    ck_assert_uint_eq(at(&r.in, 2, 2), 2);
    size_t off = 8 + 2 + at(&r.in, 8, 2);   /* past the client id */
    ck_assert_uint_eq(at(&r.in, off, 2), strlen(GROUP));
    ck_assert(memcmp(r.in.data + off + 2, GROUP, strlen(GROUP)) == 0);
    off += 2 + strlen(GROUP);
    ck_assert_uint_eq(at(&r.in, off, 4), 0xffffffffu);   /* generation -1 */
    ck_assert_uint_eq(at(&r.in, off + 4, 2), 0);         /* member "" */
    off += 6 + 8;                                         /* retention */
    ck_assert_uint_eq(at(&r.in, off, 4), 1);
    ck_assert_uint_eq(at(&r.in, off + 4, 2), 3);
    ck_assert(memcmp(r.in.data + off + 6, "out", 3) == 0);
    off += 9;
    ck_assert_uint_eq(at(&r.in, off, 4), 1);
    ck_assert_uint_eq(at(&r.in, off + 4, 4), 0);          /* partition */
    ck_assert_uint_eq(at(&r.in, off + 8, 8), 5);          /* the offset */
    int32_t corr = (int32_t)at(&r.in, 4, 4);
    buf_clear(&r.out);
    be(&r.out, 0, 4), be(&r.out, (uint32_t)corr, 4), be(&r.out, 1, 4), str(&r.out, "out"), be(&r.out, 1, 4);
    be(&r.out, 0, 4), be(&r.out, 0, 2);
    send_frame(store, &r.out);
    recv_frame(r.client, &r.in);   /* the EndTxn answer comes only now */
    ck_assert_uint_eq(at(&r.in, 0, 4), 2);
    close(store);
    rig_close(&r);
}
END_TEST

START_TEST(an_aborted_transaction_drops_its_offsets)
{
    rig_t r;
    rig_open(&r);
    txn_offset_commit(&r, 8, 6);
    end_txn(&r, 8, false);
    recv_frame(r.client, &r.in);
    end_txn(&r, 8, true);   /* the next transaction commits without offsets */
    recv_frame(r.client, &r.in);
    ck_assert_uint_eq(at(&r.in, 0, 4), 2);
    struct pollfd p = {.fd = r.listen_fd, .events = POLLIN};
    ck_assert_int_eq(poll(&p, 1, 0), 0);   /* the answers came: no OffsetCommit was sent before them */
    rig_close(&r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("txnproxy");
    TCase *tc = tcase_create("offsets");
    tcase_add_test(tc, a_committed_transaction_stores_its_offsets_before_the_answer);
    tcase_add_test(tc, an_aborted_transaction_drops_its_offsets);
    suite_add_tcase(s, tc);
    return check_main_run(s);
}
