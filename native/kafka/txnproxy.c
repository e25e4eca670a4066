/* txnproxy.c - see txnproxy.h. One poll() loop over the listeners, a wake
 * pipe and both ends of every connection; bytes are cut into Kafka frames
 * (a big-endian i32 size, then the frame), requests remembered by
 * correlation id so their answers can be read, and frames forwarded with
 * blocking writes (the peers are local clients and brokers that keep
 * reading), as relay.c does. */
#include "kafka/txnproxy.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "kafka/relay.h"
#include "util/buf.h"
#include "util/xalloc.h"

#define PROXY_MAX_CONNS 128
#define PROXY_MAX_PENDING 512            /* requests in flight on one connection */

enum { API_PRODUCE = 0, API_FETCH = 1, API_METADATA = 3, API_OFFSET_COMMIT = 8, API_FIND_COORDINATOR = 10,
       API_INIT_PRODUCER_ID = 22, API_END_TXN = 26, API_TXN_OFFSET_COMMIT = 28 };
#define ATTR_TRANSACTIONAL 0x10           /* RecordBatch attributes */
#define READ_COMMITTED 1
#define ERR_NOT_COORDINATOR 16
#define PROXY_COMMIT_TIMEOUT_S 5          /* the proxy's own OffsetCommit to a mock broker */

/* A transactional batch of a Produce request: its open transaction starts at the answer's base offset. */
typedef struct produced {
    char *topic;
    int32_t partition;
    int64_t pid;
} produced_t;

typedef struct pending {
    int32_t corr;
    int16_t api, version;
    int8_t isolation;                     /* Fetch */
    int64_t pid;                          /* EndTxn */
    bool committed;                       /* EndTxn */
    produced_t *produced;                 /* Produce */
    int nproduced;
} pending_t;

typedef struct conn {
    int fd[2];                            /* client, broker; -1 = free */
    buf_t in[2];                          /* read from fd[k], not yet a whole frame */
    pending_t *pending;
    int npending;
} conn_t;

/* A producer's transaction on a partition: open, or aborted (listed to read_committed fetches). */
typedef struct txn {
    char *topic;
    int32_t partition;
    int64_t pid, first;
    bool open;
} txn_t;

/* An offset a producer's open transaction commits for a group (TxnOffsetCommit). */
typedef struct marker {
    int64_t pid;
    char *group, *topic;
    int32_t partition;
    int64_t offset;
} marker_t;

typedef struct tid {
    char *id;
    int64_t pid;
} tid_t;

struct kafka_txnproxy {
    int n;
    int *listen_fd, *port, *target;
    int *own_fd;                          /* the proxy's own connection to each broker (-1: none yet) */
    int wake[2];
    conn_t conns[PROXY_MAX_CONNS];
    txn_t *txns;
    int ntxns;
    tid_t *tids;
    int ntids;
    marker_t *markers;
    int nmarkers;
    pthread_t thread;
};

/* ---- reading and writing big-endian fields ---- */

typedef struct rd {
    const unsigned char *p;
    size_t len, at;
    bool bad;
} rd_t;

static uint64_t get(rd_t *r, int n)
{
    if (r->bad || r->len - r->at < (size_t)n) {
        r->bad = true;
        return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v = v << 8 | r->p[r->at++];
    return v;
}

/* A STRING / NULLABLE_STRING (i16 length, -1 null): its bytes, *n its length; NULL when null or bad. */
static const char *get_str(rd_t *r, int *n)
{
    int16_t len = (int16_t)get(r, 2);
    *n = 0;
    if (r->bad || len < 0) return NULL;
    if (r->len - r->at < (size_t)len) {
        r->bad = true;
        return NULL;
    }
    const char *s = (const char *)r->p + r->at;
    r->at += (size_t)len;
    *n = len;
    return s;
}

static uint64_t get_uvarint(rd_t *r)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64 && !r->bad; shift += 7) {
        uint64_t b = get(r, 1);
        v |= (b & 0x7f) << shift;
        if (!(b & 0x80)) return v;
    }
    r->bad = true;
    return 0;
}

