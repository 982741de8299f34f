#ifndef SKYSHELL_CSQLITE_SHIM_H
#define SKYSHELL_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT as a function: the macro is a cast Swift cannot import.
/// Binding text or blobs with it makes SQLite copy the bytes before the call returns.
static inline sqlite3_destructor_type sky_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
