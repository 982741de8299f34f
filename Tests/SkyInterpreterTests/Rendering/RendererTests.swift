import SkyKit
import Testing

@testable import SkyInterpreter

@Suite("Renderers")
struct RendererTests {
    let table = Table(
        key: "rows", columns: [Column("name", "Name"), Column("n", "Count", .right), Column("note", "Note")],
        rows: [
            [Cell("Zürich"), Cell(.int(7), text: "7"), Cell("a, \"b\"")],
            [Cell("Paris"), Cell(.int(1234), text: "1,234"), Cell(.null)],
        ])

    @Test func textTablesAlignByDisplayWidth() {
        let text = Renderer.render(.table(table), RenderOptions())
        #expect(
            text == """
                Name    Count  Note
                Zürich      7  a, "b"
                Paris   1,234

                """)
    }

    @Test func emptyTablesSayNone() {
        #expect(Renderer.render(.table(Table(key: "x", columns: [Column("a", "A")])), RenderOptions()) == "(none)\n")
    }

    @Test func jsonHasStableKeysAndTypes() {
        var output = Output.table(table)
        output.append(.message("done"))
        output.append(.note("careful"))
        output.append(.card(Card(key: "meta", fields: [Field("ok", "OK", Cell(.bool(true)))])))
        #expect(
            Renderer.render(output, RenderOptions(format: .json))
                == #"{"rows":[{"name":"Zürich","n":7,"note":"a, \"b\""},{"name":"Paris","n":1234,"note":null}],"meta":{"ok":true},"message":"done","#
                + #""notes":["careful"]}"#
                + "\n")
    }

    @Test func jsonArrayOpensWithTheFirstDocumentAndClosesAtTheEnd() {
        let sink = OutputSink(), options = RenderOptions(format: .jsonArray)
        Renderer.write(.message("one"), options, to: sink)
        Renderer.write(.message("two"), options, to: sink)
        Renderer.finish(options, to: sink)
        sink.flush()
        #expect(sink.captured == "[{\"message\":\"one\"}\n,{\"message\":\"two\"}\n]\n")
        let empty = OutputSink()
        Renderer.finish(options, to: empty)
        empty.flush()
        #expect(empty.captured == "[]\n")
    }

    @Test func csvSeparatesTablesAndSendsSentencesToTheProseSink() {
        let sink = OutputSink(), prose = OutputSink(), options = RenderOptions(format: .csv)
        var output = Output.table(table)
        output.append(.message("hi"))
        Renderer.write(output, options, to: sink, prose: prose)
        Renderer.write(.table(table), options, to: sink, prose: prose)
        sink.flush()
        prose.flush()
        let rows = "name,n,note\r\nZürich,7,\"a, \"\"b\"\"\"\r\nParis,1234,\r\n"
        #expect(sink.captured == rows + "\n" + rows)
        #expect(prose.captured == "hi\n")
    }

    @Test func jsonEscapesControlCharactersAndWritesNumbersPlainly() {
        #expect(JSONWriter.write(.string("a\u{1}\n\t\"")) == #""a\u0001\n\t\"""#)
        #expect(JSONWriter.write(.number(2)) == "2")
        #expect(JSONWriter.write(.number(0.1)) == "0.1")
        #expect(JSONWriter.write(.number(.nan)) == "null")
        #expect(JSONWriter.write(Datum.rounded(1.23456, 2)) == "1.23")
    }

    @Test func csvQuotesWhereNeeded() {
        #expect(Renderer.render(.table(table), RenderOptions(format: .csv)) == "name,n,note\r\nZürich,7,\"a, \"\"b\"\"\"\r\nParis,1234,\r\n")
        #expect(Renderer.render(.message("hi"), RenderOptions(format: .csv)) == "", "sentences are not rows")
    }

    @Test func cardsAlignLabels() {
        let card = Card(title: "T", fields: [Field("a", "short", Cell("1")), Field("b", "longer one", Cell("two\nlines"))])
        #expect(Renderer.render(.card(card), RenderOptions()) == "T\n  short       1\n  longer one  two\n              lines\n")
    }

    @Test func colourOnlyWhenAllowed() {
        let styled = Output.message("hi", .accent)
        #expect(Renderer.render(styled, RenderOptions(color: false)) == "hi\n")
        #expect(Renderer.render(styled, RenderOptions(color: true, accent: 208)) == "\u{1B}[38;5;208mhi\u{1B}[0m\n")
    }

    @Test func numberFormatting() {
        #expect(Format.grouped(30000) == "30,000")
        #expect(Format.grouped(-1234567.891, 2) == "-1,234,567.89")
        #expect(Format.fixed(-0.0001, 2) == "0.00")
        #expect(Format.fixed(0.125, 2) == "0.13")
        #expect(Format.trimmed(1.5) == "1.5")
        #expect(Format.trimmed(2.0) == "2")
        #expect(displayWidth("日本") == 4)
        #expect(displayWidth("e\u{301}") == 1)
    }
}

