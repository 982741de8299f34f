import FoundationEssentials
import Glibc
import SkyKit

/// The weather service's state: the reports fetched (kept in the data directory, see
/// `WeatherCache`) and the METARs this session has seen, the latest of each station — what
/// `runways` and the radar read the wind and the QNH from.
final class WeatherContext: ServiceContext {
    private let context: CommandContext
    private var cache: WeatherCache?
    /// The latest METAR of each station seen this session (fetched, decoded or loaded).
    private(set) var latest: [String: PlacedMETAR] = [:]
    /// Where those stations are, found once when their first METAR is kept (the radar asks
    /// for the nearest at every picture).
    private var stationCoordinates: [String: Coordinate] = [:]
    /// The station of the METAR looked at last (what `explain metar` alone explains).
    private(set) var lastStation: String?

    init(context: CommandContext) { self.context = context }

    var now: Double { context.runner.clock.now.timeIntervalSince1970 }

    /// A fetch this recent is answered from the cache, not the network.
    static let fresh = 60.0

    private var cachePath: String? { context.runner.paths?.path(.weather) }

    private func loadedCache() -> WeatherCache {
        if let cache { return cache }
        var bytes: [UInt8]?
        if let path = cachePath, case .contents(let b) = StoredFile.read(path, maxBytes: 16 << 20) { bytes = b }
        let loaded = WeatherCache(bytes)
        cache = loaded
        return loaded
    }

    /// The service's client, at the weather-url setting's address.
    func client() throws(ShellError) -> AviationWeatherClient {
        do { return try AviationWeatherClient(base: context.settings.word(named: SettingSpec.weatherURL.name), http: context.web.http) } catch {
            throw ShellError.usage(error.message)
        }
    }

    /// What a fetch found: the reports, and a note per station answered from the cache or not
    /// answered at all.
    struct Fetched {
        var reports: [(station: String, text: ReportText, fetched: Double)] = []
        var notes: [String] = []
        /// The stations the server has no report of (those the network failed for are in the notes).
        var missing: [String] = []
    }

    /// The latest reports of `stations`, fetched as `fetch` does and decoded, with the notes on
    /// what could not be had or read; an error when none can be shown.
    func current<Report: WeatherReport>(_: Report.Type, _ stations: [String]) throws(ShellError) -> (
        placed: [PlacedReport<Report>], notes: [String], missing: [String]
    ) {
        let kind = Report.kind
        let fetched = try fetch(kind, stations)
        var placed: [PlacedReport<Report>] = []
        var notes = fetched.notes
        for (station, text, when) in fetched.reports {
            do throws(METARDecoder.Failure) {
                placed.append(try PlacedReport(decoding: text, now: now, source: "aviationweather.gov" + (when < now ? ", kept" : "")))
            } catch {
                notes.append("\(station): the service's \(kind.name) cannot be read (\(error.message)): \(text.text)")
            }
        }
        if placed.isEmpty {
            let none = (fetched.missing.isEmpty ? stations : fetched.missing).joined(separator: ", ")
            throw ShellError(.unavailable, "no current \(kind.name) for \(none)" + (notes.first.map { ": \($0)" } ?? ""))
        }
        return (placed, notes, fetched.missing)
    }

