import SkyKit

/// Text styles a renderer may turn into terminal colours.
public enum Style: Sendable, Equatable {
    case plain, bold, dim, accent, error, warning, good, bad
    /// A specific colour from the 256-colour palette (used by charts and scopes).
    case color(Int)
}

/// A run of text in one style.
public struct Span: Sendable, Equatable {
    public var text: String
    public var style: Style
    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// One line of styled text.
public typealias StyledLine = [Span]

/// One value of a card or table: the data for JSON/CSV and the text people read. The text may
/// be made when it is read (`LateText`): a list of thousands of rows that a pipeline filters
/// writes the words only of the rows it shows, and JSON and CSV never need them.
public struct Cell: Sendable, Equatable {
    public var datum: Datum
    public var style: Style
    private var words: Words

    private enum Words: Sendable {
        /// The datum's own plain text.
        case plain
        case given(String)
        case late(LateText)
    }

    /// The text people read.
    public var text: String {
        get {
            switch words {
            case .plain: datum.plainText
            case .given(let text): text
            case .late(let late): late.text
            }
        }
        set { words = .given(newValue) }
    }

    /// Writes the text people read to `out` (a late text without making a string of it).
    func writeText<Sink: TextSink>(to out: inout Sink) {
        if case .late(let late) = words { late.write(to: &out) } else { out.write(text) }
    }

    public init(_ datum: Datum, text: String? = nil, style: Style = .plain) {
        self.datum = datum
        words = text.map(Words.given) ?? .plain
        self.style = style
    }

    /// A cell whose text is made from `late` when it is read.
    public init(_ datum: Datum, late: LateText, style: Style = .plain) {
        self.datum = datum
        words = .late(late)
        self.style = style
    }

    public init(_ text: String, style: Style = .plain) { self.init(.string(text), style: style) }

    /// Cells are equal when they hold and show the same (however their text is kept).
    public static func == (a: Cell, b: Cell) -> Bool { a.datum == b.datum && a.style == b.style && a.text == b.text }
}

/// A cell's words from numbers, made when they are read: the very words of the `Format`
/// function each case names.
public enum LateText: Sendable, Equatable {
    /// `Format.distance(_:_:)`: "12.3 km".
    case distance(Distance, UnitSystem)
    /// `Format.height(_:_:)`, with "*" after a pressure altitude: "3,200 ft*".
    case height(Height, UnitSystem, pressure: Bool)
    /// `Format.speed(_:_:)`: "450 kt".
    case speed(Speed, UnitSystem)
    /// `Format.degrees(_:decimals:)`, with " hidden" when terrain hides what it points at.
    case degrees(Angle, decimals: Int8, hidden: Bool)
    /// `Format.compassBearing(_:)`: "067° ENE".
    case compassBearing(Angle)
    /// "3 o'clock".
    case clock(Int)

    var text: String { Format.written { write(to: &$0) } }

