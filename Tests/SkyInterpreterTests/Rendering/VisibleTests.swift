import SkyKit
import Testing

@testable import SkyInterpreter

/// What may never reach a terminal from outside text, and the proof that every way text is
/// written goes through `Visible`.
@Suite("Visible text")
struct VisibleTests {
    /// Hostile strings: screen clear, window title (OSC 0), clipboard write (OSC 52), bell,
    /// carriage return, a C1 CSI, DEL, NUL, and bidirectional overrides.
    static let hostile = [
        "AF1\u{1B}[2J\u{1B}[H", "x\u{1B}]0;pwned\u{07}y", "\u{1B}]52;c;ZXZpbA==\u{07}", "bell\u{07}", "over\rwrite",
        "c1\u{9B}31m", "del\u{7F}", "nul\u{00}x", "\u{202E}fdp.exe", "a\u{2066}b\u{2069}", "\u{200F}rtl", "tab\there",
    ]

    /// The raw forms that must not appear in text written to a terminal.
    static func unsafe(_ text: String, allowColour: Bool = false) -> String? {
        let scalars = Array(text.unicodeScalars)
        for (i, s) in scalars.enumerated() {
            switch s.value {
            case 0x1B:
                // Colour codes the renderer writes itself: ESC [ digits/semicolons m.
                if allowColour, i + 1 < scalars.count, scalars[i + 1] == "[" {
                    var k = i + 2
                    while k < scalars.count, scalars[k] == ";" || ("0"..."9").contains(scalars[k]) { k += 1 }
                    if k < scalars.count, scalars[k] == "m" { continue }
                }
                return "ESC at \(i)"
            case 0x07: return "BEL at \(i)"
            case 0x0D where i + 1 >= scalars.count || scalars[i + 1] != "\n": return "bare CR at \(i)"
            case 0x00..<0x09, 0x0B, 0x0C, 0x0E..<0x20, 0x7F..<0xA0: return "control U+\(String(s.value, radix: 16)) at \(i)"
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return "bidi control at \(i)"
            default: continue
            }
        }
        return nil
    }

