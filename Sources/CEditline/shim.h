#ifndef SKYSHELL_CEDITLINE_SHIM_H
#define SKYSHELL_CEDITLINE_SHIM_H
// Non-variadic wrappers over libedit's native API. el_set, el_get and history() are variadic,
// which Swift cannot call; each wrapper below fixes one call shape. Always spelled through
// <histedit.h> (never <readline/readline.h>, which could pick up GNU readline's header).
#include <stdio.h>
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
