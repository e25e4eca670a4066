/* render_vectors.h - reading tests/vectors/render/, the files
 * javashim/src/test/java/io/ptfhost/bridge/render/RenderVectors.java writes
 * from real JDK objects; shared by the suites that check C text against them
 * (test_render.c, test_java_number.c). */
#ifndef PTF_RENDER_VECTORS_H
#define PTF_RENDER_VECTORS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *vector_path(const char *name)
{
    const char *root = getenv("PTFHOST_ROOT");
    static char path[4096];
    snprintf(path, sizeof path, "%s/tests/vectors/render/%s", root ? root : ".", name);
    return path;
}

/* Next non-comment line split at tabs; returns the number of columns or -1 at EOF. */
static int next_line(FILE *f, char *line, size_t cap, char **cols, int maxcols, int *lineno)
{
    while (fgets(line, (int)cap, f)) {
        (*lineno)++;
        line[strcspn(line, "\n")] = 0;
        if (line[0] == '#' || line[0] == 0) continue;
        int n = 0;
        char *p = line;
        cols[n++] = p;
        while (n < maxcols && (p = strchr(p, '\t')) != NULL) {
            *p++ = 0;
            cols[n++] = p;
        }
        return n;
    }
    return -1;
}

#endif
