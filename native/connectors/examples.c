/* examples.c - see examples.h. Each table has a generator that fills one
 * row's columns from the row's own random stream (seeded by table and row
 * number), so a row does not depend on how many rows were read before it. */
#include "connectors/examples.h"
#include "catalog/catalog_names.h"
#include "util/xalloc.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define FIRST_ROWTIME 1704067200000LL   /* 2024-01-01T00:00:00Z */
#define DEFAULT_ROWS_PER_SECOND 10.0

typedef struct rng { uint64_t s; } rng_t;

/* xorshift64*: small and deterministic. */
static uint64_t rng_u64(rng_t *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545F4914F6CDD1DULL;
}

static int64_t rng_range(rng_t *r, int64_t lo, int64_t hi) { return lo + (int64_t)(rng_u64(r) % (uint64_t)(hi - lo + 1)); }

static const char *rng_pick(rng_t *r, const char *const *words, size_t n) { return words[rng_u64(r) % n]; }
#define PICK(r, words) rng_pick((r), (words), sizeof(words) / sizeof(words)[0])

static value_t str_value(arena_t *a, const char *s)
{
    value_t v = {0};
    size_t n = strlen(s);
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n + 1);
    v.u.str.ptr = p;
    v.u.str.len = (uint32_t)n;
    return v;
}

static value_t int_value(int64_t x)
{
    value_t v = {0};
    v.u.i64 = x;
    return v;
}

static value_t uuid_value(rng_t *r, arena_t *a)
{
    uint64_t hi = rng_u64(r), lo = rng_u64(r);
    char s[40];
    snprintf(s, sizeof s, "%08" PRIx64 "-%04" PRIx64 "-4%03" PRIx64 "-%04" PRIx64 "-%012" PRIx64, hi >> 32,
             (hi >> 16) & 0xffff, hi & 0xfff, 0x8000 | (lo >> 48 & 0x3fff), lo & (uint64_t)0xffffffffffff);
    return str_value(a, s);
}

static const char *const USER_AGENTS[] = {
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15",
    "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
    "Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; AS; rv:11.0) like Gecko",
};
static const char *const FIRST[] = {"Ellsworth", "Jayme", "Les", "Roseanna", "Josiah", "Buddy", "Lexie", "Lyle",
                                    "Candida", "Colette", "Minnie", "Sheldon"};
static const char *const LAST[] = {"Price", "Buckridge", "Beier", "Bode", "Morissette", "Hill", "Collins",
                                   "Spencer", "Howe", "Ebert", "Becker", "Sipes"};
static const char *const STREETS[] = {"Drive", "Green", "Road", "Bypass", "Islands", "Street", "Avenue", "Lane"};
static const char *const CITIES[] = {"Emilyhaven", "Schowalterchester", "Deckowside", "Margarettborough",
                                     "North Abbybury", "South Earnest"};
static const char *const MAIL[] = {"gmail.com", "yahoo.com", "hotmail.com"};
static const char *const ADJECTIVES[] = {"Enormous", "Practical", "Gorgeous", "Fantastic", "Synergistic",
                                         "Lightweight", "Sleek", "Durable"};
static const char *const MATERIALS[] = {"Aluminum", "Plastic", "Paper", "Rubber", "Leather", "Silk", "Steel",
                                        "Wooden"};
static const char *const PRODUCTS[] = {"Keyboard", "Computer", "Watch", "Car", "Clock", "Hat", "Lamp", "Chair"};
static const char *const BRANDS[] = {"LG", "Adidas", "Samsung", "Nike", "Sony", "Apple"};
static const char *const VENDORS[] = {"Dollar General", "Target", "Amazon", "Walmart", "Costco"};
static const char *const DEPARTMENTS[] = {"Garden & Movies", "Outdoors", "Home, Kids & Movies", "Books", "Toys",
                                          "Electronics"};

static void gen_clicks(rng_t *r, arena_t *a, value_t *f)
{
    char url[64] = "https://www.acme.com/product/";
    size_t n = strlen(url);
    for (int k = 0; k < 5; k++) url[n + (size_t)k] = (char)('a' + rng_u64(r) % 26);
    url[n + 5] = '\0';
    f[0] = uuid_value(r, a);
    f[1] = int_value(rng_range(r, 3000, 5000));
    f[2] = str_value(a, url);
    f[3] = str_value(a, PICK(r, USER_AGENTS));
    f[4] = int_value(rng_range(r, 10, 120));
}

