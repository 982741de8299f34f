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

    @Test("the transcript folder is found and holds transcripts")
    func transcriptsExist() {
        #expect(Transcript.all(in: Self.directory).count >= 30)
    }
}
