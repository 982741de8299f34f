#!/usr/bin/env python3
"""Writes Docs/PERFORMANCE.md from the tab-separated figures the benchmark scripts record."""
import datetime, os, platform, subprocess, sys

results, scripts = sys.argv[1], sys.argv[2:]

def sh(cmd):
    try:
        return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout.strip()
    except OSError:
        return ""

cpu = sh("grep -m1 'model name' /proc/cpuinfo | cut -d: -f2").strip()
mem = sh("awk '/MemTotal/ {printf \"%.1f GiB\", $2/1048576}' /proc/meminfo")
swift = sh("swift --version 2>&1 | head -1")
rows = [line.rstrip("\n").split("\t") for line in open(results) if line.strip()]

print("# Performance\n")
print("<!-- Written by Scripts/bench/all; do not edit by hand. -->\n")
print("Every figure is a median measured by `./Scripts/bench/all` on the machine below, with its")
print("anchor measured side by side in the same run (whole processes with hyperfine; functions with")
print("an in-process harness). Ratio is skyshell's time divided by the anchor's: below 1 means")
print("skyshell is faster. The start-up and import ratios are timed in turns with their anchors")
print("(`Scripts/bench/interleave.py`: ten rounds of 20 runs each, or five of 2 for imports, the")
print("median of the rounds' medians), so a machine whose speed drifts gives both the same mix.")
print("Missing optional anchors are reported as \"not installed\".\n")
print(f"- Date: {datetime.date.today().isoformat()}")
print(f"- CPU: {cpu} ({os.cpu_count()} cores), memory {mem}")
print(f"- System: {platform.system()} {platform.release()}, {swift}")
print(f"- Binary: release build (Scripts/build-release): only the C library is linked dynamically\n")
print("| Figure | Median | Unit | Anchor (same run) | Ratio | Target |")
print("|---|---:|---|---|---:|---|")
for r in rows:
    r += [""] * (6 - len(r))
    print("| " + " | ".join(x.replace("|", "\\|") for x in r[:6]) + " |")
print("\nNotes: the release binary links the Swift runtime, Foundation, libstdc++, libgcc, SQLite,")
print("libedit (with libtinfo, libbsd, libmd) and zlib statically, so a start maps and relocates only")
print("libc and libm (libcurl is opened on first HTTP use). Loading libstdc++.so and binding its")
print("symbols was about 1 ms of every run, the six C libraries about 1 ms more. The binary is")
print("position-dependent (non-PIE): a PIE")
print("binary spends about 2 ms of every start applying ~70,000 relocations and their page faults, so")
print("the executable itself gives up address-space randomisation for start-up speed. It exports no")
print("dynamic symbols of its own, makes generic metadata by direct calls rather than from mangled")
print("names (no search of the binary's protocol conformances at start), and lld lays out the code a")
print("one-line command runs side by side (`Scripts/data/startup-order.txt`); ARCHITECTURE.md, Start-up.")
print("The start-up floor is a program that does nothing but import Foundation, built the same way:")
print("what any start of skyshell costs before its own first instruction. The start-up rows are")
print("measured on the binary as the build leaves it (in the page cache in large folios) and again")
print("after its pages were dropped and read back from disk, as for a binary installed a while ago:")
print("the same page faults then cost about twice the kernel time.")
print("The radar row decodes one OpenSky answer of 10,000 aircraft spread evenly within the radar's")
print("longest range (500 km) of the observer, so every one is placed, listed and sorted nearest first")
print("(the median of 25 decodes in each of 5 runs); positions have six decimals and about a third of")
print("the rows hold a 17-digit number such as -1.1995500000000003, read as a Float80 quotient (the")
print("standard library's conversion decides near a Double's halfway point). The parts of the list")
print("write their aircraft straight into the snapshot's array, and the sightings are placed and copied")
print("on both cores. `skybench radar-parts FILE` times its parts one by one.")
print("The import rows read a skyshell CSV of 100,000 generated flights (busy airports, real codes,")
print("seats and classes; `Scripts/bench/gen-flights.py`) into a fresh logbook: every value looked up,")
print("every rule checked, the flights written in one transaction, the badges evaluated once; the")
print("anchor is sqlite3's own `.import` of the same file into a bare table (no checks, no index). The")
print("in-process rows (`skybench import-parts FILE`) split that work; the per-flight rows are the same")
print("import at 1,000, 10,000 and 1,000,000 flights, against the 100,000-flight figure.")
print("Viewsheds at the default steps sweep rays one range step apart at the range within 1.6")
print("million looks at the ground (the azimuth step is in each row), looking every 92.6 m, and")
print("the time includes the visible area over the margins' triangles. The 0.25° × 90 m rows over")
print("350 km are swept as asked (5.6 million looks, above the 4 million explicit steps may use).")
print("\nReproduce with `./Scripts/bench/all`, or one group with `./Scripts/bench/<name>` where name is")
print("one of: " + ", ".join(f"`{s}`" for s in scripts) + ".")
