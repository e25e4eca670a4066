/* txnproxy.h - transaction isolation for the built-in broker ("kafka_txnproxy_").
 *
 * librdkafka's mock cluster runs the transactional protocol (InitProducerId,
 * AddPartitionsToTxn, EndTxn) but isolates nothing: it writes no commit or
 * abort markers, its LastStableOffset is the high watermark and it lists no
 * aborted transactions, so a read_committed consumer sees every record.
 * This proxy sits in front of each mock broker and adds what a Kafka broker
 * does for read_committed fetches, from what passes through it:
 *
 *   Produce      a transactional batch opens its producer's transaction on
 *                the partition at the batch's base offset (from the answer)
 *   EndTxn       commit closes the producer's transactions; abort lists them
 *                as aborted (producer id, first offset) per partition
 *   InitProducerId  a transactional.id starting again aborts what its
 *                earlier producer left open (a producer that crashed)
 *   TxnOffsetCommit the offsets are kept per producer; when its EndTxn
 *                commit succeeds the proxy stores them (the mock does not)
 *                with an OffsetCommit v2 of its own (generation -1) to the
 *                group's coordinator, before the client sees the answer;
 *                an abort drops them
 *   Fetch        read_committed: LastStableOffset = the first offset of the
 *                partition's oldest open transaction (else the high
 *                watermark), the aborted transactions listed, and no batch
 *                at or past the LastStableOffset returned
 *   Metadata, FindCoordinator  broker ports rewritten to the proxy's, so
 *                clients keep talking through it
 *
 * Without abort markers a consumer skips every later batch of an aborted
 * producer id, which is right here: the mock gives each producer start a
 * new id. Versions: those the mock serves (Metadata 0-2, FindCoordinator
 * 0-2, Produce 3-7, Fetch 4-11, EndTxn 0-1, InitProducerId 0-4,
 * TxnOffsetCommit 0-3); a frame
 * the proxy cannot parse passes unchanged.
 *
 * Threading: one thread of its own serves every connection and owns the
 * transaction state; destroy stops it and closes every socket. */
#ifndef PTF_KAFKA_TXNPROXY_H
#define PTF_KAFKA_TXNPROXY_H

#include <stddef.h>

typedef struct kafka_txnproxy kafka_txnproxy_t;

/* A listener on a kernel-chosen loopback port in front of each of the n
 * broker ports; NULL with err set. */
kafka_txnproxy_t *kafka_txnproxy_new(const int *broker_ports, int n, char *err, size_t errlen);
/* The port in front of broker_ports[i]. */
int kafka_txnproxy_port(const kafka_txnproxy_t *p, int i);
void kafka_txnproxy_destroy(kafka_txnproxy_t *p);

#endif
