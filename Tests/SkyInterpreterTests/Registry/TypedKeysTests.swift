import SkyKit
import Testing

@testable import SkyInterpreter

/// Arguments are read back through typed keys; defaults live in the declaration, so help shows
/// the value handlers use; settings are read as their enums.
@Suite("Typed keys")
struct TypedKeysTests {
    let shell = makeShell()

    static let place = Argument("place", .place, "a place")
    static let within = Option("within", .distance(), "radius", default: Distance(50, .kilometers), shown: "50 km")
    static let limit = Option("limit", .integer(1...50), "count")
    static let trace = Flag("trace", "trace")
    static let spec = CommandSpec(
        "probe", category: .shell, abstract: "test", arguments: [place.spec], options: [within.spec, limit.spec, trace.spec],
        examples: [Example("probe 1 2", "x")]
    ) { _, _ in .none }

    func bind(_ line: String) throws -> Arguments {
        try Binder(spec: Self.spec, path: ["probe"], context: shell.context).bind(try Lexer().commands(in: line)[0])
    }

    @Test func keysReadTypedValuesAndDeclaredDefaults() throws {
        let bare = try bind("1 2")
        let place: Place = try bare.value(Self.place)
        #expect(place.coordinate.latitude == 1)
        #expect(try bare.value(Self.within).meters == 50_000)
        #expect(!bare.given(Self.within))
        #expect(bare[Self.limit] == nil)
        #expect(!bare.flag(Self.trace))

        let full = try bind("1 2 --within=3nm limit 7 --trace")
        #expect(try full.value(Self.within).meters == 5556)
        #expect(full.given(Self.within))
        #expect(full[Self.limit] == 7)
        #expect(full.flag(Self.trace))
    }

    @Test func aMissingRequiredValueIsAnInternalErrorNotSilence() {
        let empty = Arguments()
        #expect(throws: ShellError(.internal, "the argument <place> is missing after binding")) { try empty.value(Self.place) }
        #expect(throws: ShellError(.internal, "the option limit has no value and no default")) { try empty.value(Self.limit) }
    }

    /// Every default in every declaration: help shows it, and the words help shows read back as
    /// the very value the handler gets when the option is left out.
    @Test func everyDeclaredDefaultIsWhatHelpShows() throws {
        var checked = 0
        for (spec, path) in DeclarationTests.all() {
            for option in spec.options {
                guard let shown = option.defaultText, let value = option.defaultValue, let kind = option.kind else {
                    #expect(option.defaultText == nil && option.defaultValue == nil, "\(path) \(option.name): a default needs both value and text")
                    continue
                }
                #expect(option.fullHelp.hasSuffix("default \(shown))"))
                var cursor = WordCursor(try Lexer().commands(in: shown.replacingOccurrences(of: " ", with: ""))[0])
                let read = try kind.read(&cursor, shell.context)
                #expect(String(describing: read) == String(describing: value), "\(path) \(option.name): help says \(shown)")
                let help = HelpText.command(spec, path: path).map { $0.map(\.text).joined() }.joined(separator: "\n")
                #expect(help.contains("default \(shown))"), "\(path) help does not show the default of \(option.name)")
                checked += 1
            }
        }
        #expect(checked >= 10)
    }

    @Test func choicesAreEnumsWithEveryCaseOffered() throws {
        let kind = Kind<LengthUnit>.choice(LengthUnit.self, placeholder: "unit")
        var cursor = WordCursor(try Lexer().commands(in: "NM")[0])
        #expect(try kind.erased.read(&cursor, shell.context) as? LengthUnit == .nauticalMiles)
        var bad = WordCursor(try Lexer().commands(in: "furlong")[0])
        #expect(throws: ValueError.self) { try kind.erased.read(&bad, shell.context) }
    }

    @Test func settingsAreReadAsTheirEnums() throws {
        let shell = makeShell()
        #expect(shell.setting(.units) == .metric)
        #expect(shell.setting(.viewshedColor) == .green)
        try shell.session.settings.set("codes", "NAMES")
        #expect(shell.setting(.codes) == .names)
        shell.overrides[Setting.output.name] = "json"
        #expect(shell.setting(.output) == .json)
        #expect(shell.renderOptions.format == .json)
        // The declarations `set` checks against are the enums' cases, the default first.
        #expect(SettingSpec.named("theme")?.values == RadarTheme.allCases.map(\.rawValue))
        #expect(SettingSpec.named("viewshed-color")?.values.first == "green")
        #expect(Set(SettingSpec.named("accent")?.values ?? []) == Set(AccentColor.allCases.map(\.rawValue)))
    }
}
