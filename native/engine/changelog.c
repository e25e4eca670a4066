/* changelog.c - see changelog.h. */
#include "engine/changelog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/codec.h"

const char *changelog_kinds_string(unsigned kinds, bool key_only_deletes)
{
    static const char *const names[4] = {"INSERT", "UPDATE_BEFORE", "UPDATE_AFTER", "DELETE"};
    static _Thread_local char out[96];
    size_t n = 0;
    out[n++] = '[';
    for (int k = 0; k < 4; k++) {
        if (!(kinds & (1u << k))) continue;
        n += (size_t)snprintf(out + n, sizeof out - n, "%s%s%s", n > 1 ? ", " : "",
                              k == ROW_DELETE && key_only_deletes ? "~" : "", names[k]);
    }
    snprintf(out + n, sizeof out - n, "]");
    return out;
}

int changelog_kinds_parse(const char *s, unsigned *kinds)
{
    *kinds = 0;
    while (*s) {
        while (*s == ' ' || *s == ',') s++;
        if (!*s) break;
        size_t n = strcspn(s, ", ");
        if (n == 1 && s[0] == 'I') *kinds |= 1u << ROW_INSERT;
        else if (n == 2 && strncmp(s, "UB", 2) == 0) *kinds |= 1u << ROW_UPDATE_BEFORE;
        else if (n == 2 && strncmp(s, "UA", 2) == 0) *kinds |= 1u << ROW_UPDATE_AFTER;
        else if (n == 1 && s[0] == 'D') *kinds |= 1u << ROW_DELETE;
        else return -1;
        s += n;
    }
    return *kinds ? 0 : -1;
}

const char *changelog_kinds_short_string(unsigned kinds)
{
    static const char *const names[4] = {"I", "UB", "UA", "D"};
    static _Thread_local char out[16];
    size_t n = 0;
    out[0] = '\0';
    for (int k = 0; k < 4; k++)
        if (kinds & (1u << k)) n += (size_t)snprintf(out + n, sizeof out - n, "%s%s", n ? "," : "", names[k]);
    return out;
}

int changelog_spec_parse(const char *s, changelog_spec_t *out)
{
    static const char *const names[4] = {"INSERT", "UPDATE_BEFORE", "UPDATE_AFTER", "DELETE"};
    *out = (changelog_spec_t){0, false};
    size_t len = strlen(s);
    if (len < 2 || s[0] != '[' || s[len - 1] != ']') return -1;
    const char *p = s + 1, *end = s + len - 1;
    while (p < end) {
        bool tilde = *p == '~';
        p += tilde;
        size_t n = 0;
        while (p + n < end && p[n] != ',') n++;
        int kind = -1;
        for (int k = 0; k < 4 && kind < 0; k++)
            if (strlen(names[k]) == n && strncmp(p, names[k], n) == 0) kind = k;
        if (kind < 0 || (tilde && kind != ROW_DELETE) || (out->kinds & (1u << kind))) return -1;
        out->kinds |= 1u << kind;
        out->key_only_deletes |= tilde;
        p += n;
        if (p < end && (end - p < 3 || p[0] != ',' || p[1] != ' ')) return -1;   /* ", " then a name */
        if (p < end) p += 2;
    }
    return out->kinds ? 0 : -1;
}

changelog_mode_t changelog_mode_of(unsigned kinds)
{
    if (kinds == CHANGELOG_KINDS_INSERT_ONLY) return CHANGELOG_INSERT_ONLY;
    return kinds & (1u << ROW_UPDATE_BEFORE) ? CHANGELOG_RETRACT : CHANGELOG_UPSERT;
}

changelog_mode_t changelog_delivered(changelog_mode_t source, const int *pk, int npk, const int *partition,
                                     int npartition, bool require_update_before)
{
    if (source == CHANGELOG_INSERT_ONLY) return CHANGELOG_INSERT_ONLY;
    bool same_key = npk > 0 && npk == npartition;
    for (int i = 0; same_key && i < npk; i++) {
        bool found = false;
        for (int j = 0; j < npartition; j++) found |= pk[i] == partition[j];
        same_key = found;
    }
    return same_key && !require_update_before ? CHANGELOG_UPSERT : CHANGELOG_RETRACT;
}

bool changelog_norm_needed(changelog_mode_t source, int npk, changelog_mode_t deliver, bool require_full_delete)
{
    /* An upsert source needs the last row per key to produce -U or full -D. */
    return source == CHANGELOG_UPSERT && npk > 0 && (deliver == CHANGELOG_RETRACT || require_full_delete);
}

