/* relay.h - a TCP relay on a loopback port ("kafka_relay_"): every
 * connection accepted on 127.0.0.1:port is joined byte for byte to a new
 * connection to target_port. The built-in broker uses it to offer a fixed
 * bootstrap port in front of the mock cluster's kernel-chosen ones.
 *
 * Threading: one thread of its own relays every connection; destroy stops
 * it and closes every socket. */
#ifndef PTF_KAFKA_RELAY_H
#define PTF_KAFKA_RELAY_H

#include <stddef.h>

typedef struct kafka_relay kafka_relay_t;

/* port 0 lets the kernel choose; NULL with err set (e.g. the port is in use). */
kafka_relay_t *kafka_relay_new(int port, int target_port, char *err, size_t errlen);
int kafka_relay_port(const kafka_relay_t *r);

/* The loopback sockets both relays use (txnproxy.h too): a listener on
 * 127.0.0.1:port (0: the kernel picks; *bound gets it), -1 with err; a
 * connection to 127.0.0.1:port, -1 when refused. */
int kafka_relay_listen(int port, int *bound, char *err, size_t errlen);
int kafka_relay_connect(int port);
void kafka_relay_destroy(kafka_relay_t *r);

#endif
