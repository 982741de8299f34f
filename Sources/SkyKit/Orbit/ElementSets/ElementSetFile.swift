import FoundationEssentials
import Glibc

/// One element set a file could not give: where it is in the file and why.
public struct ElementSetProblem: Sendable, Equatable, CustomStringConvertible {
    /// "line 12", "item 3", "row 4", "segment 2".
    public var place: String
    public var message: String
    public var description: String { "\(place): \(message)" }

    public init(place: String, message: String) {
        self.place = place
        self.message = message
    }
}

/// The element sets of a file in any of the formats satellites are published in: TLE or 3LE
/// text (name lines with or without `0 `, CRLF, padded names), OMM as JSON (CelesTrak's numbers
/// or Space-Track's strings, with or without `TLE_LINE1/2`), OMM CSV with its header row, and
/// OMM XML (`<ndm><omm>…<segment>`). Sets that cannot be read are listed with the reason; the
/// others are kept.
public struct ElementSetFile: Sendable {
    /// The formats, as the file's first bytes tell them apart.
    public enum Format: String, Sendable { case tle = "TLE", ommJSON = "OMM JSON", ommCSV = "OMM CSV", ommXML = "OMM XML" }

    public var format: Format
    public var sets: [TLE]
    public var problems: [ElementSetProblem]

    /// The longest name kept (shorter than a TLE line, so a kept name never reads as one).
    static let maxName = 50

    /// Reads a file's bytes. Throws only when the whole file is unreadable as its format (not
    /// UTF-8, JSON that does not parse, XML without any segment); single bad sets are problems.
    public static func read(_ bytes: [UInt8]) throws(TLEError) -> ElementSetFile {
        guard let text = String(validating: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self) else {
            throw TLEError(line: 0, column: 0, message: "the file is not UTF-8 text")
        }
        let start = text.utf8.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        var file: ElementSetFile
        switch start {
        case UInt8(ascii: "["), UInt8(ascii: "{"): file = try json(bytes)
        case UInt8(ascii: "<"): file = try xml(text)
        default:
            let firstLine = text.prefix { $0 != "\n" && $0 != "\r" }
            file = firstLine.contains(",") && (firstLine.contains("NORAD_CAT_ID") || firstLine.contains("OBJECT_NAME")) ? try csv(bytes) : tle(text)
        }
        for i in file.sets.indices {
            if let name = file.sets[i].name { file.sets[i].name = String(name.prefix(maxName)).trimmingWhitespace() }
        }
        return file
    }

    /// TLE or 3LE text: each `1 ` line followed by a `2 ` line is a set, named by the line
    /// before when that line is not part of another set.
    static func tle(_ text: String) -> ElementSetFile {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
            String($0).trimmingWhitespace()
        }
        var sets: [TLE] = [], problems: [ElementSetProblem] = []
        var i = 0, name: String?, nameLine = -1
        func isLine(_ l: String, _ digit: Character) -> Bool { l.count >= 60 && l.first == digit && l.dropFirst().first == " " }
        while i < lines.count {
            let line = lines[i]
            if line.isEmpty {
                i += 1
                continue
            }
            if isLine(line, "1") {
                guard i + 1 < lines.count, isLine(lines[i + 1], "2") else {
                    problems.append(ElementSetProblem(place: "line \(i + 1)", message: "line 1 of a set is not followed by its line 2"))
                    i += 1
                    continue
                }
                let setName = nameLine == i - 1 ? name : nil
                do {
                    sets.append(try TLE.parse(line1: line, line2: lines[i + 1], name: setName))
                } catch {
                    problems.append(
                        ElementSetProblem(
                            place: "line \(i + error.line)",
                            message: "\(setName.flatMap(TLE.nameOfLine).map { $0 + ": " } ?? "")column \(error.column): \(error.message)"))
                }
                i += 2
                name = nil
                continue
            }
            if isLine(line, "2") {
                problems.append(ElementSetProblem(place: "line \(i + 1)", message: "line 2 of a set without its line 1"))
            } else {
                name = line
                nameLine = i
            }
            i += 1
        }
        if sets.isEmpty, problems.isEmpty {
            problems.append(ElementSetProblem(place: "line 1", message: "no element set: a TLE is a line starting '1 ' followed by one starting '2 '"))
        }
        return ElementSetFile(format: .tle, sets: sets, problems: problems)
    }

    /// Fields to sets, each problem placed by `place(index)`.
    static func sets(_ records: [[String: String]], format: Format, place: (Int) -> String) -> ElementSetFile {
        var file = ElementSetFile(format: format, sets: [], problems: [])
        for (n, fields) in records.enumerated() {
            do {
                file.sets.append(try OMM.elementSet(fields))
            } catch {
                let name = fields["OBJECT_NAME"].map { $0 + ": " } ?? ""
                file.problems.append(ElementSetProblem(place: place(n), message: name + error.message))
            }
        }
        return file
    }

    /// A JSON array of OMM objects (or one object).
    static func json(_ bytes: [UInt8]) throws(TLEError) -> ElementSetFile {
        let document: Datum
        do { document = try JSONParser.parse(bytes) } catch { throw TLEError(line: error.line, column: error.column, message: "not JSON: \(error.message)") }
        let items: [Datum]
        switch document {
        case .list(let list): items = list
        case .object: items = [document]
        default: throw TLEError(line: 1, column: 1, message: "OMM JSON is a list of objects")
        }
        var records: [[String: String]] = []
        for item in items {
            guard case .object(let pairs) = item else {
                records.append([:])
                continue
            }
            var fields: [String: String] = [:]
            for (key, value) in pairs {
                switch value {
                case .string(let s): fields[key.uppercased()] = s
                case .int(let n): fields[key.uppercased()] = String(n)
                case .number(let d): fields[key.uppercased()] = JSONWriter.number(d)
                default: break
                }
            }
            records.append(fields)
        }
        return sets(records, format: .ommJSON) { "item \($0 + 1)" }
    }

    /// OMM CSV: a header row of keywords, one set per row.
    static func csv(_ bytes: [UInt8]) throws(TLEError) -> ElementSetFile {
        var reader = CSVReader(bytes)
        var rows: [(cells: [String], line: Int)] = []
        do throws(CSVError) {
            while let row = try reader.next() { rows.append((row, reader.line)) }
        } catch {
            throw TLEError(line: error.line, column: 1, message: error.message)
        }
        guard let header = rows.first?.cells.map({ $0.trimmingWhitespace().uppercased() }) else {
            throw TLEError(line: 1, column: 1, message: "the file is empty")
        }
        let body = rows.dropFirst().filter { !$0.cells.allSatisfy { $0.trimmingWhitespace().isEmpty } }
        let records = body.map { row in Dictionary(zip(header, row.cells), uniquingKeysWith: { first, _ in first }) }
        let lines = body.map(\.line)
        return sets(records, format: .ommCSV) { "line \(lines[$0])" }
    }

    /// OMM XML: the leaf elements of each `<segment>`.
    static func xml(_ text: String) throws(TLEError) -> ElementSetFile {
        let segments = try OMMXML.segments(text)
        return sets(segments, format: .ommXML) { "segment \($0 + 1)" }
    }
}
