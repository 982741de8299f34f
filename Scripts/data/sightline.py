"""Exact sight lines over an SRTM3 tile, for the maintainer scripts that write reference data
(rings-sightline-reference, ridge-recording): the tile's bilinear surface read along a
GeographicLib geodesic every metre for the first 3 km, every 10 m beyond and at every crossing
of a cell edge, in the 4/3-Earth frame. Written apart from skyshell; needs numpy, geographiclib.
"""
import numpy as np
from geographiclib.geodesic import Geodesic

KR = 4 / 3 * 6_371_008.8
NEAR, STEP = 3_000, 10.0


class Tile:
    def __init__(self, path, south, west):
        self.grid = np.fromfile(path, dtype=">i2").reshape(1201, 1201).astype(float)
        self.north, self.west = south + 1, west

    def ground(self, lat, lon):
        """The bilinear surface; NaN off the tile."""
        fy, fx = (self.north - lat) * 1200, (lon - self.west) * 1200
        inside = (fy >= 0) & (fx >= 0) & (fy < 1200) & (fx < 1200)
        r, c = np.clip(fy.astype(int), 0, 1199), np.clip(fx.astype(int), 0, 1199)
        ty, tx = fy - r, fx - c
        g = self.grid
        h = (g[r, c] * (1 - tx) + g[r, c + 1] * tx) * (1 - ty) + (g[r + 1, c] * (1 - tx) + g[r + 1, c + 1] * tx) * ty
        return np.where(inside, h, np.nan)


class Ray:
    """One bearing from an antenna: where each distance is, and the steepest terrain slope
    before it, so that whether an aircraft is in sight is one comparison."""

    def __init__(self, tile, lat, lon, antenna_msl, bearing, reach):
        line = Geodesic.WGS84.DirectLine(lat, lon, bearing, reach)
        base = np.concatenate((np.arange(1.0, NEAR, 1.0), np.arange(NEAR, reach + STEP / 2, STEP)))
        # Exact geodesic points every 500 m, straight in latitude and longitude between them.
        knots = np.arange(0, reach + 500, 500.0)
        kl = np.array([[line.Position(d)["lat2"], line.Position(d)["lon2"]] for d in knots])
        lat_b, lon_b = np.interp(base, knots, kl[:, 0]), np.interp(base, knots, kl[:, 1])
        extra = []
        for f in ((tile.north - lat_b) * 1200, (lon_b - tile.west) * 1200):
            cells = np.floor(f)
            for i in np.nonzero(cells[1:] != cells[:-1])[0]:
                t = (max(cells[i], cells[i + 1]) - f[i]) / (f[i + 1] - f[i])
                extra.append(base[i] + t * (base[i + 1] - base[i]))
        self.distances = np.union1d(base, np.array(extra))
        self.lats = np.interp(self.distances, knots, kl[:, 0])
        self.lons = np.interp(self.distances, knots, kl[:, 1])
        self.drop = self.distances**2 / (2 * KR)
        self.terrain = tile.ground(self.lats, self.lons)
        self.known = ~np.isnan(self.terrain)
        self.antenna = antenna_msl
        slopes = np.where(self.known, (self.terrain - self.drop - antenna_msl) / self.distances, -np.inf)
        # The steepest slope to the terrain before each point (the point itself excluded).
        self.steepest = np.concatenate(([-np.inf], np.maximum.accumulate(slopes)[:-1]))
        self.first_unknown = int(np.argmax(~self.known)) if (~self.known).any() else self.distances.size

    def in_sight(self, altitude):
        """For every distance: an aircraft at `altitude` (MSL) there is in sight."""
        target = (altitude - self.drop - self.antenna) / self.distances
        seen = self.known & (target >= self.steepest) & (self.terrain <= altitude)
        seen[self.first_unknown:] = False
        return seen