    /// Writes the text to `out`.
    func write<Sink: TextSink>(to out: inout Sink) {
        switch self {
        case .distance(let d, let units): Format.distance(d, in: Format.distanceUnit(units), to: &out)
        case .height(let h, let units, let pressure):
            Format.height(h, in: Format.heightUnit(units), to: &out)
            if pressure { out.write("*") }
        case .speed(let s, let units): Format.speed(s, units, to: &out)
        case .degrees(let a, let decimals, let hidden):
            Format.degrees(a, decimals: Int(decimals), to: &out)
            if hidden { out.write(" hidden") }
        case .compassBearing(let a): Format.compassBearing(a, to: &out)
        case .clock(let hour):
            Format.digits(Double(hour), 0, grouping: false, to: &out)
            out.write(" o'clock")
        }
    }
}

/// One labelled value of a card. A field with an empty label is data only: JSON and CSV carry
/// it, the text card does not show it (its value is shown elsewhere, e.g. as the title).
public struct Field: Sendable, Equatable {
    public var key: String
    public var label: String
    public var cell: Cell
    /// What the value is and its unit, for a pipeline over the card; nil: its datum says
    /// (a number, text, true or false).
    public var kind: ColumnKind?
    public init(_ key: String, _ label: String, _ cell: Cell, kind: ColumnKind? = nil) {
        self.key = key
        self.label = label
        self.cell = cell
        self.kind = kind
    }
}

/// A titled list of labelled values: an airport card, the session status.
public struct Card: Sendable, Equatable {
    public var title: String?
    /// The title's style (the accent colour unless a card has its own, like an airline's).
    public var titleStyle: Style = .accent
    /// Where the fields go in JSON: nil merges them into the command's document.
    public var key: String?
    public var fields: [Field]
    public init(title: String? = nil, key: String? = nil, fields: [Field]) {
        self.title = title
        self.key = key
        self.fields = fields
    }
}

/// A column of a table.
public struct Column: Sendable, Equatable {
    public enum Alignment: Sendable { case left, right }
    public var key: String
    public var title: String
    public var alignment: Alignment
    /// Shown in text only (bar charts): JSON and CSV leave it out.
    public var textOnly: Bool
    /// In JSON and CSV only: the text table leaves it out.
    public var dataOnly: Bool
    /// What the values are and their unit, for pipelines, declared where the column is made;
    /// nil: the values' own data say it (a number, text, true or false).
    public var kind: ColumnKind?
    /// Other names a pipeline may call the column by (`from` for `origin`).
    public var aliases: [String]
    /// At a terminal too narrow for the whole table, the columns with a rank are left out,
    /// highest rank first, until it fits, before any cell is cut; nil: always shown.
    public var dropRank: Int?
    public init(
        _ key: String, _ title: String, _ alignment: Alignment = .left, textOnly: Bool = false, dataOnly: Bool = false, kind: ColumnKind? = nil,
        aliases: [String] = [], dropRank: Int? = nil
    ) {
        self.dropRank = dropRank
        self.key = key
        self.title = title
        self.alignment = alignment
        self.textOnly = textOnly
        self.dataOnly = dataOnly
        self.kind = kind
        self.aliases = aliases
    }
}

/// Rows of cells under named columns.
public struct Table: Sendable, Equatable {
    /// The JSON key of the rows.
    public var key: String
    public var title: String?
    public var columns: [Column]
    public var rows: [[Cell]]
    /// A drawing shown instead of the aligned columns in table mode (JSON and CSV still get
    /// the rows).
    public var display: [StyledLine]?
    /// Set for a pipeline's value (`count`, `get`): one column that JSON writes as one value
    /// or a list under the key, and text as the values alone.
    public var values: Values?
    public enum Values: Sendable { case one, list }
    public init(key: String, title: String? = nil, columns: [Column], rows: [[Cell]] = []) {
        self.key = key
        self.title = title
        self.columns = columns
        self.rows = rows
    }
}

/// One piece of a command's result.
public enum Block: Sendable, Equatable {
    /// A sentence for people; JSON "message".
    case message(String, Style = .plain)
    /// A remark about how the command was carried out; JSON "notes".
    case note(String)
    case card(Card)
    case table(Table)
    /// Drawn text that does not depend on the space (help tables, a legend): shown in table
    /// mode only.
    case art([StyledLine])
    /// A drawing sized when it is shown (scopes, maps, charts): the text renderer gives it the
    /// columns and rows of the render options; JSON and CSV leave it out, whatever the terminal.
    case drawing(Drawing)
    /// Extra machine-readable data with no text form.
    case data(String, Datum)
    /// Tables shown next to each other in text (departures beside arrivals); JSON gets each
    /// under its key.
    case sideBySide([Table])
    /// Rows written as they are produced, never held all at once.
    case stream(StreamedTable)
}

/// A table whose rows come from an iterator and are written one by one, with fixed column
/// widths in text (longer values are cut with …).
public struct StreamedTable: @unchecked Sendable, Equatable {
    public var key: String
    public var columns: [Column]
    public var widths: [Int]
    public var rows: AnyIterator<[Cell]>
    /// Printed in text when there are no rows.
    public var empty: String
    /// False for a stream of lines without a header row in text (each row says what it is).
    public var header: Bool
    /// Called after the last row: what to show after it, or the failure that stopped it.
    public var finish: () throws(ShellError) -> [Block]

    public init(
        key: String, columns: [Column], widths: [Int], rows: AnyIterator<[Cell]>, empty: String, header: Bool = true,
        finish: @escaping () throws(ShellError) -> [Block] = { [] }
    ) {
        self.key = key
        self.columns = columns
        self.widths = widths
        self.rows = rows
        self.empty = empty
        self.header = header
        self.finish = finish
    }

    public static func == (a: StreamedTable, b: StreamedTable) -> Bool { a.key == b.key && a.columns == b.columns }
}

/// A drawing made at render time for the space there is.
public struct Drawing: @unchecked Sendable, Equatable {
    /// What it is, for messages ("the scope").
    public var name: String
    /// The fewest columns and rows it can be drawn in.
    public var minimumColumns: Int, minimumRows: Int
    /// Draws into the columns and rows available (at least the minimum).
    public var draw: (_ columns: Int, _ rows: Int) -> [StyledLine]

    public init(_ name: String, minimumColumns: Int = 20, minimumRows: Int = 5, draw: @escaping (_ columns: Int, _ rows: Int) -> [StyledLine]) {
        self.name = name
        self.minimumColumns = minimumColumns
        self.minimumRows = minimumRows
        self.draw = draw
    }

    public static func == (a: Drawing, b: Drawing) -> Bool { a.name == b.name }

    /// A map around a place, about as wide as high on the terminal (two columns a row), at most
    /// 30 rows and leaving `reserved` rows of the screen to the lines around it.
    static func map(_ name: String, reserved: Int, _ draw: @escaping (_ columns: Int, _ rows: Int) -> [StyledLine]) -> Drawing {
        Drawing(name, minimumColumns: 22, minimumRows: 10) { columns, rows in
            let height = max(10, min(rows - reserved, 30))
            return draw(min(columns, height * 2 + 2), height)
        }
    }
}

/// What a command returns: blocks that one renderer turns into text, JSON or CSV.
public struct Output: Sendable, Equatable {
    public var blocks: [Block]
    public init(_ blocks: [Block] = []) { self.blocks = blocks }

    public static let none = Output()
    public static func message(_ text: String, _ style: Style = .plain) -> Output { Output([.message(text, style)]) }
    public static func card(_ card: Card) -> Output { Output([.card(card)]) }
    public static func table(_ table: Table) -> Output { Output([.table(table)]) }

    public mutating func append(_ block: Block) { blocks.append(block) }
    public mutating func append(contentsOf other: Output) { blocks += other.blocks }
}
