import SkyKit

/// How results are written: `table` (aligned text), `json` (JSON Lines: one compact document
/// per command and line), `json-array` (the run's documents as one array) or `csv`.
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv
    case jsonArray = "json-array"

}

/// Everything a renderer needs to know about the destination.
public struct RenderOptions: Sendable {
    public var format: OutputFormat
    /// Whether ANSI colour codes may be written.
    public var color: Bool
    /// The 256-colour palette index of the accent colour.
    public var accent: Int
    /// The space drawings are sized for: the terminal's, $COLUMNS and $LINES, or 80 × 24.
    public var columns: Int
    public var rows: Int
    /// Whether prose is wrapped at word boundaries to `columns` (text for a terminal; a pipe
    /// gets whole lines, for grep and friends).
    public var wrap: Bool
    public init(format: OutputFormat = .table, color: Bool = false, accent: Int = 44, columns: Int = 80, rows: Int = 24, wrap: Bool = false) {
        self.format = format
        self.color = color
        self.accent = accent
        self.columns = columns
        self.rows = rows
        self.wrap = wrap
    }

    /// The same options, for text.
    public var asText: RenderOptions {
        var text = self
        text.format = .table
        return text
    }
}

/// Renders an `Output` in the chosen format.
public enum Renderer {
    /// The text to write for `output` (ends with a newline unless empty). Nothing in it can act
    /// on a terminal but the colours it asks for: table text is painted piece by piece through
    /// `ANSI.paint`, JSON escapes every control character, CSV is made visible.
    public static func render(_ output: Output, _ options: RenderOptions) -> String {
        switch options.format {
        case .table: TextRenderer(options: options).render(output)
        case .json, .jsonArray: output.blocks.isEmpty ? "" : JSONWriter.compact(JSONRenderer.document(output)) + "\n"
        case .csv: Visible.text(CSVRenderer.render(output))
        }
    }

    /// `render` as terminal text.
    static func terminalText(_ output: Output, _ options: RenderOptions) -> TerminalText {
        .rendered(render(output, options))
    }
}

extension Renderer {
    /// Writes `output` to `sink`, streaming the rows of streamed tables as they come; returns
    /// the failure that stopped a stream, if one did (what was written stays written).
    @discardableResult
    public static func write(_ output: Output, _ options: RenderOptions, to sink: OutputSink, prose: OutputSink? = nil) -> ShellError? {
        if options.format != .jsonArray { closeArray(sink) }
        var pending = Output()
        func flushPending() {
            guard !pending.blocks.isEmpty else { return }
            switch options.format {
            case .table: sink.write(terminalText(pending, options))
            case .json, .jsonArray:
                sink.write(.rendered(documentPrefix(options, sink) + JSONWriter.compact(JSONRenderer.document(pending)) + "\n"))
            case .csv:
                // Prose (messages, notes, explanations) never lands among the rows: it goes to
                // standard error as text.
                let (tables, text) = CSVRenderer.split(pending)
                if let prose, !text.blocks.isEmpty {
                    sink.flush()
                    prose.write(terminalText(text, options.asText))
                    prose.flush()
                }
                for table in CSVRenderer.tables(tables) {
                    sink.write(.rendered(Visible.text((sink.csvTables > 0 ? "\n" : "") + table)))
                    sink.csvTables += 1
                }
            }
            pending = Output()
        }
        for block in output.blocks {
            guard case .stream(let table) = block else { pending.append(block); continue }
            // Blocks before a stream go first; in JSON the stream is its own document.
            flushPending()
            StreamWriter(table: table, options: options, sink: sink).write()
            do {
                pending.blocks += try table.finish()
            } catch {
                flushPending()
                return error
            }
        }
        flushPending()
        return nil
    }

    /// What comes before a JSON document: nothing in JSON Lines; in `json-array` the opening
    /// bracket before the first document and a comma before the others.
    static func documentPrefix(_ options: RenderOptions, _ sink: OutputSink) -> String {
        guard options.format == .jsonArray else { return "" }
        defer { sink.arrayOpen = true }
        return sink.arrayOpen ? "," : "["
    }

