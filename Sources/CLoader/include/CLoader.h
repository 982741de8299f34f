#ifndef SKYSHELL_CLOADER_H
#define SKYSHELL_CLOADER_H
// A system library opened the first time skyshell calls one of its functions, instead of at
// every start-up. Linking SQLite and libedit (with libtinfo, libbsd and libmd behind it) cost
// about 0.6 ms of every start, though a one-line command uses neither, and libcurl with the
// thirty libraries behind it about 10 ms (Docs/PERFORMANCE.md).
//
// Each library's C target lists the functions skyshell calls (SKY_FUNCTIONS below) and defines
// them as forwarders: the first call opens the library by its soname (the system's own shared
// copy, so its security updates apply), resolves every listed function at once into a table
// that is then made read-only, as full RELRO makes the GOT, and calls through the table. A
// library that cannot be opened, or lacks a function, is said once (sky_library_error); the
// forwarders then return their failure value.
#include <pthread.h>
#include <stddef.h>

/// The functions of one library: their addresses, in a page of their own that is made
/// read-only once filled.
#define SKY_TABLE_SIZE 4096

typedef struct {
    const char *soname;
    const char *fallback;  // a second name to try (the unversioned one), or NULL
    const char *const *names;
    size_t count;
    void **table;
    pthread_once_t once;
    int loaded;
    char failure[256];
} sky_library;

/// Opens the library and fills its table (once, from any thread); 1 when every function was
/// found.
int sky_library_open(sky_library *library);

/// Why the library could not be used ("" when it can, or has not been tried).
const char *sky_library_error(sky_library *library);

// Forwarders, from an X-macro list of the library's functions: X(return type, name, failure
// value, (parameters), (arguments)) for each one that returns a value, V(name, (parameters),
// (arguments)) for each void one, and F(name) for one only resolved into the table, with no
// forwarder (a variadic function, called through its type by the target's own wrappers, as
// SKY_FUNCTION(library, name) gives it). In the library's .c file:
//
//   #define SQLITE_FUNCTIONS(X, V, F) X(int, sqlite3_step, SQLITE_MISUSE, (sqlite3_stmt *s), (s)) …
//   SKY_LIBRARY(sqlite, "libsqlite3.so.0", "libsqlite3.so", SQLITE_FUNCTIONS)
//
// defines `sqlite` (a sky_library), its table, and each function. The forwarders are hidden:
// never exported, so the library's own calls are never routed back to them.
#define SKY_INDEX(R, name, fail, params, args) sky_index_##name,
#define SKY_VOID_INDEX(name, params, args) sky_index_##name,
#define SKY_ONLY_INDEX(name) sky_index_##name,
#define SKY_NAME(R, name, fail, params, args) #name,
#define SKY_VOID_NAME(name, params, args) #name,
#define SKY_ONLY_NAME(name) #name,
#define SKY_NOTHING(name)
#define SKY_FORWARDER(var, R, name, fail, params, args)                   \
    __attribute__((visibility("hidden"))) R name params {                 \
        if (!sky_library_open(&var)) return fail;                         \
        return ((R(*) params)var.table[sky_index_##name]) args;           \
    }
#define SKY_VOID_FORWARDER(var, name, params, args)                       \
    __attribute__((visibility("hidden"))) void name params {              \
        if (sky_library_open(&var)) ((void(*) params)var.table[sky_index_##name]) args; \
    }
#define SKY_LIBRARY(var, soname, fallback, LIST)                                              \
    enum { LIST(SKY_INDEX, SKY_VOID_INDEX, SKY_ONLY_INDEX) sky_count_##var };                                 \
    _Static_assert(sky_count_##var * sizeof(void *) <= SKY_TABLE_SIZE, "one page of functions"); \
    static const char *const sky_names_##var[] = {LIST(SKY_NAME, SKY_VOID_NAME, SKY_ONLY_NAME)};            \
    static void *sky_table_##var[SKY_TABLE_SIZE / sizeof(void *)]                             \
        __attribute__((aligned(SKY_TABLE_SIZE)));                                             \
    static sky_library var = {soname, fallback, sky_names_##var, sky_count_##var,             \
                              sky_table_##var, PTHREAD_ONCE_INIT, 0, {0}};
/// The forwarders of `LIST` into the library `var` (define SKY_CURRENT as var first).
#define SKY_X_FORWARDER(R, name, fail, params, args) SKY_FORWARDER(SKY_CURRENT, R, name, fail, params, args)
#define SKY_V_FORWARDER(name, params, args) SKY_VOID_FORWARDER(SKY_CURRENT, name, params, args)
#define SKY_FORWARDERS(LIST) LIST(SKY_X_FORWARDER, SKY_V_FORWARDER, SKY_NOTHING)
/// A function of an opened library's table (check sky_library_open first).
#define SKY_FUNCTION(var, name) (var.table[sky_index_##name])

#endif
