/// A user value that could not be read, with a message saying what was expected.
public struct ValueError: Error, Equatable, Sendable {
    public var message: String
    /// True when the person was asked to choose and chose nothing (Ctrl-D at a numbered list).
    public var cancelled = false
    public init(_ message: String, cancelled: Bool = false) {
        self.message = message
        self.cancelled = cancelled
    }
}