    /// Closes a `json-array` array the run opened (at its end, or when the format changes).
    static func closeArray(_ sink: OutputSink) {
        guard sink.arrayOpen else { return }
        sink.write(.rendered("]\n"))
        sink.arrayOpen = false
    }

    /// The end of a run: an open array is closed, and a `json-array` run that wrote nothing
    /// still writes a valid (empty) array.
    public static func finish(_ options: RenderOptions, to sink: OutputSink) {
        if options.format == .jsonArray, !sink.arrayOpen { sink.write(.rendered("[]\n")) }
        closeArray(sink)
    }
}

/// Writes a streamed table row by row in the chosen format.
struct StreamWriter {
    let table: StreamedTable
    let options: RenderOptions
    let sink: OutputSink
    /// The last column text shows.
    let lastShown: Int?

    init(table: StreamedTable, options: RenderOptions, sink: OutputSink) {
        self.table = table
        self.options = options
        self.sink = sink
        lastShown = table.columns.lastIndex { !$0.dataOnly }
    }

    func write() {
        let kept = table.columns.indices.filter { !table.columns[$0].textOnly }
        var count = 0
        switch options.format {
        case .table:
            let text = TextRenderer(options: options)
            let shown = table.columns.indices.filter { !table.columns[$0].dataOnly }
            var header = ""
            for (n, i) in shown.enumerated() {
                if n > 0 { header += "  " }
                append(table.columns[i].title, .plain, i, to: &header)
            }
            var line = ""
            while let row = table.rows.next() {
                if count == 0, table.header { sink.write(.rendered(ANSI.paint(header.trimmingTrailingSpaces, .bold, options) + "\n")) }
                line.removeAll(keepingCapacity: true)
                for (n, i) in shown.enumerated() where i < row.count {
                    if n > 0 { line += "  " }
                    append(row[i].text, row[i].style, i, to: &line)
                }
                while line.utf8.last == 0x20 { line.removeLast() }
                line += "\n"
                sink.write(.rendered(line))
                count += 1
            }
            if count == 0, !table.empty.isEmpty { sink.write(.rendered(text.render(.message(table.empty, .dim)))) }
        case .json, .jsonArray:
            // One compact document on one line, its rows written as they come.
            sink.write(.rendered(Renderer.documentPrefix(options, sink) + "{" + JSONWriter.compact(.string(table.key)) + ":["))
            while let row = table.rows.next() {
                let object = Datum.object(kept.map { (table.columns[$0].key, $0 < row.count ? row[$0].datum : .null) })
                sink.write(.rendered((count == 0 ? "" : ",") + JSONWriter.compact(object)))
                count += 1
            }
            sink.write(.rendered("]}\n"))
        case .csv:
            if sink.csvTables > 0 { sink.write("\n") }
            sink.csvTables += 1
            sink.write(CSVRenderer.line(kept.map { table.columns[$0].key }))
            while let row = table.rows.next() {
                sink.write(CSVRenderer.data(kept.map { $0 < row.count ? row[$0].datum : .null }))
            }
        }
    }

    /// Appends `text` painted in `style`, cut to column `i`'s width and padded to it (the last
    /// left-aligned column is not padded); its width is measured once.
    func append(_ text: String, _ style: Style, _ i: Int, to line: inout String) {
        let width = table.widths[i]
        var t = text
        var shown = displayWidth(t)
        if shown > width {
            t = cut(t, to: width)
            shown = displayWidth(t)
        }
        let right = table.columns[i].alignment == .right
        if right { appendSpaces(width - shown, to: &line) }
        line += ANSI.paint(t, style, options)
        if !right, i != lastShown { appendSpaces(width - shown, to: &line) }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }

    func replacingNewlines(with replacement: String) -> String {
        var out = ""
        for c in self { if c == "\n" { out += replacement } else { out.append(c) } }
        return out
    }
}
