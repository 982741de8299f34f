import FoundationEssentials
import Glibc
import SkyKit

/// The line-of-sight service's state: the terrain loaded and the last path checked.
final class LineOfSightContext: ServiceContext {
    private let context: CommandContext
    private var loaded: Terrain?
    /// The last path checked in this process, for `los profile at` and `explain los`.
    var lastPathCheck: PathCheck?

    init(context: CommandContext) { self.context = context }

    /// The terrain folder in use: the one set with `los terrain`, else `terrain` in the data
    /// directory.
    var terrainDirectory: String? { context.session.los.terrainDirectory ?? context.runner.paths?.terrainDirectory }

    /// The embedded tile plus the folder's tiles, loaded once per folder.
    func terrain() -> Terrain {
        if let loaded, loaded.directory == terrainDirectory { return loaded }
        let terrain = Terrain.load(directory: terrainDirectory)
        loaded = terrain
        return terrain
    }

    /// Reads the terrain folder again (tiles were fetched or removed).
    func reload() {
        loaded = nil
        skylines = [:]
    }

    /// Skylines already drawn, by observer position and height.
    private var skylines: [String: Skyline?] = [:]

    /// The observer's skyline (50 km, the LOS Earth model), when terrain covers the observer;
    /// computed once per position.
    func skyline(for observer: Observer) -> Skyline? {
        let c = observer.place.coordinate
        let key = "\(c.latitude),\(c.longitude),\(observer.altitude.meters),\(context.session.los.earth.rawValue)"
        if let known = skylines[key] { return known }
        let terrain = terrain()
        let skyline =
            terrain.covers(c)
            ? Skyline.compute(terrain: terrain, origin: c, observerMSL: observer.altitude.meters, earth: context.session.los.earth) : nil
        skylines[key] = skyline
        return skyline
    }

    /// The terrain folder, made (0700) when missing.
    func terrainFolder() throws(ShellError) -> String {
        guard let folder = terrainDirectory else { throw ShellError(.state, "no terrain folder (skyshell has no data directory here)") }
        try checkWritable(folder)
        do throws(FileWriteError) { _ = try PrivateDirectory.ensure(folder) } catch {
            throw ShellError(.cannotCreate, "cannot make the terrain folder \(folder): \(error.message)")
        }
        adoptOwnFolder(folder)
        return folder
    }

    /// Refuses a terrain folder a lesson's scratch shell may not write in (its record of
    /// installed tiles is what every fetch and removal writes).
    func checkWritable(_ folder: String) throws(ShellError) {
        guard (try? context.files.confined(folder + "/" + InstalledTiles.recordName)) != nil else {
            throw context.files.outsideScratch("the terrain folder '\(Visible.text(folder))'")
        }
    }

    /// skyshell's own terrain folder from before the record of installed tiles was kept: only
    /// skyshell writes there, so what it holds is recorded as installed (a folder of the
    /// user's, `los terrain FOLDER`, never is).
    func adoptOwnFolder(_ folder: String) {
        guard folder == context.runner.paths?.terrainDirectory, !InstalledTiles.exists(in: folder),
            FileManager.default.fileExists(atPath: folder)
        else { return }
        try? InstalledTiles.adoptAll(in: folder)
    }

    /// What fetching tiles did.
    struct FetchReport {
        var installed = 0, sea = 0, downloaded = 0, stored = 0
        var failures: [String] = []
        var folder: String
        /// Tiles removed to stay under the `terrain-cap`, least recently used first.
        var evicted: [TileCorner] = []
        var message: Block {
            .message(
                "fetched \(installed) tile\(installed == 1 ? "" : "s") (\(LOSTerrainCommands.megabytes(downloaded)) downloaded, "
                    + "\(LOSTerrainCommands.megabytes(stored)) stored)"
                    + (sea > 0 ? ", \(sea) known sea" : "") + " into \(folder)"
                    + (evicted.isEmpty
                        ? ""
                        : "; removed \(evicted.count) least recently used tile\(evicted.count == 1 ? "" : "s") "
                            + "(\(evicted.map(\.description).joined(separator: ", "))) to stay under terrain-cap"),
                installed + sea > 0 ? .good : .plain)
        }
        /// The error that names the tiles that could not be fetched.
        var failure: ShellError? {
            failures.isEmpty
                ? nil
                : ShellError(
                    .unavailable, "\(failures.count) tile\(failures.count == 1 ? "" : "s") could not be fetched — " + failures.joined(separator: "; "))
        }
    }

