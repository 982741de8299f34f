import FoundationEssentials
import Glibc
import SkyKit

/// The orbit service's state: the loaded satellite catalogue and the propagators built from it.
final class OrbitContext: ServiceContext {
    private let context: CommandContext
    /// The loaded sets and the known ones (those and the built-in ISS), with the identity
    /// (modification time and size) of the file they were read from: `radar live` asks for
    /// them every second.
    private var loaded: (source: String, catalogue: SatelliteCatalog, known: SatelliteCatalog)?
    /// Propagators already set up, by catalogue number.
    private var propagators: [Int: SGP4] = [:]

    init(context: CommandContext) { self.context = context }

    /// Where `sat load` and `sat fetch` keep the element sets (3LE text).
    var cataloguePath: String? { context.runner.paths?.path(.catalogue) }

    /// The element sets loaded so far (none until `sat load` or `sat fetch`).
    func catalogue() throws(ShellError) -> SatelliteCatalog { try read().catalogue }

    /// Every known set: the loaded ones, and the built-in ISS unless an ISS set was loaded
    /// (whatever its epoch: the set the user loaded is the one asked about).
    func known() throws(ShellError) -> SatelliteCatalog { try read().known }

    /// The file's sets, read again only when the file changes (a `stat` per call).
    private func read() throws(ShellError) -> (catalogue: SatelliteCatalog, known: SatelliteCatalog) {
        var info = stat()
        let path = cataloguePath
        let exists = path.map { stat($0, &info) == 0 } ?? false
        let source = exists ? "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_size)" : "none"
        if let loaded, loaded.source == source { return (loaded.catalogue, loaded.known) }
        var catalogue = SatelliteCatalog()
        if let path, exists {
            switch StoredFile.read(path, maxBytes: SatCommands.maxBytes) {
            case .missing: break
            case .unreadable(let reason): throw ShellError(.noInput, "cannot read \(path): \(reason)")
            case .contents(let bytes):
                do { catalogue = SatelliteCatalog(try ElementSetFile.read(bytes).sets) } catch {
                    throw ShellError.data("\(path): \(error) — `sat reset` starts the catalogue over")
                }
            }
        }
        // The built-in ISS only where no ISS set was loaded.
        var known = catalogue
        if catalogue.set(number: TLE.issNumber) == nil { _ = known.merge([TLE.builtInISS]) }
        loaded = (source, catalogue, known)
        return (catalogue, known)
    }

    /// The ISS's element set: the loaded one, else the built-in one.
    func issSet() throws(ShellError) -> TLE { try known().set(number: TLE.issNumber) ?? TLE.builtInISS }

    /// The satellite in use (`sat use`; the ISS until then).
    func chosenSet() throws(ShellError) -> TLE {
        let number = context.session.satellite
        guard let set = try known().set(number: number) else {
            throw ShellError(.state, "satellite \(number) is in use but no longer loaded — `sat use ISS`, or `sat load` its elements")
        }
        return set
    }

    /// The propagator of a set, set up once per set.
    func propagator(for tle: TLE) throws(ShellError) -> SGP4 {
        if let p = propagators[tle.satelliteNumber], p.tle == tle { return p }
        let sgp4: SGP4
        do { sgp4 = try SGP4(tle) } catch { throw ShellError.data("\(tle.displayName)'s elements cannot be propagated: \(error)") }
        propagators[tle.satelliteNumber] = sgp4
        return sgp4
    }

    /// The ISS's propagator.
    func propagator() throws(ShellError) -> SGP4 { try propagator(for: try issSet()) }
}

extension CommandContext {
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

    /// Past this many days from the epoch, predictions are marked unreliable.
    static let unreliableAge = 14.0
    /// Past this many days, passes are refused unless asked for `--anyway`.
    static let refusedAge = 30.0

    /// Whether predictions from `tle` for the moment `d` are within `unreliableAge` of its epoch.
    static func isReliable(_ tle: TLE, at d: Date) -> Bool { abs(age(tle, at: d)) <= unreliableAge }

    /// A note when the elements are more than 14 days from the moment asked about.
    static func staleness(_ tle: TLE, at d: Date) -> String? {
        guard !isReliable(tle, at: d) else { return nil }
        let days = age(tle, at: d)
        return
            "the element set is \(Int(abs(days).rounded())) days \(days > 0 ? "old" : "ahead of this time") (epoch "
            + "\(TimeText.utc(tle.epoch))): positions drift by kilometres a day — `sat fetch stations` or `sat load FILE` "
            + "for fresh elements"
    }

    /// "over land near Lyon, France" or "over the North Atlantic Ocean".
    static func whereOver(_ c: Coordinate, _ context: CommandContext) -> String {
        switch Whereabouts.of(c, catalog: context.catalog) {
        case .land(let near?): "over land near \(near.city.isEmpty ? near.name : near.city), \(near.countryName)"
        case .land(nil): "over land, far from any airport"
        case .water(let name): "over " + name
        }
    }
}
