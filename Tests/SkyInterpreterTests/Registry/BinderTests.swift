import SkyKit
import Testing

@testable import SkyInterpreter

@Suite("Binder")
struct BinderTests {
    let shell = makeShell()

    static let spec = CommandSpec(
        "probe", category: .shell, abstract: "test",
        arguments: [ArgumentSpec("place", .place, "a place"), ArgumentSpec("more", .place, "more", .repeating(min: 0))],
        options: [OptionSpec("within", .distance(), "radius"), OptionSpec("limit", .integer(1...50), "count"), .flag("trace", "trace")],
        examples: [Example("probe 1 2", "x")]
    ) { _, _ in .none }

    func bind(_ line: String) throws -> Arguments {
        let words = try Lexer().commands(in: line)[0]
        return try Binder(spec: Self.spec, path: ["probe"], context: shell.context).bind(words)
    }

    @Test func positionalPlacesTakeOneOrTwoWords() throws {
        let args = try bind("1 2 3,4 5N 6E")
        let places = [args.get("place", as: Place.self)!] + args.all("more", as: Place.self)
        #expect(places.map(\.coordinate.latitude) == [1, 3, 5])
        #expect(places.map(\.coordinate.longitude) == [2, 4, 6])
    }

    @Test func keywordAndDashedOptionsInAnyOrder() throws {
        let args = try bind("within 50km 1 2 --limit=5 --trace")
        #expect(args.get("within", as: Distance.self)?.meters == 50_000)
        #expect(args.get("limit", as: Int.self) == 5)
        #expect(args.flags.contains("trace"))
        #expect(args.get("place", as: Place.self)?.coordinate.latitude == 1)
        let dashed = try bind("1 2 --within 3nm")
        #expect(dashed.get("within", as: Distance.self)?.meters == 5556)
    }

    @Test func quotedKeywordIsAValueNotAnOption() throws {
        #expect(throws: ShellError.self) { try bind("'within' 1 2") }
    }

    @Test func errorsNameTheProblemAndShowUsage() {
        let usage = "(usage: probe <place> [<place>…] [within <distance>] [limit <n>] [--trace])"
        #expect(throws: ShellError.usage("probe needs <place> \(usage)")) { try bind("--trace") }
        #expect(throws: ShellError.usage("unknown option '--tracer' for probe — did you mean '--trace'? \(usage)")) { try bind("1 2 --tracer") }
        #expect(throws: ShellError.usage("within needs a value <distance> \(usage)")) { try bind("1 2 within") }
        #expect(throws: ShellError.usage("--trace takes no value \(usage)")) { try bind("1 2 --trace=yes") }
        #expect(throws: ShellError.usage("'99' is not a whole number from 1 to 50")) { try bind("1 2 limit 99") }
        #expect(throws: ShellError.usage("limit is given twice \(usage)")) { try bind("1 2 limit 3 --limit 4") }
    }

    @Test func commandWithoutArgumentsRejectsExtraWords() {
        #expect(throws: ShellError.usage("status takes no arguments, but got 'x' (usage: status)")) {
            try shell.evaluate(Lexer().commands(in: "status x")[0])
        }
    }

    @Test func unknownCommandsAndSubcommandsSuggest() {
        #expect(throws: ShellError.usage("unknown command 'stauts' — did you mean 'stats' or 'status'? — type help for the list")) {
            try shell.evaluate([Token("stauts")])
        }
        #expect(throws: ShellError.usage("unknown subcommand 'rest' for settings — did you mean 'reset'? (usage: settings [reset])")) {
            try shell.evaluate([Token("settings"), Token("rest")])
        }
    }

    @Test func requirementsAreCheckedBeforeTheHandler() {
        let spec = CommandSpec("needs", category: .shell, abstract: "x", requires: [.observer], examples: []) { _, _ in .message("ran") }
        shell.register([spec])
        #expect(throws: ShellError(.state, Requirement.observer.message)) { try shell.evaluate([Token("needs")]) }
        shell.session.placeObserver(Observer(place: Place(coordinate: Coordinate(validLatitude: 1, longitude: 2), name: "x"), altitude: .zero))
        #expect((try? shell.evaluate([Token("needs")])) == .message("ran"))
    }
}

@Suite("Suggestions")
struct SuggestionTests {
    @Test func closeNamesByEditDistanceAndPrefix() {
        #expect(Suggestions.closest(to: "obsrver", among: ["observer", "status", "echo"]) == ["observer"])
        #expect(Suggestions.closest(to: "hepl", among: ["help", "heading", "history"]) == ["help"])
        #expect(Suggestions.closest(to: "set", among: ["settings", "status"]) == ["settings"])
        #expect(Suggestions.closest(to: "zzzzzz", among: ["help"]).isEmpty)
        #expect(suggestion("stauts", among: ["status", "stats"]) == " — did you mean 'stats' or 'status'?")
    }

    @Test func aMetRequirementHandsTheHandlerItsValue() {
        let needs = CommandSpec("needs", category: .shell, abstract: "x", requires: [.observer], examples: []) { args, _ in
            .message(try args.observer().place.name)
        }
        let undeclared = CommandSpec("undeclared", category: .shell, abstract: "x", examples: []) { args, _ in
            .message(try args.observer().place.name)
        }
        let shell = makeShell()
        shell.register([needs, undeclared])
        shell.session.placeObserver(Observer(place: Place(coordinate: Coordinate(validLatitude: 1, longitude: 2), name: "here"), altitude: .zero))
        #expect((try? shell.evaluate([Token("needs")])) == .message("here"))
        // A command that does not declare the requirement is not handed the observer.
        #expect(throws: ShellError(.state, Requirement.observer.message)) { try shell.evaluate([Token("undeclared")]) }
    }
}
