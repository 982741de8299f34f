import Testing

@testable import SkyKit

/// The JSON reader feeds go through.
@Suite("JSON parser")
struct JSONParserTests {
    /// A number no double holds is an error that says so (it was infinity, shown as "null"),
    /// in the parser and in the fast paths that skip or read numbers from the bytes alike.
    @Test func aNumberPastWhatADoubleHoldsIsOutOfRange() throws {
        for text in ["1e400", "-1e400", "0.5e400", String(repeating: "9", count: 320), "1" + String(repeating: "0", count: 300) + "e10"] {
            #expect(throws: JSONParseError.self) { try JSONParser.parse("[\(text)]") }
            do {
                _ = try JSONParser.parse("{\"distance_km\": \(text)}")
            } catch {
                #expect(error.message.contains("is out of range (beyond ±1.8e308)"), "\(error.message)")
            }
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { JSONParser.numberEnd($0, from: 0) } == nil, "\(text.prefix(20))")
            #expect(bytes.withUnsafeBufferPointer { JSONParser.plainNumber($0, from: 0) } == nil, "\(text.prefix(20))")
        }
        for text in ["1e300", "1.7e308", "1e-400", String(repeating: "9", count: 300)] {
            let value = try JSONParser.parse("[\(text)]").list?.first?.double
            #expect(value?.isFinite == true, "\(text.prefix(20))")
            #expect(Array(text.utf8).withUnsafeBufferPointer { JSONParser.numberEnd($0, from: 0) } == text.utf8.count)
        }
    }

    @Test func valuesOfEveryKind() throws {
        let d = try JSONParser.parse(#" {"a": [1, -2.5e3, true, false, null, "x\"\u00e9\ud83d\ude00\n"], "b": {}, "c": [], "big": 12345678901234567890} "#)
        #expect(d["a"] == .list([.int(1), .number(-2500), .bool(true), .bool(false), .null, .string("x\"é😀\n")]))
        #expect(d["b"] == .object([]) && d["c"] == .list([]))
        #expect(d["big"]?.double == 12345678901234567890.0)
        #expect(try JSONParser.parse("0") == .int(0))
    }

    @Test func errorsSayWhereAndWhy() {
        func message(_ text: String) -> String {
            do { _ = try JSONParser.parse(text); return "" } catch { return error.description }
        }
        #expect(message(#"{"a": [1, 2"#) == "the document ends inside a list at line 1, column 12")
        #expect(message("{\n  \"a\": tru\n}") == "unexpected text (expected true) at line 2, column 8")
        #expect(message("") == "the document is empty at line 1, column 1")
        #expect(message("[1,]") == "unexpected character ']' at line 1, column 4")
        #expect(message("[1] x") == "unexpected text after the document at line 1, column 5")
        #expect(message(#"{"a" 1}"#) == "expected : after a key at line 1, column 6")
        #expect(message(#""abc"#) == "the document ends inside a string at line 1, column 5")
        #expect(message("01") == "unexpected text after the document at line 1, column 2")
        #expect(message(String(repeating: "[", count: 300)) == "nesting is deeper than 200 levels at line 1, column 201")
    }
}

/// Whole numbers out of JSON without a trapping conversion (what fuzzing found in a decoder).
@Suite("JSON integers")
struct JSONIntegerTests {
    @Test func onlyExactWholeNumbersAreIntegers() throws {
        let d = try JSONParser.parse("[3, 3.0, 3.5, 1e300, -7, \"3\", null, 9223372036854775807]")
        #expect(d.list?.map(\.integer) == [3, 3, nil, nil, -7, nil, nil, Int.max])
    }
}
