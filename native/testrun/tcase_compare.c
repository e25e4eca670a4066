/* tcase_compare.c - comparing a case's output with its expectation, and
 * showing the difference.
 *
 * Output is compared as printed text, line by line (blank lines and trailing
 * blanks ignored): what Flink prints for a row is the contract, so `1.0` and
 * `1.00` differ as they would in Flink's own tests. Three orders:
 *   exact     the rows in the same order;
 *   per-key   the rows of each key (the given columns) in the same order, keys
 *             interleaved freely (what a keyed, parallel Flink job guarantees);
 *   multiset  the same rows with the same multiplicity, any order (how
 *             Flink's TableTestProgram checks results).
 * The report puts expected and actual side by side (sdiff's markers: '|'
 * changed, '<' only expected, '>' only actual), marks the first difference
 * with '*' and its file:line, and elides long runs of equal rows. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testrun/tcase.h"

#define CONTEXT 3              /* equal rows shown around a difference */
#define MAX_SHOWN 80           /* report lines before the rest is summarised */
#define SIDE_WIDTH 56          /* widest expected row shown side by side */
#define LCS_MAX_CELLS (4u << 20)

#define C_RED "\033[31m"
#define C_GREEN "\033[32m"
#define C_YELLOW "\033[33m"
#define C_BOLD "\033[1m"
#define C_OFF "\033[0m"

/* --- lines and rows ------------------------------------------------------- */

int tcase_split_lines(char *text, char ***lines)
{
    int n = 0, cap = 16;
    char **v = malloc((size_t)cap * sizeof *v);
    if (!v) abort();
    for (char *s = text; s && *s;) {
        char *nl = strchr(s, '\n');
        char *next = nl ? nl + 1 : NULL;
        char *end = nl ? nl : s + strlen(s);
        while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) end--;
        *end = '\0';
        char *t = s;
        while (*t == ' ' || *t == '\t') t++;
        if (*t) {
            if (n == cap) {
                cap *= 2;
                v = realloc(v, (size_t)cap * sizeof *v);
                if (!v) abort();
            }
            v[n++] = t;
        }
        s = next;
    }
    *lines = v;
    return n;
}

int tcase_row_fields(const char *line, char *kind, char **storage, char ***fields)
{
    *storage = NULL;
    *fields = NULL;
    size_t n = strlen(line);
    if (n < 4 || (line[0] != '+' && line[0] != '-') || line[2] != '[' || line[n - 1] != ']') return -1;
    if (!strchr("IUD", line[1])) return -1;
    kind[0] = line[0];
    kind[1] = line[1];
    kind[2] = '\0';
    char *s = strndup(line + 3, n - 4);
    if (!s) abort();
    int cap = 8, count = 0;
    char **f = malloc((size_t)cap * sizeof *f);
    if (!f) abort();
    if (*s) {
        int depth = 0;
        f[count++] = s;
        for (char *p = s; *p; p++) {
            if (*p == '[' || *p == '(' || *p == '{') depth++;
            else if ((*p == ']' || *p == ')' || *p == '}') && depth > 0) depth--;
            else if (depth == 0 && p[0] == ',' && p[1] == ' ') {
                *p = '\0';
                if (count == cap) {
                    cap *= 2;
                    f = realloc(f, (size_t)cap * sizeof *f);
                    if (!f) abort();
                }
                f[count++] = p + 2;
                p++;
            }
        }
    }
    *storage = s;
    *fields = f;
    return count;
}

/* --- alignment ------------------------------------------------------------ */

typedef struct pair {
    int e, a;                  /* expected / actual index, -1 = none on that side */
} pair_t;

typedef struct pairs {
    pair_t *v;
    int n, cap;
} pairs_t;

static void pairs_push(pairs_t *p, int e, int a)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 32;
        p->v = realloc(p->v, (size_t)p->cap * sizeof *p->v);
        if (!p->v) abort();
    }
    p->v[p->n++] = (pair_t){e, a};
}

/* Appends runs of expected-only and actual-only rows, pairing them up so a
 * changed row sits on one line. */
