import Foundation
import Testing

@testable import SkyKit

/// CSV records read in place (byte ranges, a scratch buffer for doubled quotes) against a
/// plain reading of RFC 4180 written here, and the byte-level cell checks against the text ones.
@Suite("CSV records read in place")
struct CSVRecordTests {
    /// RFC 4180 as `CSVReader` documents it, one character at a time into Strings: quoted
    /// fields with doubled quotes, text after a closing quote kept, CRLF, LF or CR ends a row.
    static func plainReading(_ text: [UInt8]) -> Result<[[String]], CSVError> {
        var rows: [[String]] = [], row: [String] = [], field: [UInt8] = []
        var i = 0, line = 1
        guard !text.isEmpty else { return .success([]) }
        while true {
            field = []
            if i < text.count, text[i] == 0x22 {
                let opened = line
                i += 1
                var closed = false
                while i < text.count {
                    if text[i] == 0x22 {
                        if i + 1 < text.count, text[i + 1] == 0x22 {
                            field.append(0x22)
                            i += 2
                            continue
                        }
                        i += 1
                        closed = true
                        break
                    }
                    if text[i] == 0x0A { line += 1 }
                    field.append(text[i])
                    i += 1
                }
                if !closed { return .failure(CSVError(line: opened, "unclosed")) }
            }
            while i < text.count, text[i] != 0x2C, text[i] != 0x0A, text[i] != 0x0D {
                field.append(text[i])
                i += 1
            }
            row.append(String(decoding: field, as: UTF8.self))
            if i == text.count {
                rows.append(row)
                return .success(rows)
            }
            let end = text[i]
            i += 1
            if end == 0x2C { continue }
            if end == 0x0D, i < text.count, text[i] == 0x0A { i += 1 }
            line += 1
            rows.append(row)
            row = []
            if i == text.count { return .success(rows) }
        }
    }

    @Test func recordsReadInPlaceAreThoseOfAPlainReading() {
        let pieces: [[UInt8]] = [[0x61], [0x62, 0x63], [0x2C], [0x22], [0x22, 0x22], [0x0A], [0x0D], [0x0D, 0x0A], [0x20], [0xC3, 0xA9], [0x27, 0x3D]]
        var rng = SplitMix64(seed: 4180)
        for n in 0..<3_000 {
            var text: [UInt8] = []
            for _ in 0..<rng.next(40) { text += pieces[rng.next(pieces.count)] }
            var reader = CSVReader(text)
            var read: [[String]] = [], failure: CSVError?
            do {
                while let row = try reader.next() { read.append(row) }
            } catch {
                failure = error
            }
            switch Self.plainReading(text) {
            case .success(let rows):
                #expect(failure == nil && read == rows, "document \(n): \(text)")
            case .failure(let error):
                #expect(failure?.line == error.line, "document \(n): \(text)")
            }
        }
    }

    /// The formula guard's quote taken off, as the guard is documented: a leading `'` before
    /// quotes and then `=`, `+`, `-`, `@`, a tab or a carriage return.
    static func unguarded(_ cell: String) -> String {
        guard cell.unicodeScalars.first == "'", let first = cell.unicodeScalars.dropFirst().first(where: { $0 != "'" }),
            "=+-@\t\r".unicodeScalars.contains(first)
        else { return cell }
        return String(cell.unicodeScalars.dropFirst())
    }

    @Test func cellsAreCheckedOnTheirBytesAsOnTheirText() throws {
        let pieces = ["a", " ", "\t", "'", "=", "+", "-", "@", "\r", "é", "\u{1}", "\u{85}", "\u{7F}", "\n", "x"]
        var rng = SplitMix64(seed: 20_261_201)
        for n in 0..<5_000 {
            let cell = (0..<rng.next(7)).map { _ in pieces[rng.next(pieces.count)] }.joined()
            #expect(FormulaGuard.remove(cell) == Self.unguarded(cell), "cell \(Array(cell.utf8))")
            let multiline = n % 2 == 0
            // The text path: trimmed, the guard removed, checked (which trims again).
            let expected = Result { () throws(FlightFileError) in
                try FieldText.checked(Self.unguarded(cell.trimmedSpaces), "notes", multiline: multiline)
            }
            let quoted = "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let table = try CSVTable(Array(("notes\n" + quoted + "\n").utf8))
            // A row of spaces alone is blank, and the table passes it by.
            guard try table.next() else {
                #expect(cell.trimmedSpaces.isEmpty, "cell \(Array(cell.utf8))")
                continue
            }
            let read = Result { () throws(FlightFileError) in
                try table.withRow { (row) throws(FlightFileError) in try row.text(0, "notes", multiline: multiline) }
            }
            switch (read, expected) {
            case (.success(let a), .success(let b)): #expect(a == b, "cell \(Array(cell.utf8))")
            case (.failure(let a), .failure(let b)): #expect(a == b, "cell \(Array(cell.utf8))")
            default: Issue.record("cell \(Array(cell.utf8)): \(read) against \(expected)")
            }
            #expect(
                table.withRow { $0.field(0) }
                    == {
                        let t = Self.unguarded(cell.trimmedSpaces).trimmedSpaces; return t.isEmpty ? nil : t
                    }())
        }
    }

    @Test func theQuickControlTestMissesNoByteThatCanStartOne() {
        var rng = SplitMix64(seed: 127)
        let rare: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x1F, 0x7F, 0xC2, 0x20, 0x7E, 0x80, 0xC3, 0xFF, 0x21, 0x40]
        for _ in 0..<20_000 {
            var bytes = (0..<rng.next(40)).map { _ in UInt8(0x41 + rng.next(26)) }
            if !bytes.isEmpty, rng.next(3) > 0 { bytes[rng.next(bytes.count)] = rare[rng.next(rare.count)] }
            let expected = bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }
            #expect(bytes.withUnsafeBufferPointer(FlightText.mayHoldControlCharacter) == expected, "\(bytes)")
        }
    }

    @Test func wholeNumbersAreThoseOfTheCheckedConversion() {
        let pieces = ["0", "1", "7", "9", "-", "+", ".", "e", " ", "x"]
        var rng = SplitMix64(seed: 88)
        for _ in 0..<5_000 {
            let text = (0..<(1 + rng.next(18))).map { _ in pieces[rng.next(pieces.count)] }.joined()
            let reference = NumberParser.parse(text).flatMap { v -> Int? in v == v.rounded() && v >= 1 && v <= 88 ? Int(v) : nil }
            #expect(NumberParser.integer(text, in: 1...88) == reference, "'\(text)'")
            let wide = NumberParser.parse(text).flatMap { v -> Int? in v == v.rounded() && abs(v) <= 1e15 ? Int(v) : nil }
            #expect(NumberParser.integer(text, in: -1_000_000_000_000_000...1_000_000_000_000_000) == wide, "'\(text)'")
        }
    }

    @Test func wordsAreFoundAsWrittenAndInAnyOtherCase() throws {
        let classes = FieldText.names(CabinClass.self)
        #expect(try FieldText.word("business", "class", classes) == .business)
        #expect(try FieldText.word("BUSINESS", "class", classes) == .business)
        #expect(throws: FlightFileError("'coach' is not a class (business, economy, first, premium, private)")) {
            try FieldText.word("coach", "class", classes)
        }
    }
}