    /// Downloads `corners` into the terrain folder from the source the session names, with a
    /// progress line; Ctrl-C stops it (finished tiles stay, no partial one is left).
    func fetch(_ corners: [TileCorner], resolution: TerrainFetch.Resolution = .three) throws(ShellError) -> FetchReport {
        let folder = try terrainFolder()
        // What a fetch killed before it finished left behind.
        AtomicFile.removeStaleTemporaries(in: folder)
        let source = TileSource(template: context.settings.word(named: SettingSpec.terrainURL.name))
        let client = context.web.client(timeout: 120)
        let progress = ProgressLine(context: context, label: "fetching terrain", total: corners.count)
        var report = FetchReport(folder: folder)
        defer {
            progress.finish()
            reload()
        }
        for (n, corner) in corners.enumerated() {
            progress.show("\(corner) (\(n + 1) of \(corners.count), \(LOSTerrainCommands.megabytes(report.downloaded)) so far)")
            let outcome: TerrainFetch.Outcome
            do {
                outcome = try TerrainFetch.fetch(corner, from: source, into: folder, resolution: resolution, client: client, cancelled: { Interrupt.requested })
            } catch {
                throw ShellError(
                    .interrupted,
                    "interrupted: \(report.installed) tile\(report.installed == 1 ? "" : "s") installed, \(corners.count - n) not fetched; no "
                        + "partial tile was left"
                )
            }
            switch outcome {
            case .installed(let got, let kept):
                report.installed += 1
                report.downloaded += got
                report.stored += kept
            case .sea: report.sea += 1
            case .failed(let why): report.failures.append("\(corner): \(why)")
            }
        }
        if let cap = context.settings.value(.terrainCap).bytes { report.evicted = TerrainFetch.evict(in: folder, cap: cap, keeping: Set(corners)) }
        return report
    }

    /// Before a computation over `corners`: the squares the folder lacks are fetched when the
    /// `terrain-fetch` setting says so — `auto`, or `ask` at a terminal and the user agrees.
    /// Returns the notes to show (what was fetched); in scripts `ask` fetches nothing.
    func offerToFetch(_ corners: [TileCorner]) throws(ShellError) -> [Block] {
        guard let folder = terrainDirectory else { return [] }
        // The tiles this computation uses are the most recently used (terrain-cap keeps them).
        if (try? checkWritable(folder)) != nil { TerrainFetch.touch(corners, in: folder) }
        let terrain = terrain()
        let missing = corners.filter { corner in
            let center = Coordinate(validLatitude: Double(corner.south) + 0.5, longitude: Double(corner.west) + 0.5)
            return !terrain.covers(center) && TerrainFetch.holding(corner, in: folder) == .missing
        }
        guard !missing.isEmpty else { return [] }
        switch context.settings.value(.terrainFetch) {
        case .never: return []
        case .ask:
            guard let ask = context.runner.prompter else { return [] }
            let names = missing.prefix(6).map(\.description).joined(separator: ", ") + (missing.count > 6 ? ", …" : "")
            let answer = ask(
                Question(
                    "No terrain for \(names): fetch \(missing.count) tile\(missing.count == 1 ? "" : "s") (up to ~25 MB each to download, 2.9 "
                        + "MB each kept)? [y/N] "
                ))
            guard let answer, ["y", "yes"].contains(answer.trimmingWhitespace.lowercased()) else { return [] }
        case .auto: break
        }
        let report = try fetch(missing)
        if let failure = report.failure { throw failure }
        return [report.message]
    }

    /// The range rings of `altitudes` around `origin` for the session's LOS observer height and
    /// Earth model, over the session's terrain, with a progress line; Ctrl-C stops them.
    func rangeRings(around origin: Coordinate, altitudes: [Double], range: Double, azimuthStep: Double, rangeStep: Double) throws(ShellError)
        -> RangeRings
    {
        let los = context.session.los
        let progress = ProgressLine(context: context, label: "rings", total: 0)
        let result = RangeRings.compute(
            origin: origin, antenna: los.observer, altitudes: altitudes, range: range, azimuthStep: azimuthStep, rangeStep: rangeStep, earth: los.earth,
            terrain: terrain(), progress: { progress.update(share: $0) }, cancelled: { Interrupt.requested })
        progress.finish()
        guard let result else { throw ShellError(.interrupted, "rings cancelled") }
        return result
    }

    /// Where an antenna stands: the LOS origin, else the observer (with the ground under it:
    /// its altitude); the error that says how to set one when there is neither.
    func antenna() throws(ShellError) -> (place: Place, ground: Double?) {
        if let origin = context.session.los.origin { return (origin, nil) }
        if let observer = context.session.observer { return (observer.place, observer.altitude.meters) }
        throw ShellError(.state, "no antenna position — set the observer (observer KSFO) or a line-of-sight origin (los origin <place>)")
    }

    /// The rings over a smooth Earth (no terrain is known around the antenna).
    func smoothRings(around origin: Coordinate, ground: Double?, altitudes: [Double], range: Double, azimuthStep: Double) -> RangeRings {
        let los = context.session.los
        return RangeRings.smoothEarth(
            origin: origin, antenna: los.observer, ground: ground, altitudes: altitudes, range: range, azimuthStep: azimuthStep, earth: los.earth)
    }

