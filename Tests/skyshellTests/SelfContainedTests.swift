import Foundation
import SkyTestSupport
import Testing

/// The binary carries its data: copied alone into an empty folder, with an environment that
/// points nowhere near the sources, every lookup still works. Scripts/test sets
/// SKYSHELL_RELEASE_BINARY so this checks the statically linked release build; otherwise it
/// checks the debug build's binary.
@Suite("Self-contained binary")
struct SelfContainedTests {
    var binary: String { ProcessInfo.processInfo.environment["SKYSHELL_RELEASE_BINARY"].flatMap { $0.isEmpty ? nil : $0 } ?? Executable.skyshell }

    @Test func aCopiedBinaryAnswersEveryKindOfLookup() throws {
        let source = binary
        let dir = TemporaryDirectory("alone")
        let copy = dir.path + "/skyshell"
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        let env = ["PATH": "/usr/bin:/bin", "HOME": dir.path + "/home", "SKYSHELL_NOW": "2025-11-10T12:00:00Z"]
        let result = ProcessRunner.run(
            copy, ["-o", "json", "-c", "airport SFO; airline AS; aircraft 738; distance LHR JFK"],
            environment: env, directory: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"icao\":\"KSFO\""))
        #expect(result.stdout.contains("\"callsign\":\"ALASKA\""))
        #expect(result.stdout.contains("\"designator\":\"B738\""))
        #expect(result.stdout.contains("\"distance_km\":5554.517"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["skyshell"], "the binary wrote files beside itself")
    }

    /// libcurl is opened only when a feed first needs HTTP (Scripts/build-release drops it from
    /// the start-up libraries), and URLSession then works through it.
    @Test func networkingLoadsLibcurlOnlyWhenUsed() throws {
        let isRelease = ProcessInfo.processInfo.environment["SKYSHELL_RELEASE_BINARY"]?.isEmpty == false
        if isRelease {
            let dynamic = ProcessRunner.run("/usr/bin/readelf", ["-d", binary], environment: ["PATH": "/usr/bin:/bin"])
            #expect(dynamic.status == 0 && dynamic.stdout.contains("libsqlite3") && !dynamic.stdout.contains("libcurl"), "\(dynamic.stdout)")
        }
        let server = try HTTPTestServer { _ in
            .json(#"{"now":1733000000,"aircraft":[{"hex":"3c6444","flight":"DLH4AB","alt_baro":10000,"lat":49.09,"lon":2.55}]}"#)
        }
        defer { server.stop() }
        let home = TemporaryDirectory("alone-net")
        let result = ProcessRunner.run(
            binary, ["-c", "observer 49.0128 2.55; radar source readsb \(server.url)/aircraft.json; radar list"],
            environment: ProcessRunner.environment(home: home.path))
        #expect(result.status == 0 && result.stdout.contains("DLH4AB"), "\(result.stderr)")
    }
}
