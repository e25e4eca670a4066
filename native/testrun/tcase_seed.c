/* tcase_seed.c - a '-- state' line into the key, state values and timers a
 * PTF call starts with.
 *
 * cJSON reads the line's structure (member names: which entries, which key
 * columns, which fields), because names are what a user misspells and Flink's
 * json format silently ignores unknown fields. The values themselves go
 * through connectors/format_json.c, decoding the whole line as one row of
 *   ROW<`key` ROW<key columns>, `state` ROW<the entries named>,
 *       `timers` ARRAY<ROW<`name` STRING, `time` STRING>>>
 * so a state value means exactly what the same JSON means in an input row
 * (and what '--dump-state' writes), numbers keep their full precision (cJSON
 * would read them as doubles) and a bad value is reported with its field
 * path. A timer time read as STRING is the number's text or the string. */
#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "connectors/format_json.h"
#include "testrun/tcase_seed.h"
#include "types/codec.h"
#include "util/buf.h"

static int failf(char *err, size_t errlen, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int failf(char *err, size_t errlen, const char *file, int line, const char *fmt, ...)
{
    int n = file ? snprintf(err, errlen, "%s:%d: ", file, line) : 0;
    if (n < 0 || (size_t)n >= errlen) return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

bool tcase_parse_datetime(const char *s, size_t n, int64_t *ms)
{
    char tmp[40];
    if (n >= sizeof tmp) return false;
    memcpy(tmp, s, n);
    tmp[n] = 0;
    int y, mo, d, h, mi, sec, used = 0;
    char sep;
    if (sscanf(tmp, "%4d-%2d-%2d%c%2d:%2d:%2d%n", &y, &mo, &d, &sep, &h, &mi, &sec, &used) != 7) return false;
    if ((sep != ' ' && sep != 'T') || used != 19) return false;
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 59) return false;
    int frac = 0;
    if (tmp[used] == '.') {
        int digits = 0;
        for (const char *q = tmp + used + 1; *q; q++, digits++) {
            if (!isdigit((unsigned char)*q) || digits >= 9) return false;
            if (digits < 3) frac = frac * 10 + (*q - '0');
        }
        if (digits == 0) return false;
        for (; digits < 3; digits++) frac *= 10;
    } else if (tmp[used] != 0) {
        return false;
    }
    struct tm tm = {0};
    tm.tm_year = y - 1900;
    tm.tm_mon = mo - 1;
    tm.tm_mday = d;
    tm.tm_hour = h;
    tm.tm_min = mi;
    tm.tm_sec = sec;
    *ms = (int64_t)timegm(&tm) * 1000 + frac;
    return true;
}

static bool parse_epoch_ms(const char *s, size_t n, int64_t *v)
{
    char tmp[32];
    if (n == 0 || n >= sizeof tmp) return false;
    memcpy(tmp, s, n);
    tmp[n] = 0;
    char *e;
    errno = 0;
    long long x = strtoll(tmp, &e, 10);
    if (*e || errno) return false;
    *v = x;
    return true;
}

/* --- shape (parse time) ---------------------------------------------------- */

#define LINE_FORM "{\"key\": {...}, \"state\": {...}, \"timers\": [{\"name\": ..., \"time\": ...}]}"

int tcase_seed_check(const char *json, size_t len, char *err, size_t errlen)
{
    const char *end = NULL;
    cJSON *doc = cJSON_ParseWithLengthOpts(json, len, &end, false);
    if (!doc) {
        size_t col = end && end >= json && end <= json + len ? (size_t)(end - json) + 1 : 1;
        return failf(err, errlen, NULL, 0, "column %zu: the state line is not valid JSON; write " LINE_FORM, col);
    }
    int rc = 0;
    while (end < json + len && (*end == ' ' || *end == '\t' || *end == '\r')) end++;
    if (end < json + len) {
        rc = failf(err, errlen, NULL, 0, "column %zu: text after the state line's JSON object (one object per line)",
                   (size_t)(end - json) + 1);
        goto done;
    }
    if (!cJSON_IsObject(doc)) {
        rc = failf(err, errlen, NULL, 0, "a state line is a JSON object: " LINE_FORM);
        goto done;
    }
    bool seen[3] = {false, false, false};
    const cJSON *m;
    cJSON_ArrayForEach(m, doc) {
        static const char *const names[3] = {"key", "state", "timers"};
        int which = -1;
        for (int i = 0; i < 3; i++)
            if (strcmp(m->string, names[i]) == 0) which = i;
        if (which < 0) {
            rc = failf(err, errlen, NULL, 0, "unknown member \"%s\" in the state line (it has \"key\", \"state\" and "
                                             "\"timers\")", m->string);
            goto done;
        }
        if (seen[which]) {
            rc = failf(err, errlen, NULL, 0, "\"%s\" is given twice", m->string);
            goto done;
        }
        seen[which] = true;
        if (which == 0 && !cJSON_IsObject(m) && !cJSON_IsNull(m)) {
            rc = failf(err, errlen, NULL, 0, "\"key\" is an object of the PARTITION BY columns ({\"user_id\": 1}), "
                                             "or null for a call without PARTITION BY");
            goto done;
        }
        if (which == 1 && !cJSON_IsObject(m)) {
            rc = failf(err, errlen, NULL, 0, "\"state\" is an object of state entries by name "
                                             "({\"clicks\": {\"count\": 41}})");
            goto done;
        }
        if (which == 2) {
            if (!cJSON_IsArray(m)) {
                rc = failf(err, errlen, NULL, 0, "\"timers\" is an array: [{\"name\": \"t\", \"time\": ...}]");
                goto done;
            }
            int i = 0;
            const cJSON *t;
            cJSON_ArrayForEach(t, m) {
                i++;
                const cJSON *name = cJSON_IsObject(t) ? cJSON_GetObjectItemCaseSensitive(t, "name") : NULL;
                const cJSON *time = cJSON_IsObject(t) ? cJSON_GetObjectItemCaseSensitive(t, "time") : NULL;
                int members = cJSON_IsObject(t) ? cJSON_GetArraySize(t) : 0;
                bool ok = time && (cJSON_IsNumber(time) || cJSON_IsString(time)) &&
                          (!name || cJSON_IsString(name) || cJSON_IsNull(name)) && members == (name ? 2 : 1);
                if (!ok) {
                    rc = failf(err, errlen, NULL, 0, "timer %d: write {\"name\": \"NAME\" or null, \"time\": epoch "
                                                     "milliseconds or \"yyyy-MM-dd HH:mm:ss[.SSS]\"}", i);
                    goto done;
                }
            }
        }
    }
done:
    cJSON_Delete(doc);
    return rc;
}

/* --- decoding for a call ----------------------------------------------------- */

static void name_list(buf_t *b, const char *const *names, int n)
{
    for (int i = 0; i < n; i++) buf_printf(b, "%s%s", i ? ", " : "", names[i]);
}

/* Every member of an object given for a ROW must be one of its fields
 * (Flink's json format would ignore a misspelt one and leave the field NULL). */
static int check_fields(const cJSON *j, const type_t *t, buf_t *path, char *msg, size_t msglen)
{
    size_t mark = path->len;
    int rc = 0;
    const cJSON *m;
    if (type_is_composite(t) && cJSON_IsObject(j)) {
        cJSON_ArrayForEach(m, j) {
            int i = type_field_index(t, m->string);
            if (i < 0) {
                buf_t fields = BUF_INIT;
                for (int k = 0; k < t->nfields; k++) buf_printf(&fields, "%s%s", k ? ", " : "", t->fields[k].name);
                snprintf(msg, msglen, "unknown field '%s.%s' (the fields there are: %s)", buf_cstr(path), m->string,
                         buf_cstr(&fields));
                buf_free(&fields);
                return -1;
            }
            buf_printf(path, ".%s", m->string);
            rc = check_fields(m, t->fields[i].type, path, msg, msglen);
            path->len = mark;
            if (rc) return rc;
        }
    } else if (t->id == TYPE_ARRAY && cJSON_IsArray(j)) {
        int i = 0;
        cJSON_ArrayForEach(m, j) {
            buf_printf(path, "[%d]", i++);
            rc = check_fields(m, t->elem, path, msg, msglen);
            path->len = mark;
            if (rc) return rc;
        }
    } else if (t->id == TYPE_MAP && cJSON_IsObject(j)) {
        cJSON_ArrayForEach(m, j) {
            buf_printf(path, ".%s", m->string);
            rc = check_fields(m, t->value, path, msg, msglen);
            path->len = mark;
            if (rc) return rc;
        }
    }
    return 0;
}

/* The reason in a format_json error, without its "malformed JSON at
 * file:line: <the line>: " prefix and its ignore-parse-errors hint (neither
 * applies to a seed line); the whole message if it has another form. */
static void json_reason(const char *msg, char *out, size_t outlen)
{
    const char *field = strstr(msg, ": field '");
    const char *s = field ? field + 2 : msg;
    const char *hint = strstr(s, " (set 'json.ignore-parse-errors'");
    size_t n = hint ? (size_t)(hint - s) : strlen(s);
    snprintf(out, outlen, "%.*s", (int)n, s);
}

static int find_entry(const ptf_sig_t *sig, const char *name)
{
    for (int i = 0; i < sig->nstate; i++)
        if (strcmp(sig->state[i].name, name) == 0) return i;
    return -1;
}

int tcase_seed_decode(const char *json, size_t len, const tcase_seed_target_t *t, const char *file, int line,
                      arena_t *a, tcase_seed_line_t *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    const char *fn = t->function_name ? t->function_name : "the function";
    cJSON *doc = cJSON_ParseWithLength(json, len);
    if (!doc || !cJSON_IsObject(doc)) {
        cJSON_Delete(doc);
        return failf(err, errlen, file, line, "the state line is not a JSON object: " LINE_FORM);
    }
    const cJSON *key = cJSON_GetObjectItemCaseSensitive(doc, "key");
    const cJSON *state = cJSON_GetObjectItemCaseSensitive(doc, "state");
    type_t *row_type = type_new(TYPE_ROW, true);
    int *entries = NULL;
    int nentries = 0, rc = -1;
    buf_t names = BUF_INIT, path = BUF_INIT;
    char msg[1024];
    name_list(&names, t->key_names, t->nkeys);

    /* The key: exactly the PARTITION BY columns, by name. */
    if (t->nkeys == 0) {
        if (key && !cJSON_IsNull(key) && cJSON_GetArraySize(key) > 0) {
            failf(err, errlen, file, line, "%s is called without PARTITION BY: write \"key\": null", fn);
            goto done;
        }
    } else {
        if (!key || !cJSON_IsObject(key)) {
            failf(err, errlen, file, line, "the key must name %s's PARTITION BY column%s: \"key\": {\"%s\": ...%s}",
                  fn, t->nkeys == 1 ? "" : "s", t->key_names[0], t->nkeys == 1 ? "" : ", ...");
            goto done;
        }
        const cJSON *m;
        cJSON_ArrayForEach(m, key) {
            bool known = false;
            for (int i = 0; i < t->nkeys; i++) known |= strcmp(t->key_names[i], m->string) == 0;
            if (!known) {
                failf(err, errlen, file, line, "'%s' is not a PARTITION BY column of this call of %s (its key: %s)",
                      m->string, fn, buf_cstr(&names));
                goto done;
            }
        }
        for (int i = 0; i < t->nkeys; i++)
            if (!cJSON_GetObjectItemCaseSensitive(key, t->key_names[i])) {
                failf(err, errlen, file, line, "the key lacks the PARTITION BY column '%s' (the call's key: %s)",
                      t->key_names[i], buf_cstr(&names));
                goto done;
            }
        type_t *kt = type_new(TYPE_ROW, true);
        for (int i = 0; i < t->nkeys; i++) type_add_field(kt, t->key_names[i], type_clone(t->key_types[i]), NULL);
        type_add_field(row_type, "key", kt, NULL);
    }

    /* The state: known entries, known fields, types JSON can carry. */
    if (state && cJSON_GetArraySize(state) > 0) {
        entries = calloc((size_t)cJSON_GetArraySize(state), sizeof *entries);
        if (!entries) abort();
        type_t *st = type_new(TYPE_ROW, true);
        type_add_field(row_type, "state", st, NULL);
        const cJSON *m;
        cJSON_ArrayForEach(m, state) {
            int e = find_entry(t->sig, m->string);
            if (e < 0) {
                buf_t list = BUF_INIT;
                for (int i = 0; i < t->sig->nstate; i++)
                    buf_printf(&list, "%s%s", i ? ", " : "", t->sig->state[i].name);
                if (t->sig->nstate)
                    failf(err, errlen, file, line, "%s has no state entry '%s' (its entries: %s)", fn, m->string,
                          buf_cstr(&list));
                else
                    failf(err, errlen, file, line, "%s has no state entries; it cannot be seeded with '%s'", fn,
                          m->string);
                buf_free(&list);
                goto done;
            }
            const type_t *et = t->sig->state[e].type;
            buf_clear(&path);
            buf_puts(&path, m->string);
            if (check_fields(m, et, &path, msg, sizeof msg) != 0) {
                failf(err, errlen, file, line, "state entry '%s' of %s: %s", m->string, fn, msg);
                goto done;
            }
            type_t *one = type_new(TYPE_ROW, true);
            type_add_field(one, m->string, type_clone(et), NULL);
            conn_json_options_t opts;
            memset(&opts, 0, sizeof opts);
            conn_json_t *probe = conn_json_new(one, &opts, msg, sizeof msg);
            type_free(one);
            if (!probe) {
                char *ts = type_to_string(et);
                failf(err, errlen, file, line, "state entry '%s' of %s has type %s, which Flink's json format cannot "
                      "carry, so it cannot be seeded (%s)", m->string, fn, ts, msg);
                free(ts);
                goto done;
            }
            conn_json_free(probe);
            entries[nentries++] = e;
            type_add_field(st, m->string, type_clone(et), NULL);
        }
    }

    char terr[256];
    type_t *timers_type = type_parse("ARRAY<ROW<`name` STRING, `time` STRING>>", terr, sizeof terr);
    if (!timers_type) abort();   /* a constant type string */
    type_add_field(row_type, "timers", timers_type, NULL);

    /* The values through Flink's json format. */
    conn_json_options_t opts;
    memset(&opts, 0, sizeof opts);
    conn_json_t *codec = conn_json_new(row_type, &opts, msg, sizeof msg);
    if (!codec) {
        failf(err, errlen, file, line, "%s", msg);
        goto done;
    }
    row_t *rows;
    size_t nrows;
    bool skipped;
    int drc = conn_json_decode(codec, json, len, file, line, &rows, &nrows, &skipped, a, msg, sizeof msg);
    conn_json_free(codec);
    if (drc != 0 || nrows != 1) {
        char reason[1024];
        json_reason(drc != 0 ? msg : "the line holds no row", reason, sizeof reason);
        failf(err, errlen, file, line, "cannot seed %s: %s", fn, reason);
        goto done;
    }
    const row_t *r = &rows[0];
    int f = 0;
    if (t->nkeys > 0) {
        const value_t *kv = &r->fields[f++];
        out->key = (row_t){ROW_INSERT, kv->u.row.n, kv->u.row.fields};
    }
    if (nentries > 0) {
        const value_t *sv = &r->fields[f++];
        out->values = arena_calloc(a, (size_t)nentries, sizeof *out->values);
        for (int i = 0; i < nentries; i++) {
            const value_t *v = &sv->u.row.fields[i];
            if (v->is_null) continue;   /* absent, as Flink never stores a null value */
            buf_t b = BUF_INIT;
            if (codec_encode_value(&b, v, t->sig->state[entries[i]].type, msg, sizeof msg) != 0) {
                buf_free(&b);
                failf(err, errlen, file, line, "state entry '%s' of %s: %s", t->sig->state[entries[i]].name, fn, msg);
                goto done;
            }
            out->values[out->nvalues++] = (tcase_seed_value_t){entries[i], arena_memdup(a, b.data, b.len), b.len};
            buf_free(&b);
        }
    }
    const value_t *tv = &r->fields[f];
    if (!tv->is_null && tv->u.list.n > 0) {
        out->timers = arena_calloc(a, tv->u.list.n, sizeof *out->timers);
        for (uint32_t i = 0; i < tv->u.list.n; i++) {
            const value_t *tr = &tv->u.list.items[i];
            const value_t *name = &tr->u.row.fields[0], *time = &tr->u.row.fields[1];
            tcase_seed_timer_t *o = &out->timers[out->ntimers++];
            o->name = name->is_null ? NULL : arena_strndup(a, name->u.str.ptr, name->u.str.len);
            if (time->is_null || (!parse_epoch_ms(time->u.str.ptr, time->u.str.len, &o->time) &&
                                  !tcase_parse_datetime(time->u.str.ptr, time->u.str.len, &o->time))) {
                failf(err, errlen, file, line, "timer %u: the time must be epoch milliseconds or "
                      "\"yyyy-MM-dd HH:mm:ss[.SSS]\" (UTC), found %s%.*s%s", i + 1, time->is_null ? "" : "'",
                      time->is_null ? 4 : (int)time->u.str.len, time->is_null ? "null" : time->u.str.ptr,
                      time->is_null ? "" : "'");
                goto done;
            }
        }
    }
    rc = 0;
done:
    if (rc != 0) memset(out, 0, sizeof *out);
    cJSON_Delete(doc);
    type_free(row_type);
    free(entries);
    buf_free(&names);
    buf_free(&path);
    return rc;
}