static void push_runs(pairs_t *out, int e0, int e1, int a0, int a1)
{
    while (e0 < e1 || a0 < a1) pairs_push(out, e0 < e1 ? e0++ : -1, a0 < a1 ? a0++ : -1);
}

/* Longest common subsequence alignment of exp[] and act[]; positional when
 * the table would be too large. */
static void align(const char *const *exp, int ne, const char *const *act, int na, pairs_t *out)
{
    if ((size_t)(ne + 1) * (size_t)(na + 1) > LCS_MAX_CELLS) {
        push_runs(out, 0, ne, 0, na);
        return;
    }
    int w = na + 1;
    int *L = calloc((size_t)(ne + 1) * (size_t)w, sizeof *L);
    if (!L) abort();
    for (int i = ne - 1; i >= 0; i--)
        for (int j = na - 1; j >= 0; j--)
            L[i * w + j] = strcmp(exp[i], act[j]) == 0 ? L[(i + 1) * w + j + 1] + 1
                           : L[(i + 1) * w + j] >= L[i * w + j + 1] ? L[(i + 1) * w + j]
                                                                      : L[i * w + j + 1];
    int i = 0, j = 0, ri = 0, rj = 0;
    while (i < ne && j < na) {
        if (strcmp(exp[i], act[j]) == 0) {
            push_runs(out, ri, i, rj, j);
            pairs_push(out, i, j);
            ri = ++i;
            rj = ++j;
        } else if (L[(i + 1) * w + j] >= L[i * w + j + 1]) {
            i++;
        } else {
            j++;
        }
    }
    push_runs(out, ri, ne, rj, na);
    free(L);
}

/* --- rendering ------------------------------------------------------------ */

typedef struct view {
    const char *const *exp;    /* texts */
    const int *exp_line;       /* their file lines */
    int ne;
    const char *const *act;
    int na;
    const char *left, *right;  /* column titles */
} view_t;

static bool pair_equal(const view_t *v, pair_t p)
{
    return p.e >= 0 && p.a >= 0 && strcmp(v->exp[p.e], v->act[p.a]) == 0;
}

static size_t first_diff_col(const char *a, const char *b)
{
    size_t i = 0;
    while (a[i] && a[i] == b[i]) i++;
    return i;
}

static void pad(buf_t *b, size_t n)
{
    while (n--) buf_putc(b, ' ');
}

static void colored(buf_t *b, const tcase_diff_opts_t *o, const char *color, const char *text)
{
    if (o->color && color) buf_printf(b, "%s%s%s", color, text, C_OFF);
    else buf_puts(b, text);
}

