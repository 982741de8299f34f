/// Why a document is not JSON: what was wrong and where (byte offset, line and column).
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var offset: Int
    public var line: Int
    public var column: Int
    public var description: String { "\(message) at line \(line), column \(column)" }
}

/// Parses JSON (RFC 8259) into `Datum` values, keeping the order of object keys. Numbers
/// without a fraction or exponent that fit in an Int become `.int`. A document cut short says
/// so ("the document ends inside …"), which is how truncated downloads are told apart.
public struct JSONParser {
    let bytes: [UInt8]
    var i = 0
    var depth = 0
    /// The key of the top-level object whose list items' offsets are recorded.
    var itemsKey: String?
    /// The depth of the list being recorded, set while its value is read.
    var recordingDepth: Int?
    var itemOffsets: [Int] = []
    /// Asked every 1,024 recorded items whether to stop (a signal during a large file).
    var stop: (() -> Bool)?
    /// The message of the error a stop throws.
    public static let stoppedMessage = "stopped"

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }
    static let maximumDepth = 200

    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> Datum {
        var parser = JSONParser(bytes: bytes)
        parser.skipSpace()
        guard parser.i < parser.bytes.count else { throw parser.error("the document is empty") }
        let value = try parser.value()
        parser.skipSpace()
        guard parser.i == parser.bytes.count else { throw parser.error("unexpected text after the document") }
        return value
    }

    public static func parse(_ text: String) throws(JSONParseError) -> Datum { try parse(Array(text.utf8)) }

    /// Parses a document and the byte offsets where the items of the list under `key` in the
    /// top-level object start (to say on which line a bad item is).
    /// `stop` is asked every 1,024 items of that list; when it says so, the error's message is
    /// `stoppedMessage`.
    public static func parse(_ bytes: [UInt8], itemOffsetsOf key: String, stop: (() -> Bool)? = nil) throws(JSONParseError) -> (Datum, [Int]) {
        var parser = JSONParser(bytes: bytes)
        parser.itemsKey = key
        parser.stop = stop
        parser.skipSpace()
        guard parser.i < parser.bytes.count else { throw parser.error("the document is empty") }
        let value = try parser.value()
        parser.skipSpace()
        guard parser.i == parser.bytes.count else { throw parser.error("unexpected text after the document") }
        return (value, parser.itemOffsets)
    }

    /// The 1-based line and column (in characters) of a byte offset.
    public static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for b in bytes[..<min(max(0, offset), bytes.count)] {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    /// The lines of several offsets, in one pass over the bytes when they ascend (the items of
    /// a list do): asking `position` for each item of a 60,000-flight file read the file
    /// 60,000 times.
    public static func lines(of offsets: [Int], in bytes: [UInt8]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(offsets.count)
        var line = 1, at = 0
        bytes.withUnsafeBufferPointer { b in
            for offset in offsets {
                let end = min(max(0, offset), b.count)
                if end < at {
                    result.append(position(of: offset, in: bytes).line)
                    continue
                }
                while at < end {
                    if b[at] == 0x0A { line += 1 }
                    at += 1
                }
                result.append(line)
            }
        }
        return result
    }

    func error(_ message: String) -> JSONParseError {
        let (line, column) = JSONParser.position(of: i, in: bytes)
        return JSONParseError(message: message, offset: i, line: line, column: column)
    }

    /// JSON's whitespace: space, line feed, carriage return, tab.
    @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    mutating func skipSpace() {
        while i < bytes.count, JSONParser.isSpace(bytes[i]) { i += 1 }
    }

    mutating func value() throws(JSONParseError) -> Datum {
        guard i < bytes.count else { throw error("the document ends where a value should be") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[i])))'")
        }
    }

    /// Reads past one value, checking it as `value()` does, without building strings or
    /// converting numbers (the fields a reader does not use).
    mutating func skipValue() throws(JSONParseError) {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
            // A number is only checked (`numberEnd`); a broken one is read to say what is wrong.
            let start = i
            if let end = bytes.withUnsafeBufferPointer({ JSONParser.numberEnd($0, from: start) }) {
                i = end
            } else {
                _ = try value()
            }
            return
        }
        let start = i
        i += 1
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return
            }
            if b == UInt8(ascii: "\\") {
                // An escaped string is rare: read it whole, which checks its escapes.
                i = start
                _ = try string()
                return
            }
            if b < 0x20 { throw error("a control character inside a string") }
            i += 1
        }
        throw error("the document ends inside a string")
    }

    mutating func literal(_ word: StaticString, _ value: Datum) throws(JSONParseError) -> Datum {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw error("the document ends inside a literal") }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] { throw error("unexpected text (expected \(word))") }
        i += n
        return value
    }

    mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { throw error("nesting is deeper than \(JSONParser.maximumDepth) levels") }
        i += 1
        skipSpace()
    }

    mutating func object() throws(JSONParseError) -> Datum {
        try enter()
        var pairs: [(String, Datum)] = []
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object(pairs) }
        while true {
            guard i < bytes.count else { throw error("the document ends inside an object") }
            guard bytes[i] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let key = try string()
            skipSpace()
            guard i < bytes.count else { throw error("the document ends inside an object") }
            guard bytes[i] == UInt8(ascii: ":") else { throw error("expected : after a key") }
            i += 1
            skipSpace()
            if depth == 1, key == itemsKey { recordingDepth = 2 }
            pairs.append((key, try value()))
            recordingDepth = nil
            skipSpace()
            guard i < bytes.count else { throw error("the document ends inside an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace(); continue }
            guard bytes[i] == UInt8(ascii: "}") else { throw error("expected , or } in an object") }
            i += 1
            depth -= 1
            return .object(pairs)
        }
    }

    mutating func array() throws(JSONParseError) -> Datum {
        try enter()
        let recording = recordingDepth == depth
        recordingDepth = nil
        var items: [Datum] = []
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .list(items) }
        while true {
            if recording {
                itemOffsets.append(i)
                if itemOffsets.count % 1_024 == 0, let stop, stop() { throw error(JSONParser.stoppedMessage) }
            }
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw error("the document ends inside a list") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace(); continue }
            guard bytes[i] == UInt8(ascii: "]") else { throw error("expected , or ] in a list") }
            i += 1
            depth -= 1
            return .list(items)
        }
    }

    mutating func string() throws(JSONParseError) -> String {
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: bytes[start..<i], as: UTF8.self)
                i += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw error("a control character inside a string") }
            i += 1
        }
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { throw error("the document ends inside a string") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar), i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        let low = try hex4()
                        scalar = (0xDC00...0xDFFF).contains(low) ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                    }
                    out += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                default: throw error("unknown escape in a string")
                }
            default:
                if b < 0x20 { throw error("a control character inside a string") }
                out.append(b)
            }
        }
        throw error("the document ends inside a string")
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("the document ends inside a \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - 55)
            default: throw error("\\u needs four hex digits")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    mutating func number() throws(JSONParseError) -> Datum {
        let start = i
        var negative = false
        if bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        // Digits are accumulated as they are read; most feed numbers take the exact fast path.
        var mantissa: UInt64 = 0
        var digitCount = 0, fractionDigits = 0
        var overflow = false
        func digits(fraction: Bool) -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
                if mantissa < 1_000_000_000_000_000_000 {
                    mantissa = mantissa * 10 + UInt64(bytes[i] - 48)
                    digitCount += 1
                    if fraction { fractionDigits += 1 }
                } else {
                    overflow = true
                }
                i += 1
            }
            return i - s
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "0") {
            i += 1  // a leading zero stands alone: "01" is not a number
        } else {
            guard digits(fraction: false) > 0 else { throw error(i >= bytes.count ? "the document ends inside a number" : "a number needs digits") }
        }
        var integral = true
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            integral = false
            i += 1
            guard digits(fraction: true) > 0 else { throw error("a number needs digits after the point") }
        }
        var exponent = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            integral = false
            i += 1
            var sign = 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1; i += 1 }
            let s = i
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[i] - 48) }
                i += 1
            }
            guard i > s else { throw error("a number needs digits in its exponent") }
            exponent *= sign
        }
        if integral, !overflow, mantissa <= UInt64(Int.max) {
            return .int(negative ? -Int(mantissa) : Int(mantissa))
        }
        // Exact when the digits fit in 53 bits and the power of ten is exact (Clinger's fast path).
        let power = exponent - fractionDigits
        if !overflow, mantissa < (1 << 53), let scale = DigitRun.exactPowerOfTen(abs(power)) {
            var value = Double(mantissa)
            value = power < 0 ? value / scale : value * scale
            return .number(negative ? -value : value)
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let d = Double(text) else { throw error("'\(text)' is not a number") }
        // One checked conversion: a number no double holds is said to be one, never infinity
        // (which JSON cannot write back, and which read as "null" in messages).
        guard d.isFinite else { throw error("the number \(text.prefix(40)) is out of range (beyond ±1.8e308)") }
        return .number(d)
    }
}

