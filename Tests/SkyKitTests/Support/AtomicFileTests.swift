import Foundation
import Glibc
import SkyKit
import SkyTestSupport
import Testing

/// The one writer of files: nothing replaced without asking, skyshell's own files never, no
/// blocking on a FIFO, no half files, private modes, symbolic links never followed for private
/// files.
@Suite("Atomic files")
struct AtomicFileTests {
    let dir = TemporaryDirectory("atomic")

    func text(_ path: String) -> String? { (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) } }
    func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }
    /// No temporary file is left in the folder.
    func leftovers() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.contains(".skyshell-") } }

    @Test func aNewFileIsWrittenWhole() throws {
        let path = dir.path + "/new.csv"
        try AtomicFile.write("a,b\n", to: path, .user(replace: false))
        #expect(text(path) == "a,b\n")
        #expect(leftovers().isEmpty)
    }

    @Test func anExistingFileIsKeptUnlessReplacingIsAsked() throws {
        let path = dir.write("old.csv", "precious")
        #expect(throws: FileWriteError(.exists, "'\(path)' exists; add --force to replace it")) {
            try AtomicFile.write("new", to: path, .user(replace: false))
        }
        #expect(text(path) == "precious")
        chmod(path, 0o640)
        try AtomicFile.write("new", to: path, .user(replace: true))
        #expect(text(path) == "new")
        #expect(mode(path) == 0o640, "a replaced file keeps its mode")
        #expect(leftovers().isEmpty)
    }

    @Test func skyshellsOwnFilesAreNeverWrittenEvenWhenReplacing() throws {
        let own = dir.write("logbook.sqlite", "SQLite format 3")
        let tiles = dir.path + "/terrain"
        try FileManager.default.createDirectory(atPath: tiles, withIntermediateDirectories: true)
        let protected = ProtectedFiles(files: [own, own + "-wal"], directories: [tiles])
        // By name, through "..", through a symbolic link, through a hard link, a journal file
        // not made yet, and any file in the terrain folder.
        try FileManager.default.createDirectory(atPath: dir.path + "/sub", withIntermediateDirectories: true)
        symlink(own, dir.path + "/link.csv")
        link(own, dir.path + "/hard.csv")
        for path in [own, dir.path + "/sub/../logbook.sqlite", dir.path + "/link.csv", dir.path + "/hard.csv", own + "-wal", tiles + "/N44W072.hgt"] {
            #expect(throws: FileWriteError.self) { try AtomicFile.write("x", to: path, .user(replace: true), protected: protected) }
            do {
                try AtomicFile.write("x", to: path, .user(replace: true), protected: protected)
            } catch {
                #expect(error.kind == .protected, "\(path): \(error)")
            }
        }
        #expect(text(own) == "SQLite format 3")
        #expect(leftovers().isEmpty)
    }

    @Test func nonRegularFilesAreRefusedWithoutBlocking() throws {
        let fifo = dir.path + "/fifo.csv"
        #expect(mkfifo(fifo, 0o644) == 0)
        let started = Date()
        for path in [fifo, "/dev/null", dir.path] {
            do {
                try AtomicFile.write("x", to: path, .user(replace: true))
                Issue.record("\(path) was written")
            } catch {
                #expect(error.kind == .notRegular, "\(path): \(error)")
            }
        }
        #expect(Date().timeIntervalSince(started) < 2, "a FIFO with no reader must not block")
    }

    @Test func aSymbolicLinkTheUserNamesIsWrittenThrough() throws {
        let target = dir.write("real.csv", "old")
        symlink(target, dir.path + "/alias.csv")
        try AtomicFile.write("new", to: dir.path + "/alias.csv", .user(replace: true))
        #expect(text(target) == "new")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/alias.csv")) == target, "the link stays")
    }

    @Test func privateFilesAre0600AndReplaceALinkInsteadOfFollowingIt() throws {
        let old = umask(0o022)
        defer { umask(old) }
        let victim = dir.write("victim", "do not touch")
        let path = dir.path + "/history"
        symlink(victim, path)
        try AtomicFile.write("mine\n", to: path, .private)
        #expect(text(victim) == "do not touch")
        #expect(text(path) == "mine\n")
        #expect(mode(path) == 0o600)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil, "the link was replaced by a file")
    }

    @Test func aFailedOrAbandonedWriteLeavesNothing() throws {
        #expect(throws: FileWriteError.self) { try AtomicFile.write("x", to: dir.path + "/no/such/folder/f.csv", .user(replace: false)) }
        let path = dir.write("keep.jsonl", "old")
        let file = try AtomicFile(path, .user(replace: true))
        try file.write("half of a recording")
        file.abandon()
        #expect(text(path) == "old")
        #expect(leftovers().isEmpty)
    }

    @Test func aPrivateFolderIsMadeOrTightened() throws {
        let made = dir.path + "/a/b/skyshell"
        #expect(try PrivateDirectory.ensure(made) == nil)
        #expect(mode(made) == 0o700)
        let loose = dir.path + "/loose"
        try FileManager.default.createDirectory(atPath: loose, withIntermediateDirectories: true)
        chmod(loose, 0o755)
        #expect(try PrivateDirectory.ensure(loose) == 0o755)
        #expect(mode(loose) == 0o700)
        #expect(try PrivateDirectory.ensure(loose) == nil, "said once")
    }

    @Test func aLockIsHeldUntilLetGo() throws {
        let path = dir.path + "/.lock"
        let first = try FileLock(path)
        #expect(throws: FileWriteError.self) { _ = try FileLock(path, timeout: 0.2) }
        first.unlock()
        _ = try FileLock(path, timeout: 0.2)
        #expect(mode(path) == 0o600)
    }
}
