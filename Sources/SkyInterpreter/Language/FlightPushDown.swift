import SkyKit

/// The part of a pipeline over `flights` that the logbook's own query does: equalities on
/// the airline and the year in the `where` stages right after the head (the index on the date
/// and the airline column answer them), comparisons of the distance with a length (the route
/// lengths the logbook keeps), a `first N` when every condition before it was done by the
/// query, and a `count` after them (the logbook counts). Pushed conditions stay in the `where`
/// too, so the stages give the same
/// rows whether or not the query narrowed them; what is pushed is said in PERFORMANCE.md.
struct FlightPushDown: Equatable {
    var filter = FlightFilter()
    /// The data-only fields the stages name, when only they need computing (a pipeline shown
    /// as text); nil: every field.
    var fields: Set<String>?
    /// A `group KEY… [with count]` on stored fields right after the pushed `where` stages of a
    /// bare `flights`: the logbook counts the groups itself, and those stages and the group are
    /// not run again over rows.
    var group: Group?
    /// The index of a `count` stage right after the pushed `where` stages of a bare `flights`
    /// whose every condition the query does: the logbook counts, and no row is made.
    var counted: Int?

    struct Group: Equatable {
        /// The index of the group stage among the stages.
        var stage: Int
        var keys: [FlightGroupKey]
        /// The group stage as read, for the rows of the counted groups.
        var request: GroupRequest
    }

    /// What the stages after `flights` let the query do (nothing for other heads).
    static func plan(_ stages: [PipelineStage], catalog: Catalog, bare: Bool = false) -> FlightPushDown {
        var pushed = FlightPushDown()
        var exact = true
        let reader = ScalarReader(catalog: catalog)
        for (n, stage) in stages.enumerated() {
            switch stage.read {
            case .filter(let expression)?:
                for part in expression.conjuncts { exact = pushed.take(part, reader) && exact }
                continue
            case .first(let limit)? where exact && (1...10_000_000).contains(limit): pushed.filter.limit = limit
            case .sort(let request)? where exact && request.keys.count == 1 && Self.distanceColumns.contains(request.keys[0].name.lowercased()):
                // `sort distance [desc] | first N`: the query lists the N first by the stored
                // lengths (the stages still sort those N, as they came).
                if n + 1 < stages.count, case .first(let limit)? = stages[n + 1].read, (1...10_000_000).contains(limit) {
                    pushed.filter.byDistance = request.keys[0].descending
                    pushed.filter.limit = limit
                }
            case .group(let request)? where exact && bare:
                if let keys = groupKeys(request) { pushed.group = Group(stage: n, keys: keys, request: request) }
            case .count? where exact && bare: pushed.counted = n
            default: break
            }
            break
        }
        return pushed
    }

    /// The stored fields of `group KEY… [with count]` (`from` and `to` for the airports), or nil
    /// when it asks for more than counts or groups by a field the logbook does not store.
    static func groupKeys(_ request: GroupRequest) -> [FlightGroupKey]? {
        guard request.aggregates.allSatisfy({ $0.function == .count }) else { return nil }
        var keys: [FlightGroupKey] = []
        for name in request.keys.map({ $0.lowercased() }) {
            guard let key = FlightGroupKey(rawValue: ["from": "origin", "to": "destination"][name] ?? name), !keys.contains(key) else { return nil }
            keys.append(key)
        }
        return keys.isEmpty ? nil : keys
    }

    /// Takes `airline == X` or `year == N` into the filter; false when the condition is left
    /// for the stage alone.
    private mutating func take(_ e: Expression, _ reader: ScalarReader) -> Bool {
        if let condition = Self.distance(e, reader) {
            filter.distances.append(condition)
            return true
        }
        guard case .compare(.eq, let a, let b) = e else { return false }
        let (column, value): (String, String)
        switch (a, b) {
        case (.word(let c), .word(let v)), (.word(let c), .quoted(let v)): (column, value) = (c.lowercased(), v)
        default: return false
        }
        switch column {
        case "airline" where filter.airlines == nil:
            // A name that names no airline is the stage's error to say: nothing is pushed.
            guard let spellings = try? reader.airlineSpellings(named: value) else { return false }
            filter.airlines = spellings.sorted()
            return true
        case "year" where filter.year == nil:
            guard let year = NumberParser.integer(value, in: 1900...2100) else { return false }
            filter.year = year
            return true
        default: return false
        }
    }

    /// The names of the route's length among the flights' columns.
    static let distanceColumns: Set<String> = ["distance", "distance_km"]

    /// `distance > 5000km` (or `distance_km`, `<`, `<=`, `>=`, the sides either way) with the
    /// length read as the `where` stage reads it; nil for anything else.
    static func distance(_ e: Expression, _ reader: ScalarReader) -> FlightFilter.RouteCondition? {
        guard case .compare(let op, let a, let b) = e else { return nil }
        let (column, word, comparison): (String, String, Expression.Comparison)
        switch (a, b) {
        case (.word(let c), .word(let v)) where distanceColumns.contains(c.lowercased()): (column, word, comparison) = (c, v, op)
        case (.word(let v), .word(let c)) where distanceColumns.contains(c.lowercased()): (column, word, comparison) = (c, v, op.flipped)
        default: return nil
        }
        let literal = Literal.parse(word)
        guard let pushed = FlightFilter.RouteCondition.Comparison(rawValue: comparison.rawValue), case .quantity(_, .length) = literal,
            case .number(let meters)? = try? literal.scalar(for: .length(.kilometers), column: column, written: word, reader: reader)
        else { return nil }
        return FlightFilter.RouteCondition(pushed, meters: meters)
    }
}
