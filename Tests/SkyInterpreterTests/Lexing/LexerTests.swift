import Testing

@testable import SkyInterpreter

@Suite("Lexer")
struct LexerTests {
    func words(_ line: String, args: [String] = []) throws -> [[String]] {
        try Lexer(arguments: ScriptArguments(name: "t.sky", values: args)).commands(in: line).map { $0.map(\.text) }
    }

    @Test func splitsWordsOnSpacesAndTabs() throws {
        #expect(try words("observer  51.47\t-0.45") == [["observer", "51.47", "-0.45"]])
    }

    @Test func semicolonsSeparateCommandsAndEmptyOnesAreDropped() throws {
        #expect(try words("echo a; echo b;;") == [["echo", "a"], ["echo", "b"]])
    }

    @Test func hashStartsACommentOnlyAtAWordStart() throws {
        #expect(try words("echo a#b # c") == [["echo", "a#b"]])
    }

    @Test func singleQuotesAreLiteral() throws {
        #expect(try words("echo 'a b; # $1 \\n'") == [["echo", "a b; # $1 \\n"]])
    }

    @Test func doubleQuotesEscapeQuoteBackslashAndDollar() throws {
        #expect(try words(#"echo "a \"b\" \\ \$1 \n""#) == [["echo", #"a "b" \ $1 \n"#]])
    }

    @Test func quotesInsideAWordAreOrdinary() throws {
        #expect(try words(#"echo O'Hare 51°28'39"N"#) == [["echo", "O'Hare", #"51°28'39"N"#]])
    }

    @Test func quoteAfterEqualsOpens() throws {
        #expect(try words(#"track --label="Space Station""#) == [["track", "--label=Space Station"]])
    }

    @Test func adjacentQuotedPartsJoin() throws {
        #expect(try words(#"echo 'a b'"c d"e"#) == [["echo", "a bc de"]])
    }

    @Test func backslashEscapesTheNextCharacter() throws {
        #expect(try words(##"echo a\;b c\ d \#e"##) == [["echo", "a;b", "c d", "#e"]])
    }

    @Test func quotedWordsAreLiteralAndPlainOnesAreNot() throws {
        let tokens = try Lexer().commands(in: "set 'units' units")[0]
        #expect(tokens.map(\.isLiteral) == [false, true, false])
        #expect(tokens[1].keyword == nil)
        #expect(tokens[2].keyword == "units")
    }

    @Test func columnsAreOneBasedCharacterOffsets() throws {
        let tokens = try Lexer().commands(in: "héllo  wörld")[0]
        #expect(tokens.map(\.column) == [1, 8])
    }

    @Test func unterminatedQuotesAreErrorsWithTheirColumn() {
        #expect(throws: LexError(message: "unterminated double quote", column: 6)) { try Lexer().commands(in: "echo \"abc") }
        #expect(throws: LexError(message: "unterminated single quote", column: 8)) { try Lexer().commands(in: "echo a 'b") }
    }

    @Test func scriptArgumentsExpand() throws {
        #expect(try words("echo $1 $2 $# $0", args: ["x", "y z"]) == [["echo", "x", "y z", "2", "t.sky"]])
        #expect(try words("echo $@", args: ["x", "y z"]) == [["echo", "x", "y z"]])
        #expect(try words("echo \"$@\"", args: ["x", "y"]) == [["echo", "x y"]])
        #expect(try words("echo '$1' \\$1 a$ $-", args: ["x"]) == [["echo", "$1", "$1", "a$", "$-"]])
    }

    @Test func environmentVariablesExpand() throws {
        let lexer = Lexer(arguments: ScriptArguments(environment: ["HOME": "/h", "X_1": "v"]))
        #expect(try lexer.commands(in: #"echo $HOME/a ${X_1}b "$HOME" '$HOME'"#).map { $0.map(\.text) } == [["echo", "/h/a", "vb", "/h", "$HOME"]])
        #expect(throws: LexError(message: "$NOPE is not set", column: 6)) { try lexer.commands(in: "echo $NOPE") }
        #expect(throws: LexError(message: "${ without a closing } or a variable name", column: 6)) { try lexer.commands(in: "echo ${HOME") }
    }

    @Test func aMissingScriptArgumentIsAnError() {
        #expect(throws: LexError(message: "$3 is not set (the script was given 1 argument)", column: 6)) {
            try Lexer(arguments: ScriptArguments(values: ["a"])).commands(in: "echo $3")
        }
    }

    @Test func continuationIsATrailingBackslashOutsideQuotesAndComments() {
        #expect(Lexer.continuation(of: "echo a \\") == "echo a ")
        #expect(Lexer.continuation(of: "echo a") == nil)
        #expect(Lexer.continuation(of: "echo a \\\\") == nil)
        #expect(Lexer.continuation(of: "echo a # comment \\") == nil)
        #expect(Lexer.continuation(of: "echo 'a \\") == nil)
    }

    @Test func completionWordsTolerateOpenQuotes() {
        let (words, inWord) = Lexer().wordsForCompletion("airline 'Unit")
        #expect(words.map(\.text) == ["airline", "Unit"])
        #expect(inWord)
        let (after, trailing) = Lexer().wordsForCompletion("echo a; airport ")
        #expect(after.map(\.text) == ["airport"])
        #expect(!trailing)
        #expect(Lexer().wordsForCompletion("echo a;").words.isEmpty)
    }
}