static void gen_customers(rng_t *r, arena_t *a, value_t *f)
{
    const char *first = PICK(r, FIRST), *last = PICK(r, LAST);
    char name[64], address[96], postcode[8], email[96];
    snprintf(name, sizeof name, "%s %s", first, last);
    snprintf(address, sizeof address, "%" PRId64 " %s %s", rng_range(r, 1, 99999), PICK(r, LAST), PICK(r, STREETS));
    snprintf(postcode, sizeof postcode, "%05" PRId64, rng_range(r, 10000, 99999));
    snprintf(email, sizeof email, "%s.%s@%s", first, last, PICK(r, MAIL));
    for (char *p = email; *p; p++) *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    f[0] = int_value(rng_range(r, 3000, 3250));
    f[1] = str_value(a, name);
    f[2] = str_value(a, address);
    f[3] = str_value(a, postcode);
    f[4] = str_value(a, PICK(r, CITIES));
    f[5] = str_value(a, email);
}

static void gen_orders(rng_t *r, arena_t *a, value_t *f)
{
    f[0] = uuid_value(r, a);
    f[1] = int_value(rng_range(r, 3000, 3250));
    f[2] = int_value(rng_range(r, 1000, 1500));
    f[3] = (value_t){0};
    f[3].u.f64 = (double)rng_range(r, 0, 10000) / 100.0;
}

static void gen_products(rng_t *r, arena_t *a, value_t *f)
{
    char name[96];
    snprintf(name, sizeof name, "%s %s %s", PICK(r, ADJECTIVES), PICK(r, MATERIALS), PICK(r, PRODUCTS));
    f[0] = int_value(rng_range(r, 1000, 1500));
    f[1] = str_value(a, name);
    f[2] = str_value(a, PICK(r, BRANDS));
    f[3] = str_value(a, PICK(r, VENDORS));
    f[4] = str_value(a, PICK(r, DEPARTMENTS));
}

typedef struct example_table {
    const char *database, *name;
    const char *row;          /* the schema without $rowtime */
    int pk;                   /* PRIMARY KEY column, or -1 */
    void (*gen)(rng_t *r, arena_t *a, value_t *fields);
} example_table_t;

static const example_table_t TABLES[] = {
    {"marketplace", "clicks", "click_id STRING, user_id INT, url STRING, user_agent STRING, view_time INT", -1,
     gen_clicks},
    {"marketplace", "customers",
     "customer_id INT NOT NULL, name STRING, address STRING, postcode STRING, city STRING, email STRING", 0,
     gen_customers},
    {"marketplace", "orders", "order_id STRING, customer_id INT, product_id INT, price DOUBLE", -1, gen_orders},
    {"marketplace", "products",
     "product_id INT NOT NULL, name STRING, brand STRING, vendor STRING, department STRING", 0, gen_products},
};
#define NTABLES (sizeof TABLES / sizeof TABLES[0])

static const example_table_t *find_example(const char *database, const char *name)
{
    for (size_t i = 0; i < NTABLES; i++)
        if (strcmp(TABLES[i].database, database) == 0 && strcmp(TABLES[i].name, name) == 0) return &TABLES[i];
    return NULL;
}

static void copy_option(catalog_table_t *t, const catalog_t *c, const char *session_key, const char *key)
{
    const char *v = catalog_get(c, session_key);
    if (!v) return;
    t->opts = xrealloc(t->opts, (size_t)(t->nopts + 1) * sizeof *t->opts);
    t->opts[t->nopts++] = (catalog_option_t){xstrdup(key), xstrdup(v)};
}

catalog_table_t *conn_examples_table(catalog_t *c, const char *database, const char *name)
{
    const example_table_t *e = find_example(database, name);
    if (!e) return NULL;
    catalog_path_t path = {CATALOG_EXAMPLES, database, name};
    char *key = catalog_object_key(&path);
    catalog_table_t *t = catalog_find_table(c, key);
    if (t) {
        free(key);
        return t;
    }
    char row[512], err[256];
    snprintf(row, sizeof row, "ROW<%s, `$rowtime` TIMESTAMP_LTZ(3) NOT NULL>", e->row);
    t = catalog_table_new(key);
    free(key);
    t->schema = type_parse(row, err, sizeof err);
    if (!t->schema) abort();   /* the schemas above are fixed */
    int rowtime = t->schema->nfields - 1;
    t->schema->fields[rowtime].type->time_kind = TYPE_TK_ROWTIME;
    t->watermark_col = rowtime;
    catalog_table_set_metadata(t, rowtime, "$rowtime", true);
    if (e->pk >= 0) {
        t->npk = 1;
        t->pk = xmalloc(sizeof *t->pk);
        t->pk[0] = e->pk;
    }
    t->opts = xcalloc(1, sizeof *t->opts);
    t->opts[t->nopts++] = (catalog_option_t){xstrdup("connector"), xstrdup(CONN_EXAMPLES_CONNECTOR)};
    copy_option(t, c, "ptfhost.examples.number-of-rows", "number-of-rows");
    copy_option(t, c, "ptfhost.examples.rows-per-second", "rows-per-second");
    catalog_add_table(c, t);
    return t;
}

