import SkyKit

/// Imports as tests make them: the plan of some text in a format on a fixed day, and the
/// all-or-nothing reading the import command applies (the first problem is the error).
enum Importing {
    static let today = FlightDate(iso: "2025-11-10")!

    static func plan(_ bytes: [UInt8], _ format: FlightFileFormat, map: ValueMap = ValueMap()) throws(FlightFileError) -> ImportPlan {
        try FlightFiles.plan(bytes, format: format, catalog: .embedded, today: today, map: map)
    }

    static func plan(_ text: String, _ format: FlightFileFormat, map: ValueMap = ValueMap()) throws(FlightFileError) -> ImportPlan {
        try plan(Array(text.utf8), format, map: map)
    }

    /// Every flight of the file, or its first problem by line (a bad row or a value that names
    /// nothing) as the error.
    static func flights(_ text: String, _ format: FlightFileFormat) throws(FlightFileError) -> [Flight] {
        try flights(Array(text.utf8), format)
    }

    static func flights(_ bytes: [UInt8], _ format: FlightFileFormat) throws(FlightFileError) -> [Flight] {
        let plan = try plan(bytes, format)
        let problems = plan.bad + plan.unresolved.map { FlightFileError(line: $0.line, $0.reason) }
        if let first = problems.min(by: { ($0.line ?? 0) < ($1.line ?? 0) }) { throw first }
        return plan.flights
    }
}
