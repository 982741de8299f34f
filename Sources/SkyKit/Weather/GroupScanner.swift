/// Reads one group of a report byte by byte: fixed runs of digits, literal letters, choices.
/// Every read either consumes what it matched or nothing, so a failed alternative leaves the
/// scanner where it was.
struct GroupScanner {
    let bytes: ArraySlice<UInt8>
    var at: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        at = bytes.startIndex
    }

    var atEnd: Bool { at == bytes.endIndex }
    var rest: ArraySlice<UInt8> { bytes[at...] }
    var peek: UInt8? { at < bytes.endIndex ? bytes[at] : nil }

    /// Exactly `count` digits as a number (nil, consuming nothing, otherwise).
    mutating func digits(_ count: Int) -> Int? {
        guard bytes.endIndex - at >= count else { return nil }
        var value = 0
        for i in at..<at + count {
            let b = bytes[i]
            guard b >= 0x30, b <= 0x39 else { return nil }
            value = value * 10 + Int(b - 0x30)
        }
        at += count
        return value
    }

    /// `min` to `max` digits, as many as there are.
    mutating func digits(min: Int, max: Int) -> Int? {
        var n = 0
        while at + n < bytes.endIndex, n < max, bytes[at + n] >= 0x30, bytes[at + n] <= 0x39 { n += 1 }
        guard n >= min else { return nil }
        return digits(n)
    }

    /// The literal text, when it comes next.
    mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.endIndex - at >= count else { return false }
        let matches = literal.withUTF8Buffer { text in
            (0..<count).allSatisfy { bytes[at + $0] == text[$0] }
        }
        if matches { at += count }
        return matches
    }

    /// `n` slashes (a value not reported).
    mutating func slashes(_ n: Int) -> Bool {
        guard bytes.endIndex - at >= n, (at..<at + n).allSatisfy({ bytes[$0] == 0x2F }) else { return false }
        at += n
        return true
    }

    /// One byte among `choices`.
    mutating func one(of choices: StaticString) -> UInt8? {
        guard let b = peek else { return nil }
        let found = choices.withUTF8Buffer { $0.contains(b) }
        if found { at += 1 }
        return found ? b : nil
    }

    /// A signed temperature: optional `M` (minus) and two digits.
    mutating func temperature() -> Int? {
        let start = at
        let negative = take("M")
        guard let t = digits(2) else {
            at = start
            return nil
        }
        return negative ? -t : t
    }
}

extension ArraySlice where Element == UInt8 {
    /// The bytes as text.
    var text: String { String(decoding: self, as: UTF8.self) }

    /// Whether the bytes are exactly `literal`.
    func equals(_ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { $0.count == count && zip($0, self).allSatisfy { $0 == $1 } }
    }
}
