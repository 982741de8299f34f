#!/usr/bin/env python3
"""Writes a square of synthetic SRTM3 tiles (1201 x 1201 big-endian int16) into a folder, for the
many-tile viewshed benchmark: ridges and valleys from a few sines, the same pattern in each
tile (continuous across the seams). Usage: gen-tiles.py FOLDER SOUTH WEST SIDE"""
import math, os, struct, sys
folder, south, west, side = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
os.makedirs(folder, exist_ok=True)
n = 1201
rows = []
for r in range(n):
    lat = 1 - r / (n - 1)
    row = [int(600 + 450 * math.sin(lat * 2 * math.pi * 3) * math.cos(c / (n - 1) * 2 * math.pi * 2)
               + 150 * math.sin((lat + c / (n - 1)) * 2 * math.pi * 11)) for c in range(n)]
    rows.append(struct.pack(">%dh" % n, *row))
data = b"".join(rows)
for lat in range(south, south + side):
    for lon in range(west, west + side):
        name = ("N" if lat >= 0 else "S") + "%02d" % abs(lat) + ("E" if lon >= 0 else "W") + "%03d" % abs(lon) + ".hgt"
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
