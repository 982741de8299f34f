import Foundation
import Glibc
import SkyKit
import SkyTestSupport
import Testing

@Suite("Stored files")
struct StoredFileTests {
    let dir = TemporaryDirectory("stored")

    @Test func aFileIsReadWholeAndMissingIsNotAnError() throws {
        try Data("session".utf8).write(to: URL(fileURLWithPath: dir.path + "/s.json"))
        guard case .contents(let bytes) = StoredFile.read(dir.path + "/s.json") else { Issue.record("not read"); return }
        #expect(bytes == Array("session".utf8))
        guard case .missing = StoredFile.read(dir.path + "/none.json") else { Issue.record("a missing file is missing"); return }
    }

    /// Too large and not a regular file: one reason each, the size grouped as everywhere else.
    @Test func aFileTooLargeOrNotRegularIsUnreadableWithItsReason() throws {
        try Data(repeating: 0x41, count: 2_000_000).write(to: URL(fileURLWithPath: dir.path + "/big"))
        guard case .unreadable(let big) = StoredFile.read(dir.path + "/big") else { Issue.record("read a file over the limit"); return }
        #expect(big == "it is 2,000,000 bytes, more than the 1,024 KB such a file may hold")
        #expect(mkfifo(dir.path + "/pipe", 0o600) == 0)
        guard case .unreadable(let pipe) = StoredFile.read(dir.path + "/pipe") else { Issue.record("read a FIFO"); return }
        #expect(pipe == "not a regular file")
    }
}
