#!/usr/bin/env python3
"""Times commands in turns: ROUNDS rounds, each running every command RUNS times with hyperfine
(3 warm-up runs first), and prints for each command, in order, the median over the rounds of its
per-round median, in milliseconds. With --shuffle (after --prepare CMD, if any) each round takes
the commands in its own order.

On a machine whose speed drifts over seconds, timing one command after another gives the later
one a different machine; taking turns gives each command the same mix, so a ratio between two of
them holds. Usage: interleave.py ROUNDS RUNS [--prepare CMD] [--shuffle] CMD... (--prepare runs
before each timed run, as hyperfine's).
"""
import json, os, random, statistics, subprocess, sys, tempfile

rounds, runs, commands = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
prepare = []
if commands[:1] == ["--prepare"]:
    prepare, commands = commands[:2], commands[2:]
shuffle = commands[:1] == ["--shuffle"]
if shuffle:
    commands = commands[1:]
medians = [[] for _ in commands]
with tempfile.TemporaryDirectory() as work:
    export = os.path.join(work, "h.json")
    for r in range(rounds):
        order = list(enumerate(commands))
        if shuffle:  # a different order each round (the same from run to run), so no command always goes first
            random.Random(r).shuffle(order)
        for k, command in order:
            subprocess.run(["hyperfine", "-N", "--warmup", "3", "--runs", str(runs), *prepare, "--export-json", export, command],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            with open(export) as f:
                medians[k].append(json.load(f)["results"][0]["median"] * 1000)
for values in medians:
    print("%.3f" % statistics.median(values))
