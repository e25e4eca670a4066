/* sql_screen.c - the SQL client's full-screen frame, its keys and its two
 * dialogs (see sql_shell.h).
 *
 * A frame is what Flink's CliView draws: an inverse title line, header
 * lines, a main part that scrolls both ways under a fixed main header, and
 * footer lines at the bottom. The result views (sql_result.c), the row
 * summary (CliRowView) and the input dialog (CliInputView) all draw one.
 * Keys are read from stdin, which the caller has put in raw mode. */
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/sql_shell.h"
#include "util/buf.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#define ESC 27
#define ESC_TIMEOUT_MS 200   /* the views' KeyMap ambiguous timeout */
#define MARGIN " "           /* CliStrings.DEFAULT_MARGIN */
#define BACKSPACE 127        /* jline's del() */

/* ---- keys ------------------------------------------------------------------ */

static int read_byte(int timeout_ms)
{
    struct pollfd p = {STDIN_FILENO, POLLIN, 0};
    unsigned char c;
    if (poll(&p, 1, timeout_ms) <= 0 || read(STDIN_FILENO, &c, 1) != 1) return CLI_KEY_NONE;
    return c;
}

/* The rest of an escape sequence: CSI (ESC [) or SS3 (ESC O), as terminals
 * send the arrows, End and F5 in either cursor-key mode. */
static int escape_sequence(void)
{
    int intro = read_byte(ESC_TIMEOUT_MS);
    if (intro == CLI_KEY_NONE) return CLI_KEY_ESC;
    if (intro != '[' && intro != 'O') return CLI_KEY_OTHER;
    char params[16];
    size_t n = 0;
    int c;
    while ((c = read_byte(ESC_TIMEOUT_MS)) != CLI_KEY_NONE && c >= 0x20 && c < 0x40)
        if (n + 1 < sizeof params) params[n++] = (char)c;
    params[n] = '\0';
    switch (c) {
    case 'A': return CLI_KEY_UP;
    case 'B': return CLI_KEY_DOWN;
    case 'C': return CLI_KEY_RIGHT;
    case 'D': return CLI_KEY_LEFT;
    case 'F': return CLI_KEY_END;
    case '~':
        if (strcmp(params, "4") == 0 || strcmp(params, "8") == 0) return CLI_KEY_END;
        if (strcmp(params, "15") == 0) return CLI_KEY_F5;
        return CLI_KEY_OTHER;
    default: return CLI_KEY_OTHER;
    }
}

int cli_key_read(int timeout_ms)
{
    int c = read_byte(timeout_ms);
    return c == ESC ? escape_sequence() : c;
}

/* ---- the frame ---------------------------------------------------------------- */

