/// What is under a point of the Earth, in words people use: land near a town, or a named ocean
/// or sea (by broad regions; no coastlines are embedded beyond Natural Earth's land).
public enum Whereabouts: Sendable, Equatable {
    /// Over land, near this airport's town (nil when no airport is within 500 km).
    case land(near: Airport?)
    /// Over water: "the North Atlantic Ocean", "the Mediterranean Sea".
    case water(String)

    public static func of(_ c: Coordinate, catalog: Catalog) -> Whereabouts {
        guard Land.contains(c) else { return .water(water(c)) }
        return .land(near: catalog.airports(near: c, within: Distance(500, .kilometers), limit: 1).first?.airport)
    }

    /// The ocean (or sea) a point over water is in, by broad regions.
    public static func water(_ c: Coordinate) -> String {
        let lat = c.latitude, lon = c.longitude
        if lat > 66 { return "the Arctic Ocean" }
        if lat < -60 { return "the Southern Ocean" }
        if lon >= 20, lon < 100, lat < 30 { return lon > 30 && lat > 10 && lon < 45 ? "the Red Sea" : "the Indian Ocean" }
        if lon >= 100, lon < 147, lat < -30 { return "the Indian Ocean" }
        if lon >= -6, lon < 37, lat >= 30, lat < 46 { return "the Mediterranean Sea" }
        if lon > -70, lon < 20 { return lat >= 0 ? "the North Atlantic Ocean" : "the South Atlantic Ocean" }
        if lon >= -100, lon <= -70, lat > 8, lat < 31 { return lat > 18 ? "the Gulf of Mexico" : "the Caribbean Sea" }
        return lat >= 0 ? "the North Pacific Ocean" : "the South Pacific Ocean"
    }
}
