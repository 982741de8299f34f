import SkyKit

/// An `if` condition: the `where` language over values rather than a row's columns, after
/// the words are expanded (`12 > 3`, `UA in [UA, LH]`, `2025-03-01 < 2025-04-01`). Two
/// quantities compare in their base unit when they measure the same thing (`10nm > 15km`);
/// values of different kinds (`5 > 3km`: a number and a length), or text with a number, are a
/// mistake, not false.
struct ValueCondition {
    let reader: ScalarReader

    /// True, false, or nil when a side is `null`.
    func holds(_ e: Expression) throws(ValueError) -> Bool? {
        switch e {
        case .not(let x): return try holds(x).map { !$0 }
        case .and(let a, let b): return try join(a, b, decidedBy: false)
        case .or(let a, let b): return try join(a, b, decidedBy: true)
        case .word(let w):
            switch Literal.parse(w) {
            case .bool(let b): return b
            case .null: return nil
            default: throw ValueError("'\(w)' is not true or false: compare it (== != < > …)")
            }
        case .quoted(let q): throw ValueError("'\(q)' is text, not true or false: compare it (== != < > …)")
        case .compare(let op, let a, let b):
            let (l, r) = (literal(a), literal(b))
            if l == .null || r == .null {
                guard op == .eq || op == .ne else { throw ValueError("null can only be compared with == or !=") }
                return (l == r) == (op == .eq)
            }
            return op.holds(try order(l, r, written: (a, b)))
        case .member(let a, let items, let negated):
            let l = literal(a)
            for item in items where try order(l, literal(item), written: (a, item)) == 0 { return !negated }
            return negated
        case .match(let a, let b, let glob, let negated):
            let text = literal(a).bare.textValue.lowercased(), pattern = literal(b).bare.textValue.lowercased()
            return (glob ? Glob.matches(pattern, text) : text.contains(pattern)) != negated
        }
    }

    /// `and` (decided by a false side) or `or` (by a true one), unknown when neither decides and
    /// one side is unknown — as `where` joins them.
    private func join(_ a: Expression, _ b: Expression, decidedBy decisive: Bool) throws(ValueError) -> Bool? {
        let l = try holds(a)
        if l == decisive { return decisive }
        let r = try holds(b)
        if r == decisive { return decisive }
        return l == nil || r == nil ? nil : !decisive
    }

    private func literal(_ e: Expression) -> Literal {
        switch e {
        case .word(let w): Literal.parse(w)
        case .quoted(let q): .text(q)
        default: .null
        }
    }

    /// The order of two values of one kind; text compares without regard to case.
    private func order(_ a: Literal, _ b: Literal, written: (Expression, Expression)) throws(ValueError) -> Int {
        func shown(_ e: Expression) -> String {
            switch e {
            case .word(let w), .quoted(let w): "'\(w)'"
            default: "a condition"
            }
        }
        switch (a, b) {
        case let (.quantity(x, d), .quantity(y, e)):
            // A bare number beside a quantity has no unit to be compared in: `5 > 3km` is a
            // mistake, as is a length against a duration.
            guard d == e else {
                let bare = d == .plain ? written.0 : e == .plain ? written.1 : nil
                throw ValueError(
                    "\(shown(written.0)) is \(d.name) and \(shown(written.1)) is \(e.name): they cannot be compared"
                        + (bare.map { " — give \(shown($0)) a unit" } ?? ""))
            }
            return Scalar.order(.number(x), .number(y))
        case (.date(let x), .date(let y)): return Scalar.order(.text(x), .text(y))
        case (.date(let x), .instant(let y)): return Scalar.order(.number(Literal.startSeconds(x)), .number(y))
        case (.instant(let x), .date(let y)): return Scalar.order(.number(x), .number(Literal.startSeconds(y)))
        case (.instant, .instant), (.clock, .clock), (.bool, .bool): return Scalar.order(a.bare, b.bare)
        case (.text(let x), .text(let y)): return Scalar.order(.text(x.lowercased()), .text(y.lowercased()))
        default:
            throw ValueError("\(shown(written.0)) is \(a.description) and \(shown(written.1)) is \(b.description): they cannot be compared")
        }
    }
}
