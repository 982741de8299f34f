#ifndef SKYSHELL_CEDITLINE_SHIM_H
#define SKYSHELL_CEDITLINE_SHIM_H
// Non-variadic wrappers over libedit's native API. el_set, el_get and history() are variadic,
// which Swift cannot call; each wrapper below fixes one call shape. Always spelled through
// <histedit.h> (never <readline/readline.h>, which could pick up GNU readline's header).
#include <stdio.h>
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <histedit.h>

/// A libedit prompt callback: returns the prompt text for the editor.
typedef char *(*sky_prompt_fn)(EditLine *);
/// A libedit key-bound function: returns one of the CC_* codes.
typedef unsigned char (*sky_key_fn)(EditLine *, int);

/// Sets the prompt callback (EL_PROMPT).
static inline int sky_el_set_prompt(EditLine *e, sky_prompt_fn f) { return el_set(e, EL_PROMPT, f); }
/// Selects the key binding set, "emacs" or "vi" (EL_EDITOR).
static inline int sky_el_set_editor(EditLine *e, const char *mode) { return el_set(e, EL_EDITOR, mode); }
/// Turns libedit's own signal handling on or off (EL_SIGNAL): restores the tty on fatal signals
/// and applies SIGWINCH immediately when on.
static inline int sky_el_set_signal(EditLine *e, int on) { return el_set(e, EL_SIGNAL, on); }
/// Stores an opaque pointer that callbacks can fetch back (EL_CLIENTDATA).
static inline int sky_el_set_clientdata(EditLine *e, void *data) { return el_set(e, EL_CLIENTDATA, data); }
/// Fetches the pointer stored with sky_el_set_clientdata, or NULL.
static inline void *sky_el_get_clientdata(EditLine *e) {
    void *data = NULL;
    if (el_get(e, EL_CLIENTDATA, &data) != 0) return NULL;
    return data;
}
/// Registers a named editor function (EL_ADDFN).
static inline int sky_el_addfn(EditLine *e, const char *name, const char *help, sky_key_fn f) {
    return el_set(e, EL_ADDFN, name, help, f);
}
/// Binds one key sequence to a named function (EL_BIND).
static inline int sky_el_bind(EditLine *e, const char *key, const char *fn) {
    return el_set(e, EL_BIND, key, fn, (const char *)NULL);
}
/// Changes one tty mode flag of the editing mode, e.g. "-d", "-isig" (EL_SETTY).
static inline int sky_el_setty(EditLine *e, const char *mode, const char *flag) {
    return el_set(e, EL_SETTY, mode, flag, (const char *)NULL);
}
/// Reads the terminal's column count ("co" capability) or returns -1.
static inline int sky_el_columns(EditLine *e) {
    int cols = -1;
    if (el_get(e, EL_GETTC, "co", &cols, (void *)NULL) != 0) return -1;
    return cols;
}
/// Called by sky_getc: with 0 just before it waits for a key (nothing typed is pending), with
/// 1 as soon as a key arrived, before the editor acts on it (autosuggestions are drawn and
/// cleared there, so the screen is always what the editor believes it is).
typedef void (*sky_wait_fn)(EditLine *, int);
/// The reader's settings, kept in the functions (a header's file-scope variables are not
/// emitted when Swift imports it).
struct sky_getc_settings { sky_wait_fn waiter; int fd; };
static inline struct sky_getc_settings *sky_getc_slot(void) {
    static struct sky_getc_settings settings = {NULL, 0};
    return &settings;
}

/// The editor's character reader (EL_GETCFN): one UTF-8 character from the input descriptor,
/// with the waiter told before and after each wait. 0 at end of input, -1 on an error.
static inline int sky_getc(EditLine *e, wchar_t *out) {
    static mbstate_t state;
    struct sky_getc_settings *settings = sky_getc_slot();
    for (;;) {
        struct pollfd ready = {settings->fd, POLLIN, 0};
        int waiting = poll(&ready, 1, 0) == 0;
        if (waiting && settings->waiter) settings->waiter(e, 0);
        char byte;
        ssize_t n;
        do { n = read(settings->fd, &byte, 1); } while (n < 0 && errno == EINTR);
        if (waiting && settings->waiter) settings->waiter(e, 1);
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

/// Reads keys with sky_getc from `fd`, telling `waiter` around each wait (EL_GETCFN).
static inline int sky_el_set_getc(EditLine *e, int fd, sky_wait_fn waiter) {
    sky_getc_slot()->fd = fd;
    sky_getc_slot()->waiter = waiter;
    return el_set(e, EL_GETCFN, sky_getc);
}

/// Attaches a history to the editor so Up/Down recall entries (EL_HIST).
static inline int sky_el_set_history(EditLine *e, History *h) { return el_set(e, EL_HIST, history, h); }

/// Sets the maximum number of history entries (H_SETSIZE).
static inline int sky_history_setsize(History *h, int size) {
    HistEvent ev; return history(h, &ev, H_SETSIZE, size);
}
/// Drops consecutive duplicates when on (H_SETUNIQUE).
static inline int sky_history_setunique(History *h, int on) {
    HistEvent ev; return history(h, &ev, H_SETUNIQUE, on);
}
/// Appends one entry (H_ENTER).
static inline int sky_history_enter(History *h, const char *line) {
    HistEvent ev; return history(h, &ev, H_ENTER, line);
}
/// Number of entries (H_GETSIZE).
static inline int sky_history_count(History *h) {
    HistEvent ev; if (history(h, &ev, H_GETSIZE) < 0) return 0; return ev.num;
}
/// Copies the entries oldest first into a callback, one at a time.
static inline void sky_history_each(History *h, void *context, void (*each)(void *, const char *)) {
    HistEvent ev;
    if (history(h, &ev, H_LAST) < 0) return;
    do { each(context, ev.str); } while (history(h, &ev, H_PREV) >= 0);
}

#endif
