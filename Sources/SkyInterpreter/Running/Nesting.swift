/// Scripts that start scripts: `run FILE`, `lesson FILE`, a lesson's own steps, commands of your
/// own and substitutions share one depth limit, so no chain of them (a lesson that runs itself,
/// a script and a lesson that run each other, `$( $( … ) )`) can exhaust the stack.
extension Shell {
    /// How deep scripts and lessons may nest.
    static let maxNesting = 16

    /// Runs `body` one level deeper; past the limit it is an error naming `what` (one of `kind`).
    func nested<T>(_ what: String, kind: String = "scripts and lessons", _ body: () throws -> T) throws -> T {
        guard runDepth < Self.maxNesting else {
            throw ShellError.usage("\(kind) nested more than \(Self.maxNesting) deep (does \(what) run itself?)")
        }
        runDepth += 1
        defer { runDepth -= 1 }
        return try body()
    }
}