void conn_examples_add_all(catalog_t *c)
{
    for (size_t i = 0; i < NTABLES; i++) conn_examples_table(c, TABLES[i].database, TABLES[i].name);
}

/* ---- the source ---------------------------------------------------------- */

typedef struct examples_source {
    conn_source_t base;
    const example_table_t *table;
    uint64_t seed;
    int64_t rows, emitted;    /* rows < 0: unbounded */
    double rows_per_second;
    struct timespec started;
} examples_source_t;

/* Waits until row `emitted` is due at the table's pace. */
static void pace(const examples_source_t *x)
{
    if (x->rows_per_second <= 0) return;
    struct timespec due = x->started;
    double at = (double)x->emitted / x->rows_per_second;
    due.tv_sec += (time_t)at;
    due.tv_nsec += (long)((at - (double)(time_t)at) * 1e9);
    if (due.tv_nsec >= 1000000000L) due.tv_sec++, due.tv_nsec -= 1000000000L;
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &due, NULL) != 0) {
    }
}

static int examples_next(conn_source_t *s, row_t *row, arena_t *a, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    examples_source_t *x = (examples_source_t *)s;
    if (x->rows >= 0 && x->emitted >= x->rows) return CONN_SRC_END;
    pace(x);
    int n = s->table->schema->nfields;
    row->kind = ROW_INSERT;
    row->n = (uint32_t)n;
    row->fields = arena_calloc(a, (size_t)n, sizeof(value_t));
    rng_t r = {x->seed ^ ((uint64_t)(x->emitted + 1) * 0x9E3779B97F4A7C15ULL)};
    for (int k = 0; k < 4; k++) rng_u64(&r);   /* mix the row number in */
    x->table->gen(&r, a, row->fields);
    double step_ms = 1000.0 / (x->rows_per_second > 0 ? x->rows_per_second : DEFAULT_ROWS_PER_SECOND);
    row->fields[n - 1].u.ts.millis = FIRST_ROWTIME + (int64_t)((double)x->emitted * step_ms);
    x->emitted++;
    return CONN_SRC_ROW;
}

static void examples_close(conn_source_t *s) { free(s); }

static uint64_t name_seed(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ULL;   /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return h ? h : 1;
}

conn_source_t *conn_examples_open(const catalog_table_t *t, char *err, size_t errlen)
{
    const example_table_t *e = NULL;
    for (size_t i = 0; i < NTABLES && !e; i++) {
        catalog_path_t p = {CATALOG_EXAMPLES, TABLES[i].database, TABLES[i].name};
        char *key = catalog_object_key(&p);
        if (strcmp(key, t->name) == 0) e = &TABLES[i];
        free(key);
    }
    if (!e) {
        snprintf(err, errlen, "table '%s': the '%s' connector serves the examples catalog only", t->name,
                 CONN_EXAMPLES_CONNECTOR);
        return NULL;
    }
    examples_source_t *x = xcalloc(1, sizeof *x);
    x->base.next = examples_next;
    x->base.close = examples_close;
    x->base.table = t;
    x->table = e;
    x->seed = name_seed(e->name);
    x->rows = -1;
    x->rows_per_second = DEFAULT_ROWS_PER_SECOND;
    const char *v;
    char *end;
    if ((v = catalog_table_option(t, "number-of-rows"))) {
        x->rows = strtoll(v, &end, 10);
        if (*v == '\0' || *end || x->rows < 0) {
            snprintf(err, errlen, "'ptfhost.examples.number-of-rows' must be an integer >= 0, got '%s'", v);
            free(x);
            return NULL;
        }
    }
    if ((v = catalog_table_option(t, "rows-per-second"))) {
        x->rows_per_second = strtod(v, &end);
        if (*v == '\0' || *end || x->rows_per_second < 0) {
            snprintf(err, errlen, "'ptfhost.examples.rows-per-second' must be a number >= 0, got '%s'", v);
            free(x);
            return NULL;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &x->started);
    return &x->base;
}
