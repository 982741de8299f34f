import SkyKit

/// What a command that makes rows offers the pipeline planner: the table its rows have (so a
/// `where` right after it can be tested as each row is made, see `WherePushDown`), and, for a
/// command over a store, what its own query does of the stages after it. The pipeline asks the
/// declaration; it knows no command by name.
public struct RowSource: @unchecked Sendable {
    /// The key and columns of the rows (no rows).
    var table: Table
    /// What the command's own query does of the stages, when it has a query.
    var query: QueryPlanner?

    init(table: Table, query: QueryPlanner? = nil) {
        self.table = table
        self.query = query
    }
}

/// The part of a pipeline a command's store does itself: the plan it reads from its context
/// (conditions, limit, the fields the stages name), and the groups it counts.
struct QueryPlanner {
    /// What the query does of `stages`; `bare` when the command was given no argument.
    var plan: (_ stages: [PipelineStage], _ bare: Bool, _ catalog: Catalog) -> FlightPushDown
    /// The planned group stage (`plan.group`) over the groups the query counted, with `shape` the rows' table.
    var groups: (_ shape: QueryTable, _ plan: FlightPushDown, _ context: CommandContext) throws -> QueryTable
    /// The number of rows the planned `count` stage (`plan.counted`) would count, counted by the
    /// query; nil when the stages must count.
    var count: (_ plan: FlightPushDown, _ context: CommandContext) throws -> Int?
    /// The fields the rows compute only when a stage names them (a pipeline shown as text).
    var fields: [String]
}
