/* arena.c - see arena.h. Blocks are malloc'ed and chained; a request larger
 * than the block size gets a block of its own. */
#include "util/arena.h"
#include "util/xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct arena_block {
    arena_block_t *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
};


void arena_init(arena_t *a, size_t block_size)
{
    a->head = NULL;
    a->block_size = block_size ? block_size : 64 * 1024;
}

void *arena_alloc(arena_t *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    arena_block_t *b = a->head;
    if (!b || b->size - b->used < n) {
        size_t size = n > a->block_size ? n : a->block_size;
        b = xmalloc(sizeof(*b) + size);
        b->size = size;
        b->used = 0;
        b->next = a->head;
        a->head = b;
    }
    void *p = b->data + b->used;
    b->used += n;
    return p;
}

void *arena_calloc(arena_t *a, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size) {
        fputs("ptfhost: allocation overflow\n", stderr);
        abort();
    }
    void *p = arena_alloc(a, count * size);
    memset(p, 0, count * size);
    return p;
}

void *arena_memdup(arena_t *a, const void *p, size_t n)
{
    void *q = arena_alloc(a, n ? n : 1);
    if (n) memcpy(q, p, n);
    return q;
}

char *arena_strndup(arena_t *a, const char *s, size_t n)
{
    char *q = arena_alloc(a, n + 1);
    memcpy(q, s, n);
    q[n] = '\0';
    return q;
}

char *arena_strdup(arena_t *a, const char *s)
{
    return arena_strndup(a, s, strlen(s));
}

void arena_reset(arena_t *a)
{
    arena_block_t *b = a->head;
    if (!b) return;
    /* keep the oldest block (the one at the end of the chain) */
    while (b->next) {
        arena_block_t *next = b->next;
        free(b);
        b = next;
    }
    b->used = 0;
    a->head = b;
}

void arena_destroy(arena_t *a)
{
    arena_block_t *b = a->head;
    while (b) {
        arena_block_t *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
}
