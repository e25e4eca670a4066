/* broker.h - the built-in Kafka broker ("kafka_broker_"): a Kafka-protocol
 * cluster on 127.0.0.1 built on librdkafka's mock cluster (rdkafka_mock.h),
 * so tests and a new user need no external Kafka.
 *
 * The mock brokers listen on ports the kernel picks. With a fixed port, a
 * relay (relay.h) listens there and forwards each connection to the first
 * broker: clients bootstrap through it and then talk to the brokers at the
 * addresses the cluster advertises. Everything lives in memory and ends
 * with kafka_broker_destroy (see docs/kafka.md for what the mock lacks).
 * With `isolate`, clients talk to the brokers through a proxy
 * (txnproxy.h) that hides open and aborted transactions from
 * read_committed readers, which the mock alone does not.
 *
 * Threading: the cluster and the relay run on their own threads; the
 * functions here are called from one thread. */
#ifndef PTF_KAFKA_BROKER_H
#define PTF_KAFKA_BROKER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct kafka_broker kafka_broker_t;

typedef struct kafka_broker_options {
    int port;                   /* 0: bootstrap at the first broker's own port */
    int brokers;                /* >= 1 */
    int partitions;             /* >= 1, for the topics below */
    const char *const *topics;  /* created up front; others are auto-created */
    int ntopics;
    bool isolate;               /* transactions isolated for read_committed readers (txnproxy.h) */
} kafka_broker_options_t;

/* NULL with err set (a port in use, a topic the cluster refuses). */
kafka_broker_t *kafka_broker_new(const kafka_broker_options_t *o, char *err, size_t errlen);

/* "127.0.0.1:PORT[,...]", owned by the broker. */
const char *kafka_broker_bootstraps(const kafka_broker_t *b);

/* Runs one fault-control command on the cluster, for tests:
 *   down ID|all             disconnect broker ID (1..brokers), refuse new connections
 *   up ID|all               accept connections again
 *   errors API COUNT CODE   fail the next COUNT requests of Kafka API key API
 *                           (1 = Fetch, 0 = Produce, ...) with error CODE
 *                           (librdkafka's numbering: -195 disconnects)
 *   topic NAME PARTITIONS   create a topic (partition discovery tests)
 * 0 with reply saying what was done, or -1 with err (a bad command). */
int kafka_broker_control(kafka_broker_t *b, const char *command, char *reply, size_t replylen, char *err,
                         size_t errlen);

/* librdkafka's mock cluster keeps about 5 MB of records per partition and
 * drops the oldest beyond that, silently. This reports on `out`, once per
 * partition, each partition whose log no longer starts at offset 0; -1 when
 * the cluster could not be asked (try again later). */
int kafka_broker_watch_retention(kafka_broker_t *b, FILE *out);

void kafka_broker_destroy(kafka_broker_t *b);

#endif
