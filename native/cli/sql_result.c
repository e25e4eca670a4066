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
#define CTRL_C 3
#define RESULT_FRAME_LINES 6      /* title, status, blank, column names, two lines of key help */

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
    char **types;               /* the schema's column types as the row summary shows them */
    type_time_kind_t *time_kinds;   /* per schema column, from the stream's first line */
    int *widths;
    char ***rows;
    size_t nrows, caprows;
    bool done;                  /* the query returned */
    bool quit;                  /* the user left the view */
    int refresh;                /* index into intervals */
    int page;                   /* table: 0 is the last page */
    int selected;               /* main line (page-relative in table mode); -1: none */
    int offset_x, offset_y;     /* the main part's scroll */
    long shown;                 /* changelog: rows received at the last refresh (the ones shown) */
    struct timespec updated;    /* the last refresh; 0: none yet */
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
    r->types = xcalloc((size_t)r->schema->nfields + 1, sizeof *r->types);
    if (off) r->names[0] = xstrdup("op"), r->widths[0] = 2;
    for (int i = 0; i < r->schema->nfields; i++) {
        const char *name = r->schema->fields[i].name;
        r->names[i + off] = xstrdup(name);
        r->widths[i + off] = conn_tableau_column_width(name, r->schema->fields[i].type, 0);
        type_t *t = type_clone(r->schema->fields[i].type);
        t->time_kind = r->time_kinds[i];
        r->types[i] = type_to_string(t);
        type_free(t);
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

/* The top-level field of a ROW<...> type text that position at is in
 * (commas outside nested <...>, (...), `names` and 'strings'). */
static int field_at(const char *text, size_t at)
{
    int depth = 0, field = 0;
    for (size_t i = 0; i < at; i++) {
        char c = text[i];
        if (c == '`' || c == '\'') {
            while (++i < at && text[i] != c) {}
        } else if (c == '<' || c == '(') {
            depth++;
        } else if (c == '>' || c == ')') {
            depth--;
        } else if (c == ',' && depth == 1) {
            field++;
        }
    }
    return field;
}

/* The row type's text without its time attribute marks (*ROWTIME*,
 * *PROCTIME*): type_to_string writes them, the grammar has none, and the
 * result's cells show a time attribute as the timestamp it is. The marks
 * are kept in r->time_kinds for the row summary's types. */
static type_t *parse_row_type(cli_result_t *r, const char *text, size_t n)
{
    static const char *const marks[] = {" *ROWTIME*", " *PROCTIME*"};
    static const type_time_kind_t kinds[] = {TYPE_TK_ROWTIME, TYPE_TK_PROCTIME};
    buf_t b = BUF_INIT;
    int nmarks = 0, mark_field[64];
    type_time_kind_t mark_kind[64];
    for (size_t i = 0; i < n;) {
        size_t skip = 0;
        for (size_t m = 0; m < 2 && !skip; m++)
            if (strncmp(text + i, marks[m], strlen(marks[m])) == 0) {
                skip = strlen(marks[m]);
                if (nmarks < 64) mark_field[nmarks] = field_at(text, i), mark_kind[nmarks++] = kinds[m];
            }
        if (skip) i += skip;
        else buf_putc(&b, text[i++]);
    }
    char err[256];
    type_t *t = type_parse_n((const char *)b.data, b.len, err, sizeof err);
    buf_free(&b);
    if (!t) return NULL;
    r->time_kinds = xcalloc((size_t)t->nfields + 1, sizeof *r->time_kinds);
    for (int m = 0; m < nmarks; m++)
        if (mark_field[m] < t->nfields) r->time_kinds[mark_field[m]] = mark_kind[m];
    return t;
}

static int take_schema(cli_result_t *r)
{
    const char *nl = memchr(r->pending.data, '\n', r->pending.len);
    if (!nl) return 0;
    size_t n = (size_t)(nl - (const char *)r->pending.data);
    r->schema = parse_row_type(r, (const char *)r->pending.data, n);
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
    r->selected = -1;
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

/* A cell right-aligned in w columns; a longer one ends in '~' (CliUtils.normalizeColumn). */
static void put_column(buf_t *line, const char *cell, int w)
{
    int dw = tbl_display_width(cell, strlen(cell));
    if (dw <= w) {
        for (int i = dw; i < w; i++) buf_putc(line, ' ');
        buf_puts(line, cell);
        return;
    }
    size_t n = strlen(cell), i = 0;
    for (int cols = 0; i < n && cols < w - 1; cols++) utf8_next(cell, n, &i);
    buf_append(line, cell, i);
    buf_putc(line, '~');
}

static char *cells_line(const cli_result_t *r, char *const *cells)
{
    buf_t line = BUF_INIT;
    for (int c = 0; c < r->ncols; c++) {
        buf_putc(&line, ' ');
        put_column(&line, cells[c], r->widths[c]);
    }
    return buf_steal(&line);
}

/* What the main part shows: the current page's rows in table mode (page 0
 * is the last), every kept change in changelog mode. Lock held. */
typedef struct geometry {
    int visible;                /* main lines on the screen */
    int pages;
    size_t first, n;            /* rows[first .. first + n) are the main lines */
} geometry_t;

static geometry_t geometry(cli_result_t *r)
{
    int w, h;
    cli_screen_size(r->term, &w, &h);
    geometry_t g = {.visible = h - RESULT_FRAME_LINES > 1 ? h - RESULT_FRAME_LINES : 1, .pages = 1};
    if (r->mode == CLI_RESULT_CHANGELOG) {   /* the rows up to the last refresh */
        long later = r->received - r->shown;
        g.n = (long)r->nrows > later ? r->nrows - (size_t)later : 0;
        if (r->selected >= (int)g.n) r->selected = -1;
        return g;
    }
    if (r->nrows) g.pages = (int)((r->nrows + (size_t)g.visible - 1) / (size_t)g.visible);
    if (r->page > g.pages) r->page = 0;
    g.first = (size_t)((r->page ? r->page : g.pages) - 1) * (size_t)g.visible;
    g.n = r->nrows - g.first < (size_t)g.visible ? r->nrows - g.first : (size_t)g.visible;
    if (r->selected >= (int)g.n) r->selected = -1;
    return g;
}

/* " Refresh: 1 s      Page: Last of 1      Updated: 12:00:01.250 " (no
 * page in changelog); " Table program finished." once the query ended. */
static char *status_text(const cli_result_t *r, int w, int pages)
{
    buf_t left = BUF_INIT, middle = BUF_INIT, right = BUF_INIT, line = BUF_INIT;
    if (r->done) buf_puts(&left, " Table program finished.");
    else buf_printf(&left, " Refresh: %s", intervals[r->refresh].label);
    if (r->mode == CLI_RESULT_TABLE) {
        if (r->page == 0) buf_printf(&middle, "Page: Last of %d", pages);
        else buf_printf(&middle, "Page: %d of %d", r->page, pages);
    }
    if (r->updated.tv_sec) {
        struct tm tm;
        localtime_r(&r->updated.tv_sec, &tm);
        buf_printf(&right, "Updated: %02d:%02d:%02d.%03ld ", tm.tm_hour, tm.tm_min, tm.tm_sec,
                   r->updated.tv_nsec / 1000000);
    } else {
        buf_puts(&right, "Updated: Unknown ");
    }
    int gap = r->mode == CLI_RESULT_TABLE ? (w - (int)middle.len) / 2 - (int)left.len : 0;
    buf_printf(&line, "%s%*s%s", buf_cstr(&left), gap > 0 ? gap : 0, "", buf_cstr(&middle));
    gap = w - (int)line.len - (int)right.len;
    buf_printf(&line, "%*s%s", gap > 0 ? gap : 0, "", buf_cstr(&right));
    buf_free(&left), buf_free(&middle), buf_free(&right);
    return buf_steal(&line);
}

static const char *const table_keys[][2] = {{"Q", "Quit"},      {"R", "Refresh"},   {"+", "Inc Refresh"},
                                            {"-", "Dec Refresh"}, {"G", "Goto Page"}, {"L", "Last Page"},
                                            {"N", "Next Page"},   {"P", "Prev Page"}, {"O", "Open Row"}};
static const char *const changelog_keys[][2] = {
    {"Q", "Quit"}, {"R", "Refresh"}, {"+", "Inc Refresh"}, {"-", "Dec Refresh"}, {"O", "Open Row"}};

/* The whole screen; called with the lock held. A refresh takes the rows
 * that came since the last: in changelog mode new ones drop the selection
 * and scroll down by their number (the view follows the newest). */
static void draw(cli_result_t *r, bool refresh)
{
    int w, h;
    cli_screen_size(r->term, &w, &h);
    if (refresh && r->mode == CLI_RESULT_CHANGELOG && r->received > r->shown) {
        r->selected = -1;
        r->offset_y += (int)(r->received - r->shown);
        r->shown = r->received;
    }
    geometry_t g = geometry(r);
    cli_line_t header[2] = {{status_text(r, w, g.pages), CLI_INVERSE}, {"", CLI_PLAIN}};
    cli_line_t names = {cells_line(r, r->names), CLI_PLAIN};
    cli_line_t *lines = xcalloc(g.n + 1, sizeof *lines);
    for (size_t i = 0; i < g.n; i++)
        lines[i] = (cli_line_t){cells_line(r, r->rows[g.first + i]), (int)i == r->selected ? CLI_INVERSE : CLI_PLAIN};
    char *footer[2];
    if (r->mode == CLI_RESULT_TABLE) cli_help_lines(w, table_keys, 9, footer);
    else cli_help_lines(w, changelog_keys, 5, footer);
    cli_frame_t f = {.title = r->mode == CLI_RESULT_TABLE ? "SQL Query Result (Table)" : "SQL Query Result (Changelog)",
                     .header = header, .nheader = 2, .main_header = &names, .nmain_header = 1, .main = lines,
                     .nmain = (int)g.n, .footer = (const char *const *)footer, .nfooter = 2,
                     .offset_x = r->offset_x, .offset_y = r->offset_y};
    cli_frame_draw(r->term, &f);
    r->offset_x = f.offset_x, r->offset_y = f.offset_y;
    for (size_t i = 0; i < g.n; i++) free(lines[i].text);
    free(lines);
    free(header[0].text), free(names.text), free(footer[0]), free(footer[1]);
}

/* What a key asks of the view thread beyond changing the view's state. */
typedef enum { KEY_IGNORED, KEY_REDRAW, KEY_REFRESH, KEY_OPEN, KEY_GOTO, KEY_QUIT } key_action_t;

/* CliResultView.selectRowUp / selectRowDown. */
static void select_row(cli_result_t *r, const geometry_t *g, bool up)
{
    int n = (int)g->n, bottom = (n < r->offset_y + g->visible ? n : r->offset_y + g->visible) - 1;
    if (up && r->selected < 0) {
        if (n) r->selected = bottom;
    } else if (up && r->selected > r->offset_y) {
        r->selected--;
    } else if (up) {
        r->selected = r->selected > 0 ? r->selected - 1 : 0;
        if (r->offset_y > 0) r->offset_y--;
    } else if (r->selected < 0) {
        r->selected = r->offset_y;
    } else if (bottom >= 0 && r->selected < bottom) {
        r->selected++;
    } else {
        r->selected = r->selected + 1 < n ? r->selected + 1 : (n > 0 ? n - 1 : 0);
        if (r->offset_y < n - g->visible) r->offset_y++;
    }
}

/* The page keys of the table view (CliTableResultView). */
static void turn_page(cli_result_t *r, const geometry_t *g, int key)
{
    int cur = r->page ? r->page : g->pages;
    if (key == 'n' || key == 'N') r->page = cur < g->pages ? cur + 1 : r->page;
    else if (key == 'p' || key == 'P') r->page = cur > 1 ? cur - 1 : r->page;
    else r->page = 0;   /* L, End */
}

/* A key pressed in the view, with the client's bindings. Lock held. */
static key_action_t on_key(cli_result_t *r, int key)
{
    bool table = r->mode == CLI_RESULT_TABLE;
    geometry_t g = geometry(r);
    int w, h;
    cli_screen_size(r->term, &w, &h);
    switch (key) {
    case 'q': case 'Q': case CLI_KEY_ESC: case CTRL_C: return KEY_QUIT;
    case 'r': case 'R': case CLI_KEY_F5: return KEY_REFRESH;
    case '+': if (r->refresh < NINTERVALS - 1) r->refresh++; return KEY_REDRAW;
    case '-': if (r->refresh > (table ? 1 : 0)) r->refresh--; return KEY_REDRAW;
    case 'w': case 'W': case CLI_KEY_UP: select_row(r, &g, true); return KEY_REDRAW;
    case 's': case 'S': case CLI_KEY_DOWN: select_row(r, &g, false); return KEY_REDRAW;
    case 'a': case 'A': case CLI_KEY_LEFT: if (r->offset_x > 0) r->offset_x--; return KEY_REDRAW;
    case 'd': case 'D': case CLI_KEY_RIGHT: r->offset_x++; return KEY_REDRAW;   /* draw() bounds it */
    case 'o': case 'O': case '\r': return r->selected >= 0 && (size_t)r->selected < g.n ? KEY_OPEN : KEY_REDRAW;
    case 'g': case 'G': return table ? KEY_GOTO : KEY_IGNORED;
    case 'n': case 'N': case 'p': case 'P': case 'l': case 'L': case CLI_KEY_END:
        if (!table) return KEY_IGNORED;
        turn_page(r, &g, key);
        return KEY_REDRAW;
    default: return KEY_IGNORED;
    }
}

/* O: the selected row in the row summary; the lock is released while the
 * dialog runs (the query goes on; the view is redrawn after). */
static void open_row(cli_result_t *r)
{
    geometry_t g = geometry(r);
    int off = r->mode == CLI_RESULT_CHANGELOG ? 1 : 0, n = r->schema->nfields;
    char **values = xcalloc((size_t)n + 1, sizeof *values);
    for (int i = 0; i < n; i++) values[i] = xstrdup(r->rows[g.first + (size_t)r->selected][i + off]);
    pthread_mutex_unlock(&r->lock);
    cli_row_view(r->term, n, r->names + off, r->types, values);
    pthread_mutex_lock(&r->lock);
    free_cells(values, n);
}

/* G: the page number from the input dialog, lock released meanwhile. */
static void goto_page(cli_result_t *r)
{
    int pages = geometry(r).pages;
    pthread_mutex_unlock(&r->lock);
    int page = cli_input_page(r->term, pages);
    pthread_mutex_lock(&r->lock);
    if (page > 0) r->page = page;
}

static void screen_enter(cli_result_t *r)
{
    if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &r->saved) == 0) {
        struct termios raw = r->saved;
        raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO | IEXTEN | ISIG);   /* Ctrl-C is a key of the view */
        raw.c_iflag &= ~(tcflag_t)(IXON | ICRNL | INLCR);            /* Enter is '\r' */
        raw.c_cc[VMIN] = 1;
        raw.c_cc[VTIME] = 0;
        r->raw = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0;
    }
    fputs("\x1b[?1049h\x1b[?1h\x1b=\x1b[?25l\x1b[H\x1b[2J", r->term);   /* ca mode, keypad transmit, no cursor */
}

