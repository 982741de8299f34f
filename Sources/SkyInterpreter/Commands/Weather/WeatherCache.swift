import SkyKit

/// The reports fetched from the weather service, kept in the data directory (mode 0600) with
/// their times and when they were fetched: the last one of each station and kind, for a week,
/// so a session without the network still has them (and says how old they are).
struct WeatherCache {
    struct Entry: Equatable {
        var text: ReportText
        var kind: ReportKind
        var station: String
        /// When it was fetched (Unix seconds).
        var fetched: Double
    }

    var entries: [Entry] = []

    /// How long an entry is kept.
    static let keptFor = 7 * 86_400.0
    /// At most this many entries.
    static let maximumEntries = 1_000

    /// The cache in `bytes` (an unreadable one is empty: it is only a cache).
    init(_ bytes: [UInt8]?) {
        guard let bytes, let document = try? JSONParser.parse(bytes), let list = document["reports"]?.list else { return }
        for item in list {
            guard let text = item["text"]?.string, let kindName = item["kind"]?.string, let kind = ReportKind(rawValue: kindName),
                let station = item["station"]?.string, let fetched = UnixTime.checked(item["fetched"]?.double)
            else { continue }
            var report = ReportText(text: text, line: 0, declaredKind: kind, dated: UnixTime.checked(item["dated"]?.double))
            report.stationName = item["name"]?.string
            if let lat = item["lat"]?.double, let lon = item["lon"]?.double { report.coordinate = Coordinate(latitude: lat, longitude: lon) }
            if let elev = item["elev"]?.double, elev.isFinite { report.elevation = Height(meters: elev) }
            entries.append(Entry(text: report, kind: kind, station: station, fetched: fetched))
        }
    }

    init() {}

    /// The kept report of `station`, if any.
    func entry(_ kind: ReportKind, _ station: String) -> Entry? { entries.first { $0.kind == kind && $0.station == station } }

    /// Keeps `entry` in place of the station's older one; drops what is too old or too many.
    mutating func keep(_ entry: Entry, now: Double) {
        entries.removeAll { ($0.kind == entry.kind && $0.station == entry.station) || $0.fetched < now - Self.keptFor }
        entries.insert(entry, at: 0)
        if entries.count > Self.maximumEntries { entries.removeLast(entries.count - Self.maximumEntries) }
    }

    /// The file's text.
    var json: String {
        let items: [Datum] = entries.map { e in
            .object([
                ("kind", .string(e.kind.rawValue)), ("station", .string(e.station)), ("text", .string(e.text.text)),
                ("dated", e.text.dated.map(Datum.number) ?? .null), ("fetched", .number(e.fetched)), ("name", .optional(e.text.stationName)),
                ("lat", e.text.coordinate.map { .number($0.latitude) } ?? .null), ("lon", e.text.coordinate.map { .number($0.longitude) } ?? .null),
                ("elev", e.text.elevation.map { .number($0.meters) } ?? .null),
            ])
        }
        return JSONWriter.write(.object([("reports", .list(items))])) + "\n"
    }
}
