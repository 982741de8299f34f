import Testing

@testable import SkyInterpreter

/// `( … | … )` and `$( … )` in the lexer: found by their own `|` (not a condition's parentheses),
/// kept whole when a line is split into commands, and replaced by what the shell gives.
@Suite("Substitution lexing")
struct SubstitutionLexingTests {
    /// Lexes with a substitution that answers with the inner text's words, upper-cased.
    func words(_ line: String) throws -> [[String]] {
        var lexer = Lexer()
        lexer.substitute = { inner throws(LexError) in inner.uppercased().split(separator: " ").map(String.init) }
        return try lexer.commands(in: line).map { $0.map(\.text) }
    }

    @Test func aGroupWithAPipeIsReplacedByItsWords() throws {
        #expect(try words("echo (a | b) c") == [["echo", "A", "|", "B", "c"]])
        #expect(try words("echo $(x y)") == [["echo", "X", "Y"]])
    }

    @Test func aConditionsOrWrittenAsTwoBarsIsNoPipe() throws {
        #expect(try words("flights | where (year == 2024 || year == 2025)") == [["flights", "|", "where", "(year", "==", "2024", "||", "year", "==", "2025)"]])
        #expect(try words("flights | where year == 2024 || year == 2025") == [["flights", "|", "where", "year", "==", "2024", "||", "year", "==", "2025"]])
    }

    @Test func aConditionsParenthesesStayAsWritten() throws {
        #expect(try words("flights | where (distance > 5km or year == 2024)")[0].suffix(6) == ["(distance", ">", "5km", "or", "year", "==", "2024)"].suffix(6))
    }

    @Test func insideQuotesOrAfterTextTheWordsJoinIntoOne() throws {
        #expect(try words("echo \"$(a b)\" x$(c d)") == [["echo", "A B", "xC D"]])
    }

    @Test func substitutedWordsAreLiteralSoNeverOptionsOrKeywords() throws {
        var lexer = Lexer()
        lexer.substitute = { _ throws(LexError) in ["--force", "|"] }
        let tokens = try lexer.commands(in: "save $(x)")[0]
        #expect(tokens.map(\.text) == ["save", "--force", "|"])
        #expect(tokens.dropFirst().allSatisfy { $0.isLiteral && !$0.isQuoted && !$0.isPipe })
    }

    @Test func splittingALineKeepsASubstitutionsSemicolonsAndPipes() throws {
        let texts = try Lexer.commandTexts(in: "echo (a | b; c); echo $(d; e)").map(\.text)
        #expect(texts == ["echo (a | b; c)", " echo $(d; e)"])
    }

    @Test func anUnclosedDollarParenthesisIsAnError() {
        #expect(throws: LexError.self) { try words("echo $(a b") }
    }

    @Test func withoutASubstituteTheGroupStaysOneWord() throws {
        #expect(try Lexer().commands(in: "echo (a | b)").map { $0.map(\.text) } == [["echo", "(a | b)"]])
    }

    @Test func theClosingParenthesisSkipsQuotesAndInnerGroups() {
        let bytes = Array(#"(a ")" (b) ')')"#.utf8)
        #expect(Lexer.closingParenthesis(bytes, from: 0) == bytes.count - 1)
        #expect(Lexer.parenthesised("(a (b) c)") == "a (b) c")
        #expect(Lexer.parenthesised("(a) (b)") == nil)
    }
}
