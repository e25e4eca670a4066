/* sql_result.c - a query's result in 'ptfhost sql', in the SQL client's
 * three result modes (see sql_shell.h).
 *
 * The session writes the query's rows in its ROWS format to a stream of
 * ours (a fopencookie FILE): the row type on the first line, then encoded
 * rows, which we decode as they come on the query's thread. tableau prints
 * each row at once with the tableau layout of 'ptfhost run --format
 * tableau' (connectors/tableau.h). table and changelog are Flink's
 * full-screen views (CliTableResultView, CliChangelogResultView): a view
 * thread owns the screen and the keys, redraws at the refresh interval and
 * reads the rows under the lock; quitting it sets the query's cancel flag. */
#include "cli/sql_shell.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "connectors/tableau.h"
#include "types/codec.h"
#include "types/types.h"
#include "util/arena.h"
#include "util/buf.h"
#include "util/table_print.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#define MAX_CHANGELOG_ROWS 1000   /* CliChangelogResultView keeps the newest 1000 */
#define KEY_POLL_MS 50
#define ESC 27
#define CTRL_C 3

/* The client's refresh intervals (CliResultView.REFRESH_INTERVALS); -1: none. */
static const struct {
    const char *label;
    int ms;
} intervals[] = {{"Fastest", 0}, {"100 ms", 100}, {"500 ms", 500}, {"1 s", 1000},
                 {"5 s", 5000},  {"10 s", 10000}, {"1 min", 60000}, {"-", -1}};
#define NINTERVALS ((int)(sizeof intervals / sizeof intervals[0]))

struct cli_result {
    cli_result_mode_t mode;
    FILE *term;
    volatile sig_atomic_t *cancel;
    FILE *stream;
    buf_t pending;              /* bytes of the stream not decoded yet */
    type_t *schema;             /* from the stream's first line */
    long received;
    conn_tableau_t *tableau;    /* tableau mode */
    /* the full-screen views; rows, done and quit under lock */
    pthread_mutex_t lock;
    pthread_t view;
    bool view_started;
    int ncols;                  /* cells per row: changelog has `op` first */
    char **names;
    int *widths;
    char ***rows;
    size_t nrows, caprows;
    bool done;                  /* the query returned */
    bool quit;                  /* the user left the view */
    int refresh;                /* index into intervals */
    int page;                   /* table: 0 is the last page */
    struct termios saved;
    bool raw;
};

int cli_result_mode_parse(const char *value)
{
    if (!value || strcasecmp(value, "table") == 0) return CLI_RESULT_TABLE;
    if (strcasecmp(value, "tableau") == 0) return CLI_RESULT_TABLEAU;
    if (strcasecmp(value, "changelog") == 0) return CLI_RESULT_CHANGELOG;
    return -1;
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void free_cells(char **cells, int n)
{
    for (int i = 0; cells && i < n; i++) free(cells[i]);
    free(cells);
}

/* ---- rows into the views ----------------------------------------------------------- */

/* The row's cells as the views show them; changelog puts the op first. */
static char **row_cells(const cli_result_t *r, const row_t *row)
{
    char **cells = xcalloc((size_t)r->ncols + 1, sizeof *cells);
    int off = r->mode == CLI_RESULT_CHANGELOG ? 1 : 0;
    if (off) cells[0] = xstrdup(row_kind_short(row->kind));
    buf_t b = BUF_INIT;
    for (int i = 0; i < r->schema->nfields; i++) {
        buf_clear(&b);
        conn_tableau_cell(&b, (uint32_t)i < row->n ? &row->fields[i] : NULL, r->schema->fields[i].type, NULL);
        cells[i + off] = xstrdup(buf_cstr(&b));
    }
    buf_free(&b);
    return cells;
}

static bool cells_equal(char **a, char **b, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(a[i], b[i]) != 0) return false;
    return true;
}

static void append_row(cli_result_t *r, char **cells)
{
    if (r->nrows == r->caprows) {
        r->caprows = r->caprows ? r->caprows * 2 : 64;
        r->rows = xrealloc(r->rows, r->caprows * sizeof *r->rows);
    }
    r->rows[r->nrows++] = cells;
}

static void remove_row(cli_result_t *r, size_t at)
{
    free_cells(r->rows[at], r->ncols);
    memmove(&r->rows[at], &r->rows[at + 1], (r->nrows - at - 1) * sizeof *r->rows);
    r->nrows--;
}

