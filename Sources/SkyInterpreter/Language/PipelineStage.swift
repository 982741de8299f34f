/// One stage of a pipeline, read once when the pipeline starts: its name, its words and, for a
/// `where`, its condition — the same parse serves the planners that push it down (the
/// logbook's query, a command's row test) and the stage that runs it.
struct PipelineStage {
    /// The whole stage as written: its name, then its words.
    var tokens: [Token]
    /// The name as written, in lower case.
    var name: String
    /// The words after the name.
    var words: [Token]
    /// A `where`'s condition, or the mistake in it (said when the stage runs); nil for other stages.
    var condition: Result<Expression, ValueError>?

    init(_ tokens: [Token]) {
        self.tokens = tokens
        name = tokens.first?.text.lowercased() ?? ""
        words = Array(tokens.dropFirst())
        guard name == "where" else { return }
        var parser = ExpressionParser(words)
        do {
            condition = .success(try parser.parse())
        } catch {
            condition = .failure(error)
        }
    }

    /// The condition, when the stage is a `where` that reads.
    var expression: Expression? { if case .success(let e)? = condition { e } else { nil } }
}