@Suite("Word wrapping")
struct WordWrapTests {
    func plain(_ lines: [StyledLine]) -> [String] { lines.map { $0.map(\.text).joined() } }

    @Test func proseBreaksBetweenWordsNeverInside() {
        let text = "Each lesson shows a step, runs its command, and says what to notice in the output; at a terminal it waits."
        let lines = plain(WordWrap.wrap([Span(text)], width: 40))
        #expect(lines.allSatisfy { displayWidth($0) <= 40 }, "\(lines)")
        #expect(lines.joined(separator: " ") == text, "every word kept, in order")
        #expect(lines.contains { $0.split(separator: " ").contains("output;") }, "the word whole on one line")
    }

    @Test func continuationsLineUpUnderTheDescription() {
        let row = "  --format <format>  the file's format, when its first line does not tell — one of: csv, json, openflights"
        let lines = plain(WordWrap.wrap([Span(row)], width: 60))
        #expect(
            lines.count > 1 && lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 21)) && $0.dropFirst(21).first != " " }, "\(lines)")
    }

    @Test func stylesStayWithTheirWordsAndShortLinesAreUntouched() {
        let line: StyledLine = [Span("usage: ", .dim), Span("logbook import [undo] <file> [--format <format>] [--dry-run] [--map <text>]")]
        let wrapped = WordWrap.wrap(line, width: 40)
        #expect(wrapped[0].first == Span("usage: ", .dim))
        #expect(WordWrap.wrap([Span("short")], width: 40) == [[Span("short")]])
        // A word longer than the width stays whole.
        #expect(plain(WordWrap.wrap([Span("a " + String(repeating: "x", count: 50) + " b")], width: 30)) == ["a", String(repeating: "x", count: 50), "b"])
    }
}

@Suite("Tables fit the terminal")
struct TableFitTests {
    let table = Table(
        key: "airports", columns: [Column("code", "Code"), Column("name", "Name"), Column("city", "City"), Column("n", "Routes", .right)],
        rows: [
            [Cell("LFPG"), Cell("Charles de Gaulle International Airport"), Cell("Paris / Roissy-en-France"), Cell(.int(1_204), text: "1,204")],
            [Cell("LFPB"), Cell("Paris-Le Bourget Airport"), Cell("Paris"), Cell(.int(3), text: "3")],
        ])

    @Test func aWideTableCutsItsWidestTextAtATerminal() {
        let text = Renderer.render(.table(table), RenderOptions(columns: 50, wrap: true))
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { displayWidth($0) <= 50 }, "\(lines)")
        #expect(text.contains("…") && text.contains("1,204") && text.contains("LFPG"), "numbers and codes are kept whole: \(text)")
        // In a pipe the table is left whole.
        #expect(Renderer.render(.table(table), RenderOptions(columns: 50)).contains("Charles de Gaulle International Airport"))
    }

    @Test func sideBySideTablesStackWhenTheyDoNotFit() {
        let pair = Output([.sideBySide([table, table])])
        let narrow = Renderer.render(pair, RenderOptions(columns: 80, wrap: true))
        #expect(narrow.split(separator: "\n").allSatisfy { displayWidth($0) <= 80 }, "\(narrow)")
        #expect(narrow.components(separatedBy: "Code").count == 3, "each table with its own header, one under the other")
        let wide = Renderer.render(pair, RenderOptions(columns: 300, wrap: true))
        #expect(wide.split(separator: "\n").first!.components(separatedBy: "Code").count == 3, "next to each other when they fit")
    }
}
