import FoundationEssentials
import Glibc

/// The record of the files skyshell installed in a terrain folder (`.skyshell-installed`, one
/// file name a line: `N44W072.hgt`, `N44W072.sea`). Only the files it lists may be removed,
/// evicted or touched: a folder of the user's own tiles (`los terrain FOLDER`) keeps every tile
/// it had, whatever skyshell fetches into it. Changes are made under a lock
/// (`.skyshell-installed.lock`) so that two shells fetching at once both stay recorded.
public struct InstalledTiles: Sendable, Equatable {
    public static let recordName = ".skyshell-installed"

    /// The recorded file names (only names of tiles and sea records: anything else in the
    /// record is ignored, so an edited record can never name a path outside the folder).
    public private(set) var names: Set<String>

    /// Reads the record of `folder` (empty when there is none).
    public init(folder: String) {
        let text: String
        switch StoredFile.read(Self.recordPath(folder), maxBytes: 4 * 1_048_576) {
        case .contents(let bytes): text = String(decoding: bytes, as: UTF8.self)
        case .missing, .unreadable: text = ""
        }
        names = Set(text.split(separator: "\n").map(String.init).filter(Self.isTileFileName))
    }

    /// True when the record exists.
    public static func exists(in folder: String) -> Bool { access(recordPath(folder), F_OK) == 0 }

    /// True when skyshell installed `fileName` (a tile or a sea record) in the folder.
    public func contains(_ fileName: String) -> Bool { names.contains(fileName) }

    /// The recorded tiles' corners.
    public var tileCorners: Set<TileCorner> {
        Set(names.filter { $0.hasSuffix(".hgt") }.compactMap(TileCorner.init(fileName:)))
    }

    /// Adds `added` to the record of `folder` and drops `removed` from it, under the lock.
    public static func update(_ folder: String, adding added: [String] = [], removing removed: [String] = []) throws(FileWriteError) {
        let lock = try FileLock(recordPath(folder) + ".lock")
        defer { lock.unlock() }
        var record = InstalledTiles(folder: folder)
        record.names.formUnion(added.filter(isTileFileName))
        record.names.subtract(removed)
        try AtomicFile.write(record.names.sorted().map { $0 + "\n" }.joined(), to: recordPath(folder), .private)
    }

    /// Records every tile and sea record `folder` holds now (skyshell's own terrain folder,
    /// from before the record was kept: only skyshell writes there).
    public static func adoptAll(in folder: String) throws(FileWriteError) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        try update(folder, adding: names)
    }

    static func recordPath(_ folder: String) -> String { folder + "/" + recordName }

    /// A name as skyshell writes tiles and sea records: `N44W072.hgt`, `S01E010.sea`.
    static func isTileFileName(_ name: String) -> Bool {
        guard let corner = TileCorner(fileName: name) else { return false }
        return name == corner.description + ".hgt" || name == corner.description + ".sea"
    }
}