/* Renders the aligned pairs; `first` is the index of the first difference. */
static void render(buf_t *b, const tcase_diff_opts_t *o, const view_t *v, const pairs_t *ps, int first)
{
    /* Which pairs are shown: differences plus CONTEXT equal rows around them. */
    bool *show = calloc((size_t)ps->n + 1, 1);
    if (!show) abort();
    for (int k = 0; k < ps->n; k++)
        if (!pair_equal(v, ps->v[k]))
            for (int d = -CONTEXT; d <= CONTEXT; d++)
                if (k + d >= 0 && k + d < ps->n) show[k + d] = true;
    size_t lw = strlen(v->left), rw = strlen(v->right);
    bool side = true;
    for (int k = 0; k < ps->n; k++) {
        if (!show[k]) continue;
        if (ps->v[k].e >= 0 && strlen(v->exp[ps->v[k].e]) > lw) lw = strlen(v->exp[ps->v[k].e]);
        if (ps->v[k].a >= 0 && strlen(v->act[ps->v[k].a]) > rw) rw = strlen(v->act[ps->v[k].a]);
    }
    if (lw > SIDE_WIDTH || rw > 2 * SIDE_WIDTH) side = false;

    if (side) {
        buf_printf(b, "    %6s  %-*s   %s\n", "line", (int)lw, v->left, v->right);
    } else {
        buf_printf(b, "    %6s  (- %s, + %s)\n", "line", v->left, v->right);
    }
    int shown = 0, k = 0;
    while (k < ps->n) {
        if (!show[k]) {
            int from = k;
            while (k < ps->n && !show[k]) k++;
            buf_printf(b, "    %6s  ... %d equal row%s\n", "", k - from, k - from == 1 ? "" : "s");
            continue;
        }
        if (shown++ == MAX_SHOWN) {
            int rest = 0;
            for (int r = k; r < ps->n; r++) rest += !pair_equal(v, ps->v[r]);
            buf_printf(b, "    %6s  ... %d more rows, %d of them different\n", "", ps->n - k, rest);
            break;
        }
        pair_t p = ps->v[k];
        bool eq = pair_equal(v, p);
        const char *mark = k == first ? "* " : "  ";
        char lineno[16] = "";
        if (p.e >= 0) snprintf(lineno, sizeof lineno, "%d", v->exp_line[p.e]);
        const char *et = p.e >= 0 ? v->exp[p.e] : "";
        const char *at = p.a >= 0 ? v->act[p.a] : "";
        if (side) {
            char m = eq ? ' ' : p.e < 0 ? '>' : p.a < 0 ? '<' : '|';
            buf_printf(b, "  %s%6s  ", mark, lineno);
            colored(b, o, eq ? NULL : p.a < 0 ? C_RED : p.e < 0 ? NULL : C_YELLOW, et);
            pad(b, lw - strlen(et));
            buf_printf(b, p.a < 0 ? " %c" : " %c ", m);
            colored(b, o, eq ? NULL : p.e < 0 ? C_GREEN : C_YELLOW, at);
            buf_putc(b, '\n');
            if (k == first && p.e >= 0 && p.a >= 0) {
                pad(b, 4 + 6 + 2 + lw + 3 + first_diff_col(et, at));
                colored(b, o, C_BOLD, "^");
                buf_putc(b, '\n');
            }
        } else if (eq) {
            buf_printf(b, "  %s%6s    %s\n", mark, lineno, et);
        } else {
            if (p.e >= 0) {
                buf_printf(b, "  %s%6s  - ", mark, lineno);
                colored(b, o, C_RED, et);
                buf_putc(b, '\n');
                mark = "  ";
            }
            if (p.a >= 0) {
                buf_printf(b, "  %s%6s  + ", mark, "");
                colored(b, o, C_GREEN, at);
                buf_putc(b, '\n');
            }
            if (k == first && p.e >= 0 && p.a >= 0) {
                pad(b, 4 + 6 + 4 + first_diff_col(et, at));
                colored(b, o, C_BOLD, "^");
                buf_putc(b, '\n');
            }
        }
        k++;
    }
    free(show);
}

static int first_difference(const view_t *v, const pairs_t *ps)
{
    for (int k = 0; k < ps->n; k++)
        if (!pair_equal(v, ps->v[k])) return k;
    return -1;
}

static void where_first(buf_t *b, const tcase_diff_opts_t *o, const tcase_expect_t *e, const view_t *v, pair_t p,
                        const char *what)
{
    if (p.e >= 0)
        buf_printf(b, "  first difference at %s:%d (%s row %d)\n", o->file, v->exp_line[p.e], what, p.e + 1);
    else
        buf_printf(b, "  first difference: actual row %d is not in the expectation at %s:%d\n", p.a + 1, o->file,
                   e->line);
}

static const char *order_name(const tcase_expect_t *e)
{
    return e->order == TCASE_ORDER_EXACT ? "exact" : e->order == TCASE_ORDER_MULTISET ? "multiset" : "per-key";
}

static void headline(buf_t *b, const tcase_diff_opts_t *o, const tcase_expect_t *e, int ne, int na)
{
    buf_printf(b, "  %s:%d: the %s differs from the expectation (order: %s", o->file, e->line,
               e->materialized ? "materialized table" : "changelog", order_name(e));
    for (int i = 0; i < e->nkeys; i++) buf_printf(b, "%s%s", i ? ", " : " ", e->keys[i]);
    buf_printf(b, "); %d expected row%s, %d actual\n", ne, ne == 1 ? "" : "s", na);
}

