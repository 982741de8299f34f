/// A user value that could not be read, with a message saying what was expected.
public struct ValueError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
