import Testing

@testable import SkyInterpreter

/// Blocks in one shell: their shape, how they run, and `if` conditions over values.
@Suite("Blocks")
struct BlockTests {
    @Test func aBlockOverSeveralLinesRunsWhenItsEndComes() {
        let shell = makeShell()
        #expect(shell.output("for x in a b") == "")
        #expect(shell.isInBlock)
        #expect(shell.output("echo $x") == "")
        #expect(shell.output("end") == "a\nb\n")
        #expect(!shell.isInBlock)
    }

    @Test func nestedBlocksCloseInOrder() {
        let shell = makeShell()
        let line = "for x in 1 2 3; if $x == 2; echo two; else; for y in a b; echo $x$y; end; end; end"
        #expect(shell.output(line) == "1a\n1b\ntwo\n3a\n3b\n")
    }

    @Test func discardingAnOpenBlockForgetsIt() {
        let shell = makeShell()
        _ = shell.output("if true")
        shell.discardBlock()
        #expect(!shell.isInBlock)
        #expect(shell.output("echo after") == "after\n")
    }

    @Test func aUserCommandsParametersAreRestoredAfterIt() {
        let shell = makeShell()
        #expect(shell.output("let code = KSFO; def show code; echo in $code; end; show KJFK; echo out $code") == "in KJFK\nout KSFO\n")
    }

    @Test func aCommandThatCallsItselfStopsAtTheNestingLimit() {
        let shell = makeShell()
        #expect(shell.output("def again; again; end; again").contains("nested more than 16 deep"))
    }

    @Test func conditionsCompareValuesByKind() throws {
        let cases: [(String, Bool)] = [
            ("10nm > 15km", true), ("3000ft < 1km", true), ("2025-03-01 < 2025-12-24", true), ("abc == ABC", true),
            ("2 > 10", false), ("not 2 > 10", true), ("1 < 2 and 2 < 3", true), ("1 > 2 or 2 > 3", false),
            ("UA in [ua, BA]", true), ("UA not in [LH, BA]", true), ("United =~ nit", true), ("B738 like 'B7*'", true),
            ("null == null", true), ("13:05 < 14:00", true), ("90° > 1.5°", true),
        ]
        for (text, expected) in cases {
            #expect(makeShell().output("if \(text); echo yes; else; echo no; end") == (expected ? "yes\n" : "no\n"), "\(text)")
        }
    }

    @Test func conditionsOfDifferentKindsAreErrorsNotFalse() {
        for text in ["3km > 2h", "abc > 3", "2025-01-01 > 5km", "abc", "5 > 3km", "90° > 1.5"] {
            #expect(makeShell().output("if \(text); echo yes; end").hasPrefix("error: if: "), "\(text)")
        }
    }
}
