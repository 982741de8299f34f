import Foundation
import SkyTestSupport
import Testing

/// The binary carries its data: copied alone into an empty folder, with an environment that
/// points nowhere near the sources, every lookup still works. Scripts/test sets
/// SKYSHELL_RELEASE_BINARY so this checks the statically linked release build; otherwise it
/// checks the debug build's binary.
@Suite("Self-contained binary")
struct SelfContainedTests {
    @Test func aCopiedBinaryAnswersEveryKindOfLookup() throws {
        let source = ProcessInfo.processInfo.environment["SKYSHELL_RELEASE_BINARY"].flatMap { $0.isEmpty ? nil : $0 } ?? Executable.skyshell
        let dir = TemporaryDirectory("alone")
        let copy = dir.path + "/skyshell"
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        let env = ["PATH": "/usr/bin:/bin", "HOME": dir.path + "/home", "SKYSHELL_NOW": "2025-11-10T12:00:00Z"]
        let result = ProcessRunner.run(copy, ["-o", "json", "-c", "airport SFO; airline AS; aircraft 738; distance LHR JFK"],
                                       environment: env, directory: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"icao\": \"KSFO\""))
        #expect(result.stdout.contains("\"callsign\": \"ALASKA\""))
        #expect(result.stdout.contains("\"designator\": \"B738\""))
        #expect(result.stdout.contains("\"distance_km\": 5554.517"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["skyshell"], "the binary wrote files beside itself")
    }
}
