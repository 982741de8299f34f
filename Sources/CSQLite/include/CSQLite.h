#ifndef SKYSHELL_CSQLITE_H
#define SKYSHELL_CSQLITE_H
// SQLite's API as skyshell calls it, from the system's libsqlite3.so.0, opened when the
// logbook or the station log is first used rather than at every start-up (CLoader.h).
#include <sqlite3.h>

/// SQLITE_TRANSIENT as a function: the macro is a cast Swift cannot import.
/// Binding text or blobs with it makes SQLite copy the bytes before the call returns.
static inline sqlite3_destructor_type sky_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// 1 when SQLite can be used (opening it if needed), 0 otherwise.
int sky_sqlite_available(void);

/// Why SQLite cannot be used: the loader's words ("" when it can).
const char *sky_sqlite_error(void);

#endif