/* --- the three orders ----------------------------------------------------- */

static bool compare_exact(const tcase_expect_t *e, const tcase_diff_opts_t *o, const view_t *v, buf_t *diff)
{
    bool same = v->ne == v->na;
    for (int i = 0; same && i < v->ne; i++) same = strcmp(v->exp[i], v->act[i]) == 0;
    if (same) return true;
    pairs_t ps = {0};
    align(v->exp, v->ne, v->act, v->na, &ps);
    int first = first_difference(v, &ps);
    headline(diff, o, e, v->ne, v->na);
    where_first(diff, o, e, v, ps.v[first], "expected");
    render(diff, o, v, &ps, first);
    free(ps.v);
    return false;
}

static int cmp_idx_text(const void *a, const void *b, void *ctx)
{
    const char *const *t = ctx;
    int r = strcmp(t[*(const int *)a], t[*(const int *)b]);
    return r ? r : *(const int *)a - *(const int *)b;
}

/* Marks which rows of each side have a partner with the same text. */
static void multiset_match(const view_t *v, bool *em, bool *am)
{
    int *ei = malloc(((size_t)v->ne + 1) * sizeof *ei), *ai = malloc(((size_t)v->na + 1) * sizeof *ai);
    if (!ei || !ai) abort();
    for (int i = 0; i < v->ne; i++) ei[i] = i;
    for (int i = 0; i < v->na; i++) ai[i] = i;
    qsort_r(ei, (size_t)v->ne, sizeof *ei, cmp_idx_text, (void *)v->exp);
    qsort_r(ai, (size_t)v->na, sizeof *ai, cmp_idx_text, (void *)v->act);
    for (int i = 0, j = 0; i < v->ne && j < v->na;) {
        int c = strcmp(v->exp[ei[i]], v->act[ai[j]]);
        if (c == 0) {
            em[ei[i++]] = true;
            am[ai[j++]] = true;
        } else if (c < 0) {
            i++;
        } else {
            j++;
        }
    }
    free(ei);
    free(ai);
}

static bool compare_multiset(const tcase_expect_t *e, const tcase_diff_opts_t *o, const view_t *v, buf_t *diff)
{
    bool *em = calloc((size_t)v->ne + 1, 1), *am = calloc((size_t)v->na + 1, 1);
    if (!em || !am) abort();
    multiset_match(v, em, am);
    int missing = 0, extra = 0;
    for (int i = 0; i < v->ne; i++) missing += !em[i];
    for (int i = 0; i < v->na; i++) extra += !am[i];
    if (missing == 0 && extra == 0) {
        free(em);
        free(am);
        return true;
    }
    headline(diff, o, e, v->ne, v->na);
    buf_printf(diff, "  %d expected row%s not produced, %d produced row%s not expected\n", missing,
               missing == 1 ? "" : "s", extra, extra == 1 ? "" : "s");
    /* Only the unmatched rows, missing ones in expectation order beside
     * unexpected ones in output order. */
    pairs_t ps = {0};
    int i = 0, j = 0;
    while (i < v->ne || j < v->na) {
        while (i < v->ne && em[i]) i++;
        while (j < v->na && am[j]) j++;
        if (i >= v->ne && j >= v->na) break;
        pairs_push(&ps, i < v->ne ? i++ : -1, j < v->na ? j++ : -1);
    }
    view_t mv = *v;
    mv.left = "expected, not produced";
    mv.right = "produced, not expected";
    where_first(diff, o, e, v, ps.v[0], "expected");
    render(diff, o, &mv, &ps, 0);
    free(ps.v);
    free(em);
    free(am);
    return false;
}

