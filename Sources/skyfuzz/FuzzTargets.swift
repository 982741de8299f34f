// Fuzz targets for libFuzzer (built by Scripts/fuzz with -sanitize=fuzzer and -DFUZZING) and,
// in a normal build, a replayer that runs a target over corpus files (the regression check of
// the test suite). The target is chosen with SKYFUZZ_TARGET.
import Foundation
import SkyInterpreter
import SkyKit

/// The targets, by name: each takes arbitrary bytes and must return without crashing.
enum FuzzTargets {
    nonisolated(unsafe) static let all: [String: ([UInt8]) -> Void] = [
        "command": command, "opensky": opensky, "readsb": readsb, "tle": tle, "flights": flights, "hgt": hgt,
        "session": session, "badges": badges, "csv": csv, "elements": elements, "url": url, "weather": weather,
    ]

    /// Weather files and reports: the splitter, every report through the METAR or TAF decoder,
    /// the words and the data each gives, and a TAF's timeline.
    static func weather(_ bytes: [UInt8]) {
        guard let reports = try? ReportFile.reports(in: bytes) else { return }
        for report in reports.prefix(64) {
            if let m = try? METARDecoder.decode(report.text) {
                _ = m.groups.map(\.meaning.words)
                _ = m.conditions.phrases
                _ = FlightCategory.reason(m.conditions)
                _ = m.relativeHumidity
                if let w = m.conditions.wind { _ = RunwayWind(w, runways: weatherRunways) }
            }
            if let t = try? TAFDecoder.decode(report.text) {
                _ = t.groups.map(\.meaning.words)
                _ = t.timeline(near: report.dated ?? 1_762_776_000)
            }
        }
    }

    static let weatherRunways = catalog.airport(icao: "LFPG").map { catalog.runways(of: $0) } ?? []

    nonisolated(unsafe) static let shell = Shell.standard()

    /// The lexer, the command registry and every value parser (binding without running).
    static func command(_ bytes: [UInt8]) {
        _ = try? shell.validate(line: String(decoding: bytes, as: UTF8.self))
    }

    static func opensky(_ bytes: [UInt8]) { _ = try? OpenSkyDecoder.decode(bytes) }

    /// readsb / dump1090 aircraft.json and the aggregator v2 shape, and the recording format.
    static func readsb(_ bytes: [UInt8]) {
        _ = try? ReadsbDecoder.decode(bytes)
        _ = try? TrafficRecording.read(bytes)
    }

    /// The TLE parser, and SGP4 on whatever it accepts.
    static func tle(_ bytes: [UInt8]) {
        guard let t = try? TLE.parse(String(decoding: bytes, as: UTF8.self), checksums: false), let p = try? SGP4(t) else { return }
        for minutes in [0.0, 90, -1440, 10_080] { _ = try? p.propagate(minutes: minutes) }
    }

    /// Element-set files in every format (TLE/3LE, OMM JSON/CSV/XML), each set through SGP4's
    /// check, the catalogue they make written and read back.
    static func elements(_ bytes: [UInt8]) {
        guard let file = try? ElementSetFile.read(bytes) else { return }
        let usable = file.sets.filter { (try? SGP4.checked($0)) != nil }
        let text = SatelliteCatalog(usable).text
        _ = try? ElementSetFile.read(Array(text.utf8))
    }

    static let catalog = Catalog.embedded

    /// What a URL or a server address is checked by before anything is fetched.
    static func url(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = WebAddress.problem(text)
        _ = WebAddress.httpURL(text)
        _ = SkyQuantClient.problem(text)
        _ = Session.receiverProblem(text)
    }

    /// A saved session and settings file: parsed, every value checked and repaired, shown in
    /// the prompt and the status, written back. The history file's lines too.
    static func session(_ bytes: [UInt8]) {
        guard case .object(let object)? = try? JSONParser.parse(bytes) else {
            _ = HistoryFile.entries(bytes)
            return
        }
        let (loaded, _) = SessionStore.session(from: object, settings: object)
        _ = Prompt.text(loaded)
        _ = SessionStore.keys(loaded)
        shell.session = loaded
        if let words = try? Lexer().commands(in: "status").first, let output = try? shell.evaluate(words) {
            _ = Renderer.render(output, RenderOptions(color: true))
        }
        shell.session = Session()
    }

    /// A user's badges.toml: the definition parser and the badge rules, against the catalog.
    static func badges(_ bytes: [UInt8]) {
        _ = BadgeDefinitions.read(String(decoding: bytes, as: UTF8.self), world: world, origin: "fuzz")
    }

    static let world = BadgeWorld.of(catalog)

    /// The CSV reader: a header, every record, the formula guard on every cell.
    static func csv(_ bytes: [UInt8]) {
        var reader = CSVReader(bytes)
        guard (try? reader.header()) != nil else { return }
        while let record = try? reader.next() {
            for cell in record { _ = FormulaGuard.remove(cell) }
        }
    }

    /// Every flight importer, and the format guess.
    static func flights(_ bytes: [UInt8]) {
        _ = FlightFiles.guess(bytes)
        for format in FlightFileFormat.importable {
            _ = try? FlightFiles.plan(bytes, format: format, catalog: catalog, today: FlightDate(year: 2025, month: 11, day: 10)!)
        }
    }

    /// The .hgt reader: tile names, and heights read anywhere over a tile made of the input.
    static func hgt(_ bytes: [UInt8]) {
        let name = String(decoding: bytes.prefix(16), as: UTF8.self)
        _ = HGTTile.corner(fileName: name)
        var tile = [UInt8](repeating: 0, count: 1201 * 1201 * 2)
        for (k, b) in bytes.enumerated() where k < tile.count { tile[k] = b }
        tile.withUnsafeBytes { raw in
            guard let t = try? HGTTile(south: 44, west: -72, bytes: raw, origin: "fuzz") else { return }
            let terrain = Terrain(tiles: [t])
            var k = 0
            while k + 4 <= bytes.count, k < 400 {
                let lat = 44 + Double(Int(bytes[k]) << 8 | Int(bytes[k + 1])) / 65_535
                let lon = -72 + Double(Int(bytes[k + 2]) << 8 | Int(bytes[k + 3])) / 65_535
                _ = terrain.height(latitude: lat, longitude: lon)
                k += 4
            }
        }
    }
}

#if FUZZING
    /// libFuzzer's entry point for running its loop from our own main.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// SwiftPM links an executable's entry as `<module>_main`; here it hands over to libFuzzer.
    @_cdecl("skyfuzz_main")
    public func skyfuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
        var count = argc
        var vector = argv
        return LLVMFuzzerRunDriver(&count, &vector) { data, size in
            let name = ProcessInfo.processInfo.environment["SKYFUZZ_TARGET"] ?? "command"
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
            FuzzTargets.all[name]?(bytes)
            return 0
        }
    }
#else
    /// `skyfuzz <target> FILE|DIR…`: runs the target over every file (corpus replay).
    @main
    struct Replay {
        static func main() {
            let args = CommandLine.arguments.dropFirst()
            guard let name = args.first, let target = FuzzTargets.all[name] else {
                FileHandle.standardError.write(Data("usage: skyfuzz <\(FuzzTargets.all.keys.sorted().joined(separator: "|"))> FILE|DIR…\n".utf8))
                exit(64)
            }
            var count = 0
            for path in args.dropFirst() {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                let files =
                    isDirectory.boolValue ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 } : [path]
                for file in files {
                    guard let data = FileManager.default.contents(atPath: file) else { continue }
                    target([UInt8](data))
                    count += 1
                }
            }
            print("\(name): \(count) inputs ran")
        }
    }
#endif