void cli_screen_size(FILE *term, int *w, int *h)
{
    struct winsize ws;
    *w = 80, *h = 24;
    if (ioctl(fileno(term), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) *w = ws.ws_col, *h = ws.ws_row;
}

/* The length of the escape sequence (ESC [ ... final byte) at s[i], 0 if none. */
static size_t escape_length(const char *s, size_t n, size_t i)
{
    if (s[i] != ESC || i + 1 >= n || s[i + 1] != '[') return 0;
    size_t j = i + 2;
    while (j < n && (unsigned char)s[j] >= 0x20 && (unsigned char)s[j] < 0x40) j++;
    return j < n ? j + 1 - i : n - i;
}

/* Display columns of s: a character is one, an escape sequence none. */
static int columns(const char *s)
{
    size_t n = strlen(s), i = 0;
    int cols = 0;
    while (i < n) {
        size_t esc = escape_length(s, n, i);
        if (esc) i += esc;
        else utf8_next(s, n, &i), cols++;
    }
    return cols;
}

static const char *style_on(cli_style_t st)
{
    switch (st) {
    case CLI_INVERSE: return "\x1b[7m";
    case CLI_BOLD: return "\x1b[1m";
    case CLI_RED: return "\x1b[31m";
    default: return "";
    }
}

/* text's columns [from, from + w), styled, its escape sequences kept
 * (they take no column); then the rest of the terminal line cleared. */
static void put_line(buf_t *screen, const char *text, cli_style_t st, int from, int w)
{
    buf_puts(screen, style_on(st));
    size_t n = strlen(text), i = 0;
    for (int col = 0; i < n;) {
        size_t esc = escape_length(text, n, i), start = i;
        if (esc) {
            buf_append(screen, text + i, esc);
            i += esc;
            continue;
        }
        utf8_next(text, n, &i);
        if (col >= from && col < from + w) buf_append(screen, text + start, i - start);
        col++;
    }
    if (st != CLI_PLAIN) buf_puts(screen, "\x1b[0m");
    buf_puts(screen, "\x1b[K");
}

int cli_frame_visible(const cli_frame_t *f, int h)
{
    return h - 1 - f->nheader - f->nmain_header - f->nfooter;
}

int cli_frame_width(const cli_frame_t *f)
{
    int w = 0;
    for (int i = 0; i < f->nmain; i++) w = columns(f->main[i].text) > w ? columns(f->main[i].text) : w;
    for (int i = 0; i < f->nmain_header; i++)
        w = columns(f->main_header[i].text) > w ? columns(f->main_header[i].text) : w;
    return w;
}

static void title_line(buf_t *screen, const char *title, int w)
{
    int total = w - columns(title), margin = total / 2;
    buf_t t = BUF_INIT;
    buf_printf(&t, "%*s%s%*s", margin > 0 ? margin : 0, "", title, margin + total % 2 > 0 ? margin + total % 2 : 0, "");
    put_line(screen, buf_cstr(&t), CLI_INVERSE, 0, w);
    buf_putc(screen, '\n');
    buf_free(&t);
}

void cli_frame_draw(FILE *term, cli_frame_t *f)
{
    int w, h;
    cli_screen_size(term, &w, &h);
    int visible = cli_frame_visible(f, h), total_width = cli_frame_width(f);
    if (visible < 0) visible = 0;
    if (visible > f->nmain) f->offset_y = 0;
    else if (f->offset_y > f->nmain - visible) f->offset_y = f->nmain - visible;
    if (w > total_width) f->offset_x = 0;
    else if (f->offset_x > total_width - w) f->offset_x = total_width - w;
    buf_t screen = BUF_INIT;
    buf_puts(&screen, "\x1b[H");
    title_line(&screen, f->title, w);
    int used = 1;
    for (int i = 0; i < f->nheader; i++, used++) {
        put_line(&screen, f->header[i].text, f->header[i].style, 0, w);
        buf_putc(&screen, '\n');
    }
    for (int i = 0; i < f->nmain_header; i++, used++) {
        put_line(&screen, f->main_header[i].text, f->main_header[i].style, f->offset_x, w);
        buf_putc(&screen, '\n');
    }
    for (int i = f->offset_y; i < f->nmain && i < f->offset_y + visible; i++, used++) {
        put_line(&screen, f->main[i].text, f->main[i].style, f->offset_x, w);
        buf_putc(&screen, '\n');
    }
    for (; used < h - f->nfooter; used++) buf_puts(&screen, "\x1b[K\n");
    for (int i = 0; i < f->nfooter; i++) {   /* cut to the width, no newline last: either would scroll */
        put_line(&screen, f->footer[i], CLI_PLAIN, 0, w);
        if (i + 1 < f->nfooter) buf_putc(&screen, '\n');
    }
    fwrite(screen.data, 1, screen.len, term);
    fflush(term);
    buf_free(&screen);
}

void cli_help_lines(int w, const char *const (*options)[2], int n, char *lines[2])
{
    int cols = (n + 1) / 2;
    int space = (w - (int)strlen(MARGIN) - cols * 13) / cols;
    buf_t b[2] = {BUF_INIT, BUF_INIT};
    for (int i = 0; i < n; i++) {
        buf_t *line = &b[i % 2];
        int pad = 11 - (int)strlen(options[i][1]) + space;
        buf_printf(line, "\x1b[7m%s\x1b[0m %s%*s", options[i][0], options[i][1], pad > 0 ? pad : 0, "");
    }
    lines[0] = buf_steal(&b[0]);
    lines[1] = buf_steal(&b[1]);
}

/* ---- the row summary ------------------------------------------------------------ */

void cli_row_view(FILE *term, int n, char *const *names, char *const *types, char *const *values)
{
    cli_line_t *lines = xcalloc((size_t)n * 3 + 1, sizeof *lines);
    for (int i = 0; i < n; i++) {
        buf_t b = BUF_INIT;
        buf_printf(&b, MARGIN "%s (%s):", names[i], types[i]);
        lines[i * 3] = (cli_line_t){buf_steal(&b), CLI_BOLD};
        buf_printf(&b, MARGIN "%s", values[i]);
        lines[i * 3 + 1] = (cli_line_t){buf_steal(&b), CLI_PLAIN};
        lines[i * 3 + 2] = (cli_line_t){xstrdup(""), CLI_PLAIN};
    }
    const cli_line_t empty = {"", CLI_PLAIN};
    const char *footer[1] = {"Press \x1b[7mQ\x1b[0m to go back."};
    cli_frame_t f = {.title = "Row Summary", .header = &empty, .nheader = 1, .main = lines, .nmain = n * 3,
                     .footer = footer, .nfooter = 1};
    for (bool done = false; !done;) {
        cli_frame_draw(term, &f);
        int w, h;
        cli_screen_size(term, &w, &h);
        int key = cli_key_read(-1);
        switch (key) {
        case 'q': case 'Q': case CLI_KEY_ESC: case CLI_KEY_NONE: done = true; break;
        case 'w': case 'W': case CLI_KEY_UP: if (f.offset_y > 0) f.offset_y--; break;
        case 's': case 'S': case CLI_KEY_DOWN: {
            int max = f.nmain - cli_frame_visible(&f, h);
            if (f.offset_y < max) f.offset_y++;
            break;
        }
        case 'a': case 'A': case CLI_KEY_LEFT: if (f.offset_x > 0) f.offset_x--; break;
        case 'd': case 'D': case CLI_KEY_RIGHT: if (f.offset_x < cli_frame_width(&f) - w) f.offset_x++; break;
        default: break;
        }
    }
    for (int i = 0; i < n * 3; i++) free(lines[i].text);
    free(lines);
}

/* ---- the input dialog --------------------------------------------------------- */

static bool valid_page(const char *s, int max)
{
    char *end;
    long v = strtol(s, &end, 10);
    return *s && *end == '\0' && v > 0 && v <= max;
}

/* The dialog's main lines: blank lines to the middle, the prompt, the
 * input with the cursor on it, and the error when the last submit was
 * invalid. */
static int input_lines(cli_line_t *lines, int visible, const char *prompt, const buf_t *in, size_t cursor, bool error)
{
    int n = 0;
    for (int i = 0; i < visible / 2 - 2; i++) lines[n++] = (cli_line_t){xstrdup(""), CLI_PLAIN};
    buf_t b = BUF_INIT;
    buf_printf(&b, MARGIN "%s", prompt);
    lines[n++] = (cli_line_t){buf_steal(&b), CLI_PLAIN};
    buf_puts(&b, MARGIN "> ");
    buf_append(&b, in->data, cursor);
    buf_puts(&b, "\x1b[7;5m");
    if (cursor < in->len) {
        buf_putc(&b, (char)in->data[cursor]);
        buf_puts(&b, "\x1b[0m");
        buf_append(&b, in->data + cursor + 1, in->len - cursor - 1);
    } else {
        buf_puts(&b, " \x1b[0m");
    }
    lines[n++] = (cli_line_t){buf_steal(&b), CLI_PLAIN};
    if (error) {
        lines[n++] = (cli_line_t){xstrdup(""), CLI_PLAIN};
        lines[n++] = (cli_line_t){xstrdup(MARGIN "The input is invalid please check it again."), CLI_RED};
    }
    return n;
}

int cli_input_page(FILE *term, int max)
{
    char prompt[64];
    snprintf(prompt, sizeof prompt, "Enter page number: [1 to %d]", max);
    const char *footer[1] = {"Press \x1b[7mEnter\x1b[0m to submit. Press \x1b[7mESC\x1b[0m or submit an empty string "
                             "to cancel."};
    buf_t in = BUF_INIT;
    size_t cursor = 0;
    bool error = false;
    int result = -1;
    while (result < 0) {
        int w, h;
        cli_screen_size(term, &w, &h);
        cli_frame_t f = {.title = "Input Dialog", .footer = footer, .nfooter = 1};
        int visible = cli_frame_visible(&f, h);
        cli_line_t *lines = xcalloc((size_t)(visible > 0 ? visible : 0) + 8, sizeof *lines);
        f.nmain = input_lines(lines, visible, prompt, &in, cursor, error);
        f.main = lines;
        cli_frame_draw(term, &f);
        for (int i = 0; i < f.nmain; i++) free(lines[i].text);
        free(lines);
        int key = cli_key_read(-1);
        if (key == CLI_KEY_ESC || key == CLI_KEY_NONE) result = 0;
        else if (key == '\r') {
            error = in.len && !valid_page(buf_cstr(&in), max);
            if (!in.len) result = 0;
            else if (!error) result = atoi(buf_cstr(&in));
        } else if (key == BACKSPACE && cursor > 0) {
            memmove(in.data + cursor - 1, in.data + cursor, in.len - cursor);
            in.len--, cursor--;
        } else if (key == CLI_KEY_LEFT && cursor > 0) cursor--;
        else if (key == CLI_KEY_RIGHT && cursor < in.len) cursor++;
        else if (key >= 32 && key < 256 && key != BACKSPACE) {
            buf_putc(&in, ' ');
            memmove(in.data + cursor + 1, in.data + cursor, in.len - cursor - 1);
            in.data[cursor++] = (unsigned char)key;
        }
    }
    buf_free(&in);
    return result;
}
