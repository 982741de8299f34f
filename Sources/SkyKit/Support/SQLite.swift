import CSQLite
import Glibc

/// A failure from the logbook database, classified so callers can say what went wrong.
public struct StoreError: Error, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        /// The file is not a SQLite database, or is damaged.
        case corrupt
        /// The database or its directory cannot be written.
        case readOnly
        /// The disk (or the configured size limit) is full.
        case full
        /// Another process holds the database longer than the busy timeout.
        case busy
        /// The file cannot be opened or read.
        case cannotOpen
        /// A value breaks a rule of the schema (unknown logbook, duplicate name…).
        case invalid
        case other
    }
    public var kind: Kind
    public var message: String
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// One SQLite connection: statements are prepared once and cached by their SQL text.
public final class SQLiteDatabase {
    let handle: OpaquePointer
    public let path: String
    private var cache: [String: SQLiteStatement] = [:]

    /// Opens (creating when missing, mode 0600) the database at `path`. `immutable` opens it
    /// only for reading, with SQLite told that nothing changes it: how a WAL database in a
    /// folder that cannot be written is read at all (SQLite could not make its -shm file).
    public init(path: String, immutable: Bool = false) throws(StoreError) {
        self.path = path
        var db: OpaquePointer?
        let rc: Int32
        if immutable {
            rc = sqlite3_open_v2(
                "file:" + SQLiteDatabase.uriPath(path) + "?immutable=1", &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        } else {
            // A new database is private from its first byte; SQLite gives its -wal and -shm
            // files the same mode.
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 { close(fd) }
            rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        }
        guard rc == SQLITE_OK, let db else {
            guard sky_sqlite_available() == 1 else {
                throw StoreError(.cannotOpen, "SQLite is not available (\(String(cString: sky_sqlite_error()))): install libsqlite3-0")
            }
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw SQLiteDatabase.error(rc, message, path: path)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// True when the connection cannot write (a read-only file or directory).
    public var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Runs SQL without results (several statements allowed).
    public func execute(_ sql: String) throws(StoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        if rc != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteDatabase.error(rc, text, path: path)
        }
    }

    /// A prepared statement for `sql`, reset and ready to bind.
    public func statement(_ sql: String) throws(StoreError) -> SQLiteStatement {
        if let cached = cache[sql] {
            cached.reset()
            return cached
        }
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            throw SQLiteDatabase.error(rc, String(cString: sqlite3_errmsg(handle)), path: path)
        }
        let statement = SQLiteStatement(stmt, database: self)
        cache[sql] = statement
        return statement
    }

    /// Runs `body` in one write transaction (BEGIN IMMEDIATE takes the write lock first, so a
    /// second writer waits for the busy timeout instead of failing halfway); rolls back when
    /// `body` throws.
    public func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Maps a SQLite result code to a classified error.
    /// A path as the path part of an SQLite URI (`%`, `?` and `#` escaped).
    static func uriPath(_ path: String) -> String {
        var out = ""
        for c in path.unicodeScalars {
            switch c {
            case "%": out += "%25"
            case "?": out += "%3f"
            case "#": out += "%23"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func error(_ code: Int32, _ message: String, path: String) -> StoreError {
        switch code & 0xFF {
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return StoreError(.corrupt, "\(path) is not a usable SQLite database (\(message)); it was left untouched")
        case SQLITE_READONLY:
            return StoreError(.readOnly, "\(path) cannot be written (\(message))")
        case SQLITE_FULL:
            return StoreError(.full, "the disk holding \(path) is full (\(message)); nothing was saved")
        case SQLITE_BUSY, SQLITE_LOCKED:
            return StoreError(.busy, "\(path) is busy in another skyshell (\(message)); try again")
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH:
            return StoreError(.cannotOpen, "cannot open \(path) (\(message))")
        case SQLITE_IOERR:
            return StoreError(.other, "I/O error on \(path) (\(message))")
        case SQLITE_CONSTRAINT:
            return StoreError(.invalid, message)
        default:
            return StoreError(.other, "\(path): \(message)")
        }
    }
}

/// A prepared statement: bind by position (1-based), step, read columns (0-based).
public final class SQLiteStatement {
    let handle: OpaquePointer
    unowned let database: SQLiteDatabase

    init(_ handle: OpaquePointer, database: SQLiteDatabase) {
        self.handle = handle
        self.database = database
    }

    /// Room for the texts of one run that SQLite reads in place instead of copying
    /// (`bindInPlace`); reused after each `rewindForRebinding`.
    private var scratch: UnsafeMutablePointer<CChar>?
    private var scratchUsed = 0
    private static let scratchSize = 65536

    deinit {
        sqlite3_finalize(handle)
        scratch?.deallocate()
    }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        scratchUsed = 0
    }

    /// Binds values to the parameters in order.
    @discardableResult
    public func bind(_ values: [SQLiteValue?]) -> SQLiteStatement {
        for (i, value) in values.enumerated() { bind(Int32(i + 1), value) }
        return self
    }

    /// Binds one value (NULL for nil) to a 1-based parameter.
    @inline(__always) public func bind(_ index: Int32, _ value: SQLiteValue?) {
        switch value {
        case .none: sqlite3_bind_null(handle, index)
        case .integer(let n)?: sqlite3_bind_int64(handle, index, n)
        case .real(let d)?: sqlite3_bind_double(handle, index, d)
        case .text(let s)?: sqlite3_bind_text(handle, index, s, -1, sky_sqlite_transient())
        }
    }

    /// Binds one text value (NULL for nil) to a 1-based parameter, without building arrays.
    @inline(__always) public func bind(_ index: Int32, _ text: String?) {
        if let text { sqlite3_bind_text(handle, index, text, -1, sky_sqlite_transient()) } else { sqlite3_bind_null(handle, index) }
    }

    /// Binds one integer (NULL for nil) to a 1-based parameter.
    @inline(__always) public func bind(_ index: Int32, _ n: Int64?) {
        if let n { sqlite3_bind_int64(handle, index, n) } else { sqlite3_bind_null(handle, index) }
    }

    /// Makes the statement ready to run again with new bindings.
    public func rewind() { reset() }

    /// Makes the statement ready to run again, keeping the old bindings (cheaper than
    /// `rewind`): for a statement whose every parameter is bound again before it runs, as
    /// texts bound in place from an earlier run are overwritten.
    public func rewindForRebinding() {
        sqlite3_reset(handle)
        scratchUsed = 0
    }

    /// Binds a text (NULL for nil) that SQLite reads where it is instead of copying it: the
    /// bytes go to the statement's scratch space, which stays put until the next
    /// `rewindForRebinding`. A text that does not fit is bound as a copy.
    public func bindInPlace(_ index: Int32, _ text: String?) {
        guard var text else {
            sqlite3_bind_null(handle, index)
            return
        }
        let scratch = self.scratch ?? UnsafeMutablePointer<CChar>.allocate(capacity: Self.scratchSize)
        self.scratch = scratch
        let used = scratchUsed
        let copied = text.withUTF8 { bytes -> Int? in
            guard used + bytes.count <= Self.scratchSize else { return nil }
            if let from = bytes.baseAddress { UnsafeMutableRawPointer(scratch + used).copyMemory(from: from, byteCount: bytes.count) }
            return bytes.count
        }
        guard let copied else { return bind(index, text) }
        sqlite3_bind_text(handle, index, scratch + used, Int32(copied), nil)
        scratchUsed += copied
    }

    /// Advances to the next row; false when done.
    public func step() throws(StoreError) -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        throw SQLiteDatabase.error(rc, String(cString: sqlite3_errmsg(database.handle)), path: database.path)
    }

    /// Reads the first row with `read` (nil when there is none) and resets the statement, so it
    /// holds no read transaction open afterwards.
    public func first<T>(_ read: (SQLiteStatement) -> T) throws(StoreError) -> T? {
        defer { sqlite3_reset(handle) }
        return try step() ? read(self) : nil
    }

    /// Runs a statement that returns no rows.
    public func run() throws(StoreError) {
        while try step() {}
    }

    public func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    public func text(_ column: Int32) -> String? {
        guard let raw = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: raw)
    }
    public func optionalInt(_ column: Int32) -> Int64? { isNull(column) ? nil : int(column) }

    /// A short text column (up to 8 bytes, like an ICAO code) packed into an integer without
    /// making a String; 0 for NULL or empty, nil when the text is longer.
    @inline(__always) public func packedCode(_ column: Int32) -> UInt64? {
        // The text is NUL-terminated: reading up to 9 bytes avoids asking for its length.
        guard let raw = sqlite3_column_text(handle, column) else { return 0 }
        var code: UInt64 = 0
        for i in 0..<9 {
            let b = raw[i]
            if b == 0 { return code }
            if i == 8 { return nil }
            code = code << 8 | UInt64(b)
        }
        return nil
    }

    /// A YYYY-MM-DD column as the number YYYYMMDD (YYYYMM00 or YYYY0000 for a partial date, 0
    /// when it is not a date), without making a String.
    @inline(__always) public func compactDate(_ column: Int32) -> Int32 {
        guard let raw = sqlite3_column_text(handle, column) else { return 0 }
        // YYYY-MM-DD, or a partial YYYY-MM or YYYY (zeros for what it does not know).
        var n: Int32 = 0
        for i in 0..<10 {
            // A NUL before the end fails either test, so nothing past it is read.
            if i == 4 || i == 7 {
                if raw[i] == 0 { return n * (i == 4 ? 10000 : 100) }
                guard raw[i] == UInt8(ascii: "-") else { return 0 }
                continue
            }
            let digit = Int32(raw[i]) - 48
            guard (0...9).contains(digit) else { return 0 }
            n = n * 10 + digit
        }
        return raw[10] == 0 ? n : 0
    }

    /// `text` packed as `packedCode` reads it (up to 8 bytes, else 0).
    public static func pack(_ text: String) -> UInt64 {
        guard text.utf8.count <= 8 else { return 0 }
        return text.utf8.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The text a packed code stands for.
    public static func unpack(_ code: UInt64) -> String {
        var bytes: [UInt8] = []
        var c = code
        while c != 0 { bytes.append(UInt8(c & 0xFF)); c >>= 8 }
        return String(decoding: bytes.reversed(), as: UTF8.self)
    }
}

/// A value bound to a statement parameter.
public enum SQLiteValue: Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)

    public static func of(_ text: String?) -> SQLiteValue? { text.map(SQLiteValue.text) }
    public static func of(_ n: Int?) -> SQLiteValue? { n.map { .integer(Int64($0)) } }
}

/// Prepares a statement outside the connection's cache (for cursors that stay open).
func sqlite3_prepare_v2_shim(_ db: SQLiteDatabase, _ sql: UnsafePointer<CChar>, _ out: inout OpaquePointer?) -> Int32 {
    sqlite3_prepare_v2(db.handle, sql, -1, &out, nil)
}
