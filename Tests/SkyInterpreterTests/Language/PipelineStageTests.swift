import Testing

@testable import SkyInterpreter

/// A stage is read once when its pipeline starts, by its declaration: what it does is a typed
/// operation, and a stage whose words do not read is said before the command at the head runs.
@Suite("Pipeline stages read once")
struct PipelineStageTests {
    @Test func eachStageIsReadIntoWhatItDoes() throws {
        let registry = makeShell().registry
        func read(_ text: String) throws -> StageOperation? {
            PipelineStage(try #require(try Lexer().commands(in: text).first), registry).read
        }
        let stage = PipelineStage([Token("WHERE"), Token("distance"), Token(">"), Token("5000km")], registry)
        #expect(stage.name == "where" && stage.words.count == 3 && stage.tokens.count == 4 && stage.declaration?.name == "where")
        #expect(stage.expression?.written == "distance > 5000km")
        guard case .sort(let sort)? = try read("sort distance desc, date") else {
            Issue.record("sort is read as a sort")
            return
        }
        #expect(sort.keys.map(\.name) == ["distance", "date"] && sort.keys.map(\.descending) == [true, false])
        guard case .group(let group)? = try read("group airline, year with count, sum distance") else {
            Issue.record("group is read as a group")
            return
        }
        #expect(group.keys == ["airline", "year"])
        #expect(group.aggregates == [.init(function: .count, column: nil), .init(function: .sum, column: "distance")])
        guard case .first(3)? = try read("first 3"), case .describe? = try read("columns"), case .columns(["a", "b"], keep: false)? = try read("reject a,b"),
            case .save(path: "x.csv", force: true)? = try read("save --force x.csv")
        else {
            Issue.record("first, columns (describe's alias), reject and save read what they say")
            return
        }
        #expect(PipelineStage([Token("sort"), Token("distance")], registry).expression == nil)
    }

    @Test func aStageThatDoesNotReadIsSaidBeforeTheCommandRuns() throws {
        let registry = makeShell().registry
        for (text, said) in [
            ("where", "where needs a condition"), ("first x", "first takes a count of rows"), ("group with total x", "'total' is not an aggregate"),
            ("frist 3", "unknown stage 'frist'"), ("get", "get needs one or more columns"), ("save a.csv b.csv", "save takes one file name"),
        ] {
            guard case .failure(let mistake) = PipelineStage(try #require(try Lexer().commands(in: text).first), registry).operation else {
                Issue.record("\(text) must keep its mistake")
                continue
            }
            #expect(mistake.message.contains(said), "\(text): \(mistake.message)")
        }
        // The head never runs: a fresh logbook would otherwise be made, and a radar list read.
        let shell = makeShell()
        #expect(shell.output("airports near KSFO | where").contains("where needs a condition"))
        let answer = shell.output("set output json; radar list | first lots")
        #expect(answer.contains("first takes a count of rows") && !answer.contains("\"aircraft\""), "\(answer)")
    }
}
