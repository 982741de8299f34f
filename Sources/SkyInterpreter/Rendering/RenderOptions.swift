/// How results are written: `table` (aligned text), `json` or `csv`.
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv
}

/// Everything a renderer needs to know about the destination.
public struct RenderOptions: Sendable {
    public var format: OutputFormat
    /// Whether ANSI colour codes may be written.
    public var color: Bool
    /// The 256-colour palette index of the accent colour.
    public var accent: Int
    public init(format: OutputFormat = .table, color: Bool = false, accent: Int = 44) {
        self.format = format
        self.color = color
        self.accent = accent
    }
}

/// Renders an `Output` in the chosen format.
public enum Renderer {
    /// The text to write for `output` (ends with a newline unless empty).
    public static func render(_ output: Output, _ options: RenderOptions) -> String {
        switch options.format {
        case .table: TextRenderer(options: options).render(output)
        case .json: output.blocks.isEmpty ? "" : JSONWriter.write(JSONRenderer.document(output)) + "\n"
        case .csv: CSVRenderer.render(output)
        }
    }
}
