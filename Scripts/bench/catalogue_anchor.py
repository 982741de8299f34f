#!/usr/bin/env python3
"""Anchors for the whole-catalogue pass search, on the catalogue skybench writes (3LE):

  catalogue_anchor.py grid FILE      seconds for python sgp4's array mode to propagate every set
                                     on a 60 s grid over the same 24 h (propagation only: no
                                     frames, no pass finding)
  catalogue_anchor.py skyfield FILE  seconds for skyfield's find_events over the same 24 h and
                                     observer for 100 sets (every 100th), times 100

Prints the best of three runs (skyfield: one run)."""
import sys, time
import numpy as np

START_JD = 2460989.5  # 2025-11-10 00:00 UTC
kind, path = sys.argv[1], sys.argv[2]
lines = [l.rstrip("\n") for l in open(path)]
sets = [(lines[i], lines[i + 1], lines[i + 2]) for i in range(0, len(lines) - 2, 3)]

if kind == "grid":
    from sgp4.api import Satrec, SatrecArray
    array = SatrecArray([Satrec.twoline2rv(l1, l2) for _, l1, l2 in sets])
    minutes = np.arange(1440) * 1.0
    jd = np.full(minutes.shape, START_JD)
    fr = minutes / 1440.0
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        e, r, v = array.sgp4(jd, fr)
        best = min(best, time.perf_counter() - t0)
    print(f"{best:.3f}")
else:
    from skyfield.api import EarthSatellite, load, wgs84
    ts = load.timescale(builtin=True)
    place = wgs84.latlon(48.8566, 2.3522, elevation_m=35.0)
    t0, t1 = ts.tt_jd(START_JD + 69.184 / 86400), ts.tt_jd(START_JD + 1 + 69.184 / 86400)
    subset = sets[::100][:100]
    sats = [EarthSatellite(l1, l2, name, ts) for name, l1, l2 in subset]
    start = time.perf_counter()
    for sat in sats:
        sat.find_events(place, t0, t1, altitude_degrees=0.0)
    print(f"{(time.perf_counter() - start) * len(sets) / len(subset):.3f}")