void changelog_norm_init(changelog_norm_t *n, const type_t *schema, const int *pk, int npk, changelog_mode_t source,
                         changelog_mode_t deliver, bool require_full_delete)
{
    memset(n, 0, sizeof *n);
    n->schema = schema;
    n->pk = pk;
    n->npk = npk;
    n->source = source;
    n->deliver = deliver;
    n->normalize = changelog_norm_needed(source, npk, deliver, require_full_delete);
    hashmap_init(&n->last);
    arena_init(&n->scratch, 0);
}

void changelog_norm_free(changelog_norm_t *n)
{
    for (size_t i = 0; i < n->n; i++) arena_destroy(&n->arenas[i]);
    free(n->arenas);
    free(n->rows);
    free(n->live);
    hashmap_free(&n->last);
    buf_free(&n->keybuf);
    arena_destroy(&n->scratch);
}

static int key_of(changelog_norm_t *n, const row_t *row, char *err, size_t errlen)
{
    buf_clear(&n->keybuf);
    for (int k = 0; k < n->npk; k++)
        if (codec_encode_value(&n->keybuf, &row->fields[n->pk[k]], n->schema->fields[n->pk[k]].type, err, errlen) != 0)
            return -1;
    return 0;
}

static int emit_kind(const row_t *row, row_kind_t kind, changelog_emit_fn emit, void *ctx, char *err, size_t errlen)
{
    row_t r = *row;
    r.kind = kind;
    return emit(ctx, &r, err, errlen);
}

/* The row becomes its key's last row (n->keybuf holds the key): a new slot, or the dead one of a deleted key. */
static void keep(changelog_norm_t *n, const row_t *row)
{
    uint64_t at;
    if (!hashmap_get(&n->last, n->keybuf.data, n->keybuf.len, &at)) {
        if (n->n == n->cap) {
            n->cap = n->cap ? n->cap * 2 : 64;
            n->arenas = realloc(n->arenas, n->cap * sizeof *n->arenas);
            n->rows = realloc(n->rows, n->cap * sizeof *n->rows);
            n->live = realloc(n->live, n->cap * sizeof *n->live);
            if (!n->arenas || !n->rows || !n->live) abort();
        }
        at = n->n++;
        arena_init(&n->arenas[at], 1024);
        hashmap_put(&n->last, n->keybuf.data, n->keybuf.len, at);
    } else {
        arena_reset(&n->arenas[at]);
    }
    n->rows[at] = row_copy(row, n->schema, &n->arenas[at]);
    n->live[at] = true;
}

void changelog_norm_visit(const changelog_norm_t *n, changelog_norm_visit_fn fn, void *ctx)
{
    for (size_t i = 0; n->normalize && i < n->n; i++)
        if (n->live[i]) fn(ctx, &n->rows[i]);
}

int changelog_norm_seed(changelog_norm_t *n, const row_t *row, char *err, size_t errlen)
{
    if (!n->normalize) {
        snprintf(err, errlen, "a checkpoint holds the last rows of an input that keeps none");
        return -1;
    }
    if (key_of(n, row, err, errlen) != 0) return -1;
    keep(n, row);
    return 0;
}

int changelog_norm_push(changelog_norm_t *n, const row_t *row, changelog_emit_fn emit, void *ctx, char *err,
                        size_t errlen)
{
    if (!n->normalize) {
        /* upsert delivery drops -U; everything else passes as produced */
        if (n->deliver == CHANGELOG_UPSERT && row->kind == ROW_UPDATE_BEFORE) return 0;
        return emit(ctx, row, err, errlen);
    }
    if (key_of(n, row, err, errlen) != 0) return -1;
    uint64_t at;
    bool known = hashmap_get(&n->last, n->keybuf.data, n->keybuf.len, &at) && n->live[at];
    if (row->kind == ROW_INSERT || row->kind == ROW_UPDATE_AFTER) {
        if (known) {
            bool same = true;
            for (uint32_t i = 0; same && i < row->n; i++)
                same = value_equals(&row->fields[i], &n->rows[at].fields[i], n->schema->fields[i].type);
            if (same) return 0;   /* an update that changes nothing is dropped */
            if (n->deliver == CHANGELOG_RETRACT &&
                emit_kind(&n->rows[at], ROW_UPDATE_BEFORE, emit, ctx, err, errlen) != 0)
                return -1;
            if (emit_kind(row, ROW_UPDATE_AFTER, emit, ctx, err, errlen) != 0) return -1;
            arena_reset(&n->arenas[at]);
            n->rows[at] = row_copy(row, n->schema, &n->arenas[at]);
            return 0;
        }
        if (emit_kind(row, ROW_INSERT, emit, ctx, err, errlen) != 0) return -1;
        keep(n, row);
        return 0;
    }
    /* -U or -D: the key's row is gone; emit it in full, once */
    if (!known) return 0;
    n->live[at] = false;
    return emit_kind(&n->rows[at], ROW_DELETE, emit, ctx, err, errlen);
}
