#ifndef SKYSHELL_CEDITLINE_H
#define SKYSHELL_CEDITLINE_H
// libedit as skyshell calls it, from the system's libedit.so.2, opened when an interactive
// session starts rather than at every start-up (CLoader.h): a script or a -c command never
// loads it. Always spelled through <histedit.h> (never <readline/readline.h>, which could pick
// up GNU readline's header).
//
// el_set, el_get and history() are variadic, which Swift cannot call; each wrapper below fixes
// one call shape.
#include <wchar.h>
#include <histedit.h>

/// 1 when libedit can be used (opening it if needed), 0 otherwise.
int sky_editline_available(void);
/// Why libedit cannot be used: the loader's words ("" when it can).
const char *sky_editline_error(void);

/// A libedit prompt callback: returns the prompt text for the editor.
typedef char *(*sky_prompt_fn)(EditLine *);
/// A libedit key-bound function: returns one of the CC_* codes.
typedef unsigned char (*sky_key_fn)(EditLine *, int);

/// Sets the prompt callback (EL_PROMPT).
int sky_el_set_prompt(EditLine *e, sky_prompt_fn f);
/// Selects the key binding set, "emacs" or "vi" (EL_EDITOR).
int sky_el_set_editor(EditLine *e, const char *mode);
/// Turns libedit's own signal handling on or off (EL_SIGNAL): restores the tty on fatal signals
/// and applies SIGWINCH immediately when on.
int sky_el_set_signal(EditLine *e, int on);
/// Stores an opaque pointer that callbacks can fetch back (EL_CLIENTDATA).
int sky_el_set_clientdata(EditLine *e, void *data);
/// Fetches the pointer stored with sky_el_set_clientdata, or NULL.
void *sky_el_get_clientdata(EditLine *e);
/// Registers a named editor function (EL_ADDFN).
int sky_el_addfn(EditLine *e, const char *name, const char *help, sky_key_fn f);
/// Binds one key sequence to a named function (EL_BIND).
int sky_el_bind(EditLine *e, const char *key, const char *fn);
/// Changes one tty mode flag of the editing mode, e.g. "-d", "-isig" (EL_SETTY).
int sky_el_setty(EditLine *e, const char *mode, const char *flag);
/// Reads the terminal's column count ("co" capability) or returns -1.
int sky_el_columns(EditLine *e);

/// Called by the editor's character reader: with 0 just before it waits for a key (nothing
/// typed is pending), with 1 as soon as a key arrived, before the editor acts on it
/// (autosuggestions are drawn and cleared there, so the screen is always what the editor
/// believes it is).
typedef void (*sky_wait_fn)(EditLine *, int);
/// Reads keys, one UTF-8 character at a time, from `fd`, telling `waiter` around each wait
/// (EL_GETCFN).
int sky_el_set_getc(EditLine *e, int fd, sky_wait_fn waiter);

/// Attaches a history to the editor so Up/Down recall entries (EL_HIST).
int sky_el_set_history(EditLine *e, History *h);
/// Sets the maximum number of history entries (H_SETSIZE).
int sky_history_setsize(History *h, int size);
/// Drops consecutive duplicates when on (H_SETUNIQUE).
int sky_history_setunique(History *h, int on);
/// Appends one entry (H_ENTER).
int sky_history_enter(History *h, const char *line);
/// Number of entries (H_GETSIZE).
int sky_history_count(History *h);
/// Copies the entries oldest first into a callback, one at a time.
void sky_history_each(History *h, void *context, void (*each)(void *, const char *));

#endif
