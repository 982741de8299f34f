import SkyKit

/// Coordinates: a pair of decimal degrees (`51.4775 -0.4614` or `51.4775,-0.4614`), with
/// hemisphere letters (`51.4775N 0.4614W`), or in degrees, minutes and seconds
/// (`51°28'39"N 0°27'41"W`, also with ′ ″ or `51d28m39sN`).
enum CoordinateParser {
    enum Axis { case latitude, longitude }

    /// A coordinate from one token (`51.47,-0.45`) or nil when the token is not of that form.
    static func single(_ text: String) -> Coordinate? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        return try? pair(String(parts[0]), String(parts[1]))
    }

    /// A coordinate from a latitude word and a longitude word.
    static func pair(_ first: String, _ second: String) throws(ValueError) -> Coordinate {
        let a = try component(first)
        let b = try component(second)
        var lat = a, lon = b
        // Hemisphere letters may put the longitude first: "0.46W 51.47N".
        if a.axis == .longitude || b.axis == .latitude { lat = b; lon = a }
        guard lat.axis != .longitude, lon.axis != .latitude else {
            throw ValueError("'\(first) \(second)' names two \(lat.axis == .longitude ? "longitudes" : "latitudes") — give a latitude and a longitude")
        }
        guard Coordinate.latitudes.contains(lat.value) else {
            throw ValueError("latitude \(lat.text) is out of range — it must be between -90 and 90")
        }
        guard let coordinate = Coordinate(checkedLatitude: lat.value, longitude: lon.value) else {
            throw ValueError("longitude \(lon.text) is out of range — it must be between -180 and 180")
        }
        return coordinate
    }

    /// True when `text` looks like one half of a coordinate (a number, maybe with hemisphere or
    /// DMS marks), so a caller can decide to take two words.
    static func looksLikeComponent(_ text: String) -> Bool { (try? component(text)) != nil }

    struct Component { var value: Double; var axis: Axis?; var text: String }

    static func component(_ text: String) throws(ValueError) -> Component {
        var body = Substring(text.uppercased())
        var axis: Axis?
        var sign = 1.0
        if let last = body.last, "NSEW".contains(last) {
            axis = "NS".contains(last) ? .latitude : .longitude
            sign = "SW".contains(last) ? -1 : 1
            body = body.dropLast()
        } else if let first = body.first, "NSEW".contains(first), body.count > 1 {
            axis = "NS".contains(first) ? .latitude : .longitude
            sign = "SW".contains(first) ? -1 : 1
            body = body.dropFirst()
        }
        guard let magnitude = degrees(body) else {
            throw ValueError(
                "'\(text)' is not a latitude or longitude — use decimal degrees (51.4775 -0.4614), hemispheres (51.4775N 0.4614W) or DMS (51°28'39\"N)")
        }
        if axis != nil && magnitude < 0 {
            throw ValueError("'\(text)' has both a minus sign and a hemisphere letter")
        }
        return Component(value: sign * magnitude, axis: axis, text: text)
    }

    /// Decimal degrees, or degrees/minutes/seconds with °/d, '/′/m, "/″/s marks.
    static func degrees(_ text: Substring) -> Double? {
        if let plain = NumberParser.parse(text) { return plain }
        var fields: [Double] = []
        var current = ""
        var marks: [Character] = []
        for c in text {
            if c.isNumber || c == "." || (c == "-" && current.isEmpty && fields.isEmpty) {
                current.append(c)
            } else if "°D'′M\"″S".contains(c) {
                guard let v = NumberParser.parse(current) else { return nil }
                fields.append(v)
                marks.append(c)
                current = ""
            } else {
                return nil
            }
        }
        if !current.isEmpty {
            guard let v = NumberParser.parse(current) else { return nil }
            fields.append(v)
            marks.append(" ")
        }
        guard !fields.isEmpty, fields.count <= 3, marks.first.map({ "°D".contains($0) }) == true else { return nil }
        let negative = fields[0] < 0 || text.hasPrefix("-")
        let d = abs(fields[0])
        let m = fields.count > 1 ? fields[1] : 0
        let s = fields.count > 2 ? fields[2] : 0
        guard m >= 0, m < 60, s >= 0, s < 60 else { return nil }
        let value = d + m / 60 + s / 3600
        return negative ? -value : value
    }
}
