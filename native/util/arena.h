/* arena.h - region allocator for per-batch and per-statement data.
 *
 * Everything allocated from an arena is freed at once by arena_reset() or
 * arena_destroy(); nothing inside is freed individually. Not thread-safe: an
 * arena belongs to one thread at a time. Allocation failure aborts (out of
 * memory is not a recoverable input error for this program). */
#ifndef PTF_ARENA_H
#define PTF_ARENA_H

#include <stddef.h>

typedef struct arena_block arena_block_t;
typedef struct arena {
    arena_block_t *head;   /* current block; older blocks chain behind it */
    size_t block_size;     /* default size of new blocks */
} arena_t;

void arena_init(arena_t *a, size_t block_size);     /* block_size 0 = 64 KiB */
void *arena_alloc(arena_t *a, size_t n);             /* 16-byte aligned, uninitialised */
void *arena_calloc(arena_t *a, size_t count, size_t size);
char *arena_strdup(arena_t *a, const char *s);
char *arena_strndup(arena_t *a, const char *s, size_t n);
void *arena_memdup(arena_t *a, const void *p, size_t n);
void arena_reset(arena_t *a);                        /* keeps the first block for reuse */
void arena_destroy(arena_t *a);

#endif
