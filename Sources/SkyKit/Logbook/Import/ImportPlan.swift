/// A value of an imported file that names no catalog entry, or several: shown once, with how
/// often it occurs, why, and the closest entries.
public struct UnresolvedValue: Sendable, Equatable {
    /// What the value should name.
    public enum Kind: String, Sendable, CaseIterable {
        case airport, airline, aircraft
    }
    public var kind: Kind
    /// The value as the file writes it.
    public var text: String
    /// How many flights have it.
    public var count: Int
    /// The first line it is on.
    public var line: Int
    /// Why it names nothing: "unknown aircraft type '…' — did you mean B763 Boeing 767-300?".
    public var reason: String
    /// The codes the reason offers, best first.
    public var candidates: [String]

    /// What tells values apart: the same text is counted once per kind.
    static func key(_ kind: Kind, _ text: String) -> String { kind.rawValue + "|" + text }
}

/// What `--map` says: a file's value and the code it stands for, or nothing (`-`). The same
/// text is mapped wherever it appears.
public struct ValueMap: Sendable, Equatable {
    var entries: [String: String?] = [:]

    public init() {}

    /// Reads `TEXT=CODE` (or `TEXT=-` for "leave it empty"); nil when there is no `=`.
    public init?(_ assignments: [String]) {
        for assignment in assignments {
            guard let equals = assignment.lastIndex(of: "=") else { return nil }
            let text = String(assignment[..<equals]).trimmedWhitespace
            let code = String(assignment[assignment.index(after: equals)...]).trimmedWhitespace
            guard !text.isEmpty, !code.isEmpty else { return nil }
            set(text, to: code == "-" ? nil : code)
        }
    }

    static func key(_ text: String) -> String { TextFolding.key(text) }

    public mutating func set(_ text: String, to code: String?) { entries[Self.key(text)] = .some(code) }

    /// The code `text` is mapped to: .some(nil) for "nothing", nil when it is not mapped.
    public func code(for text: String) -> String?? { entries[Self.key(text)] }

    public var isEmpty: Bool { entries.isEmpty }
}

/// What an import would do, worked out before anything is written: the flights ready to go
/// in, the rows that cannot, the values that name nothing, what the file holds that is not
/// imported.
public struct ImportPlan: Sendable {
    public var format: FlightFileFormat
    /// Flight rows the file holds (cancelled ones and other people's included).
    public var rows = 0
    /// The flights that are ready, in file order, with their lines.
    public var flights: [Flight] = []
    public var lines: [Int] = []
    /// Rows that cannot be imported (a bad value, a rule broken), by line.
    public var bad: [FlightFileError] = []
    /// Values that name no catalog entry, most frequent first, and the rows that have one.
    public var unresolved: [UnresolvedValue] = []
    public var unresolvedRows = 0
    /// Flights that did not fly (cancelled) and flights of other people's trips.
    public var cancelled = 0
    public var notYours = 0
    /// Entries that are no flights (a calendar's other events).
    public var otherEvents = 0
    /// Columns of the file no field of skyshell's takes.
    public var ignoredColumns: [String] = []
    /// Flights dated after today.
    public var futureDates = 0
    /// Which `flights` the logbook already has, or an earlier row of the same file has (set
    /// with `markDuplicates`), and how many of them are such repeats within the file.
    public var duplicates: Set<Int> = []
    public var repeatedInFile = 0

    public init(format: FlightFileFormat) { self.format = format }

    /// The plan of a file read in parts (`FlightFiles.plan`): the parts' plans in file order,
    /// each with its lines already those of the whole file, and their flights, already joined.
    init(parts: [ImportPlan], flights: [Flight]) {
        self.init(format: parts[0].format)
        ignoredColumns = parts[0].ignoredColumns
        var unresolved: [String: UnresolvedValue] = [:]
        self.flights = flights
        lines.reserveCapacity(flights.count)
        for part in parts {
            rows += part.rows
            lines += part.lines
            bad += part.bad
            unresolvedRows += part.unresolvedRows
            cancelled += part.cancelled
            notYours += part.notYours
            otherEvents += part.otherEvents
            futureDates += part.futureDates
            for value in part.unresolved {
                let key = UnresolvedValue.key(value.kind, value.text)
                if var known = unresolved[key] {
                    known.count += value.count
                    unresolved[key] = known
                } else {
                    unresolved[key] = value
                }
            }
        }
        self.unresolved = Self.ordered(Array(unresolved.values))
    }

    /// Unresolved values as they are shown: the most frequent first, then by line.
    static func ordered(_ values: [UnresolvedValue]) -> [UnresolvedValue] {
        values.sorted { ($0.count, $1.line) > ($1.count, $0.line) }
    }

    /// The plan with every line moved by `n` (a part of a file read on its own).
    mutating func shiftLines(by n: Int) {
        guard n != 0 else { return }
        lines = lines.map { $0 + n }
        bad = bad.map { FlightFileError(line: $0.line.map { $0 + n }, $0.message) }
        unresolved = unresolved.map { value in
            var moved = value
            moved.line += n
            return moved
        }
    }

    /// Marks the flights the logbook already has (by its `DuplicateIndex`) and those that
    /// repeat an earlier row of the file — by the same rule: date and route, and the flight
    /// number when both have one.
    public mutating func markDuplicates(_ logbook: DuplicateIndex) {
        var file = DuplicateIndex()
        duplicates = []
        repeatedInFile = 0
        for (n, flight) in flights.enumerated() {
            if logbook.contains(flight) {
                duplicates.insert(n)
            } else if file.contains(flight) {
                duplicates.insert(n)
                repeatedInFile += 1
            }
            file.insert(flight)
        }
    }

    /// The flights to add: all of them, or those that are not duplicates.
    public func flightsToAdd(keepDuplicates: Bool) -> [Flight] {
        keepDuplicates || duplicates.isEmpty ? flights : flights.indices.filter { !duplicates.contains($0) }.map { flights[$0] }
    }
}