static void screen_leave(cli_result_t *r)
{
    fputs("\x1b[?25h\x1b[?1l\x1b>\x1b[?1049l", r->term);
    fflush(r->term);
    if (r->raw) tcsetattr(STDIN_FILENO, TCSANOW, &r->saved);
    r->raw = false;
}

/* A key's effect once its state change is made; false when it quits. */
static bool act(cli_result_t *r, key_action_t action, bool *redraw, bool *refresh)
{
    switch (action) {
    case KEY_QUIT: r->quit = true; return false;
    case KEY_REFRESH: *refresh = true; return true;
    case KEY_OPEN: open_row(r); break;
    case KEY_GOTO: goto_page(r); break;
    case KEY_IGNORED: return true;
    default: break;
    }
    *redraw = true;
    return true;
}

/* The view thread: keys, and a refresh at the refresh interval (drawn at
 * most every 100 ms, as the client), until the user quits or the query failed. */
static void *view_main(void *arg)
{
    cli_result_t *r = arg;
    screen_enter(r);
    int64_t refreshed = 0;
    bool was_done = false, redraw = true, refresh = true;
    for (;;) {
        int key = cli_key_read(KEY_POLL_MS);
        pthread_mutex_lock(&r->lock);
        bool go_on = key == CLI_KEY_NONE || act(r, on_key(r, key), &redraw, &refresh);
        if (!go_on || r->quit) {
            r->quit = true;
            if (r->cancel) *r->cancel = 1;
            pthread_mutex_unlock(&r->lock);
            break;
        }
        int ms = intervals[r->refresh].ms;
        int64_t now = now_ms();
        if (r->done != was_done) refresh = true, was_done = r->done;
        if (!r->done && ms >= 0 && now - refreshed >= (ms > 100 ? ms : 100)) refresh = true;
        if (refresh) clock_gettime(CLOCK_REALTIME, &r->updated), refreshed = now;
        if (refresh || redraw) draw(r, refresh);
        refresh = redraw = false;
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
    free_cells(r->types, r->schema ? r->schema->nfields : 0);
    free(r->time_kinds);
    free(r->widths);
    conn_tableau_free(r->tableau);
    type_free(r->schema);
    buf_free(&r->pending);
    pthread_mutex_destroy(&r->lock);
    free(r);
}
