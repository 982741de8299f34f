// The libedit functions skyshell calls, as forwarders into the system's libedit.so.2
// (CLoader.h), and the fixed-shape wrappers of its variadic el_set, el_get and history().
#include "CEditline.h"
#include "CLoader.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

typedef int (*el_set_fn)(EditLine *, int, ...);
typedef int (*el_get_fn)(EditLine *, int, ...);
typedef int (*history_fn)(History *, HistEvent *, int, ...);

#define EDITLINE_FUNCTIONS(X, V, F) \
    X(EditLine *, el_init, NULL, (const char *program, FILE *in, FILE *out, FILE *err), (program, in, out, err)) \
    V(el_end, (EditLine *e), (e)) \
    X(const char *, el_gets, NULL, (EditLine *e, int *count), (e, count)) \
    X(int, el_getc, -1, (EditLine *e, char *c), (e, c)) \
    X(const LineInfo *, el_line, NULL, (EditLine *e), (e)) \
    X(int, el_insertstr, -1, (EditLine *e, const char *text), (e, text)) \
    V(el_deletestr, (EditLine *e, int count), (e, count)) \
    X(int, el_cursor, 0, (EditLine *e, int count), (e, count)) \
    X(History *, history_init, NULL, (void), ()) \
    V(history_end, (History *h), (h)) \
    F(el_set) \
    F(el_get) \
    F(history)

SKY_LIBRARY(editline, "libedit.so.2", "libedit.so", EDITLINE_FUNCTIONS)
#define SKY_CURRENT editline
SKY_FORWARDERS(EDITLINE_FUNCTIONS)

int sky_editline_available(void) { return sky_library_open(&editline); }
const char *sky_editline_error(void) { return sky_library_error(&editline); }

// The variadic three, called with one fixed shape each (-1 when libedit is not there).
#define EL_SET(...) (sky_library_open(&editline) ? ((el_set_fn)SKY_FUNCTION(editline, el_set))(__VA_ARGS__) : -1)
#define EL_GET(...) (sky_library_open(&editline) ? ((el_get_fn)SKY_FUNCTION(editline, el_get))(__VA_ARGS__) : -1)
#define HISTORY(...) (sky_library_open(&editline) ? ((history_fn)SKY_FUNCTION(editline, history))(__VA_ARGS__) : -1)

int sky_el_set_prompt(EditLine *e, sky_prompt_fn f) { return EL_SET(e, EL_PROMPT, f); }
int sky_el_set_editor(EditLine *e, const char *mode) { return EL_SET(e, EL_EDITOR, mode); }
int sky_el_set_signal(EditLine *e, int on) { return EL_SET(e, EL_SIGNAL, on); }
int sky_el_set_clientdata(EditLine *e, void *data) { return EL_SET(e, EL_CLIENTDATA, data); }

void *sky_el_get_clientdata(EditLine *e) {
    void *data = NULL;
    if (EL_GET(e, EL_CLIENTDATA, &data) != 0) return NULL;
    return data;
}

int sky_el_addfn(EditLine *e, const char *name, const char *help, sky_key_fn f) { return EL_SET(e, EL_ADDFN, name, help, f); }
int sky_el_bind(EditLine *e, const char *key, const char *fn) { return EL_SET(e, EL_BIND, key, fn, (const char *)NULL); }
int sky_el_setty(EditLine *e, const char *mode, const char *flag) { return EL_SET(e, EL_SETTY, mode, flag, (const char *)NULL); }

int sky_el_columns(EditLine *e) {
    int cols = -1;
    if (EL_GET(e, EL_GETTC, "co", &cols, (void *)NULL) != 0) return -1;
    return cols;
}

// The reader's settings.
static sky_wait_fn waiter;
static int input_fd;

/// The editor's character reader (EL_GETCFN): one UTF-8 character from the input descriptor,
/// with the waiter told before and after each wait. 0 at end of input, -1 on an error.
static int sky_getc(EditLine *e, wchar_t *out) {
    static mbstate_t state;
    for (;;) {
        struct pollfd ready = {input_fd, POLLIN, 0};
        int waiting = poll(&ready, 1, 0) == 0;
        if (waiting && waiter) waiter(e, 0);
        char byte;
        ssize_t n;
        do { n = read(input_fd, &byte, 1); } while (n < 0 && errno == EINTR);
        if (waiting && waiter) waiter(e, 1);
        if (n == 0) return 0;
        if (n < 0) return -1;
        wchar_t wc;
        size_t used = mbrtowc(&wc, &byte, 1, &state);
        if (used == (size_t)-2) continue;
        if (used == (size_t)-1) { memset(&state, 0, sizeof state); *out = 0xFFFD; return 1; }
        *out = wc;
        return 1;
    }
}

int sky_el_set_getc(EditLine *e, int fd, sky_wait_fn w) {
    input_fd = fd;
    waiter = w;
    return EL_SET(e, EL_GETCFN, sky_getc);
}

// The history function handed to the editor is libedit's own.
int sky_el_set_history(EditLine *e, History *h) {
    return sky_library_open(&editline) ? EL_SET(e, EL_HIST, (history_fn)SKY_FUNCTION(editline, history), h) : -1;
}

int sky_history_setsize(History *h, int size) { HistEvent ev; return HISTORY(h, &ev, H_SETSIZE, size); }
int sky_history_setunique(History *h, int on) { HistEvent ev; return HISTORY(h, &ev, H_SETUNIQUE, on); }
int sky_history_enter(History *h, const char *line) { HistEvent ev; return HISTORY(h, &ev, H_ENTER, line); }

int sky_history_count(History *h) {
    HistEvent ev;
    if (HISTORY(h, &ev, H_GETSIZE) < 0) return 0;
    return ev.num;
}

void sky_history_each(History *h, void *context, void (*each)(void *, const char *)) {
    HistEvent ev;
    if (HISTORY(h, &ev, H_LAST) < 0) return;
    do { each(context, ev.str); } while (HISTORY(h, &ev, H_PREV) >= 0);
}
