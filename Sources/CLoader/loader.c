#include "CLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

static __thread sky_library *being_opened;

static void open_current(void) {
    sky_library *library = being_opened;
    void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        // The first failure is the one said (the unversioned name is only a second chance).
        const char *e = dlerror();
        snprintf(library->failure, sizeof library->failure, "%s", e ? e : library->soname);
        if (library->fallback) handle = dlopen(library->fallback, RTLD_NOW | RTLD_LOCAL);
        if (!handle) return;
        library->failure[0] = 0;
    }
    for (size_t i = 0; i < library->count; i++) {
        void *f = dlsym(handle, library->names[i]);
        if (!f) {
            snprintf(library->failure, sizeof library->failure, "%s has no %s", library->soname, library->names[i]);
            return;
        }
        library->table[i] = f;
    }
    // Read-only from now on: the addresses are never written again.
    if (mprotect(library->table, SKY_TABLE_SIZE, PROT_READ) != 0) {
        snprintf(library->failure, sizeof library->failure, "cannot protect the table of %s", library->soname);
        return;
    }
    __atomic_store_n(&library->loaded, 1, __ATOMIC_RELEASE);
}

int sky_library_open(sky_library *library) {
    if (__atomic_load_n(&library->loaded, __ATOMIC_ACQUIRE)) return 1;
    // pthread_once takes no argument: the library travels in a thread-local variable (a
    // library's once runs on the calling thread).
    being_opened = library;
    pthread_once(&library->once, open_current);
    return __atomic_load_n(&library->loaded, __ATOMIC_ACQUIRE);
}

const char *sky_library_error(sky_library *library) { return library->failure; }