    /// The LOS origin, or the error that says how to set one.
    func origin() throws(ShellError) -> Place {
        guard let origin = context.session.los.origin else {
            throw ShellError(.state, "no line-of-sight origin — set one with `los origin <place>` (e.g. los origin 44.27056 -71.30333)")
        }
        return origin
    }
}

extension CommandContext {
    /// The line-of-sight service.
    var lineOfSight: LineOfSightContext { services.context() }
}

/// Words and numbers of the line-of-sight commands: feet in the interface, metres inside.
/// The units line-of-sight figures are shown in: heights in feet (as SkyQuant shows them) and
/// distances in kilometres until `units` is chosen, then that system's (metric: metres and
/// kilometres; imperial: feet and miles; aviation: feet and nautical miles). JSON stays metric.
struct LOSUnits {
    let heightUnit: LengthUnit, distanceUnit: LengthUnit

    init(_ context: CommandContext) {
        heightUnit = context.settings.isChosen(Setting.units.name) ? Format.heightUnit(context.settings.units) : .feet
        distanceUnit = Format.distanceUnit(context.settings.units)
    }

    /// "6,291 ft", "1,917 m", "0.6 m" (a tenth of a metre under 10 m, which feet do not need).
    func height(_ meters: Double) -> String {
        let value = meters / heightUnit.meters
        return Format.grouped(value, heightUnit == .meters && abs(value) < 9.95 && value != value.rounded() ? 1 : 0) + " " + heightUnit.symbol
    }

    /// "33 ft AGL", "30,000 ft MSL".
    func height(_ h: LOSHeight) -> String { height(h.height.meters) + " " + h.reference.rawValue.uppercased() }

    /// "12.3 km", "7.6 mi".
    func distance(_ meters: Double, decimals: Int = 1) -> String {
        Format.distance(Distance(meters: meters), in: distanceUnit, decimals: decimals)
    }

    /// "4,386 km²", "1,693 mi²".
    func area(_ squareMeters: Double) -> String {
        let side = distanceUnit.meters
        return Format.grouped(squareMeters / (side * side)) + " " + distanceUnit.symbol + "²"
    }
}

enum LOSText {

    /// "44.27056, -71.30333" (5 decimals, as SkyQuant shows them), with the airport code first.
    static func place(_ p: Place) -> String {
        let c = Format.fixed(p.coordinate.latitude, 5) + ", " + Format.fixed(p.coordinate.longitude, 5)
        return p.airportCode.map { "\($0)  \(c)" } ?? c
    }

    static func placeDatum(_ p: Place) -> Datum {
        .object([
            ("latitude", .number(p.coordinate.latitude)), ("longitude", .number(p.coordinate.longitude)),
            ("name", .string(p.name)), ("airport", p.airportCode.map { .string($0) } ?? .null),
        ])
    }

    static func heightDatum(_ h: LOSHeight) -> Datum {
        .object([
            ("m", .number(h.height.meters)), ("ft", .number((h.height.value(in: .feet) * 10).rounded() / 10)), ("reference", .string(h.reference.rawValue)),
        ])
    }

    /// "31% of samples without terrain (marked ? under the profile; …)", or nil when all had
    /// terrain; `shown` says how the drawing marks them.
    static func missing(_ share: Double, shown: String = "marked ? under the profile") -> String? {
        guard share > 0 else { return nil }
        let percent = share * 100
        return "\(percent < 1 ? "<1" : Format.fixed(percent, 0))% of samples without terrain (\(shown), unknown; fetch it with los terrain fetch)"
    }

    /// Reads an `agl`/`msl` height pair of options into one height; nil when neither is given.
    static func height(agl: Height?, msl: Height?, what: String, units: LOSUnits) throws(ShellError) -> LOSHeight? {
        if agl != nil, msl != nil { throw ShellError.usage("give the \(what) height once: agl <height> or msl <height>") }
        if let agl {
            guard agl.meters >= SessionRules.heightsAGL.lowerBound else {
                throw ShellError.usage("a height above the ground cannot be negative (\(units.height(agl.meters)) AGL)")
            }
            guard agl.meters <= SessionRules.heightsAGL.upperBound else {
                throw ShellError.usage("\(units.height(agl.meters)) AGL is out of reach: at most \(units.height(SessionRules.heightsAGL.upperBound))")
            }
            return LOSHeight(agl, .agl)
        }
        if let msl {
            guard SessionRules.heightsMSL.contains(msl.meters) else {
                throw ShellError.usage(
                    "\(units.height(msl.meters)) MSL is out of reach: between \(units.height(SessionRules.heightsMSL.lowerBound)) "
                        + "and \(units.height(SessionRules.heightsMSL.upperBound))"
                )
            }
            return LOSHeight(msl, .msl)
        }
        return nil
    }
}