extension JSONParser {
    /// A JSON number without an exponent, read from a buffer to the value `number()` gives it
    /// (its digits eight at a time, for decoders that read rows straight from the bytes): a
    /// whole number through an Int, a fraction exactly when its digits fit 53 bits (Clinger's
    /// fast path), otherwise by the standard library's correctly rounded conversion. nil for
    /// anything else, which such a decoder hands to the parser.
    static func plainNumber(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Double, end: Int)? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var i = start
        let negative = base[i] == UInt8(ascii: "-")
        if negative { i &+= 1 }
        guard i < count else { return nil }
        var mantissa: UInt64 = 0
        var digits = 0, fraction = 0
        if base[i] == UInt8(ascii: "0") {
            i &+= 1
            digits = 1
        } else {
            digits = DigitRun.readAll(base, from: &i, count: count, into: &mantissa)
            guard digits > 0 else { return nil }
        }
        if i < count, base[i] == UInt8(ascii: ".") {
            i &+= 1
            fraction = DigitRun.readAll(base, from: &i, count: count, into: &mantissa)
            guard fraction > 0 else { return nil }
            digits &+= fraction
        }
        if i < count, base[i] | 0x20 == UInt8(ascii: "e") { return nil }
        // 18 digits cannot overflow 64 bits.
        guard digits <= 18 else { return nil }
        if fraction == 0 { return (Double(negative ? -Int(mantissa) : Int(mantissa)), i) }
        if mantissa < 1 << 53, let power = DigitRun.exactPowerOfTen(fraction) {
            let value = Double(mantissa) / power
            return (negative ? -value : value, i)
        }
        guard let value = roundedFraction(bytes, start..<i, mantissa, fraction), value.isFinite else { return nil }
        return (negative ? -value : value, i)
    }

    /// Where the JSON number that starts at `start` ends (any number, an exponent too), or nil
    /// when the bytes there do not begin one: for the fields a decoder skips, checked as the
    /// parser would check them but not converted.
    static func numberEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var i = start
        func digits() -> Int {
            let first = i
            while i < count, base[i] &- 48 < 10 { i &+= 1 }
            return i &- first
        }
        if i < count, base[i] == UInt8(ascii: "-") { i &+= 1 }
        guard i < count else { return nil }
        var whole = 0
        if base[i] == UInt8(ascii: "0") {
            i &+= 1  // a leading zero stands alone
        } else {
            whole = digits()
            if whole == 0 { return nil }
        }
        if i < count, base[i] == UInt8(ascii: ".") {
            i &+= 1
            guard digits() > 0 else { return nil }
        }
        if i < count, base[i] | 0x20 == UInt8(ascii: "e") {
            i &+= 1
            var negative = false
            if i < count, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") {
                negative = base[i] == UInt8(ascii: "-")
                i &+= 1
            }
            var power = 0
            let first = i
            while i < count, base[i] &- 48 < 10 {
                if power < 100_000 { power = power * 10 + Int(base[i] &- 48) }
                i &+= 1
            }
            guard i > first else { return nil }
            if !negative { whole += power }
        }
        // A number that may be past what a double holds (the parser refuses it): converted to
        // be sure, which few numbers need.
        if whole >= 300, Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))?.isFinite != true {
            return nil
        }
        return i
    }

    /// The magnitude of the fraction in `bytes[range]` (its digits `mantissa`, `fraction` of
    /// them after the point) when Clinger's exact path cannot take it: kept out of line, as few
    /// numbers need it.
    @inline(never)
    static func roundedFraction(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ mantissa: UInt64, _ fraction: Int) -> Double? {
        if let value = extendedQuotient(mantissa, fraction) { return value }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)).map(\.magnitude)
    }

    #if arch(x86_64) && os(Linux)
        /// 10^0 … 10^27, each exact in Float80 (5^27 < 2^64).
        static let extendedPowersOfTen: [Float80] = (0...27).reduce(into: []) { powers, n in powers.append(n == 0 ? 1 : powers[n - 1] * 10) }
    #endif

    /// `mantissa / 10^fraction` correctly rounded, for the significands of 2^53 and more (up to
    /// 18 digits) that Clinger's exact path cannot take, or nil. On x86-64 both are exact in
    /// Float80 (64 significant bits; 10^27 is the last exact power), whose quotient is correctly
    /// rounded; rounding that to a Double is correct too unless the quotient lies within one
    /// Float80 unit of a Double's halfway point (the 11 bits below a Double's 52 are 0x3FF, 0x400
    /// or 0x401): then the true value may be on either side, and the caller asks the standard
    /// library.
    static func extendedQuotient(_ mantissa: UInt64, _ fraction: Int) -> Double? {
        #if arch(x86_64) && os(Linux)
            guard mantissa > 0, fraction < extendedPowersOfTen.count else { return nil }
            let quotient = Float80(mantissa) / extendedPowersOfTen[fraction]
            let below = quotient.significandBitPattern & 0x7FF
            guard below < 0x3FF || below > 0x401 else { return nil }
            return Double(quotient)
        #else
            return nil
        #endif
    }
}

extension Datum {
    /// The value under `key` of an object (the first, if repeated).
    public subscript(key: String) -> Datum? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// A number as a Double (ints too); nil for anything else.
    public var double: Double? {
        switch self {
        case .int(let n): Double(n)
        case .number(let d): d
        default: nil
        }
    }

    /// A whole number that fits an Int exactly (3, 3.0); nil for fractions, huge values and
    /// anything else — feeds' numbers go through here, never through a trapping conversion.
    public var integer: Int? {
        switch self {
        case .int(let n): n
        case .number(let d): Int(exactly: d)
        default: nil
        }
    }

    /// A string's text; nil for anything else.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A list's items; nil for anything else.
    public var list: [Datum]? {
        if case .list(let items) = self { return items }
        return nil
    }

    /// A boolean; nil for anything else.
    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }
}
