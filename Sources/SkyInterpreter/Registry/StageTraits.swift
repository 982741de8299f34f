/// What a pipeline stage's declaration says beyond its help: how its words are read, whether
/// they name columns (Tab then offers the table's) and what `explain` says it did to the rows. A command with
/// traits is a stage: the pipeline, completion and explain know the stages from their
/// declarations, not from a list of names.
public struct StageTraits: @unchecked Sendable {
    var namesColumns: Bool
    /// What the stage's words ask, read once when the pipeline starts.
    var read: (_ words: [Token]) throws(ShellError) -> StageOperation
    /// What the stage did, from the rows it was given and the table it made; nil: "kept K of N rows".
    var effect: ((_ given: Int, _ made: QueryTable) -> String)?

    init(
        namesColumns: Bool = false, read: @escaping (_ words: [Token]) throws(ShellError) -> StageOperation,
        effect: ((_ given: Int, _ made: QueryTable) -> String)? = nil
    ) {
        self.namesColumns = namesColumns
        self.read = read
        self.effect = effect
    }
}

extension CommandRegistry {
    /// The stages, in help's order (each declaration made when asked for).
    var stageNames: [String] { commands.filter { $0.stage != nil }.map(\.name) }

    /// The stage called `name` (by name or alias, any case), or nil when it is no stage.
    func stage(_ name: String) -> CommandSpec? { command(name).flatMap { $0.stage == nil ? nil : $0 } }
}