    /// The latest reports of `kind` for `stations`: from the network, or the cache when it
    /// fetched them less than a minute ago or the network fails (said in a note).
    func fetch(_ kind: ReportKind, _ stations: [String]) throws(ShellError) -> Fetched {
        var cache = loadedCache()
        var result = Fetched()
        let now = self.now
        var wanted: [String] = []
        for station in stations {
            if let kept = cache.entry(kind, station), now - kept.fetched < Self.fresh, now >= kept.fetched {
                result.reports.append((station, kept.text, kept.fetched))
            } else {
                wanted.append(station)
            }
        }
        var answered: [String: ReportText] = [:]
        var failure: FeedError?
        if !wanted.isEmpty {
            let client = try client()
            var start = 0
            while start < wanted.count {
                let part = Array(wanted[start..<min(wanted.count, start + AviationWeatherClient.maximumStations)])
                start += part.count
                do throws(FeedError) {
                    for report in try client.latest(kind, for: part, cancelled: { Interrupt.requested }) {
                        guard let station = Self.station(of: report), part.contains(station) else { continue }
                        // The newest of a station's reports when several come.
                        if let have = answered[station], (have.dated ?? 0) >= (report.dated ?? 0) { continue }
                        answered[station] = report
                    }
                } catch {
                    if error.kind == .cancelled { throw ShellError(.interrupted, "interrupted") }
                    failure = error
                    break
                }
            }
        }
        for station in wanted {
            if let report = answered[station] {
                cache.keep(WeatherCache.Entry(text: report, kind: kind, station: station, fetched: now), now: now)
                result.reports.append((station, report, now))
            } else if let failure, let kept = cache.entry(kind, station) {
                result.reports.append((station, kept.text, kept.fetched))
                result.notes.append("\(failure.message): \(station)'s \(kind.name) is the one fetched \(TimeText.span(now - kept.fetched)) ago")
            } else if let failure {
                if result.reports.isEmpty && answered.isEmpty {
                    throw ShellError(failure.kind == .data ? .data : .unavailable, failure.message + " (no \(kind.name) of \(station) kept from before)")
                }
                result.notes.append("\(failure.message): no \(kind.name) of \(station)")
            } else {
                result.missing.append(station)
            }
        }
        if !answered.isEmpty, let path = cachePath {
            self.cache = cache
            try context.files.writePrivateFile(cache.json, to: path)
        }
        return result
    }

    /// The station a report is from: its first four-letter word after the type words.
    static func station(of report: ReportText) -> String? {
        for word in report.text.split(separator: " ").prefix(5) {
            let w = String(word).uppercased()
            if ["METAR", "SPECI", "TAF", "AMD", "COR", "RTD"].contains(w) { continue }
            return w.count == 4 ? w : nil
        }
        return nil
    }

    /// Keeps a METAR as its station's latest when it is newer than the one known.
    func remember(_ placed: PlacedMETAR) {
        let station = placed.report.station
        lastStation = station
        if let known = latest[station], let a = known.time, let b = placed.time, a > b { return }
        latest[station] = placed
        if stationCoordinates[station] == nil { stationCoordinates[station] = place(of: station, placed.text)?.coordinate }
    }

    /// Where a station is and how high: the server's word, else the catalog's airport.
    func place(of station: String, _ text: ReportText?) -> (coordinate: Coordinate, elevation: Height?, name: String?)? {
        if let c = text?.coordinate { return (c, text?.elevation, text?.stationName) }
        guard let airport = context.catalog.airport(icao: station) else { return nil }
        return (airport.coordinate, airport.elevation, airport.name)
    }

    /// How far before a moment the METAR used for it may be (an hour's report, and some
    /// delay), and after it.
    static let usableBefore = 2 * 3600.0, usableAfter = 15 * 60.0

    /// Whether a METAR's time fits a moment (a report without a time fits none).
    static func fits(_ placed: PlacedMETAR, _ moment: Double) -> Bool {
        guard let t = placed.time else { return false }
        return t <= moment + usableAfter && t >= moment - usableBefore
    }

    /// The METAR this session has seen of the station nearest `coordinate` (within `reach`):
    /// with `fits` whether its time fits `moment`, and where the station is.
    func metar(near coordinate: Coordinate, within reach: Distance) -> (placed: PlacedMETAR, station: Coordinate, distance: Distance)? {
        var best: (PlacedMETAR, Coordinate, Distance)?
        // A degree of latitude is at least 110.5 km: stations farther apart in latitude alone are skipped unmeasured.
        let degrees = reach.meters / 110_500
        for (name, station) in stationCoordinates where abs(station.latitude - coordinate.latitude) <= degrees {
            guard let placed = latest[name] else { continue }
            let d = Geodesic.wgs84.inverse(coordinate, station).distance
            guard d <= reach else { continue }
            if best.map({ d < $0.2 }) ?? true { best = (placed, station, d) }
        }
        return best
    }
}

extension ReportKind {
    /// "METAR", "TAF".
    var name: String { rawValue.uppercased() }
}

extension CommandContext {
    /// The weather service.
    var weather: WeatherContext { services.context() }
}