/* table: the materialised result, as Flink's MaterializedCollectStreamResult
 * keeps it: +I/+U add the row, -U/-D take back the last equal one.
 * changelog: every change, the newest MAX_CHANGELOG_ROWS. */
static void view_row(cli_result_t *r, const row_t *row)
{
    char **cells = row_cells(r, row);
    pthread_mutex_lock(&r->lock);
    if (r->mode == CLI_RESULT_CHANGELOG) {
        append_row(r, cells);
        if (r->nrows > MAX_CHANGELOG_ROWS) remove_row(r, 0);
    } else if (row->kind == ROW_INSERT || row->kind == ROW_UPDATE_AFTER) {
        append_row(r, cells);
    } else {
        for (size_t i = r->nrows; i-- > 0;)
            if (cells_equal(r->rows[i], cells, r->ncols)) {
                remove_row(r, i);
                break;
            }
        free_cells(cells, r->ncols);
    }
    pthread_mutex_unlock(&r->lock);
}

static void *view_main(void *arg);

/* The row type arrived: the query is planned and its sink open. */
static void on_schema(cli_result_t *r)
{
    if (r->mode == CLI_RESULT_TABLEAU) {
        r->tableau = conn_tableau_new(r->schema, true, CONN_TABLEAU_DEFAULT_MAX_WIDTH, NULL);
        buf_t head = BUF_INIT;
        conn_tableau_begin(r->tableau, &head);
        fwrite(head.data, 1, head.len, r->term);
        fflush(r->term);
        buf_free(&head);
        return;
    }
    int off = r->mode == CLI_RESULT_CHANGELOG ? 1 : 0;
    r->ncols = r->schema->nfields + off;
    r->names = xcalloc((size_t)r->ncols + 1, sizeof *r->names);
    r->widths = xcalloc((size_t)r->ncols + 1, sizeof *r->widths);
    if (off) r->names[0] = xstrdup("op"), r->widths[0] = 2;
    for (int i = 0; i < r->schema->nfields; i++) {
        const char *name = r->schema->fields[i].name;
        r->names[i + off] = xstrdup(name);
        r->widths[i + off] = conn_tableau_column_width(name, r->schema->fields[i].type, 0);
    }
    r->view_started = pthread_create(&r->view, NULL, view_main, r) == 0;
}

static void on_row(cli_result_t *r, const row_t *row)
{
    r->received++;
    if (r->mode != CLI_RESULT_TABLEAU) {
        view_row(r, row);
        return;
    }
    buf_t line = BUF_INIT;
    conn_tableau_row(r->tableau, row, &line);
    fwrite(line.data, 1, line.len, r->term);
    fflush(r->term);
    buf_free(&line);
}

/* ---- the stream ----------------------------------------------------------------- */

/* The row type's text without its time attribute marks (*ROWTIME*,
 * *PROCTIME*): type_to_string writes them, the grammar has none, and the
 * result shows a time attribute as the timestamp it is. */
static type_t *parse_row_type(const char *text, size_t n)
{
    static const char *const marks[] = {" *ROWTIME*", " *PROCTIME*"};
    buf_t b = BUF_INIT;
    for (size_t i = 0; i < n;) {
        size_t skip = 0;
        for (size_t m = 0; m < 2 && !skip; m++)
            if (strncmp(text + i, marks[m], strlen(marks[m])) == 0) skip = strlen(marks[m]);
        if (skip) i += skip;
        else buf_putc(&b, text[i++]);
    }
    char err[256];
    type_t *t = type_parse_n((const char *)b.data, b.len, err, sizeof err);
    buf_free(&b);
    return t;
}

static int take_schema(cli_result_t *r)
{
    const char *nl = memchr(r->pending.data, '\n', r->pending.len);
    if (!nl) return 0;
    size_t n = (size_t)(nl - (const char *)r->pending.data);
    r->schema = parse_row_type((const char *)r->pending.data, n);
    if (!r->schema) return -1;
    memmove(r->pending.data, nl + 1, r->pending.len - n - 1);
    r->pending.len -= n + 1;
    on_schema(r);
    return 0;
}

/* Decodes the complete rows in pending; a partial one waits for its rest. */
static void decode_rows(cli_result_t *r)
{
    size_t off = 0;
    char err[256];
    while (off < r->pending.len) {
        arena_t a;
        arena_init(&a, 0);
        row_t row;
        size_t used = 0;
        int rc = codec_decode_row((const char *)r->pending.data + off, r->pending.len - off, &used, r->schema, &a,
                                  &row, err, sizeof err);
        if (rc == 0) on_row(r, &row);
        arena_destroy(&a);
        if (rc != 0) break;
        off += used;
    }
    memmove(r->pending.data, (const char *)r->pending.data + off, r->pending.len - off);
    r->pending.len -= off;
}

