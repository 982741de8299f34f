import SkyKit
import Testing

/// The JSON reader feeds go through.
@Suite("JSON parser")
struct JSONParserTests {
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
