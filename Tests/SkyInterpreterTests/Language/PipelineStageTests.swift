import Testing

@testable import SkyInterpreter

/// A stage is read once when its pipeline starts: a `where` keeps its condition, or the
/// mistake in it for the stage to report when it runs.
@Suite("Pipeline stages read once")
struct PipelineStageTests {
    @Test func aWhereKeepsItsConditionAndOtherStagesHaveNone() throws {
        let stage = PipelineStage([Token("WHERE"), Token("distance"), Token(">"), Token("5000km")])
        #expect(stage.name == "where" && stage.words.count == 3 && stage.tokens.count == 4)
        #expect(stage.expression?.written == "distance > 5000km")
        let sort = PipelineStage([Token("sort"), Token("distance")])
        #expect(sort.condition == nil && sort.expression == nil)
    }

    @Test func aMistakeInAWhereIsKeptForTheStageToSay() {
        let stage = PipelineStage([Token("where")])
        guard case .failure(let mistake)? = stage.condition else {
            Issue.record("a where without a condition must keep its mistake")
            return
        }
        #expect(mistake.message.contains("where needs a condition"))
        let shell = makeShell()
        #expect(shell.output("airports near KSFO | where").contains("where needs a condition"))
    }
}
