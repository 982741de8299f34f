import SkyKit
import Testing

/// The small TOML subset of definition files: tables, values, comments and errors with lines.
@Suite("Definition files")
struct DefinitionFileTests {
    @Test func tablesValuesAndComments() {
        let (tables, errors) = DefinitionFile.parse(
            """
            # a comment
            [[badge]]
            name = "Island \\"Hopper\\"" # trailing comment
            flights = 1_000
            on = true
            routes = [
                "A-B",   # first
                "B-C",
            ]

            [[badge]]
            name = "Second"
            empty = []
            """)
        #expect(errors.isEmpty)
        #expect(tables.count == 2)
        #expect(tables[0].entries["name"] == DefinitionEntry(value: .string("Island \"Hopper\""), line: 3))
        #expect(tables[0].entries["flights"]?.value == .integer(1000))
        #expect(tables[0].entries["on"]?.value == .bool(true))
        #expect(tables[0].entries["routes"] == DefinitionEntry(value: .array([.string("A-B"), .string("B-C")]), line: 6))
        #expect(tables[0].keys == ["name", "flights", "on", "routes"])
        #expect(tables[1].line == 11 && tables[1].entries["empty"]?.value == .array([]))
    }

    @Test func errorsNameTheirLineAndKeepGoing() {
        let (tables, errors) = DefinitionFile.parse(
            """
            orphan = 1
            [[badge]]
            name = unquoted words
            flights = 3
            flights = 4
            note = "not closed
            list = [1, 2
            ok = "yes"
            [badge]
            """)
        #expect(errors.map(\.line) == [1, 3, 5, 6, 7, 9])
        #expect(errors[0].description == "line 1: orphan: comes before the first [[table]]")
        #expect(errors[1].description == "line 3: name: 'unquoted' is not a value (text needs \"quotes\")")
        #expect(errors[2].description == "line 5: flights: is given twice (first on line 4)")
        #expect(errors[3].description == "line 6: note: the text is not closed with \"")
        #expect(errors[4].description == "line 7: list: expected , or ] after this item")
        #expect(errors[5].description == "line 9: expected a table header like [[badge]]")
        #expect(tables.count == 1 && tables[0].entries["flights"]?.value == .integer(3) && tables[0].entries["ok"]?.value == .string("yes"))
    }

    @Test func escapesBOMAndCRLF() {
        let (tables, errors) = DefinitionFile.parse("\u{FEFF}[[t]]\r\nname = \"caf\\u00e9\\tx\"\r\n")
        #expect(errors.isEmpty)
        #expect(tables.first?.entries["name"]?.value == .string("café\tx"))
    }

    @Test func anUnclosedListAtTheEndIsAnError() {
        let (_, errors) = DefinitionFile.parse("[[t]]\nlist = [\"a\",\n")
        #expect(errors.map(\.description) == ["line 2: list: the list is not closed with ]"])
    }
}