static ssize_t stream_write(void *cookie, const char *data, size_t n)
{
    cli_result_t *r = cookie;
    buf_append(&r->pending, data, n);
    if (!r->schema && take_schema(r) != 0) {
        errno = EINVAL;
        return -1;
    }
    if (r->schema) decode_rows(r);
    return (ssize_t)n;
}

cli_result_t *cli_result_new(cli_result_mode_t mode, FILE *term, volatile sig_atomic_t *cancel)
{
    cli_result_t *r = xcalloc(1, sizeof *r);
    r->mode = mode;
    r->term = term;
    r->cancel = cancel;
    r->refresh = mode == CLI_RESULT_CHANGELOG ? 0 : 3;   /* Flink: fastest, or 1 s */
    pthread_mutex_init(&r->lock, NULL);
    return r;
}

FILE *cli_result_stream(cli_result_t *r)
{
    if (r->stream) return r->stream;
    cookie_io_functions_t io = {.write = stream_write};
    r->stream = fopencookie(r, "w", io);
    if (r->stream) setvbuf(r->stream, NULL, _IONBF, 0);   /* each row as the sink writes it */
    return r->stream;
}

/* ---- the full-screen views ---------------------------------------------------------- */

static void term_size(const cli_result_t *r, int *w, int *h)
{
    struct winsize ws;
    *w = 80, *h = 24;
    if (ioctl(fileno(r->term), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0)
        *w = ws.ws_col, *h = ws.ws_row;
}

/* s cut to w columns (a character is a column here), padded to w when pad. */
static void put_fitted(buf_t *b, const char *s, int w, bool pad)
{
    size_t n = strlen(s), i = 0;
    int cols = 0;
    while (i < n && cols < w) {
        utf8_next(s, n, &i);
        cols++;
    }
    buf_append(b, s, i);
    for (; pad && cols < w; cols++) buf_putc(b, ' ');
}

/* A cell right-aligned in w columns; a longer one ends in '~' (CliUtils.normalizeColumn). */
static void put_column(buf_t *line, const char *cell, int w)
{
    int dw = tbl_display_width(cell, strlen(cell));
    if (dw <= w) {
        for (int i = dw; i < w; i++) buf_putc(line, ' ');
        buf_puts(line, cell);
        return;
    }
    put_fitted(line, cell, w - 1, false);
    buf_putc(line, '~');
}

static void put_cells(buf_t *line, const cli_result_t *r, char *const *cells)
{
    for (int c = 0; c < r->ncols; c++) {
        buf_putc(line, ' ');
        put_column(line, cells[c], r->widths[c]);
    }
}

/* One screen line: text cut to the width, inverse when asked. */
static void screen_line(buf_t *screen, const char *text, int w, bool inverse)
{
    if (inverse) buf_puts(screen, "\x1b[7m");
    put_fitted(screen, text, w, inverse);
    if (inverse) buf_puts(screen, "\x1b[0m");
    buf_puts(screen, "\x1b[K\n");
}

static void title_line(buf_t *screen, const cli_result_t *r, int w)
{
    const char *title = r->mode == CLI_RESULT_TABLE ? "SQL Query Result (Table)" : "SQL Query Result (Changelog)";
    int pad = (w - (int)strlen(title)) / 2;
    buf_t t = BUF_INIT;
    buf_printf(&t, "%*s%s", pad > 0 ? pad : 0, "", title);
    screen_line(screen, buf_cstr(&t), w, true);
    buf_free(&t);
}

/* " Refresh: 1 s      Page: Last of 1      Updated: 12:00:01.250 " (no
 * page in changelog); " Table program finished." once the query ended. */
static void status_line(buf_t *screen, const cli_result_t *r, int w, int page, int pages)
{
    buf_t left = BUF_INIT, middle = BUF_INIT, right = BUF_INIT, line = BUF_INIT;
    if (r->done) buf_puts(&left, " Table program finished.");
    else buf_printf(&left, " Refresh: %s", intervals[r->refresh].label);
    if (r->mode == CLI_RESULT_TABLE) {
        if (page == 0) buf_printf(&middle, "Page: Last of %d", pages);
        else buf_printf(&middle, "Page: %d of %d", page, pages);
    }
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    localtime_r(&ts.tv_sec, &tm);
    buf_printf(&right, "Updated: %02d:%02d:%02d.%03ld ", tm.tm_hour, tm.tm_min, tm.tm_sec, ts.tv_nsec / 1000000);
    int gap = (w - (int)middle.len) / 2 - (int)left.len;
    buf_printf(&line, "%s%*s%s", buf_cstr(&left), gap > 0 ? gap : 0, "", buf_cstr(&middle));
    gap = w - (int)line.len - (int)right.len;
    buf_printf(&line, "%*s%s", gap > 0 ? gap : 0, "", buf_cstr(&right));
    screen_line(screen, buf_cstr(&line), w, true);
    buf_free(&left), buf_free(&middle), buf_free(&right), buf_free(&line);
}

/* The keys the view takes, two lines as the client lays them out. */
static void footer_lines(buf_t *screen, const cli_result_t *r, int w)
{
    static const char *const table_keys[][2] = {{"Q", "Quit"},        {"R", "Refresh"},   {"+", "Inc Refresh"},
                                                {"-", "Dec Refresh"}, {"L", "Last Page"}, {"N", "Next Page"},
                                                {"P", "Prev Page"}};
    int n = r->mode == CLI_RESULT_TABLE ? 7 : 4;
    for (int row = 0; row < 2; row++) {
        buf_t line = BUF_INIT;
        for (int i = row; i < n; i += 2) buf_printf(&line, "%s %-11s  ", table_keys[i][0], table_keys[i][1]);
        screen_line(screen, buf_cstr(&line), w, false);
        buf_free(&line);
    }
}

/* The whole screen; called with the lock held. */
static void draw(cli_result_t *r)
{
    int w, h;
    term_size(r, &w, &h);
    int visible = h - 6 > 1 ? h - 6 : 1;   /* title, status, blank, header ... two footer lines */
    int pages = r->nrows ? (int)((r->nrows + (size_t)visible - 1) / (size_t)visible) : 1;
    if (r->page > pages) r->page = 0;
    size_t first;
    if (r->mode == CLI_RESULT_TABLE) first = (size_t)((r->page ? r->page : pages) - 1) * (size_t)visible;
    else first = r->nrows > (size_t)visible ? r->nrows - (size_t)visible : 0;   /* follow the newest */
    buf_t screen = BUF_INIT, line = BUF_INIT;
    buf_puts(&screen, "\x1b[H");
    title_line(&screen, r, w);
    status_line(&screen, r, w, r->page, pages);
    screen_line(&screen, "", w, false);
    for (int c = 0; c < r->ncols; c++) {
        buf_putc(&line, ' ');
        put_column(&line, r->names[c], r->widths[c]);
    }
    screen_line(&screen, buf_cstr(&line), w, false);
    for (int i = 0; i < visible; i++) {
        buf_clear(&line);
        if (first + (size_t)i < r->nrows) put_cells(&line, r, r->rows[first + (size_t)i]);
        screen_line(&screen, buf_cstr(&line), w, false);
    }
    footer_lines(&screen, r, w);
    screen.len--;   /* no newline after the last line: the screen would scroll */
    fwrite(screen.data, 1, screen.len, r->term);
    fflush(r->term);
    buf_free(&screen);
    buf_free(&line);
}

/* An ESC alone quits; one that starts a key's sequence (arrows) is read and
 * ignored, as the client's 200 ms ambiguity timeout tells them apart. */
static bool lone_escape(void)
{
    struct pollfd p = {STDIN_FILENO, POLLIN, 0};
    if (poll(&p, 1, KEY_POLL_MS) <= 0) return true;
    char seq[8];
    if (read(STDIN_FILENO, seq, sizeof seq) < 0) return true;
    return false;
}

/* A key pressed in the view; true when it asks for a redraw. Lock held. */
static bool on_key(cli_result_t *r, char c)
{
    bool table = r->mode == CLI_RESULT_TABLE;
    switch (c) {
    case 'q': case 'Q': case CTRL_C:
        r->quit = true;
        return false;
    case 'r': case 'R': return true;
    case '+': if (r->refresh < NINTERVALS - 1) r->refresh++; return true;
    case '-': if (r->refresh > (table ? 1 : 0)) r->refresh--; return true;
    case 'l': case 'L': r->page = 0; return table;
    case 'n': case 'N':
        if (table && r->page) r->page++;   /* draw() takes a page past the last back to the last */
        return table;
    case 'p': case 'P': {
        int w, h;
        term_size(r, &w, &h);
        size_t visible = h - 6 > 1 ? (size_t)(h - 6) : 1;
        int pages = r->nrows ? (int)((r->nrows + visible - 1) / visible) : 1;
        int cur = r->page ? r->page : pages;
        if (table && cur > 1) r->page = cur - 1;
        return table;
    }
    default: return false;
    }
}

static void screen_enter(cli_result_t *r)
{
    if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &r->saved) == 0) {
        struct termios raw = r->saved;
        raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG);   /* Ctrl-C is a key of the view */
        raw.c_cc[VMIN] = 1;
        raw.c_cc[VTIME] = 0;
        r->raw = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0;
    }
    fputs("\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J", r->term);
}

