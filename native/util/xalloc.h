/* xalloc.h - allocation that cannot fail: running out of memory is not an
 * input error this program can report and survive, so these print one line
 * and abort. Everything else about ownership is the caller's. */
#ifndef PTF_XALLOC_H
#define PTF_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);   /* n == 0 still returns a valid pointer */
char *xstrdup(const char *s);        /* NULL stays NULL */

#endif
