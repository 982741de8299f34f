#ifndef SKYSHELL_CTERMINAL_H
#define SKYSHELL_CTERMINAL_H
// Terminal, signal and process helpers whose C forms Swift cannot call directly (ioctl is variadic,
// signal handlers must only touch sig_atomic_t) or should not (posix_spawn flags by number).

#include <stdint.h>

/// Terminal size of `fd` in columns and rows; returns 0 on success, -1 when `fd` is no terminal.
int sky_terminal_size(int fd, int *columns, int *rows);

/// Sets the terminal size of `fd` (the master side of a pty in tests); 0 on success.
int sky_terminal_set_size(int fd, int columns, int rows);

/// The process environment ("NAME=value" strings, NULL-terminated).
char **sky_environment(void);

/// Keeps freed memory for the next allocations instead of handing it back to the system at
/// once (malloc.h's mallopt, which Swift does not see): blocks up to `largest` bytes come from
/// the heap, and up to `kept` free bytes at its top stay mapped.
void sky_memory_keep_freed(int largest, int kept);

/// Installs handlers for SIGINT, SIGWINCH, SIGTERM and SIGHUP that only record the signal.
/// SIGINT is installed without SA_RESTART so a blocking read returns EINTR. Idempotent.
void sky_signals_install(void);

/// While on (at the interactive prompt), SIGTERM and SIGHUP end the process at once with
/// status 128 + signal; libedit restores the terminal before the handler runs. While off,
/// they are only recorded for sky_signals_termination.
void sky_signals_exit_on_termination(int on);

/// Returns how many SIGINTs arrived since the last call and resets the count (async-signal-safe
/// handler, plain read here).
int sky_signals_take_interrupts(void);
/// Non-zero while at least one SIGINT is pending (does not reset it).
int sky_signals_interrupt_pending(void);
/// How many SIGINTs arrived since the process started (never reset: a command that handled
/// Ctrl-C itself still stops the rest of its line).
int sky_signals_interrupts_seen(void);
/// Returns non-zero once if the terminal was resized since the last call.
int sky_signals_take_resize(void);
/// Returns the last termination signal received (SIGTERM or SIGHUP) or 0.
int sky_signals_termination(void);

/// Reads up to `length` bytes from `fd`, giving up when SIGINT, SIGTERM or SIGHUP arrives
/// before or during the wait (race-free: the signals are blocked while checking, then waited
/// for with ppoll). Returns the byte count, 0 at end of file, -1 on error (errno set), -2 when
/// interrupted or terminated.
long sky_read_interruptible(int fd, void *buffer, unsigned long length);

/// Puts `fd` into raw-ish input mode for live views (no echo, no canonical mode, signals kept)
/// and saves the previous mode; returns 0 on success.
int sky_terminal_enter_live_mode(int fd);
/// Restores the mode saved by sky_terminal_enter_live_mode; safe to call more than once.
void sky_terminal_leave_live_mode(int fd);

/// Makes a spawned child start with no signals blocked and default dispositions (a test
/// runner's thread may block signals, and children would inherit that); 0 on success.
int sky_spawn_reset_signals(void *attributes);

/// posix_spawn attribute flag that makes the child a session leader (POSIX_SPAWN_SETSID).
int sky_spawn_setsid_flag(void);
/// Adds "close every descriptor from `lowest` up" to spawn file actions (glibc's
/// posix_spawn_file_actions_addclosefrom_np); 0 on success.
int sky_spawn_close_from(void *actions, int lowest);

/// Adds "change to directory `path`" to spawn file actions (glibc's
/// posix_spawn_file_actions_addchdir_np); 0 on success.
int sky_spawn_chdir(void *actions, const char *path);

/// Creates a pipe whose two ends close on exec (pipe2 with O_CLOEXEC); 0 on success.
int sky_pipe_cloexec(int fds[2]);

/// Makes `fd` the controlling terminal of the calling process (TIOCSCTTY); 0 on success.
int sky_terminal_make_controlling(int fd);

#endif