    /// The table's quick width agrees with the general way wherever it answers, and it answers
    /// for the characters of everyday cells: drawn from ASCII, Latin, the punctuation block,
    /// controls, C1, bidi marks, wide and combining characters.
    @Test func quickWidthAgreesWithTheGeneralWay() {
        let pool: [Unicode.Scalar] = [
            "a", "Z", "7", " ", "~", "°", "é", "ʼ", "\u{A0}", "—", "–", "…", "‘", "\u{2027}", "\u{2028}", "\u{9B}", "\u{85}",
            "\u{7F}", "\u{1B}", "\t", "\n", "\u{200E}", "\u{202E}", "\u{200B}", "\u{0301}", "漢", "✈", "😀", "\u{300}", "ͅ",
        ]
        var rng = SystemRandomNumberGenerator()
        var answered = 0
        for _ in 0..<20_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...6, using: &rng) { text.append(pool.randomElement(using: &rng)!) }
            let string = String(text)
            guard let quick = simpleWidth(ArraySlice(Array(string.utf8))) else { continue }
            answered += 1
            #expect(Visible.text(string) == string, "\(Array(string.unicodeScalars))")
            #expect(quick == displayWidth(string), "\(Array(string.unicodeScalars))")
        }
        #expect(answered > 1_000)
        for everyday in ["067° ENE", "—", "12.5°", "3,200 ft*", "Zürich", "TST0001", "…", "— hidden"] {
            #expect(simpleWidth(ArraySlice(Array(everyday.utf8))) == displayWidth(everyday), "\(everyday)")
        }
        for refused in ["a\u{1B}b", "\u{9B}", "\u{7F}", "\u{202E}", "漢", "e\u{0301}", "\t"] {
            #expect(simpleWidth(ArraySlice(Array(refused.utf8))) == nil, "\(Array(refused.unicodeScalars))")
        }
    }

    @Test func controlsAndBidiAreShownNotActedOn() {
        #expect(Visible.text("AF1\u{1B}[2J") == "AF1\\x1b[2J")
        #expect(Visible.text("a\u{07}b\u{9B}c\u{7F}") == "a\\x07b\\x9bc\\x7f")
        #expect(Visible.text("\u{202E}gnp.exe") == "\\u{202e}gnp.exe")
        #expect(Visible.text("bare\rcr") == "bare\\x0dcr")
        #expect(Visible.text("line\r\nend\n\ttab") == "line\r\nend\n\ttab")
        #expect(Visible.text("Zürich ✈ 東京") == "Zürich ✈ 東京")
        for text in Self.hostile { #expect(Self.unsafe(Visible.text(text)) == nil, "\(text.debugDescription)") }
    }

    @Test func widthsCountTheVisibleForm() {
        #expect(displayWidth("AF1\u{1B}[2J") == displayWidth(Visible.text("AF1\u{1B}[2J")))
        #expect(displayWidth("\u{202E}ab") == displayWidth("\\u{202e}ab"))
        #expect(displayWidth("東京") == 4)
    }

    @Test func theSinkShowsWhatItIsGiven() {
        let sink = OutputSink()
        for text in Self.hostile { sink.write(text + "\n") }
        sink.flush()
        #expect(Self.unsafe(sink.captured) == nil)
        #expect(sink.captured.contains("AF1\\x1b[2J"))
    }

    /// Every kind of block, with hostile text in every place text can go, in every format, with
    /// and without colour: the output carries none of it raw (only the renderer's own colours).
    @Test func everyBlockInEveryFormatIsSafe() throws {
        for (n, evil) in Self.hostile.enumerated() {
            let table = Table(
                key: "k\(evil)", title: "title \(evil)", columns: [Column("c\(evil)", "Col \(evil)"), Column("n", "N", .right)],
                rows: [[Cell("cell \(evil)", style: .accent), Cell(.int(-3), text: "-3")], [Cell(.string(evil)), Cell(.number(-2.5))]])
            var drawn = table
            drawn.display = [[Span("drawn \(evil)", .good)]]
            let output = Output([
                .message("message \(evil)", .warning), .note("note \(evil)"),
                .card(
                    Card(
                        title: "card \(evil)",
                        fields: [Field("f\(evil)", "label \(evil)", Cell("value \(evil)\nsecond \(evil)")), Field("g", "g", Cell(.int(n)))])),
                .table(table), .table(drawn), .art([[Span("art \(evil)", .color(208)), Span(evil)]]), .data("d\(evil)", .string(evil)),
                .sideBySide([table, table]),
            ])
            for format in OutputFormat.allCases {
                for colour in [false, true] {
                    let text = Renderer.render(output, RenderOptions(format: format, color: colour))
                    #expect(
                        Self.unsafe(text, allowColour: colour && format == .table) == nil,
                        "\(format) colour \(colour): \(evil.debugDescription) → \(text.debugDescription)")
                }
            }
            // Streamed tables go through the same pieces.
            for format in OutputFormat.allCases {
                let sink = OutputSink()
                let rows = [[Cell("row \(evil)"), Cell(.int(1))]]
                Renderer.write(
                    Output([
                        .stream(
                            StreamedTable(
                                key: "s", columns: [Column("a", "A \(evil)"), Column("b", "B")], widths: [30, 5],
                                rows: AnyIterator(rows.makeIterator()), empty: "none \(evil)"))
                    ]),
                    RenderOptions(format: format, color: true), to: sink)
                sink.flush()
                #expect(Self.unsafe(sink.captured, allowColour: format == .table) == nil, "stream \(format): \(sink.captured.debugDescription)")
            }
        }
    }

    @Test func jsonStaysExact() throws {
        for evil in Self.hostile {
            let text = JSONWriter.write(.object([("v", .string(evil))]))
            #expect(Self.unsafe(text) == nil)
            #expect(try JSONParser.parse(text)["v"]?.string == evil)
        }
    }

    @Test func errorLinesShowEchoedInputVisibly() {
        let shell = Shell.standard()
        shell.report(ShellError.usage("unknown airport '\u{1B}]0;x\u{07}'"))
        shell.warn("feed said \u{9B}2J")
        shell.err.flush()
        #expect(Self.unsafe(shell.err.captured) == nil)
        #expect(shell.err.captured.contains("\\x1b]0;x\\x07"))
    }

    /// The quick UTF-8 scan agrees with the scalar rule on every scalar below U+3000 (each
    /// alone, after text and before text) and on the hostile strings: it never lets through a
    /// character `escape` changes, and it passes arrows, degree signs and accents untouched.
    @Test func theQuickScanFindsExactlyTheCharactersThatAreEscaped() {
        for value in UInt32(0)..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let escaped = Visible.escape(value) != nil
            for text in [String(scalar), "KSFO → \(scalar)", "\(scalar)° é"] {
                #expect(Visible.needsWork(text) == escaped, "U+\(String(value, radix: 16))")
            }
        }
        for text in Self.hostile where text != "tab\there" { #expect(Visible.needsWork(text)) }
        #expect(!Visible.needsWork("Zürich → Genève, 12° up"))
    }
}
