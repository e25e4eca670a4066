/* cmd_broker.c - 'ptfhost broker': the built-in Kafka broker (kafka/broker.h)
 * until SIGINT or SIGTERM. The first line on stdout is
 * "bootstrap.servers=HOST:PORT[,...]", for scripts to read. Lines on stdin
 * are fault-control commands for tests (down 1, up 1, errors 1 3 -195; see
 * kafka_broker_control), each answered with a line on stdout. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "kafka/broker.h"

static int stop_pipe[2] = {-1, -1};

static void on_stop_signal(int sig)
{
    (void)sig;
    ssize_t n = write(stop_pipe[1], "x", 1);
    (void)n;
}

/* Runs the complete lines in buf (len bytes) as fault-control commands
 * (kafka_broker_control): each answered on stdout, an error on stderr.
 * Returns how many bytes are left over (an unfinished line). */
static size_t run_commands(kafka_broker_t *b, char *buf, size_t len)
{
    size_t start = 0;
    for (char *nl; (nl = memchr(buf + start, '\n', len - start)); start = (size_t)(nl - buf) + 1) {
        *nl = '\0';
        char reply[256], err[256];
        if (buf[start + strspn(buf + start, " \t\r")] == '\0') continue;   /* a blank line */
        if (kafka_broker_control(b, buf + start, reply, sizeof reply, err, sizeof err) == 0) printf("%s\n", reply);
        else fprintf(stderr, "ptfhost broker: %s\n", err);
        fflush(stdout);
    }
    memmove(buf, buf + start, len - start);
    return len - start;
}

/* Until SIGINT/SIGTERM (they wake the command through a pipe, whichever
 * thread gets them), running the commands that arrive on stdin; every
 * second without either, the retention watch (broker.h). */
static int serve(kafka_broker_t *b)
{
    if (pipe(stop_pipe) != 0) return -1;
    struct sigaction sa = {.sa_handler = on_stop_signal};
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGINT, &sa, NULL) != 0 || sigaction(SIGTERM, &sa, NULL) != 0) return -1;
    struct pollfd p[2] = {{.fd = stop_pipe[0], .events = POLLIN}, {.fd = STDIN_FILENO, .events = POLLIN}};
    char buf[1024];
    size_t len = 0;
    for (;;) {
        int ready = poll(p, 2, 1000);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (ready == 0) {
            kafka_broker_watch_retention(b, stderr);
            continue;
        }
        if (p[0].revents) return 0;
        if (!p[1].revents) continue;
        ssize_t n = read(STDIN_FILENO, buf + len, sizeof buf - 1 - len);
        if (n <= 0) p[1].fd = -1;   /* end of input (or none): signals only */
        else if ((len = run_commands(b, buf, len + (size_t)n)) == sizeof buf - 1) len = 0;   /* too long: dropped */
    }
}

static int parse_count(const char *name, const char *text, int min, int max, int *out)
{
    if (!text) return 0;
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end || v < min || v > max) {
        fprintf(stderr, "ptfhost broker: --%s must be an integer from %d to %d, not '%s'\n", name, min, max, text);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* "a,b,c" into the topic list; returns the copy the names point into. */
static char *split_topics(const char *text, cli_strlist_t *topics)
{
    if (!text) return NULL;
    char *copy = strdup(text), *save = NULL;
    for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
        if (*t) cli_strlist_push(topics, t);
    return copy;
}

int cmd_broker(int argc, char **argv)
{
    const char *port = NULL, *brokers = NULL, *partitions = NULL, *topics = NULL;
    bool help = false, isolate = false;
    cli_option_t opts[] = {
        {"port", CLI_STRING, &port, "N  bootstrap port on 127.0.0.1 (default: one the kernel picks)"},
        {"brokers", CLI_STRING, &brokers, "N  brokers in the cluster (default 1)"},
        {"partitions", CLI_STRING, &partitions, "N  partitions of each --topics topic (default 1)"},
        {"topics", CLI_STRING, &topics, "a,b,...  topics to create (others are auto-created with 4 partitions)"},
        {"isolate-transactions", CLI_FLAG, &isolate,
         "read_committed readers see only committed transactions (a proxy in front of the mock brokers)"},
        {"help", CLI_FLAG, &help, "show this help"},
        {NULL, 0, NULL, NULL},
    };
    cli_strlist_t pos = {0};
    if (cli_parse("broker", opts, argc, argv, &pos) != 0) return 2;
    int npos = pos.n;
    cli_strlist_free(&pos);
    if (help || npos != 0) {
        cli_usage("broker", "[options]", opts);
        return help ? 0 : 2;
    }
    kafka_broker_options_t o = {.port = 0, .brokers = 1, .partitions = 1, .isolate = isolate};
    if (parse_count("port", port, 1, 65535, &o.port) != 0 || parse_count("brokers", brokers, 1, 64, &o.brokers) != 0 ||
        parse_count("partitions", partitions, 1, 100000, &o.partitions) != 0)
        return 2;
    cli_strlist_t names = {0};
    char *names_text = split_topics(topics, &names);
    o.topics = names.items;
    o.ntopics = names.n;

    char err[1024];
    kafka_broker_t *b = kafka_broker_new(&o, err, sizeof err);
    cli_strlist_free(&names);
    free(names_text);
    if (!b) {
        fprintf(stderr, "ptfhost broker: %s\n", err);
        return 1;
    }
    printf("bootstrap.servers=%s\n", kafka_broker_bootstraps(b));
    fflush(stdout);
    int rc = serve(b);
    kafka_broker_destroy(b);
    if (rc != 0) fprintf(stderr, "ptfhost broker: cannot wait for a signal: %s\n", strerror(errno));
    return rc == 0 ? 0 : 2;
}
