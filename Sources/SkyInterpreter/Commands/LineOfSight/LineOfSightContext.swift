import Foundation
import SkyKit

/// The line-of-sight service's state: the terrain loaded and the last path checked.
final class LineOfSightContext: ServiceContext {
    private unowned let shell: Shell
    private var loaded: Terrain?
    /// The last path checked in this process, for `los profile at` and `explain los`.
    var lastPathCheck: PathCheck?

    init(shell: Shell) { self.shell = shell }

    /// The terrain folder in use: the one set with `los terrain`, else `terrain` in the data
    /// directory.
    var terrainDirectory: String? { shell.session.los.terrainDirectory ?? shell.paths.map { $0.data + "/terrain" } }

    /// The embedded tile plus the folder's tiles, loaded once per folder.
    func terrain() -> Terrain {
        if let loaded, loaded.directory == terrainDirectory { return loaded }
        let terrain = Terrain.load(directory: terrainDirectory)
        loaded = terrain
        return terrain
    }

    /// Reads the terrain folder again (tiles were fetched or removed).
    func reload() { loaded = nil }

    /// The LOS origin, or the error that says how to set one.
    func origin() throws(ShellError) -> Place {
        guard let origin = shell.session.los.origin else {
            throw ShellError(.state, "no line-of-sight origin — set one with `los origin <place>` (e.g. los origin 44.27056 -71.30333)")
        }
        return origin
    }
}

extension Shell {
    /// The line-of-sight service.
    var lineOfSight: LineOfSightContext { services.context() }
}

/// Words and numbers of the line-of-sight commands: feet in the interface, metres inside.
enum LOSText {
    static func feet(_ meters: Double) -> String { Format.height(Height(meters: meters), in: .feet) }

    /// "33 ft AGL", "30,000 ft MSL".
    static func height(_ h: LOSHeight) -> String { feet(h.height.meters) + " " + h.reference.rawValue.uppercased() }

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

    /// "31% of samples without terrain (drawn at 0 m; fetch it with los terrain fetch)", or nil when all had terrain.
    static func missing(_ share: Double) -> String? {
        guard share > 0 else { return nil }
        let percent = share * 100
        return "\(percent < 1 ? "<1" : Format.fixed(percent, 0))% of samples without terrain (drawn at 0 m; fetch it with los terrain fetch)"
    }

    /// Reads an `agl`/`msl` height pair of options into one height; nil when neither is given.
    static func height(agl: Height?, msl: Height?, what: String) throws(ShellError) -> LOSHeight? {
        if agl != nil, msl != nil { throw ShellError.usage("give the \(what) height once: agl <height> or msl <height>") }
        if let agl {
            guard agl.meters >= SessionRules.heightsAGL.lowerBound else {
                throw ShellError.usage("a height above the ground cannot be negative (\(feet(agl.meters)) AGL)")
            }
            guard agl.meters <= SessionRules.heightsAGL.upperBound else {
                throw ShellError.usage("\(feet(agl.meters)) AGL is out of reach: at most 100 km (328,084 ft)")
            }
            return LOSHeight(agl, .agl)
        }
        if let msl {
            guard SessionRules.heightsMSL.contains(msl.meters) else {
                throw ShellError.usage("\(feet(msl.meters)) MSL is out of reach: between -1,640 ft and 328,084 ft")
            }
            return LOSHeight(msl, .msl)
        }
        return nil
    }
}