/* Key column indexes (0-based) for a per-key expectation, or -1 with a message. */
static int resolve_keys(const tcase_expect_t *e, const tcase_diff_opts_t *o, int *idx, buf_t *diff)
{
    for (int k = 0; k < e->nkeys; k++) {
        const char *name = e->keys[k];
        char *end;
        long pos = strtol(name, &end, 10);
        if (*name && *end == '\0') {
            if (pos < 1) {
                buf_printf(diff, "  %s:%d: per-key column %s: positions start at 1\n", o->file, e->line, name);
                return -1;
            }
            /* a position past any row (strtol saturates huge ones) stays past it: no int wrap-around */
            idx[k] = pos > INT_MAX ? INT_MAX : (int)(pos - 1);
            continue;
        }
        idx[k] = -1;
        for (int c = 0; c < o->ncolumns; c++)
            if (strcmp(o->columns[c], name) == 0) idx[k] = c;
        if (idx[k] < 0) {
            buf_printf(diff, "  %s:%d: per-key column '%s' is not an output column", o->file, e->line, name);
            if (o->ncolumns) {
                buf_puts(diff, " (columns:");
                for (int c = 0; c < o->ncolumns; c++) buf_printf(diff, " %s", o->columns[c]);
                buf_puts(diff, ")");
            } else {
                buf_puts(diff, " (the output's column names are not known here; give 1-based positions)");
            }
            buf_putc(diff, '\n');
            return -1;
        }
    }
    return 0;
}

/* The key of a printed row: its key fields joined by \x1f; NULL if the row
 * has no such fields (it is then its own key, reported as such). */
static char *row_key(const char *line, const int *idx, int nkeys)
{
    char kind[3], *storage, **fields;
    int n = tcase_row_fields(line, kind, &storage, &fields);
    buf_t k = BUF_INIT;
    bool ok = n >= 0;
    for (int i = 0; ok && i < nkeys; i++) {
        if (idx[i] >= n) ok = false;
        else {
            if (i) buf_putc(&k, '\x1f');
            buf_puts(&k, fields[idx[i]]);
        }
    }
    free(storage);
    free(fields);
    if (!ok) {
        buf_free(&k);
        return NULL;
    }
    buf_putc(&k, '\0');
    return buf_steal(&k);
}

typedef struct keyed {
    char **keys;               /* per row */
    int *order;                /* row indexes sorted by (key, index) */
} keyed_t;

static int cmp_keyed(const void *a, const void *b, void *ctx)
{
    char *const *keys = ctx;
    int r = strcmp(keys[*(const int *)a], keys[*(const int *)b]);
    return r ? r : *(const int *)a - *(const int *)b;
}

static int keyed_build(keyed_t *kd, const char *const *rows, int n, const int *idx, int nkeys)
{
    kd->keys = calloc((size_t)n + 1, sizeof *kd->keys);
    kd->order = malloc(((size_t)n + 1) * sizeof *kd->order);
    if (!kd->keys || !kd->order) abort();
    for (int i = 0; i < n; i++) {
        kd->keys[i] = row_key(rows[i], idx, nkeys);
        if (!kd->keys[i]) return i;
        kd->order[i] = i;
    }
    qsort_r(kd->order, (size_t)n, sizeof *kd->order, cmp_keyed, kd->keys);
    return -1;
}

static void keyed_free(keyed_t *kd, int n)
{
    for (int i = 0; i < n; i++) free(kd->keys[i]);
    free(kd->keys);
    free(kd->order);
}

static void print_key(buf_t *b, const char *key)
{
    for (const char *p = key; *p; p++) {
        if (*p == '\x1f') buf_puts(b, ", ");
        else buf_putc(b, *p);
    }
}

