import Foundation
import SkyTestSupport
import Testing

/// Every `.sky` transcript under Transcripts/ runs the real binary and must match its
/// `.expected` file exactly (status, stdout, stderr).
@Suite("Transcripts")
struct TranscriptTests {
    static let directory = Executable.packageRoot + "/Tests/skyshellTests/Transcripts"

    @Test("transcript", arguments: Transcript.all(in: directory))
    func transcript(_ transcript: Transcript) {
        let result = transcript.run()
        if let difference = transcript.check(result) {
            Issue.record(Comment(rawValue: difference))
        }
    }

    /// Every `.sky` file under the folder (counted on its own, not through `Transcript.all`)
    /// is run, and has its expectation.
    @Test("every transcript in the folder is run")
    func everyTranscriptIsRun() throws {
        var files: [String] = []
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.directory))
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".sky"), !relative.contains("/fixtures/") { files.append(relative) }
        }
        let run = Set(Transcript.all(in: Self.directory).map { String($0.path.dropFirst(Self.directory.count + 1)) })
        #expect(files.count > 300 && Set(files) == run, "not run: \(Set(files).subtracting(run).sorted())")
        for file in files {
            let expected = Self.directory + "/" + file.dropLast(4) + ".expected"
            #expect(FileManager.default.fileExists(atPath: expected), "\(file) has no expectation")
        }
    }

    @Test func aFailingSetupScriptFailsTheTranscript() throws {
        let folder = TemporaryDirectory("setup-fails")
        _ = folder.write("broken-setup.sky", "observer nowhere-at-all\n")
        let path = folder.write("uses_a_broken_setup.sky", "#! setup: broken-setup.sky\nstatus\n")
        _ = folder.write("uses_a_broken_setup.expected", "status: 0\n--- stdout\n--- stderr\n")
        let transcript = try #require(Transcript.all(in: folder.path).first { $0.path == path })
        let result = transcript.run()
        #expect(result.status == 255 && result.stderr.hasPrefix("setup broken-setup.sky failed with status 65"), "\(result.stderr)")
        #expect(transcript.check(result) != nil)
    }
}
