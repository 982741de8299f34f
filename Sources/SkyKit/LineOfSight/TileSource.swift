import FoundationEssentials
import Glibc

/// A 1° × 1° terrain square, named by its south-west corner as SRTM names it (N44W072).
public struct TileCorner: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var south: Int
    public var west: Int
    public init(south: Int, west: Int) {
        self.south = south
        self.west = west
    }

    /// "N44W072", "S34E151".
    public var description: String {
        (south >= 0 ? "N" : "S") + FlightDate.digits(abs(south), 2) + (west >= 0 ? "E" : "W") + FlightDate.digits(abs(west), 3)
    }

    public static func < (a: TileCorner, b: TileCorner) -> Bool { (a.south, a.west) < (b.south, b.west) }

    /// The square a terrain folder's file is about (`N44W072.hgt`, or `N44W072.sea` for known
    /// sea), any case; nil for any other name.
    public init?(fileName: String) {
        guard fileName.hasSuffix(".hgt") || fileName.hasSuffix(".sea"), let c = HGTTile.corner(fileName: String(fileName.dropLast(4)) + ".hgt") else {
            return nil
        }
        self.init(south: c.south, west: c.west)
    }

    /// The square a tile name the user types names, in any case and with or without `.hgt`
    /// (`n44w072`, `N44W072.HGT`): a command's argument, not a file's name.
    public init?(typed: String) {
        var name = typed.uppercased()
        if name.hasSuffix(".HGT") { name.removeLast(4) }
        self.init(fileName: name + ".hgt")
    }

    /// Why a file named `name` is not read as a tile, saying how tiles are named (and what
    /// this one should be called, when it is a tile name in the wrong case).
    public static func notATileName(_ name: String) -> String {
        let upper = name.uppercased()
        if let corner = TileCorner(fileName: String(upper.dropLast(4)) + (upper.hasSuffix(".SEA") ? ".sea" : ".hgt")) {
            let right = corner.description + (upper.hasSuffix(".SEA") ? ".sea" : ".hgt")
            return "\(name): not a tile name — tiles are named like N44W072.hgt: rename it \(right)"
        }
        return "\(name): not a tile name (like N44W072.hgt)"
    }

    /// The square a point lies in.
    public init(_ c: Coordinate) {
        var lon = c.longitude.truncatingRemainder(dividingBy: 360)
        if lon >= 180 { lon -= 360 }
        if lon < -180 { lon += 360 }
        self.init(south: min(Int(c.latitude.rounded(.down)), 89), west: min(Int(lon.rounded(.down)), 179))
    }

    /// The squares a geodesic from `a` to `b` passes over, in order (checked every 500 m).
    public static func along(_ a: Coordinate, _ b: Coordinate) -> [TileCorner] {
        let line = Geodesic.wgs84.inverse(a, b)
        let steps = max(1, Int((line.distance.meters / 500).rounded(.up)))
        var corners: [TileCorner] = []
        for k in 0...steps {
            let c =
                k == steps
                ? b
                : Geodesic.wgs84.direct(from: a, azimuth: line.initialAzimuth, distance: Distance(meters: line.distance.meters * Double(k) / Double(steps)))
                    .coordinate
            let corner = TileCorner(c)
            if corners.last != corner, !corners.contains(corner) { corners.append(corner) }
        }
        return corners
    }

    /// The squares that cover everything within `radius` of `center` (its bounding box in
    /// latitude and longitude, across the antimeridian; around a pole, every longitude).
    public static func covering(_ center: Coordinate, radius: Distance) -> [TileCorner] {
        let degreesLat = radius.meters / 111_000 + 0.01
        let south = max(-90.0, center.latitude - degreesLat), north = min(90.0, center.latitude + degreesLat)
        let widest = max(abs(south), abs(north))
        let lonSpan: Double = widest >= 89.9 ? 360 : min(360, degreesLat / cos(widest * .pi / 180))
        var corners: Set<TileCorner> = []
        var lat = Int(south.rounded(.down))
        while lat <= min(Int(north.rounded(.down)), 89) {
            if lonSpan >= 180 {
                for west in -180..<180 { corners.insert(TileCorner(south: lat, west: west)) }
            } else {
                var lon = Int((center.longitude - lonSpan).rounded(.down))
                while Double(lon) <= center.longitude + lonSpan {
                    corners.insert(TileCorner(Coordinate(validLatitude: Double(lat) + 0.5, longitude: Double(lon) + 0.5)))
                    lon += 1
                }
            }
            lat += 1
        }
        return corners.sorted()
    }
}

/// Where terrain tiles are downloaded from: a URL template with `{tile}` (N44W072), `{ns}` and
/// `{ew}` (the hemisphere letters), `{lat}` (two digits) and `{lon}` (three digits). The
/// default is the Terrain Tiles open dataset in its "skadi" layout: gzipped SRTMGL1-format
/// tiles, 3601 × 3601 big-endian int16 metres, −32768 voids, global, a missing object meaning
/// all water.
public struct TileSource: Sendable, Equatable {
    public static let defaultTemplate = "https://s3.amazonaws.com/elevation-tiles-prod/skadi/{ns}{lat}/{tile}.hgt.gz"
    public static let placeholders = ["{tile}", "{ns}", "{ew}", "{lat}", "{lon}"]
    public var template: String

    public init(template: String = TileSource.defaultTemplate) { self.template = template }

    /// The template with the corner filled in, or nil when that is not an http(s) URL.
    public func url(_ corner: TileCorner) -> URL? {
        let text = template.replacingAll("{tile}", with: corner.description)
            .replacingAll("{ns}", with: corner.south >= 0 ? "N" : "S")
            .replacingAll("{ew}", with: corner.west >= 0 ? "E" : "W")
            .replacingAll("{lat}", with: FlightDate.digits(abs(corner.south), 2))
            .replacingAll("{lon}", with: FlightDate.digits(abs(corner.west), 3))
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            return nil
        }
        return url
    }

    /// Why a template cannot be used, or nil when it can.
    public static func problem(_ template: String) -> String? {
        guard template.contains("{tile}") || (template.contains("{lat}") && template.contains("{lon}")) else {
            return "a tile URL needs {tile}, or {ns}{lat} and {ew}{lon}, where the tile's name goes"
        }
        guard TileSource(template: template).url(TileCorner(south: 44, west: -72)) != nil else {
            return "a tile URL starts with http:// or https:// and names a host"
        }
        return nil
    }
}
