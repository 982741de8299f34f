#!/usr/bin/env python3
"""Median time of Python's json.loads over a file, in milliseconds (the radar decode anchor).

Usage: json_anchor.py FILE [ROUNDS]"""
import json
import sys
import time

data = open(sys.argv[1], "rb").read()
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 25
times = []
for _ in range(rounds):
    t0 = time.perf_counter()
    json.loads(data)
    times.append(time.perf_counter() - t0)
times.sort()
print(f"{times[len(times) // 2] * 1000:.3f}")
