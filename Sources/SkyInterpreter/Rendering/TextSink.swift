/// Where text is written a piece at a time: a string, or the bytes of a table being laid out
/// (`CellTexts`). The formatting functions that write to one (`Format.distance(_:in:to:)`…)
/// are the only source of their words; the string-returning ones call them.
protocol TextSink {
    mutating func write(_ text: String)
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
}

extension String: TextSink {
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { self += String(decoding: bytes, as: UTF8.self) }
}

extension Array: TextSink where Element == UInt8 {
    mutating func write(_ text: String) { append(contentsOf: text.utf8) }
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}
