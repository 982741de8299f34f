#!/usr/bin/env python3
"""Starts skyshell on a pseudo-terminal, waits for the prompt, prints its resident memory in MB."""
import os, pty, select, sys, time

binary = sys.argv[1]
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm"
    os.execv(binary, [binary, "--fresh"])
seen = b""
deadline = time.time() + 20
while b"> " not in seen and time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.2)
    if ready:
        seen += os.read(fd, 4096)
time.sleep(0.3)
with open(f"/proc/{pid}/status") as status:
    rss_kb = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
os.write(fd, b"exit\r")
os.waitpid(pid, 0)
print(f"{rss_kb / 1024:.1f}")
