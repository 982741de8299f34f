#!/usr/bin/env python3
"""Times a command's first line of output and its whole run, RUNS times; prints the two medians
in milliseconds. Usage: first_output.py RUNS CMD [ARG...]"""
import statistics, subprocess, sys, time

runs, cmd = int(sys.argv[1]), sys.argv[2:]
first, whole = [], []
for _ in range(runs):
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    p.stdout.readline()
    first.append(time.perf_counter() - start)
    for _ in p.stdout:
        pass
    p.wait()
    whole.append(time.perf_counter() - start)
print("%.3f %.3f" % (statistics.median(first) * 1000, statistics.median(whole) * 1000))