static void screen_leave(cli_result_t *r)
{
    fputs("\x1b[?25h\x1b[?1049l", r->term);
    fflush(r->term);
    if (r->raw) tcsetattr(STDIN_FILENO, TCSANOW, &r->saved);
    r->raw = false;
}

/* The view thread: keys, and a redraw at the refresh interval (at most
 * every 100 ms, as the client), until the user quits or the query failed. */
static void *view_main(void *arg)
{
    cli_result_t *r = arg;
    screen_enter(r);
    int64_t drawn = 0;
    bool was_done = false, redraw = true;
    for (;;) {
        struct pollfd p = {STDIN_FILENO, POLLIN, 0};
        char c = 0;
        bool key = poll(&p, 1, KEY_POLL_MS) > 0 && read(STDIN_FILENO, &c, 1) == 1;
        if (key && c == ESC && !lone_escape()) key = false;
        pthread_mutex_lock(&r->lock);
        if (key && c == ESC) r->quit = true;
        else if (key) redraw |= on_key(r, c);
        if (r->quit) {
            if (r->cancel) *r->cancel = 1;
            pthread_mutex_unlock(&r->lock);
            break;
        }
        int ms = intervals[r->refresh].ms;
        int64_t now = now_ms();
        if (r->done != was_done) redraw = true, was_done = r->done;
        if (redraw || (!r->done && ms >= 0 && now - drawn >= (ms > 100 ? ms : 100))) {
            draw(r);
            drawn = now;
            redraw = false;
        }
        pthread_mutex_unlock(&r->lock);
    }
    screen_leave(r);
    return NULL;
}

