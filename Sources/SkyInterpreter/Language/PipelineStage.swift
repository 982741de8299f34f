/// One stage of a pipeline, read once when the pipeline starts by its declaration
/// (`StageTraits.read`): its name, its words and what it does. The same reading serves the
/// planners that push a stage down (the logbook's query, a command's row test) and the run;
/// a stage that does not read is said before the command at the head runs.
struct PipelineStage {
    /// The whole stage as written: its name, then its words.
    var tokens: [Token]
    /// The name as written, in lower case.
    var name: String
    /// The words after the name.
    var words: [Token]
    /// The declaration of the stage, when the name is one's (by name or alias).
    var declaration: CommandSpec?
    /// What the stage does, or why its words do not say.
    var operation: Result<StageOperation, ShellError>

    init(_ tokens: [Token], _ registry: CommandRegistry) {
        self.tokens = tokens
        name = tokens.first?.text.lowercased() ?? ""
        words = Array(tokens.dropFirst())
        declaration = registry.stage(name)
        guard let read = declaration?.stage?.read else {
            let names = registry.stageNames
            operation = .failure(ShellError.usage("unknown stage '\(name)'" + suggestion(name, among: names) + " (stages: \(names.joined(separator: ", ")))"))
            return
        }
        let words = self.words
        operation = Result { () throws(ShellError) in try read(words) }
    }

    /// What the stage does, when its words read.
    var read: StageOperation? { try? operation.get() }

    /// A `where`'s condition, when the stage is one that reads.
    var expression: Expression? { if case .filter(let e)? = read { e } else { nil } }
}
