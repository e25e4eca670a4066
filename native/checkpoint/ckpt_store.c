/* ckpt_store.c - see ckpt_store.h. */
#define _POSIX_C_SOURCE 200809L
#include "checkpoint/ckpt_store.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/buf.h"

/* "chk-12" -> 12 (complete: true), "chk-12.inprogress" -> 12 (false); 0 if neither. */
static uint64_t folder_id(const char *name, bool *complete, bool *savepoint)
{
    const char *digits = NULL;
    if (strncmp(name, "chk-", 4) == 0) digits = name + 4;
    else if (strncmp(name, "savepoint-", 10) == 0) digits = name + 10;
    if (!digits || *digits < '0' || *digits > '9') return 0;
    char *end;
    unsigned long long id = strtoull(digits, &end, 10);
    *complete = *end == '\0';
    *savepoint = name[0] == 's';
    return *complete || strcmp(end, ".inprogress") == 0 ? id : 0;
}

/* The highest id of dir's folders (0: none), and that folder's kind. */
static uint64_t newest_folder(const char *dir, bool *complete, bool *savepoint)
{
    *complete = *savepoint = false;
    DIR *d = opendir(dir);
    if (!d) return 0;
    uint64_t last = 0;
    for (struct dirent *e; (e = readdir(d));) {
        bool c, s;
        uint64_t id = folder_id(e->d_name, &c, &s);
        if (id <= last) continue;
        last = id;
        *complete = c;
        *savepoint = s;
    }
    closedir(d);
    return last;
}

uint64_t ckpt_store_last_id(const char *dir)
{
    bool complete, savepoint;
    return newest_folder(dir, &complete, &savepoint);
}

uint64_t ckpt_store_newest_aside(const char *dir, uint32_t *flags)
{
    bool complete, savepoint;
    uint64_t id = newest_folder(dir, &complete, &savepoint);
    *flags = savepoint ? CKPT_FLAG_SAVEPOINT : 0;
    return complete ? 0 : id;
}

static int fail_errno(const char *what, const char *path, char *err, size_t errlen)
{
    snprintf(err, errlen, "checkpoint: cannot %s '%s': %s", what, path, strerror(errno));
    return -1;
}

static int fsync_path(const char *path, int flags, char *err, size_t errlen)
{
    int fd = open(path, flags);
    if (fd < 0) return fail_errno("open", path, err, errlen);
    int rc = fsync(fd);
    close(fd);
    return rc == 0 ? 0 : fail_errno("fsync", path, err, errlen);
}

static int write_file(const char *path, const buf_t *b, char *err, size_t errlen)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return fail_errno("create", path, err, errlen);
    for (size_t at = 0; at < b->len;) {
        ssize_t n = write(fd, b->data + at, b->len - at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            fail_errno("write", path, err, errlen);
            close(fd);
            return -1;
        }
        at += (size_t)n;
    }
    int rc = fsync(fd);
    if (close(fd) != 0 || rc != 0) return fail_errno("fsync", path, err, errlen);
    return 0;
}

static void remove_folder(const char *path)
{
    char file[4200];
    snprintf(file, sizeof file, "%s/%s", path, CKPT_METADATA);
    unlink(file);
    rmdir(path);
}

int ckpt_store_write(const char *dir, const ckpt_image_t *img, int retained, char *path, size_t pathlen,
                     char *err, size_t errlen)
{
    return ckpt_store_write_publish(dir, img, retained, NULL, NULL, path, pathlen, err, errlen);
}

void ckpt_store_folder(const char *dir, uint64_t id, uint32_t flags, char *path, size_t pathlen)
{
    snprintf(path, pathlen, "%s/%s-%llu", dir, flags & CKPT_FLAG_SAVEPOINT ? "savepoint" : "chk",
             (unsigned long long)id);
}

void ckpt_store_aside_folder(const char *dir, uint64_t id, uint32_t flags, char *path, size_t pathlen)
{
    ckpt_store_folder(dir, id, flags, path, pathlen);
    size_t n = strlen(path);
    snprintf(path + n, pathlen - n, ".inprogress");
}

/* The final folder into path, its ".inprogress" twin into aside. */
static void folder_paths(const char *dir, uint64_t id, uint32_t flags, char *path, size_t pathlen, char *aside,
                         size_t asidelen)
{
    ckpt_store_folder(dir, id, flags, path, pathlen);
    ckpt_store_aside_folder(dir, id, flags, aside, asidelen);
}

int ckpt_store_write_aside(const char *dir, uint64_t id, uint32_t flags, const buf_t *file, char *err, size_t errlen)
{
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) return fail_errno("create the checkpoint directory", dir, err, errlen);
    char path[4096], aside[4200], meta[4300];
    folder_paths(dir, id, flags, path, sizeof path, aside, sizeof aside);
    snprintf(meta, sizeof meta, "%s/%s", aside, CKPT_METADATA);
    if (mkdir(aside, 0755) != 0) return fail_errno("create", aside, err, errlen);
    if (write_file(meta, file, err, errlen) != 0) return -1;
    return fsync_path(aside, O_RDONLY | O_DIRECTORY, err, errlen);
}

