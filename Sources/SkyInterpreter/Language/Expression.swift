import SkyKit

/// A `where` condition as written: columns, literals, comparisons, `and`/`or`/`not`,
/// membership in a list and text matching.
indirect enum Expression: Equatable {
    /// A bare word: a column when the table has one by that name, else text.
    case word(String)
    /// A quoted word: always text.
    case quoted(String)
    case not(Expression)
    case and(Expression, Expression)
    case or(Expression, Expression)
    case compare(Comparison, Expression, Expression)
    case member(Expression, [Expression], negated: Bool)
    /// `=~` (contains, any case), `!~`, and `like` (a `*`/`?` pattern, any case).
    case match(Expression, Expression, glob: Bool, negated: Bool)

    enum Comparison: String, Equatable { case eq = "==", ne = "!=", lt = "<", le = "<=", gt = ">", ge = ">=" }
}

/// Reads a condition from the words of a stage: unquoted words are split further at
/// operators, brackets and commas (`altitude<3000m`, `[UA,LH]`); quoted words stay text.
struct ExpressionParser {
    enum Piece: Equatable {
        case word(String), quoted(String), symbol(String)
    }

    private var pieces: [Piece] = []
    private var at = 0
    /// How deep the parentheses and `not`s being read are (a limit keeps the stack safe).
    private var depth = 0
    static let maxDepth = 64

    init(_ words: [Token]) {
        for word in words {
            // A quoted word is text; an expanded one (`$limit`) is one value, never an operator.
            if word.isQuoted {
                pieces += Self.peel(word.text)
            } else if word.isLiteral {
                // An expanded value with the brackets written against it (`($v)`, `[$a,`): the
                // brackets are the condition's, the value one word.
                pieces += Self.peel(word.text).map { if case .quoted(let q) = $0 { .word(q) } else { $0 } }
            } else {
                pieces += Self.split(word.text)
            }
        }
        pieces = Self.joiningUnits(pieces)
    }

    /// `30 km` is `30km`: a number followed by a word that makes it a quantity with a unit.
    static func joiningUnits(_ pieces: [Piece]) -> [Piece] {
        var out: [Piece] = []
        for piece in pieces {
            if case .word(let unit) = piece, case .word(let number)? = out.last, let joined = Literal.quantity(number, unit: unit) {
                out[out.count - 1] = .word(joined)
            } else {
                out.append(piece)
            }
        }
        return out
    }

    static let symbols = ["==", "!=", "<=", ">=", "=~", "!~", "&&", "||", "<", ">", "=", "(", ")", "[", "]", ",", "!"]

    /// A quoted word with the brackets and commas written against it (`["British Airways",`)
    /// taken off as symbols: quoted text never begins with `[` or `(` nor ends with `]`, `)` or `,`.
    static func peel(_ text: String) -> [Piece] {
        var body = Substring(text)
        var before: [Piece] = [], after: [Piece] = []
        while let c = body.first, c == "[" || c == "(" {
            before.append(.symbol(String(c)))
            body = body.dropFirst()
        }
        while let c = body.last, c == "]" || c == ")" || c == "," {
            after.insert(.symbol(String(c)), at: 0)
            body = body.dropLast()
        }
        return before + [.quoted(String(body))] + after
    }

    /// Splits unquoted text at the operators and brackets.
    static func split(_ text: String) -> [Piece] {
        var out: [Piece] = []
        var current = ""
        var rest = Substring(text)
        /// A word in quotes written against a bracket or comma (`['LH',`) is quoted text.
        func word(_ w: String) -> Piece {
            guard w.count >= 2, let q = w.first, q == "'" || q == "\"", w.last == q else { return .word(w) }
            return .quoted(String(w.dropFirst().dropLast()))
        }
        while let c = rest.first {
            if let symbol = symbols.first(where: { rest.hasPrefix($0) }) {
                if !current.isEmpty { out.append(word(current)); current = "" }
                out.append(.symbol(symbol))
                rest = rest.dropFirst(symbol.count)
            } else {
                current.append(c)
                rest = rest.dropFirst()
            }
        }
        if !current.isEmpty { out.append(word(current)) }
        return out
    }

