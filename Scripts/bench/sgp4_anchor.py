#!/usr/bin/env python3
"""SGP4 propagations per second of the Python sgp4 package's array mode (C++ underneath),
for the same element set and times as skybench: prints the best of five runs.

Usage: sgp4_anchor.py near_earth|deep_space"""
import sys, time
import numpy as np
from sgp4.api import Satrec

sets = {
    "near_earth": ("1 25544U 98067A   25313.96830531  .00008626  00000+0  16179-3 0  9997",
                   "2 25544  51.6342 304.7042 0004075  52.7615 307.3745 15.49490024537771"),
    "deep_space": ("1 08195U 75081A   06176.33215444  .00000099  00000-0  11873-3 0   813",
                   "2 08195  64.1586 279.0717 6877146 264.7651  20.2257  2.00491383225656"),
}
sat = Satrec.twoline2rv(*sets[sys.argv[1]])
n = 200_000
minutes = np.arange(n) * 4320.0 / n
jd = np.full(n, sat.jdsatepoch)
fr = sat.jdsatepochF + minutes / 1440.0
best = float("inf")
for _ in range(5):
    t0 = time.perf_counter()
    e, r, v = sat.sgp4_array(jd, fr)
    best = min(best, time.perf_counter() - t0)
print(f"{n / best:.0f}")
