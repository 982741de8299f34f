import Foundation
import SkyTestSupport
import Testing

@testable import SkyInterpreter

/// A column's kind is declared where the column is made, never guessed from its key: every
/// column and card field whose JSON key ends in a unit (`_km`, `_ft`, `_min`…) says its kind,
/// and a pipeline reads the kinds commands declare.
@Suite("Kinds declared where columns are made")
struct DeclaredKindsTests {
    /// The argument list of the call whose `(` is at `open`, or nil when it does not close.
    static func arguments(_ text: [Character], from open: Int) -> String? {
        var depth = 0
        var inString = false
        var interpolation: [Int] = []
        var i = open
        while i < text.count {
            let c = text[i]
            if inString {
                if c == "\\", i + 1 < text.count, text[i + 1] == "(" {
                    interpolation.append(depth)
                    inString = false
                    depth += 1
                    i += 2
                    continue
                }
                if c == "\\" { i += 2; continue }
                if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            } else if c == "(" {
                depth += 1
            } else if c == ")" {
                depth -= 1
                if let back = interpolation.last, back == depth {
                    interpolation.removeLast()
                    inString = true
                } else if depth == 0 {
                    return String(text[open...i])
                }
            }
            i += 1
        }
        return nil
    }

    @Test func everyColumnWithAUnitInItsKeyDeclaresItsKind() throws {
        let root = Executable.packageRoot + "/Sources/SkyInterpreter/"
        let files = (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
        let made = try Regex(#"\b(Column|Field)\(\s*"([a-z0-9_]+)""#)
        var checked = 0
        var undeclared: [String] = []
        for file in files {
            let source = try String(contentsOfFile: root + file, encoding: .utf8)
            let text = Array(source)
            for match in source.matches(of: made) {
                let key = String(source[match.range].split(separator: "\"")[1])
                guard let cut = key.lastIndex(of: "_"), ColumnKind.unitSuffixes.contains(String(key[key.index(after: cut)...])) else { continue }
                let open =
                    source.distance(from: source.startIndex, to: match.range.lowerBound)
                    + (source[match.range].firstIndex(of: "(").map {
                        source[match.range].distance(from: source[match.range].startIndex, to: $0)
                    } ?? 0)
                let call = try #require(Self.arguments(text, from: open), "\(file): \(key) does not close")
                checked += 1
                if !call.contains("kind:") { undeclared.append("\(file): \(key)") }
            }
        }
        #expect(checked > 60, "found only \(checked) columns with a unit in their key")
        #expect(undeclared.isEmpty, "\(undeclared)")
    }

    /// A pipeline reads the kinds commands declare; the station's records, which no key rule
    /// named, are a length, a height and a speed.
    @Test func aPipelineReadsTheKindsCommandsDeclare() throws {
        let shell = makeShell()
        let described = shell.output("set output json; distance KSFO KJFK | describe")
        #expect(described.contains(#"{"column":"distance","kind":"length","unit":"km""#), "\(described)")
        _ = shell.output("set output table")
        #expect(shell.output("distance KSFO KJFK | where distance > 2000nm | count").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        #expect(shell.output("distance KSFO KJFK | where distance > 2300nm | count").trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(StationCommands.recordKind("farthest") == .length(.kilometers) && StationCommands.recordKind("highest") == .height(.meters))
        #expect(StationCommands.recordKind("fastest") == .speed(.metersPerSecond))
    }
}
