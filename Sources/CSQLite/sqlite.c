// The SQLite functions skyshell calls, as forwarders into the system's libsqlite3 (CLoader.h).
// When SQLite cannot be opened, opening a database fails with SQLITE_CANTOPEN and its error
// message says why; every other call fails as SQLite does for a null handle.
#include "CSQLite.h"
#include "CLoader.h"

#define SQLITE_FUNCTIONS(X, V, F) \
    X(int, sqlite3_open, SQLITE_CANTOPEN, (const char *path, sqlite3 **db), (path, db)) \
    X(int, sqlite3_open_v2, SQLITE_CANTOPEN, (const char *path, sqlite3 **db, int flags, const char *vfs), (path, db, flags, vfs)) \
    X(int, sqlite3_close, SQLITE_OK, (sqlite3 *db), (db)) \
    X(int, sqlite3_close_v2, SQLITE_OK, (sqlite3 *db), (db)) \
    X(const char *, sqlite3_errmsg, sky_sqlite_error(), (sqlite3 *db), (db)) \
    X(int, sqlite3_extended_result_codes, SQLITE_MISUSE, (sqlite3 *db, int on), (db, on)) \
    X(int, sqlite3_db_readonly, -1, (sqlite3 *db, const char *name), (db, name)) \
    X(int, sqlite3_exec, SQLITE_MISUSE, (sqlite3 *db, const char *sql, int (*callback)(void *, int, char **, char **), void *context, char **error), \
      (db, sql, callback, context, error)) \
    X(int, sqlite3_prepare_v2, SQLITE_MISUSE, (sqlite3 *db, const char *sql, int bytes, sqlite3_stmt **statement, const char **tail), \
      (db, sql, bytes, statement, tail)) \
    X(int, sqlite3_step, SQLITE_MISUSE, (sqlite3_stmt *statement), (statement)) \
    X(int, sqlite3_reset, SQLITE_OK, (sqlite3_stmt *statement), (statement)) \
    X(int, sqlite3_finalize, SQLITE_OK, (sqlite3_stmt *statement), (statement)) \
    X(int, sqlite3_clear_bindings, SQLITE_OK, (sqlite3_stmt *statement), (statement)) \
    X(int, sqlite3_bind_null, SQLITE_MISUSE, (sqlite3_stmt *statement, int index), (statement, index)) \
    X(int, sqlite3_bind_int64, SQLITE_MISUSE, (sqlite3_stmt *statement, int index, sqlite3_int64 value), (statement, index, value)) \
    X(int, sqlite3_bind_double, SQLITE_MISUSE, (sqlite3_stmt *statement, int index, double value), (statement, index, value)) \
    X(int, sqlite3_bind_text, SQLITE_MISUSE, (sqlite3_stmt *statement, int index, const char *text, int bytes, void (*destructor)(void *)), \
      (statement, index, text, bytes, destructor)) \
    X(int, sqlite3_column_type, SQLITE_NULL, (sqlite3_stmt *statement, int column), (statement, column)) \
    X(sqlite3_int64, sqlite3_column_int64, 0, (sqlite3_stmt *statement, int column), (statement, column)) \
    X(double, sqlite3_column_double, 0, (sqlite3_stmt *statement, int column), (statement, column)) \
    X(const unsigned char *, sqlite3_column_text, NULL, (sqlite3_stmt *statement, int column), (statement, column)) \
    X(int, sqlite3_changes, 0, (sqlite3 *db), (db)) \
    X(sqlite3_int64, sqlite3_last_insert_rowid, 0, (sqlite3 *db), (db)) \
    X(const char *, sqlite3_libversion, "unavailable", (void), ()) \
    V(sqlite3_free, (void *memory), (memory))

SKY_LIBRARY(sqlite, "libsqlite3.so.0", "libsqlite3.so", SQLITE_FUNCTIONS)
#define SKY_CURRENT sqlite
SKY_FORWARDERS(SQLITE_FUNCTIONS)

int sky_sqlite_available(void) { return sky_library_open(&sqlite); }
const char *sky_sqlite_error(void) { return sky_library_error(&sqlite); }