    /// The condition; `what` names the stage or block for the message when there is none.
    mutating func parse(what: String = "where") throws(ValueError) -> Expression {
        guard !pieces.isEmpty else {
            throw ValueError(what == "where" ? "where needs a condition, e.g. where distance > 5000km" : "\(what) needs a condition, e.g. \(what) $n > 3")
        }
        let e = try or()
        if at < pieces.count { throw ValueError("unexpected '\(text(pieces[at]))' in the condition") }
        return e
    }

    private func text(_ p: Piece) -> String {
        switch p {
        case .word(let s), .quoted(let s), .symbol(let s): s
        }
    }

    private func peek() -> Piece? { at < pieces.count ? pieces[at] : nil }
    private func isKeyword(_ k: String) -> Bool {
        if case .word(let w) = peek(), w.lowercased() == k { return true }
        return false
    }
    private mutating func take(symbol: String) -> Bool {
        if peek() == .symbol(symbol) { at += 1; return true }
        return false
    }

    private mutating func or() throws(ValueError) -> Expression {
        var e = try and()
        while take(keyword: "or", symbol: "||") { e = .or(e, try and()) }
        return e
    }

    private mutating func and() throws(ValueError) -> Expression {
        var e = try not()
        while take(keyword: "and", symbol: "&&") { e = .and(e, try not()) }
        return e
    }

    /// Takes `and`/`&&` (or `or`/`||`) when it comes next.
    private mutating func take(keyword: String, symbol: String) -> Bool {
        guard isKeyword(keyword) || peek() == .symbol(symbol) else { return false }
        at += 1
        return true
    }

    private mutating func not() throws(ValueError) -> Expression {
        if take(keyword: "not", symbol: "!") { return .not(try deeper { (p: inout ExpressionParser) throws(ValueError) in try p.not() }) }
        return try comparison()
    }

    /// Reads one nested part; past the depth limit the condition is refused.
    private mutating func deeper(_ read: (inout ExpressionParser) throws(ValueError) -> Expression) throws(ValueError) -> Expression {
        guard depth < Self.maxDepth else { throw ValueError("the condition nests more than \(Self.maxDepth) deep") }
        depth += 1
        defer { depth -= 1 }
        return try read(&self)
    }

    private mutating func comparison() throws(ValueError) -> Expression {
        let left = try operand()
        var negated = false
        if isKeyword("not"), at + 1 < pieces.count, case .word(let w) = pieces[at + 1], ["in", "like"].contains(w.lowercased()) {
            negated = true
            at += 1
        }
        if isKeyword("in") {
            at += 1
            guard take(symbol: "[") else { throw ValueError("in needs a list in brackets: airline in [UA, LH]") }
            var items: [Expression] = []
            while !take(symbol: "]") {
                guard peek() != nil else { throw ValueError("the list after in has no closing ]") }
                if take(symbol: ",") { continue }
                items.append(try operand())
            }
            return .member(left, items, negated: negated)
        }
        if isKeyword("like") {
            at += 1
            return .match(left, try operand(), glob: true, negated: negated)
        }
        if negated { throw ValueError("not here must come before in or like") }
        guard case .symbol(let s) = peek() else { return left }
        switch s {
        case "=~", "!~":
            at += 1
            return .match(left, try operand(), glob: false, negated: s == "!~")
        case "=", "==", "!=", "<", "<=", ">", ">=":
            at += 1
            return .compare(Expression.Comparison(rawValue: s == "=" ? "==" : s)!, left, try operand())
        default: return left
        }
    }

    private mutating func operand() throws(ValueError) -> Expression {
        guard let p = peek() else { throw ValueError("the condition ends where a value was expected") }
        at += 1
        switch p {
        case .word(let w): return .word(w)
        case .quoted(let q): return .quoted(q)
        case .symbol("("):
            let e = try deeper { (p: inout ExpressionParser) throws(ValueError) in try p.or() }
            guard take(symbol: ")") else { throw ValueError("a ( in the condition has no closing )") }
            return e
        case .symbol(let s): throw ValueError("'\(s)' where a value was expected")
        }
    }
}