/* ---- the end ------------------------------------------------------------------------ */

static const char *rows_word(long n) { return n > 1 ? "rows" : "row"; }

static bool finish_tableau(cli_result_t *r, bool ok)
{
    bool cancelled = r->cancel && *r->cancel;
    if (cancelled) {
        fprintf(r->term, "Query terminated, received a total of %ld %s\n", r->received, rows_word(r->received));
    } else if (ok && r->tableau) {
        buf_t tail = BUF_INIT;
        conn_tableau_end(r->tableau, &tail);
        fwrite(tail.data, 1, tail.len, r->term);
        buf_free(&tail);
    }
    fflush(r->term);
    return ok || cancelled;
}

bool cli_result_finish(cli_result_t *r, bool ok)
{
    if (r->stream) fclose(r->stream);
    r->stream = NULL;
    if (r->mode == CLI_RESULT_TABLEAU) return finish_tableau(r, ok);
    bool ended = ok || (r->cancel && *r->cancel);
    if (r->view_started) {
        pthread_mutex_lock(&r->lock);
        r->done = true;
        ended |= r->quit;
        if (!ended) r->quit = true;   /* the query failed: leave the view for its error */
        pthread_mutex_unlock(&r->lock);
        pthread_join(r->view, NULL);   /* when it ended by itself: until the user quits the view */
        r->view_started = false;
    }
    if (ended) fputs("[INFO] Result retrieval cancelled.\n", r->term);
    fflush(r->term);
    return ended;
}

void cli_result_free(cli_result_t *r)
{
    if (!r) return;
    if (r->stream || r->view_started) cli_result_finish(r, false);
    for (size_t i = 0; i < r->nrows; i++) free_cells(r->rows[i], r->ncols);
    free(r->rows);
    free_cells(r->names, r->ncols);
    free(r->widths);
    conn_tableau_free(r->tableau);
    type_free(r->schema);
    buf_free(&r->pending);
    pthread_mutex_destroy(&r->lock);
    free(r);
}
