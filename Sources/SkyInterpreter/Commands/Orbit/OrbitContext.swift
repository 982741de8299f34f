import Foundation
import SkyKit

/// The orbit service's state: the propagator of the element set in use.
final class OrbitContext: ServiceContext {
    private unowned let shell: Shell
    /// The propagator, with the identity (modification time and size) of the element file it
    /// was built from: `radar live` asks for it ten times a second.
    private var loaded: (source: String, sgp4: SGP4)?

    init(shell: Shell) { self.shell = shell }

    /// Where `tle load` and `tle fetch` keep the element set.
    var tlePath: String? { shell.paths.map { $0.data + "/iss.tle" } }

    /// The element set in use: the one kept in the data directory, else the built-in one.
    func currentTLE() throws(ShellError) -> TLE {
        guard let path = tlePath, FileManager.default.fileExists(atPath: path) else { return TLE.builtInISS }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw ShellError(.noInput, "cannot read \(path)") }
        do {
            return try TLE.parse(text)
        } catch {
            throw ShellError.data("\(path): \(error) — `tle reset` goes back to the built-in element set")
        }
    }

    /// The propagator for the element set in use, built again only when the element file
    /// changes (a `stat` per call instead of a read, a parse and an initialisation).
    func propagator() throws(ShellError) -> SGP4 {
        var source = "built in"
        var info = stat()
        if let path = tlePath, stat(path, &info) == 0 { source = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_size)" }
        if let loaded, loaded.source == source { return loaded.sgp4 }
        let tle = try currentTLE()
        let sgp4: SGP4
        do { sgp4 = try SGP4(tle) } catch { throw ShellError.data("\(tle.name ?? "the satellite")'s elements cannot be propagated: \(error)") }
        loaded = (source, sgp4)
        return sgp4
    }

    /// The time zone for local times: the observer's airport, else the nearest airport within
    /// 300 km, else this computer's.
    func localZone(near place: Place?) -> String {
        if let place {
            if let code = place.airportCode, let airport = shell.catalog.airport(icao: code) { return airport.timeZone }
            if let near = shell.catalog.airports(near: place.coordinate, within: Distance(300, .kilometers), limit: 1).first { return near.airport.timeZone }
        }
        return TimeZone.current.identifier
    }
}

extension Shell {
    /// The orbit service.
    var orbit: OrbitContext { services.context() }
}

/// Words and numbers of the orbit commands.
enum OrbitText {
    /// "04:00:12" in a zone, with the offset: "05:00:12 (+01:00)".
    static func local(_ d: Date, zone: String) -> String {
        guard let local = TimeText.local(zone: zone, at: d) else { return TimeText.utc(d) }
        return "\(local.time) (\(local.offset))"
    }

    /// How old an element set is at a moment, in days.
    static func age(_ tle: TLE, at d: Date) -> Double { d.timeIntervalSince(tle.epoch) / 86_400 }

    /// A note when the elements are more than 14 days from the moment asked about.
    static func staleness(_ tle: TLE, at d: Date) -> String? {
        let days = age(tle, at: d)
        guard abs(days) > 14 else { return nil }
        return
            "the element set is \(Int(abs(days).rounded())) days \(days > 0 ? "old" : "ahead of this time") (epoch \(TimeText.utc(tle.epoch))): positions drift by kilometres a day — `tle fetch` or `tle load` a fresh one"
    }

    /// "over land near Lyon, France" or "over the North Atlantic Ocean".
    static func whereOver(_ c: Coordinate, _ shell: Shell) -> String {
        switch Whereabouts.of(c, catalog: shell.catalog) {
        case .land(let near?): "over land near \(near.city.isEmpty ? near.name : near.city), \(near.countryName)"
        case .land(nil): "over land, far from any airport"
        case .water(let name): "over " + name
        }
    }
}