static bool compare_per_key(const tcase_expect_t *e, const tcase_diff_opts_t *o, const view_t *v, buf_t *diff)
{
    int idx[64];
    if (e->nkeys > 64) {
        buf_printf(diff, "  %s:%d: more than 64 key columns\n", o->file, e->line);
        return false;
    }
    if (resolve_keys(e, o, idx, diff) != 0) return false;
    keyed_t ke = {0}, ka = {0};
    int bad_e = keyed_build(&ke, v->exp, v->ne, idx, e->nkeys);
    int bad_a = bad_e < 0 ? keyed_build(&ka, v->act, v->na, idx, e->nkeys) : -1;
    bool same = false;
    if (bad_e >= 0 || bad_a >= 0) {
        headline(diff, o, e, v->ne, v->na);
        if (bad_e >= 0)
            buf_printf(diff, "  %s:%d: '%s' is not a row with the key columns (per-key needs '+I[...]' rows)\n",
                       o->file, v->exp_line[bad_e], v->exp[bad_e]);
        else
            buf_printf(diff, "  actual row %d '%s' is not a row with the key columns\n", bad_a + 1, v->act[bad_a]);
        goto out;
    }
    same = v->ne == v->na;
    for (int i = 0; same && i < v->ne; i++)
        same = strcmp(ke.keys[ke.order[i]], ka.keys[ka.order[i]]) == 0 &&
               strcmp(v->exp[ke.order[i]], v->act[ka.order[i]]) == 0;
    if (same) goto out;

    /* Walk both sides' rows grouped by key (both sorted by key); the key
     * reported in full is the differing one that appears first in the
     * expectation (or, if only in the output, first there). */
    headline(diff, o, e, v->ne, v->na);
    int nbad = 0, best_rank = -1, best_e = 0, best_a = 0, best_ne = 0, best_na = 0;
    for (int i = 0, j = 0; i < v->ne || j < v->na;) {
        const char *key;
        if (j >= v->na) key = ke.keys[ke.order[i]];
        else if (i >= v->ne) key = ka.keys[ka.order[j]];
        else {
            int c = strcmp(ke.keys[ke.order[i]], ka.keys[ka.order[j]]);
            key = c <= 0 ? ke.keys[ke.order[i]] : ka.keys[ka.order[j]];
        }
        int i0 = i, j0 = j;
        while (i < v->ne && strcmp(ke.keys[ke.order[i]], key) == 0) i++;
        while (j < v->na && strcmp(ka.keys[ka.order[j]], key) == 0) j++;
        bool eq = i - i0 == j - j0;
        for (int q = 0; eq && q < i - i0; q++) eq = strcmp(v->exp[ke.order[i0 + q]], v->act[ka.order[j0 + q]]) == 0;
        if (eq) continue;
        nbad++;
        int rank = i > i0 ? ke.order[i0] : v->ne + ka.order[j0];
        if (best_rank < 0 || rank < best_rank) {
            best_rank = rank;
            best_e = i0;
            best_ne = i - i0;
            best_a = j0;
            best_na = j - j0;
        }
    }
    {
        const char **er = malloc(((size_t)best_ne + 1) * sizeof *er), **ar = malloc(((size_t)best_na + 1) * sizeof *ar);
        int *el = malloc(((size_t)best_ne + 1) * sizeof *el);
        if (!er || !ar || !el) abort();
        for (int q = 0; q < best_ne; q++) {
            er[q] = v->exp[ke.order[best_e + q]];
            el[q] = v->exp_line[ke.order[best_e + q]];
        }
        for (int q = 0; q < best_na; q++) ar[q] = v->act[ka.order[best_a + q]];
        buf_puts(diff, "  key (");
        print_key(diff, best_ne ? ke.keys[ke.order[best_e]] : ka.keys[ka.order[best_a]]);
        buf_printf(diff, "): %d expected row%s, %d actual\n", best_ne, best_ne == 1 ? "" : "s", best_na);
        view_t kv = {er, el, best_ne, ar, best_na, v->left, v->right};
        pairs_t ps = {0};
        align(er, best_ne, ar, best_na, &ps);
        int first = first_difference(&kv, &ps);
        where_first(diff, o, e, &kv, ps.v[first], "the key's");
        render(diff, o, &kv, &ps, first);
        free(ps.v);
        free(er);
        free(ar);
        free(el);
    }
    if (nbad > 1) buf_printf(diff, "  ... and %d more key%s differ\n", nbad - 1, nbad == 2 ? "" : "s");
out:
    keyed_free(&ke, v->ne);
    if (bad_e < 0) keyed_free(&ka, v->na);
    return same;
}