int ckpt_store_publish(const char *dir, uint64_t id, uint32_t flags, int (*publish)(void *ctx, char *err, size_t errlen),
                       void *ctx, char *path, size_t pathlen, char *err, size_t errlen)
{
    char aside[4200];
    folder_paths(dir, id, flags, path, pathlen, aside, sizeof aside);
    if (publish && publish(ctx, err, errlen) != 0) return -1;
    if (rename(aside, path) != 0) return fail_errno("rename the checkpoint into", path, err, errlen);
    return fsync_path(dir, O_RDONLY | O_DIRECTORY, err, errlen);
}

int ckpt_store_write_publish(const char *dir, const ckpt_image_t *img, int retained,
                             int (*publish)(void *ctx, char *err, size_t errlen), void *ctx, char *path,
                             size_t pathlen, char *err, size_t errlen)
{
    buf_t b = BUF_INIT;
    ckpt_encode(img, &b);
    int rc = ckpt_store_write_aside(dir, img->id, img->flags, &b, err, errlen);
    buf_free(&b);
    if (rc != 0 || ckpt_store_publish(dir, img->id, img->flags, publish, ctx, path, pathlen, err, errlen) != 0)
        return -1;
    if (!(img->flags & CKPT_FLAG_SAVEPOINT)) ckpt_store_prune(dir, img->id, retained);
    return 0;
}

int ckpt_store_load(const char *path, ckpt_image_t *img, char *err, size_t errlen)
{
    char file[4200];
    struct stat st;
    bool folder = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
    snprintf(file, sizeof file, folder ? "%s/" CKPT_METADATA : "%s", path);
    buf_t b = BUF_INIT;
    char rerr[512];
    int rc = buf_read_file(&b, file, rerr, sizeof rerr);
    if (rc != 0) {
        ckpt_image_init(img, 0, 0);
        snprintf(err, errlen, "%s", rerr);
    } else if ((rc = ckpt_decode(b.data, b.len, img, rerr, sizeof rerr)) != 0) {
        snprintf(err, errlen, "%s: %s", file, rerr);
    }
    buf_free(&b);
    return rc;
}

static int cmp_desc(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* The complete folders of dir, newest first: ids with bit 63 marking a savepoint. */
static size_t complete_ids(const char *dir, uint64_t **ids)
{
    *ids = NULL;
    DIR *d = opendir(dir);
    if (!d) return 0;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        bool complete, savepoint;
        uint64_t id = folder_id(e->d_name, &complete, &savepoint);
        if (id == 0 || !complete) continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            uint64_t *p = realloc(*ids, cap * sizeof *p);
            if (!p) abort();
            *ids = p;
        }
        (*ids)[n++] = id << 1 | (savepoint ? 1u : 0u);
    }
    closedir(d);
    qsort(*ids, n, sizeof **ids, cmp_desc);
    return n;
}

void ckpt_store_prune(const char *dir, uint64_t newest, int retained)
{
    if (retained < 1) retained = 1;
    uint64_t *ids;
    size_t n = complete_ids(dir, &ids);
    int kept = 0;
    char path[4096];
    for (size_t i = 0; i < n; i++) {
        if (ids[i] & 1 || ++kept <= retained) continue;   /* savepoints stay */
        snprintf(path, sizeof path, "%s/chk-%llu", dir, (unsigned long long)(ids[i] >> 1));
        remove_folder(path);
    }
    free(ids);
    DIR *d = opendir(dir);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d));) {
        bool complete, savepoint;
        uint64_t id = folder_id(e->d_name, &complete, &savepoint);
        if (id == 0 || complete || id >= newest) continue;
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < sizeof path) remove_folder(path);
    }
    closedir(d);
}

int ckpt_store_load_latest(const char *dir, ckpt_image_t *img, bool *found, char *path, size_t pathlen,
                           FILE *warn, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    uint64_t *ids;
    size_t n = complete_ids(dir, &ids);
    *found = false;
    ckpt_image_init(img, 0, 0);
    for (size_t i = 0; i < n && !*found; i++) {
        snprintf(path, pathlen, "%s/%s-%llu", dir, ids[i] & 1 ? "savepoint" : "chk",
                 (unsigned long long)(ids[i] >> 1));
        ckpt_image_free(img);
        char lerr[1024];
        if (ckpt_store_load(path, img, lerr, sizeof lerr) == 0) *found = true;
        else if (warn)
            fprintf(warn, "ptfhost: skipping checkpoint %s (%s); trying the one before it\n", path, lerr);
    }
    free(ids);
    return 0;
}

/* ---- stop with savepoint ---- */

static volatile sig_atomic_t stop_signal;
static struct sigaction old_int, old_term;
static bool armed;

static void on_stop(int sig) { stop_signal = sig; }

void ckpt_stop_arm(void)
{
    if (armed) return;
    struct sigaction sa = {.sa_handler = on_stop, .sa_flags = SA_RESTART};   /* reads go on */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    armed = true;
}

void ckpt_stop_disarm(void)
{
    if (!armed) return;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    armed = false;
}

int ckpt_stop_signal(void) { return stop_signal; }
const volatile sig_atomic_t *ckpt_stop_flag(void) { return &stop_signal; }