/* A COMPACT_(NULLABLE_)STRING (uvarint length + 1, 0 = null): as get_str. */
static const char *get_compact_str(rd_t *r, int *n)
{
    uint64_t len = get_uvarint(r);
    *n = 0;
    if (r->bad || len == 0) return NULL;
    if (r->len - r->at < len - 1) {
        r->bad = true;
        return NULL;
    }
    const char *s = (const char *)r->p + r->at;
    r->at += (size_t)(len - 1);
    *n = (int)(len - 1);
    return s;
}

static void skip_tags(rd_t *r)
{
    for (uint64_t tags = get_uvarint(r); tags > 0 && !r->bad; tags--) {
        get_uvarint(r);
        uint64_t size = get_uvarint(r);
        if (r->len - r->at < size) r->bad = true;
        else r->at += size;
    }
}

static void put_be(buf_t *b, uint64_t v, int n)
{
    for (int i = n - 1; i >= 0; i--) buf_put_u8(b, (uint8_t)(v >> (8 * i)));
}

static void set_be32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * (3 - i)));
}

/* Frames go out whole, one write each: Nagle would hold a small one back for the peer's delayed ACK. */
static void no_delay(int fd)
{
    int on = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
}

static bool send_all(int fd, const unsigned char *p, size_t n)
{
    for (size_t off = 0; off < n;) {
        ssize_t w = send(fd, p + off, n - off, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        off += (size_t)w;
    }
    return true;
}

static bool recv_all(int fd, unsigned char *p, size_t n)
{
    for (size_t off = 0; off < n;) {
        ssize_t got = recv(fd, p + off, n - off, 0);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return false;
        off += (size_t)got;
    }
    return true;
}

static void put_str(buf_t *b, const char *s)
{
    put_be(b, strlen(s), 2);
    buf_append(b, s, strlen(s));
}

static char *dup_n(const char *s, int n)
{
    char *d = xmalloc((size_t)n + 1);
    memcpy(d, s, (size_t)n);
    d[n] = '\0';
    return d;
}

/* ---- transaction state ---- */

static txn_t *txn_find(kafka_txnproxy_t *x, const char *topic, int32_t partition, int64_t pid, bool open)
{
    for (int i = 0; i < x->ntxns; i++) {
        txn_t *t = &x->txns[i];
        if (t->open == open && t->pid == pid && t->partition == partition && strcmp(t->topic, topic) == 0) return t;
    }
    return NULL;
}

static void txn_open(kafka_txnproxy_t *x, const char *topic, int32_t partition, int64_t pid, int64_t first)
{
    if (txn_find(x, topic, partition, pid, true)) return;
    x->txns = xrealloc(x->txns, (size_t)(x->ntxns + 1) * sizeof *x->txns);
    x->txns[x->ntxns++] = (txn_t){xstrdup(topic), partition, pid, first, true};
}

/* ---- markers: the mock answers TxnOffsetCommit but stores nothing, so
 * the proxy keeps a transaction's offsets and, once it commits, stores
 * them with an OffsetCommit of its own (generation -1: no member) ---- */

static void marker_set(kafka_txnproxy_t *x, int64_t pid, const char *group, int gn, const char *topic, int tn,
                       int32_t partition, int64_t offset)
{
    for (int i = 0; i < x->nmarkers; i++) {
        marker_t *m = &x->markers[i];
        if (m->pid == pid && m->partition == partition && (int)strlen(m->group) == gn &&
            memcmp(m->group, group, (size_t)gn) == 0 && (int)strlen(m->topic) == tn &&
            memcmp(m->topic, topic, (size_t)tn) == 0) {
            m->offset = offset;
            return;
        }
    }
    x->markers = xrealloc(x->markers, (size_t)(x->nmarkers + 1) * sizeof *x->markers);
    x->markers[x->nmarkers++] = (marker_t){pid, dup_n(group, gn), dup_n(topic, tn), partition, offset};
}

/* The proxy's own connection to broker b, kept for the next OffsetCommit (a new one costs the mock a while). */
static int own_connection(kafka_txnproxy_t *x, int b)
{
    if (x->own_fd[b] >= 0) return x->own_fd[b];
    int fd = kafka_relay_connect(x->target[b]);
    if (fd < 0) return -1;
    struct timeval tv = {PROXY_COMMIT_TIMEOUT_S, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    no_delay(fd);
    return x->own_fd[b] = fd;
}

/* An OffsetCommit v2 of m to the broker'th broker: its error code, -1 when it did not answer (the connection is dropped). */
static int offset_commit(kafka_txnproxy_t *x, int broker, const marker_t *m)
{
    int fd = own_connection(x, broker);
    if (fd < 0) return -1;
    buf_t b = BUF_INIT;
    put_be(&b, 0, 4);   /* the size, set below */
    put_be(&b, API_OFFSET_COMMIT, 2), put_be(&b, 2, 2), put_be(&b, 1, 4);
    put_str(&b, "ptfhost-txnproxy");
    put_str(&b, m->group);
    put_be(&b, (uint32_t)-1, 4);   /* generation */
    put_str(&b, "");               /* member */
    put_be(&b, (uint64_t)-1, 8);   /* retention: the broker's */
    put_be(&b, 1, 4), put_str(&b, m->topic);
    put_be(&b, 1, 4), put_be(&b, (uint32_t)m->partition, 4), put_be(&b, (uint64_t)m->offset, 8), put_str(&b, "");
    set_be32((unsigned char *)b.data, (uint32_t)(b.len - 4));
    int rc = -1;
    unsigned char head[4], *f = NULL;
    if (send_all(fd, (const unsigned char *)b.data, b.len) && recv_all(fd, head, 4)) {
        rd_t h = {head, 4, 0, false};
        size_t size = (size_t)get(&h, 4);
        f = xmalloc(size + 1);
        if (recv_all(fd, f, size)) {   /* corr, 1 topic, 1 partition: its error */
            rd_t r = {f, size, 0, false};
            int n;
            get(&r, 4), get(&r, 4), get_str(&r, &n), get(&r, 4), get(&r, 4);
            int16_t error = (int16_t)get(&r, 2);
            if (!r.bad) rc = error;
        }
    }
    free(f);
    buf_free(&b);
    if (rc < 0) {
        close(fd);
        x->own_fd[broker] = -1;
    }
    return rc;
}

/* The producer's markers: stored in the mock (committed), or dropped. */
static void markers_end(kafka_txnproxy_t *x, int64_t pid, bool committed)
{
    for (int i = 0; i < x->nmarkers;) {
        marker_t *m = &x->markers[i];
        if (m->pid != pid) {
            i++;
            continue;
        }
        int rc = ERR_NOT_COORDINATOR;   /* the group's coordinator is one of the brokers */
        for (int b = 0; committed && b < x->n && rc == ERR_NOT_COORDINATOR; b++) rc = offset_commit(x, b, m);
        if (committed && rc != 0)
            fprintf(stderr, "ptfhost broker: a committed transaction's offset of group '%s' (%s [%d] = %lld) was "
                            "not stored: error %d (-1: no broker answered)\n", m->group, m->topic, (int)m->partition,
                    (long long)m->offset, rc);
        free(m->group);
        free(m->topic);
        x->markers[i] = x->markers[--x->nmarkers];
    }
}

/* The producer's open transactions end: committed ones are forgotten, aborted ones listed. */
static void txn_end(kafka_txnproxy_t *x, int64_t pid, bool committed)
{
    markers_end(x, pid, committed);
    for (int i = 0; i < x->ntxns;) {
        txn_t *t = &x->txns[i];
        if (!t->open || t->pid != pid) {
            i++;
            continue;
        }
        if (!committed) {
            t->open = false;
            i++;
            continue;
        }
        free(t->topic);
        x->txns[i] = x->txns[--x->ntxns];
    }
}

/* A transactional.id's producer (from its Produce requests); a new one replaces it. */
static tid_t *tid_find(kafka_txnproxy_t *x, const char *id, int n)
{
    for (int i = 0; i < x->ntids; i++)
        if ((int)strlen(x->tids[i].id) == n && memcmp(x->tids[i].id, id, (size_t)n) == 0) return &x->tids[i];
    return NULL;
}

static void tid_set(kafka_txnproxy_t *x, const char *id, int n, int64_t pid)
{
    tid_t *t = tid_find(x, id, n);
    if (!t) {
        x->tids = xrealloc(x->tids, (size_t)(x->ntids + 1) * sizeof *x->tids);
        t = &x->tids[x->ntids++];
        *t = (tid_t){dup_n(id, n), -1};
    }
    t->pid = pid;
}

/* The partition's last stable offset: its oldest open transaction's first offset, else hwm. */
static int64_t stable_offset(const kafka_txnproxy_t *x, const char *topic, int32_t partition, int64_t hwm)
{
    int64_t lso = hwm;
    for (int i = 0; i < x->ntxns; i++) {
        const txn_t *t = &x->txns[i];
        if (t->open && t->partition == partition && t->first < lso && strcmp(t->topic, topic) == 0) lso = t->first;
    }
    return lso;
}

/* ---- requests ---- */

static void pending_free(pending_t *pd)
{
    for (int i = 0; i < pd->nproduced; i++) free(pd->produced[i].topic);
    free(pd->produced);
}

static void read_produce(kafka_txnproxy_t *x, rd_t *r, pending_t *pd)
{
    int n;
    const char *tid = get_str(r, &n);
    int tidlen = n;
    get(r, 2), get(r, 4);   /* acks, timeout */
    for (int32_t nt = (int32_t)get(r, 4); nt > 0 && !r->bad; nt--) {
        const char *topic = get_str(r, &n);
        int topiclen = n;
        for (int32_t np = (int32_t)get(r, 4); np > 0 && !r->bad; np--) {
            int32_t partition = (int32_t)get(r, 4);
            int32_t len = (int32_t)get(r, 4);
            if (r->bad || len < 0 || r->len - r->at < (size_t)len) break;
            const unsigned char *b = r->p + r->at;
            r->at += (size_t)len;
            if (!topic || len < 61 || b[16] != 2 || !((b[21] << 8 | b[22]) & ATTR_TRANSACTIONAL)) continue;
            rd_t pr = {b + 43, 8, 0, false};
            int64_t pid = (int64_t)get(&pr, 8);
            pd->produced = xrealloc(pd->produced, (size_t)(pd->nproduced + 1) * sizeof *pd->produced);
            pd->produced[pd->nproduced++] = (produced_t){dup_n(topic, topiclen), partition, pid};
            if (tid) tid_set(x, tid, tidlen, pid);
        }
    }
}

/* A transactional.id starting again: what its earlier producer left open is aborted. */
static void read_init_producer_id(kafka_txnproxy_t *x, rd_t *r, int16_t version)
{
    int n = 0;
    const char *id = NULL;
    id = version >= 2 ? get_compact_str(r, &n) : get_str(r, &n);
    tid_t *t = id ? tid_find(x, id, n) : NULL;
    if (t && t->pid >= 0) txn_end(x, t->pid, false);
}

/* The offsets a transaction commits for a group, kept until it ends (v3: flexible). */
static void read_txn_offset_commit(kafka_txnproxy_t *x, rd_t *r, int16_t version)
{
    bool flex = version >= 3;
    int n, gn;
    flex ? get_compact_str(r, &n) : get_str(r, &n);   /* transactional id */
    const char *group = flex ? get_compact_str(r, &gn) : get_str(r, &gn);
    int64_t pid = (int64_t)get(r, 8);
    get(r, 2);   /* epoch */
    if (flex) {
        get(r, 4), get_compact_str(r, &n), get_compact_str(r, &n);   /* generation, member, instance */
    }
    for (uint64_t nt = flex ? get_uvarint(r) - 1 : get(r, 4); nt > 0 && !r->bad && group; nt--) {
        int tn;
        const char *topic = flex ? get_compact_str(r, &tn) : get_str(r, &tn);
        for (uint64_t np = flex ? get_uvarint(r) - 1 : get(r, 4); np > 0 && !r->bad; np--) {
            int32_t partition = (int32_t)get(r, 4);
            int64_t offset = (int64_t)get(r, 8);
            if (version >= 2) get(r, 4);   /* leader epoch */
            flex ? get_compact_str(r, &n) : get_str(r, &n);
            if (flex) skip_tags(r);
            if (!r->bad && topic) marker_set(x, pid, group, gn, topic, tn, partition, offset);
        }
        if (flex) skip_tags(r);
    }
}

/* Remembers what the answer needs; the request itself passes unchanged. */
static void on_request(kafka_txnproxy_t *x, conn_t *c, const unsigned char *f, size_t len)
{
    rd_t r = {f, len, 0, false};
    int16_t api = (int16_t)get(&r, 2), version = (int16_t)get(&r, 2);
    int32_t corr = (int32_t)get(&r, 4);
    int n;
    get_str(&r, &n);   /* client id */
    if ((api == API_INIT_PRODUCER_ID && version >= 2) || (api == API_TXN_OFFSET_COMMIT && version >= 3))
        skip_tags(&r);   /* request header v2: tagged fields */
    if (r.bad || c->npending == PROXY_MAX_PENDING) return;
    pending_t pd = {.corr = corr, .api = api, .version = version};
    if (api == API_PRODUCE && version >= 3) read_produce(x, &r, &pd);
    if (api == API_FETCH && version >= 4) {
        get(&r, 4), get(&r, 4), get(&r, 4), get(&r, 4);   /* replica, max wait, min bytes, max bytes */
        pd.isolation = (int8_t)get(&r, 1);
    }
    if (api == API_END_TXN) {
        get_str(&r, &n);
        pd.pid = (int64_t)get(&r, 8);
        get(&r, 2);
        pd.committed = get(&r, 1) != 0;
    }
    if (api == API_INIT_PRODUCER_ID) read_init_producer_id(x, &r, version);
    if (api == API_TXN_OFFSET_COMMIT && version <= 3) read_txn_offset_commit(x, &r, version);
    if (!r.bad) c->pending[c->npending++] = pd;
    else pending_free(&pd);
}

/* ---- answers ---- */

static int proxy_port_of(const kafka_txnproxy_t *x, int32_t port)
{
    for (int i = 0; i < x->n; i++)
        if (x->target[i] == port) return x->port[i];
    return port;
}

/* Rewrites, in place, the broker port at r->at - 4. */
static void rewrite_port(const kafka_txnproxy_t *x, rd_t *r, unsigned char *f)
{
    if (r->bad) return;
    rd_t back = {f + r->at - 4, 4, 0, false};
    set_be32(f + r->at - 4, (uint32_t)proxy_port_of(x, (int32_t)get(&back, 4)));
}

static void on_metadata(const kafka_txnproxy_t *x, rd_t *r, unsigned char *f, int16_t version)
{
    int n;
    for (int32_t nb = (int32_t)get(r, 4); nb > 0 && !r->bad; nb--) {
        get(r, 4);            /* node id */
        get_str(r, &n);       /* host */
        get(r, 4);            /* port */
        rewrite_port(x, r, f);
        if (version >= 1) get_str(r, &n);   /* rack */
    }
}

static void on_find_coordinator(const kafka_txnproxy_t *x, rd_t *r, unsigned char *f, int16_t version)
{
    int n;
    if (version >= 1) get(r, 4);          /* throttle */
    get(r, 2);                            /* error */
    if (version >= 1) get_str(r, &n);     /* error message */
    get(r, 4);                            /* node id */
    get_str(r, &n);
    get(r, 4);
    rewrite_port(x, r, f);
}

static void on_produce(kafka_txnproxy_t *x, rd_t *r, const pending_t *pd)
{
    int n;
    for (int32_t nt = (int32_t)get(r, 4); nt > 0 && !r->bad; nt--) {
        const char *topic = get_str(r, &n);
        int topiclen = n;
        for (int32_t np = (int32_t)get(r, 4); np > 0 && !r->bad; np--) {
            int32_t partition = (int32_t)get(r, 4);
            int16_t error = (int16_t)get(r, 2);
            int64_t base = (int64_t)get(r, 8);
            if (pd->version >= 2) get(r, 8);   /* log append time */
            if (pd->version >= 5) get(r, 8);   /* log start offset */
            for (int i = 0; !r->bad && !error && topic && i < pd->nproduced; i++) {
                const produced_t *p = &pd->produced[i];
                if (p->partition == partition && (int)strlen(p->topic) == topiclen &&
                    memcmp(p->topic, topic, (size_t)topiclen) == 0)
                    txn_open(x, p->topic, partition, p->pid, base);
            }
        }
    }
}

/* A partition of a read_committed Fetch answer, copied to out with its
 * last stable offset, its aborted transactions and no batch past it. */
static void copy_fetch_partition(const kafka_txnproxy_t *x, rd_t *r, const char *topic, int16_t version, buf_t *out)
{
    int32_t partition = (int32_t)get(r, 4);
    int16_t error = (int16_t)get(r, 2);
    int64_t hwm = (int64_t)get(r, 8);
    get(r, 8);   /* the mock's last stable offset: its high watermark */
    int64_t log_start = version >= 5 ? (int64_t)get(r, 8) : 0;
    for (int32_t na = (int32_t)get(r, 4); na > 0 && !r->bad; na--) get(r, 16);
    int32_t preferred = version >= 11 ? (int32_t)get(r, 4) : 0;
    int32_t len = (int32_t)get(r, 4);
    if (r->bad || (len > 0 && r->len - r->at < (size_t)len)) {
        r->bad = true;
        return;
    }
    int64_t lso = hwm >= 0 ? stable_offset(x, topic, partition, hwm) : hwm;
    put_be(out, (uint32_t)partition, 4);
    put_be(out, (uint16_t)error, 2);
    put_be(out, (uint64_t)hwm, 8);
    put_be(out, (uint64_t)lso, 8);
    if (version >= 5) put_be(out, (uint64_t)log_start, 8);
    int naborted = 0;
    for (int i = 0; i < x->ntxns; i++)
        naborted += !x->txns[i].open && x->txns[i].partition == partition && strcmp(x->txns[i].topic, topic) == 0;
    put_be(out, (uint32_t)naborted, 4);
    for (int i = 0; i < x->ntxns; i++) {
        const txn_t *t = &x->txns[i];
        if (t->open || t->partition != partition || strcmp(t->topic, topic) != 0) continue;
        put_be(out, (uint64_t)t->pid, 8);
        put_be(out, (uint64_t)t->first, 8);
    }
    if (version >= 11) put_be(out, (uint32_t)preferred, 4);
    const unsigned char *b = r->p + r->at;
    size_t keep = 0, all = len > 0 ? (size_t)len : 0;
    while (all - keep >= 12) {   /* whole batches below the last stable offset (a cut last one stays cut) */
        rd_t h = {b + keep, 12, 0, false};
        int64_t base = (int64_t)get(&h, 8);
        uint32_t blen = (uint32_t)get(&h, 4);
        if (base >= lso) break;
        keep += all - keep < 12 + (size_t)blen ? all - keep : 12 + (size_t)blen;
    }
    r->at += all;
    put_be(out, len < 0 ? (uint32_t)-1 : (uint32_t)keep, 4);
    buf_append(out, b, keep);
}

/* A read_committed Fetch answer rebuilt into out (the frame without its size). */
static void rebuild_fetch(const kafka_txnproxy_t *x, rd_t *r, int16_t version, buf_t *out)
{
    size_t head = 4 + (version >= 1 ? 4 : 0) + (version >= 7 ? 6 : 0);   /* corr, throttle, error, session */
    if (r->len < head) {
        r->bad = true;
        return;
    }
    buf_append(out, r->p, head);
    r->at = head;
    int32_t nt = (int32_t)get(r, 4);
    put_be(out, (uint32_t)nt, 4);
    for (; nt > 0 && !r->bad; nt--) {
        int n;
        const char *name = get_str(r, &n);
        if (!name) {
            r->bad = true;
            return;
        }
        char *topic = dup_n(name, n);
        put_be(out, (uint16_t)n, 2);
        buf_append(out, name, (size_t)n);
        int32_t np = (int32_t)get(r, 4);
        put_be(out, (uint32_t)np, 4);
        for (; np > 0 && !r->bad; np--) copy_fetch_partition(x, r, topic, version, out);
        free(topic);
    }
    if (!r->bad) buf_append(out, r->p + r->at, r->len - r->at);
}

static pending_t take_pending(conn_t *c, int32_t corr, bool *found)
{
    for (int i = 0; i < c->npending; i++) {
        if (c->pending[i].corr != corr) continue;
        pending_t pd = c->pending[i];
        memmove(&c->pending[i], &c->pending[i + 1], (size_t)(c->npending - i - 1) * sizeof *c->pending);
        c->npending--;
        *found = true;
        return pd;
    }
    *found = false;
    return (pending_t){0};
}


/* The answer f (len bytes, after its size) as it goes to the client, into out (with its size). */
static void on_answer(kafka_txnproxy_t *x, conn_t *c, unsigned char *f, size_t len, buf_t *out)
{
    rd_t r = {f, len, 0, false};
    bool found;
    pending_t pd = take_pending(c, (int32_t)get(&r, 4), &found);
    buf_t rebuilt = BUF_INIT;
    if (found && pd.api == API_METADATA && pd.version <= 2) on_metadata(x, &r, f, pd.version);
    if (found && pd.api == API_FIND_COORDINATOR && pd.version <= 2) on_find_coordinator(x, &r, f, pd.version);
    if (found && pd.api == API_PRODUCE && pd.version >= 3 && pd.nproduced) on_produce(x, &r, &pd);
    if (found && pd.api == API_END_TXN) {
        get(&r, 4);
        if (get(&r, 2) == 0 && !r.bad) txn_end(x, pd.pid, pd.committed);
    }
    if (found && pd.api == API_FETCH && pd.version >= 4 && pd.version <= 11 && pd.isolation == READ_COMMITTED) {
        r.at = 0;
        rebuild_fetch(x, &r, pd.version, &rebuilt);
    }
    bool use = rebuilt.len && !r.bad;
    put_be(out, (uint32_t)(use ? rebuilt.len : len), 4);
    buf_append(out, use ? rebuilt.data : f, use ? rebuilt.len : len);
    buf_free(&rebuilt);
    if (found) pending_free(&pd);
}

/* ---- connections ---- */

static void conn_close(conn_t *c)
{
    for (int k = 0; k < 2; k++) {
        if (c->fd[k] >= 0) close(c->fd[k]);
        c->fd[k] = -1;
        buf_free(&c->in[k]);
    }
    for (int i = 0; i < c->npending; i++) pending_free(&c->pending[i]);
    free(c->pending);
    c->pending = NULL;
    c->npending = 0;
}

static void accept_one(kafka_txnproxy_t *x, int li)
{
    int client = accept4(x->listen_fd[li], NULL, NULL, SOCK_CLOEXEC);
    if (client < 0) return;
    for (int i = 0; i < PROXY_MAX_CONNS; i++) {
        conn_t *c = &x->conns[i];
        if (c->fd[0] >= 0 || c->fd[1] >= 0) continue;
        int broker = kafka_relay_connect(x->target[li]);
        if (broker < 0) break;
        no_delay(client), no_delay(broker);
        *c = (conn_t){{client, broker}, {BUF_INIT, BUF_INIT}, xcalloc(PROXY_MAX_PENDING, sizeof(pending_t)), 0};
        return;
    }
    close(client);   /* no free slot or the broker is down: the client retries */
}

/* Reads what fd[k] has and forwards each whole frame; false when a side is
 * gone, or (the client gone) the last pending answer was read. */
static bool pump(kafka_txnproxy_t *x, conn_t *c, int k)
{
    unsigned char chunk[65536];
    ssize_t got = read(c->fd[k], chunk, sizeof chunk);
    if (got <= 0) return got < 0 && (errno == EINTR || errno == EAGAIN);
    buf_t *in = &c->in[k];
    buf_append(in, chunk, (size_t)got);
    size_t at = 0;
    bool alive = true;
    buf_t out = BUF_INIT;
    while (alive && in->len - at >= 4) {
        rd_t h = {in->data + at, 4, 0, false};
        size_t size = (size_t)get(&h, 4);
        if (in->len - at - 4 < size) break;
        unsigned char *f = in->data + at + 4;
        buf_clear(&out);
        if (k == 0) {
            on_request(x, c, f, size);
            alive = send_all(c->fd[1], in->data + at, size + 4);
        } else {
            on_answer(x, c, f, size, &out);
            alive = c->fd[0] < 0 ? c->npending > 0 : send_all(c->fd[0], out.data, out.len);
        }
        at += size + 4;
    }
    buf_free(&out);
    memmove(in->data, in->data + at, in->len - at);
    in->len -= at;
    return alive;
}

static void *proxy_main(void *arg)
{
    kafka_txnproxy_t *x = arg;
    size_t cap = 1 + (size_t)x->n + 2 * PROXY_MAX_CONNS;
    struct pollfd *fds = xcalloc(cap, sizeof *fds);
    for (;;) {
        int n = 0;
        fds[n++] = (struct pollfd){.fd = x->wake[0], .events = POLLIN};
        for (int i = 0; i < x->n; i++) fds[n++] = (struct pollfd){.fd = x->listen_fd[i], .events = POLLIN};
        for (int i = 0; i < PROXY_MAX_CONNS; i++)
            for (int k = 0; k < 2; k++) fds[n++] = (struct pollfd){.fd = x->conns[i].fd[k], .events = POLLIN};
        if (poll(fds, (nfds_t)n, -1) < 0 && errno != EINTR) break;
        if (fds[0].revents) break;
        for (int i = 0; i < x->n; i++)
            if (fds[1 + i].revents & POLLIN) accept_one(x, i);
        for (int i = 0; i < PROXY_MAX_CONNS; i++)
            for (int k = 0; k < 2; k++) {
                const struct pollfd *p = &fds[1 + x->n + 2 * i + k];
                conn_t *c = &x->conns[i];
                if (p->fd < 0 || !p->revents || c->fd[k] != p->fd) continue;
                if (pump(x, c, k)) continue;
                if (k == 0 && c->npending > 0) {   /* a client gone (killed): its answers still tell what the */
                    close(c->fd[0]);                /* broker appended, so the broker side drains them first */
                    c->fd[0] = -1;
                } else {
                    conn_close(c);
                }
            }
    }
    free(fds);
    return NULL;
}

static void proxy_free(kafka_txnproxy_t *x)
{
    for (int i = 0; i < PROXY_MAX_CONNS; i++) conn_close(&x->conns[i]);
    for (int i = 0; i < x->n; i++) {
        if (x->listen_fd[i] >= 0) close(x->listen_fd[i]);
        if (x->own_fd[i] >= 0) close(x->own_fd[i]);
    }
    for (int i = 0; i < x->ntxns; i++) free(x->txns[i].topic);
    for (int i = 0; i < x->ntids; i++) free(x->tids[i].id);
    for (int i = 0; i < x->nmarkers; i++) free(x->markers[i].group), free(x->markers[i].topic);
    free(x->markers);
    free(x->txns);
    free(x->tids);
    free(x->listen_fd);
    free(x->own_fd);
    free(x->port);
    free(x->target);
    free(x);
}

kafka_txnproxy_t *kafka_txnproxy_new(const int *broker_ports, int n, char *err, size_t errlen)
{
    kafka_txnproxy_t *x = xcalloc(1, sizeof *x);
    x->n = n;
    x->listen_fd = xcalloc((size_t)n + 1, sizeof *x->listen_fd);
    x->port = xcalloc((size_t)n + 1, sizeof *x->port);
    x->target = xcalloc((size_t)n + 1, sizeof *x->target);
    x->own_fd = xcalloc((size_t)n + 1, sizeof *x->own_fd);
    for (int i = 0; i < PROXY_MAX_CONNS; i++) x->conns[i].fd[0] = x->conns[i].fd[1] = -1;
    for (int i = 0; i < n; i++) x->listen_fd[i] = x->own_fd[i] = -1;
    for (int i = 0; i < n; i++) {
        x->target[i] = broker_ports[i];
        if ((x->listen_fd[i] = kafka_relay_listen(0, &x->port[i], err, errlen)) < 0) {
            proxy_free(x);
            return NULL;
        }
    }
    if (pipe2(x->wake, O_CLOEXEC) != 0 || pthread_create(&x->thread, NULL, proxy_main, x) != 0) {
        snprintf(err, errlen, "cannot start the transaction proxy: %s", strerror(errno));
        proxy_free(x);
        return NULL;
    }
    return x;
}

int kafka_txnproxy_port(const kafka_txnproxy_t *p, int i) { return p->port[i]; }

void kafka_txnproxy_destroy(kafka_txnproxy_t *x)
{
    if (!x) return;
    if (write(x->wake[1], "x", 1) != 1) abort();
    pthread_join(x->thread, NULL);
    close(x->wake[0]);
    close(x->wake[1]);
    proxy_free(x);
}
