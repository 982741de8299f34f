import Synchronization

/// Which one-degree squares may be taken as all water when a tile mirror has no tile for them:
/// those the embedded land outline shows to be water (with a margin for its 1:110m coasts) and
/// that hold no airport of the catalog — the outline leaves out small islands (Bermuda, Réunion,
/// Palau), and an airport says there is land. A square with land that a mirror lacks is a wrong
/// address or a partial mirror: its terrain is unknown, never sea level.
public enum KnownSea {
    /// How far beyond its edges a square is looked at, degrees.
    static let margin = 0.25

    /// True when the square at `corner` may be recorded as sea.
    public static func mayBeSea(_ corner: TileCorner, catalog: Catalog = .embedded) -> Bool {
        !Land.mayHoldLand(south: corner.south, west: corner.west, margin: margin) && !airportSquares(catalog).contains(key(corner.south, corner.west))
    }

    static func key(_ south: Int, _ west: Int) -> Int { (south + 90) * 1000 + (west + 180 + 360) % 360 }

    /// The squares with an airport in them or within `margin` of their edges, made once.
    static let squares = Mutex<Set<Int>?>(nil)

    static func airportSquares(_ catalog: Catalog) -> Set<Int> {
        squares.withLock { cached in
            if let cached { return cached }
            var keys = Set<Int>()
            for index in 0..<catalog.airportCount {
                let c = catalog.airportCoordinate(at: index)
                for lat in Set([c.latitude - margin, c.latitude, c.latitude + margin].map { Int(($0).rounded(.down)) }) {
                    for lon in Set([c.longitude - margin, c.longitude, c.longitude + margin].map { Int(($0).rounded(.down)) }) {
                        keys.insert(key(lat, lon))
                    }
                }
            }
            cached = keys
            return keys
        }
    }
}
