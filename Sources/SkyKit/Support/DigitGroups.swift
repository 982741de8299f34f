/// Whole numbers and fixed-point figures as digits, thousands grouped with commas
/// ("12,345", "1,234.50"), written into one small buffer rather than joined from pieces.
public enum DigitGroups {
    public static func grouped(_ n: UInt64) -> String { text(n, decimals: 0, grouping: true, negative: false) }

    /// `units` as a figure with `decimals` of its digits after the point (12345, 2 → "123.45"),
    /// with a minus sign when `negative`; `decimals` from 0 to 19.
    public static func text(_ units: UInt64, decimals: Int, grouping: Bool, negative: Bool) -> String {
        withDigits(units, decimals: decimals, grouping: grouping, negative: negative) { String(decoding: $0, as: UTF8.self) }
    }

    /// `value` rounded to `decimals` decimals (3.14159, 2 → "3.14"; -0.001, 2 → "0.00"), "nan",
    /// "inf" or "-inf" when it is not a number, and its shortest form when it needs more than
    /// 19 digits.
    public static func fixed(_ value: Double, decimals: Int, grouping: Bool = false) -> String {
        withFixed(value, decimals: decimals, grouping: grouping) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 of `fixed(value, …)`.
    @inlinable
    public static func withFixed<R>(_ value: Double, decimals: Int, grouping: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var text: String
        if value.isFinite {
            var scale: Double = 1
            for _ in 0..<max(0, decimals) { scale *= 10 }
            let scaled = (abs(value) * scale).rounded()
            if scaled < 9e18, (0...18).contains(decimals) {
                let units = UInt64(scaled)
                return withDigits(units, decimals: decimals, grouping: grouping, negative: value < 0 && units != 0, body)
            }
            text = value.description
        } else {
            text = value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf")
        }
        return text.withUTF8(body)
    }

    /// Calls `body` with the UTF-8 of `text(units, …)`, written in a buffer on the stack
    /// (inlinable: a table's formatting in another module writes its digits without a call
    /// through a generic closure).
    @inlinable
    public static func withDigits<R>(
        _ units: UInt64, decimals: Int, grouping: Bool, negative: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        precondition((0...19).contains(decimals), "decimals out of range")
        // 20 digits, 6 commas, the point, up to 19 leading zeros of a fraction and the sign.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            var at = buffer.count
            func put(_ byte: UInt8) {
                at -= 1
                buffer[at] = byte
            }
            var n = units
            if decimals > 0 {
                for _ in 0..<decimals {
                    put(UInt8(n % 10) + 0x30)
                    n /= 10
                }
                put(0x2E)
            }
            var written = 0
            repeat {
                if grouping, written > 0, written % 3 == 0 { put(0x2C) }
                put(UInt8(n % 10) + 0x30)
                n /= 10
                written += 1
            } while n > 0
            if negative { put(0x2D) }
            return body(UnsafeBufferPointer(rebasing: buffer[at...]))
        }
    }
}
