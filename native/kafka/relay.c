/* relay.c - see relay.h. One poll() loop over the listening socket, a wake
 * pipe and both ends of every relayed connection. Writes block: the peers
 * are local Kafka clients and brokers that keep reading. */
#include "kafka/relay.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "util/xalloc.h"

#define RELAY_MAX_PAIRS 64

struct kafka_relay {
    int listen_fd, port, target_port;
    int wake[2];                          /* a byte on wake[1] stops the thread */
    int pairs[RELAY_MAX_PAIRS][2];        /* client, broker; -1 = free */
    pthread_t thread;
};

int kafka_relay_listen(int port, int *bound, char *err, size_t errlen)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), on = 1;
    struct sockaddr_in sin = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port),
                              .sin_addr = {.s_addr = htonl(INADDR_LOOPBACK)}};
    socklen_t len = sizeof sin;
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0 ||
        bind(fd, (struct sockaddr *)&sin, sizeof sin) != 0 || listen(fd, 16) != 0 ||
        getsockname(fd, (struct sockaddr *)&sin, &len) != 0) {
        snprintf(err, errlen, "cannot listen on 127.0.0.1:%d: %s", port, strerror(errno));
        if (fd >= 0) close(fd);
        return -1;
    }
    *bound = ntohs(sin.sin_port);
    return fd;
}

int kafka_relay_connect(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in sin = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port),
                              .sin_addr = {.s_addr = htonl(INADDR_LOOPBACK)}};
    if (fd >= 0 && connect(fd, (struct sockaddr *)&sin, sizeof sin) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static void close_pair(int pair[2])
{
    for (int k = 0; k < 2; k++) {
        if (pair[k] >= 0) close(pair[k]);
        pair[k] = -1;
    }
}

static void accept_one(kafka_relay_t *r)
{
    int client = accept4(r->listen_fd, NULL, NULL, SOCK_CLOEXEC);
    if (client < 0) return;
    for (int i = 0; i < RELAY_MAX_PAIRS; i++) {
        if (r->pairs[i][0] >= 0) continue;
        int broker = kafka_relay_connect(r->target_port);
        if (broker < 0) break;
        r->pairs[i][0] = client;
        r->pairs[i][1] = broker;
        return;
    }
    close(client);   /* no free slot or no broker: the client retries */
}

/* Moves what is readable on from to to; false when either side is gone. */
static bool forward(int from, int to)
{
    char chunk[65536];
    ssize_t n = read(from, chunk, sizeof chunk);
    if (n <= 0) return n < 0 && (errno == EINTR || errno == EAGAIN);
    for (ssize_t off = 0; off < n;) {
        ssize_t w = send(to, chunk + off, (size_t)(n - off), MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        off += w;
    }
    return true;
}

static void *relay_main(void *arg)
{
    kafka_relay_t *r = arg;
    struct pollfd fds[2 + 2 * RELAY_MAX_PAIRS];
    for (;;) {
        int n = 0;
        fds[n++] = (struct pollfd){.fd = r->wake[0], .events = POLLIN};
        fds[n++] = (struct pollfd){.fd = r->listen_fd, .events = POLLIN};
        for (int i = 0; i < RELAY_MAX_PAIRS; i++)
            for (int k = 0; k < 2; k++) fds[n++] = (struct pollfd){.fd = r->pairs[i][k], .events = POLLIN};
        if (poll(fds, (nfds_t)n, -1) < 0 && errno != EINTR) break;
        if (fds[0].revents) break;
        if (fds[1].revents & POLLIN) accept_one(r);
        for (int i = 0; i < RELAY_MAX_PAIRS; i++)
            for (int k = 0; k < 2; k++) {
                const struct pollfd *p = &fds[2 + 2 * i + k];
                if (p->fd < 0 || !p->revents || r->pairs[i][k] != p->fd) continue;
                if (!forward(r->pairs[i][k], r->pairs[i][1 - k])) close_pair(r->pairs[i]);
            }
    }
    return NULL;
}

kafka_relay_t *kafka_relay_new(int port, int target_port, char *err, size_t errlen)
{
    kafka_relay_t *r = xcalloc(1, sizeof *r);
    r->target_port = target_port;
    for (int i = 0; i < RELAY_MAX_PAIRS; i++) r->pairs[i][0] = r->pairs[i][1] = -1;
    r->listen_fd = kafka_relay_listen(port, &r->port, err, errlen);
    if (r->listen_fd < 0) {
        free(r);
        return NULL;
    }
    if (pipe2(r->wake, O_CLOEXEC) != 0 || pthread_create(&r->thread, NULL, relay_main, r) != 0) {
        snprintf(err, errlen, "cannot start the relay on 127.0.0.1:%d: %s", r->port, strerror(errno));
        close(r->listen_fd);
        free(r);
        return NULL;
    }
    return r;
}

int kafka_relay_port(const kafka_relay_t *r) { return r->port; }

void kafka_relay_destroy(kafka_relay_t *r)
{
    if (!r) return;
    if (write(r->wake[1], "x", 1) != 1) abort();
    pthread_join(r->thread, NULL);
    for (int i = 0; i < RELAY_MAX_PAIRS; i++) close_pair(r->pairs[i]);
    close(r->listen_fd);
    close(r->wake[0]);
    close(r->wake[1]);
    free(r);
}
