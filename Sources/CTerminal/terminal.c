#define _GNU_SOURCE
#include "CTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static volatile sig_atomic_t interrupts = 0;
static volatile sig_atomic_t interrupts_seen = 0;
static volatile sig_atomic_t resized = 0;
static volatile sig_atomic_t termination = 0;
static volatile sig_atomic_t exit_on_termination = 0;
static int installed = 0;

static void on_signal(int sig) {
    switch (sig) {
    case SIGINT:
        interrupts = interrupts + 1;
        interrupts_seen = interrupts_seen + 1;
        break;
    case SIGWINCH: resized = 1; break;
    default:
        termination = sig;
        if (exit_on_termination) _exit(128 + sig);
        break;
    }
}

int sky_terminal_size(int fd, int *columns, int *rows) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0) return -1;
    *columns = ws.ws_col;
    *rows = ws.ws_row;
    return 0;
}

int sky_terminal_set_size(int fd, int columns, int rows) {
    struct winsize ws;
    memset(&ws, 0, sizeof ws);
    ws.ws_col = (unsigned short)columns;
    ws.ws_row = (unsigned short)rows;
    return ioctl(fd, TIOCSWINSZ, &ws);
}

extern char **environ;
char **sky_environment(void) { return environ; }

void sky_memory_keep_freed(int largest, int kept) {
    // Setting either fixes glibc's threshold for mapping a block by itself, which it would
    // otherwise raise as such blocks are freed: both are set.
    mallopt(M_MMAP_THRESHOLD, largest);
    mallopt(M_TRIM_THRESHOLD, kept);
}

void sky_signals_install(void) {
    if (installed) return;
    installed = 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a blocked read returns EINTR on Ctrl-C */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGWINCH, &sa, NULL);
    /* A parent may have started us with these blocked (the mask is inherited). */
    sigset_t handled;
    sigemptyset(&handled);
    sigaddset(&handled, SIGINT);
    sigaddset(&handled, SIGTERM);
    sigaddset(&handled, SIGHUP);
    sigaddset(&handled, SIGWINCH);
    sigprocmask(SIG_UNBLOCK, &handled, NULL);
}

void sky_signals_exit_on_termination(int on) { exit_on_termination = on; }

int sky_signals_take_interrupts(void) {
    int n = interrupts;
    interrupts = 0;
    return n;
}

int sky_signals_interrupt_pending(void) { return interrupts != 0; }

int sky_signals_interrupts_seen(void) { return interrupts_seen; }

int sky_signals_take_resize(void) {
    int r = resized;
    resized = 0;
    return r;
}

int sky_signals_termination(void) { return termination; }

long sky_read_interruptible(int fd, void *buffer, unsigned long length) {
    sigset_t block, previous;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    sigprocmask(SIG_BLOCK, &block, &previous);
    if (interrupts || termination) {
        sigprocmask(SIG_SETMASK, &previous, NULL);
        return -2;
    }
    struct pollfd p = { .fd = fd, .events = POLLIN, .revents = 0 };
    int ready = ppoll(&p, 1, NULL, &previous);
    int saved = errno;
    sigprocmask(SIG_SETMASK, &previous, NULL);
    if (ready < 0) {
        if (saved == EINTR && (interrupts || termination)) return -2;
        if (saved == EINTR) return sky_read_interruptible(fd, buffer, length);
        errno = saved;
        return -1;
    }
    long n;
    do { n = read(fd, buffer, length); } while (n < 0 && errno == EINTR && !interrupts && !termination);
    if (n < 0 && errno == EINTR) return -2;
    return n;
}

static struct termios saved_mode;
static int saved_fd = -1;

int sky_terminal_enter_live_mode(int fd) {
    struct termios mode;
    if (tcgetattr(fd, &mode) != 0) return -1;
    saved_mode = mode;
    saved_fd = fd;
    mode.c_lflag &= ~(ICANON | ECHO);
    mode.c_cc[VMIN] = 0;
    mode.c_cc[VTIME] = 0;
    return tcsetattr(fd, TCSANOW, &mode);
}

void sky_terminal_leave_live_mode(int fd) {
    if (saved_fd != fd) return;
    tcsetattr(fd, TCSANOW, &saved_mode);
    saved_fd = -1;
}

int sky_spawn_reset_signals(void *attributes) {
    posix_spawnattr_t *attr = (posix_spawnattr_t *)attributes;
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    short flags = 0;
    posix_spawnattr_getflags(attr, &flags);
    posix_spawnattr_setsigmask(attr, &none);
    posix_spawnattr_setsigdefault(attr, &all);
    return posix_spawnattr_setflags(attr, flags | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
}

int sky_spawn_setsid_flag(void) {
#ifdef POSIX_SPAWN_SETSID
    return POSIX_SPAWN_SETSID;
#else
    return 0x80;
#endif
}

int sky_spawn_close_from(void *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, lowest);
}

int sky_spawn_chdir(void *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np((posix_spawn_file_actions_t *)actions, path);
}

int sky_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int sky_terminal_make_controlling(int fd) { return ioctl(fd, TIOCSCTTY, 0); }
