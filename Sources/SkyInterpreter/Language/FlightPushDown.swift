import SkyKit

/// The part of a pipeline over `flights` that the logbook's own query does: equalities on
/// the airline and the year in the `where` stages right after the head (the index on the date
/// and the airline column answer them), and a `first N` when every condition before it was
/// done by the query. Pushed conditions stay in the `where` too, so the stages give the same
/// rows whether or not the query narrowed them; what is pushed is said in PERFORMANCE.md.
struct FlightPushDown: Equatable {
    var filter = FlightFilter()
    /// The data-only fields the stages name, when only they need computing (a pipeline shown
    /// as text); nil: every field.
    var fields: Set<String>?

    /// What the stages after `flights` let the query do (nothing for other heads).
    static func plan(_ stages: [[Token]], catalog: Catalog) -> FlightPushDown {
        var pushed = FlightPushDown()
        var exact = true
        let reader = ScalarReader(catalog: catalog)
        for stage in stages {
            guard let name = stage.first?.text.lowercased() else { break }
            let words = Array(stage.dropFirst())
            if name == "where" {
                var parser = ExpressionParser(words)
                guard let expression = try? parser.parse() else { break }
                for part in expression.conjuncts { exact = pushed.take(part, reader) && exact }
                continue
            }
            if name == "first", exact, let n = words.count == 1 ? NumberParser.integer(words[0].text, in: 1...10_000_000) : 1 {
                pushed.filter.limit = n
            }
            break
        }
        return pushed
    }

    /// Takes `airline == X` or `year == N` into the filter; false when the condition is left
    /// for the stage alone.
    private mutating func take(_ e: Expression, _ reader: ScalarReader) -> Bool {
        guard case .compare(.eq, let a, let b) = e else { return false }
        let (column, value): (String, String)
        switch (a, b) {
        case (.word(let c), .word(let v)), (.word(let c), .quoted(let v)): (column, value) = (c.lowercased(), v)
        default: return false
        }
        switch column {
        case "airline" where filter.airline == nil:
            guard let code = reader.airline(value) else { return false }
            filter.airline = code
            return true
        case "year" where filter.year == nil:
            guard let year = NumberParser.integer(value, in: 1900...2100) else { return false }
            filter.year = year
            return true
        default: return false
        }
    }
}
