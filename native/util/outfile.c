/* outfile.c - see outfile.h. */
#include "util/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/xalloc.h"

/* ---- streams ------------------------------------------------------------------ */

bool outfile_reader_gone(FILE *f)
{
    int fd = fileno(f);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode))) return false;
    struct pollfd p = {.fd = fd, .events = POLLOUT};
    return poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP));
}

/* stdio keeps that a write failed, not why: ask the descriptor when errno
 * has nothing better (an empty write still fails on a full device). */
static int failure_reason(FILE *f, int seen)
{
    if (outfile_reader_gone(f)) return EPIPE;
    int fd = fileno(f), fl = fd < 0 ? 0 : fcntl(fd, F_GETFL);
    if (fd >= 0 && (fl == -1 || (fl & O_ACCMODE) == O_RDONLY)) return EBADF;
    if (seen == 0 && fd >= 0 && write(fd, "", 0) < 0) return errno;
    return seen;
}

int outfile_check(FILE *f, const char *where, bool flush, char *err, size_t errlen)
{
    int seen = errno;   /* a caller that just wrote: why that write failed */
    if (flush) {
        errno = 0;
        seen = fflush(f) != 0 ? errno : 0;
    }
    if (!ferror(f)) return 0;
    int e = failure_reason(f, seen);
    snprintf(err, errlen, "cannot write the output to %s: %s", where, e ? strerror(e) : "a write failed");
    return -1;
}

/* ---- in-progress files ------------------------------------------------------------ */

/* A random (version 4) UUID in Java's UUID.toString() form. */
static void random_uuid(char out[37])
{
    unsigned char b[16];
    size_t got = 0;
    while (got < sizeof b) {
        ssize_t n = getrandom(b + got, sizeof b - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) abort();   /* the kernel's generator is always there on Linux >= 3.17 */
        got += (size_t)n;
    }
    b[6] = (unsigned char)((b[6] & 0x0f) | 0x40);
    b[8] = (unsigned char)((b[8] & 0x3f) | 0x80);
    static const char hex[] = "0123456789abcdef";
    char *p = out;
    for (int i = 0; i < 16; i++) {
        if (i == 4 || i == 6 || i == 8 || i == 10) *p++ = '-';
        *p++ = hex[b[i] >> 4];
        *p++ = hex[b[i] & 15];
    }
    *p = '\0';
}

char *outfile_temp_name(const char *target)
{
    const char *slash = strrchr(target, '/');
    size_t dirlen = slash ? (size_t)(slash - target) + 1 : 0;
    char uuid[37];
    random_uuid(uuid);
    size_t n = strlen(target) + sizeof uuid + 16;
    char *tmp = xmalloc(n);
    snprintf(tmp, n, "%.*s.%s.inprogress.%s", (int)dirlen, target, target + dirlen, uuid);
    return tmp;
}

FILE *outfile_create_exclusive(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) return NULL;
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        int e = errno;
        close(fd);
        unlink(path);
        errno = e;
    }
    return f;
}

/* The buffers outfile_unshared gave its streams, until outfile_close.
 * glibc ignores setvbuf's size without a buffer (it keeps st_blksize,
 * 4 KiB here), so the buffer is ours and lives as long as its stream. A
 * source's and a sink's thread may open and close files at once. */
typedef struct stream_buf {
    FILE *f;
    char *buf;
    struct stream_buf *next;
} stream_buf_t;

static pthread_mutex_t g_bufs_mu = PTHREAD_MUTEX_INITIALIZER;
static stream_buf_t *g_bufs;

enum { UNSHARED_BUF = 1 << 16 };

void outfile_unshared(FILE *f)
{
    __fsetlocking(f, FSETLOCKING_BYCALLER);
    stream_buf_t *sb = malloc(sizeof *sb);
    char *buf = sb ? malloc(UNSHARED_BUF) : NULL;
    if (!buf || setvbuf(f, buf, _IOFBF, UNSHARED_BUF) != 0) {   /* stdio's own buffer, then */
        free(buf);
        free(sb);
        return;
    }
    sb->f = f;
    sb->buf = buf;
    pthread_mutex_lock(&g_bufs_mu);
    sb->next = g_bufs;
    g_bufs = sb;
    pthread_mutex_unlock(&g_bufs_mu);
}

int outfile_close(FILE *f)
{
    int rc = fclose(f);
    pthread_mutex_lock(&g_bufs_mu);
    stream_buf_t **at = &g_bufs;
    while (*at && (*at)->f != f) at = &(*at)->next;
    stream_buf_t *sb = *at;
    if (sb) *at = sb->next;
    pthread_mutex_unlock(&g_bufs_mu);
    if (sb) free(sb->buf);
    free(sb);
    return rc;
}

FILE *outfile_temp_open(const char *target, char **tmp, char *err, size_t errlen)
{
    for (int attempt = 0; attempt < 8; attempt++) {   /* a clash of 122 random bits is only ever planted */
        *tmp = outfile_temp_name(target);
        FILE *f = outfile_create_exclusive(*tmp);
        if (f) {
            outfile_unshared(f);   /* the sink's thread alone writes it */
            return f;
        }
        int e = errno;
        if (e != EEXIST || attempt == 7) snprintf(err, errlen, "cannot create '%s': %s", *tmp, strerror(e));
        free(*tmp);
        *tmp = NULL;
        if (e != EEXIST) break;
    }
    return NULL;
}

int outfile_commit(FILE *f, const char *tmp, const char *target, bool commit, char *err, size_t errlen)
{
    errno = 0;
    int e = fflush(f) != 0 ? errno : ferror(f) ? EIO : 0;
    if (outfile_close(f) != 0 && e == 0) e = errno ? errno : EIO;
    int rc = 0;
    if (commit && e != 0) {
        snprintf(err, errlen, "cannot write '%s': %s", target, strerror(e));
        rc = -1;
    } else if (commit && rename(tmp, target) != 0) {
        snprintf(err, errlen, "cannot move '%s' to '%s': %s", tmp, target, strerror(errno));
        rc = -1;
    }
    if (!commit || rc != 0) unlink(tmp);
    return rc;
}
