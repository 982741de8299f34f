#!/usr/bin/env python3
"""Writes a skyshell recording (JSON Lines, Docs/RADAR.md) of a busy receiver's day for the
coverage benchmark: SNAPSHOTS snapshots 86 s apart of AIRCRAFT aircraft each, spread within
450 km of 49.0128 N 2.55 E at every altitude, with the fields a receiver gives.
Usage: gen-recording.py FILE SNAPSHOTS AIRCRAFT"""
import json, math, random, sys
path, snapshots, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
random.seed(20261204)
lat0, lon0 = math.radians(49.0128), math.radians(2.55)
with open(path, "w") as out:
    out.write(json.dumps({"skyshell_recording": 1, "source": "bench", "started": 1764806400}) + "\n")
    for s in range(snapshots):
        aircraft = []
        for k in range(count):
            d, b = 450e3 * math.sqrt(random.random()) / 6371e3, random.uniform(0, 2 * math.pi)
            lat = math.asin(math.sin(lat0) * math.cos(d) + math.cos(lat0) * math.sin(d) * math.cos(b))
            lon = lon0 + math.atan2(math.sin(b) * math.sin(d) * math.cos(lat0), math.cos(d) - math.sin(lat0) * math.sin(lat))
            aircraft.append({"icao24": "%06x" % (0x400000 + (s * 7 + k) % 5000), "callsign": "TST%04d" % k,
                             "lat": round(math.degrees(lat), 5), "lon": round(math.degrees(lon), 5),
                             "baro_alt_m": round(random.uniform(0, 12500), 1), "on_ground": False,
                             "speed_ms": round(random.uniform(60, 260), 2), "track": round(random.uniform(0, 360), 2)})
        out.write(json.dumps({"time": 1764806400 + s * 86, "aircraft": aircraft}, separators=(",", ":")) + "\n")