static bool compare_view(const tcase_expect_t *e, const tcase_diff_opts_t *o, const view_t *v, buf_t *diff)
{
    switch (e->order) {
    case TCASE_ORDER_MULTISET: return compare_multiset(e, o, v, diff);
    case TCASE_ORDER_PER_KEY: return compare_per_key(e, o, v, diff);
    default: return compare_exact(e, o, v, diff);
    }
}

static bool is_restart(const char *line) { return strcmp(line, TCASE_RESTART_LINE) == 0; }

static int count_restarts(const char *const *rows, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++) k += is_restart(rows[i]);
    return k;
}

/* Rows cannot cross a restart step: under multiset or per-key order each
 * step's rows are compared by themselves. */
static bool compare_steps(const tcase_expect_t *e, const tcase_diff_opts_t *o, const view_t *v, buf_t *diff)
{
    bool ok = true;
    int e0 = 0, a0 = 0;
    for (int step = 0; e0 <= v->ne && a0 <= v->na; step++) {
        int e1 = e0, a1 = a0;
        while (e1 < v->ne && !is_restart(v->exp[e1])) e1++;
        while (a1 < v->na && !is_restart(v->act[a1])) a1++;
        view_t part = {v->exp + e0, v->exp_line + e0, e1 - e0, v->act + a0, a1 - a0, v->left, v->right};
        buf_t d = BUF_INIT;
        if (!compare_view(e, o, &part, &d)) {
            if (step == 0) buf_puts(diff, "  before the first restart step:\n");
            else buf_printf(diff, "  after restart step %d:\n", step);
            buf_append(diff, d.data, d.len);
            ok = false;
        }
        buf_free(&d);
        e0 = e1 + 1;
        a0 = a1 + 1;
    }
    return ok;
}

bool tcase_compare(const tcase_expect_t *e, const char *actual, const tcase_diff_opts_t *o, buf_t *diff)
{
    char *copy = strdup(actual ? actual : "");
    if (!copy) abort();
    char **act;
    int na = tcase_split_lines(copy, &act);
    const char **exp = malloc(((size_t)e->nrows + 1) * sizeof *exp);
    int *lines = malloc(((size_t)e->nrows + 1) * sizeof *lines);
    if (!exp || !lines) abort();
    for (int i = 0; i < e->nrows; i++) {
        exp[i] = e->rows[i].text;
        lines[i] = e->rows[i].line;
    }
    int ner = count_restarts(exp, e->nrows), nar = count_restarts((const char *const *)act, na);
    if (ner == 0 && nar > 0) {   /* an expectation without restart lines takes the whole output */
        int k = 0;
        for (int i = 0; i < na; i++)
            if (!is_restart(act[i])) act[k++] = act[i];
        na = k;
    }
    view_t v = {exp, lines, e->nrows, (const char *const *)act, na, "expected", "actual"};
    bool ok = ner > 0 && ner == nar && e->order != TCASE_ORDER_EXACT ? compare_steps(e, o, &v, diff)
                                                                     : compare_view(e, o, &v, diff);
    free(exp);
    free(lines);
    free(act);
    free(copy);
    return ok;
}

bool tcase_compare_error(const tcase_expect_t *e, const char *message, const tcase_diff_opts_t *o, buf_t *diff)
{
    bool ok = true;
    for (int i = 0; i < e->nrows; i++) {
        if (strstr(message, e->rows[i].text)) continue;
        if (ok) buf_printf(diff, "  %s:%d: the error message lacks what the case expects:\n", o->file, e->line);
        ok = false;
        buf_printf(diff, "  * %6d  ", e->rows[i].line);
        colored(diff, o, C_RED, e->rows[i].text);
        buf_putc(diff, '\n');
    }
    if (!ok) {
        buf_puts(diff, "  the error was:\n");
        for (const char *p = message; *p;) {
            const char *nl = strchr(p, '\n');
            size_t n = nl ? (size_t)(nl - p) : strlen(p);
            buf_printf(diff, "    %.*s\n", (int)n, p);
            p += n + (nl != NULL);
        }
    }
    return ok;
}
