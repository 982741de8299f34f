/// The kinds of weather report skyshell reads.
public enum ReportKind: String, Sendable, Equatable, Codable {
    case metar, taf
}

/// One report's text as a file or a server gave it, with what the source says about it
/// besides the text: where it starts, its kind, and an instant near its time when the source
/// dates it (a report gives only the day of the month).
public struct ReportText: Sendable, Equatable {
    public var text: String
    /// The 1-based line it starts on (0 for a server's answer).
    public var line: Int
    /// METAR, SPECI or TAF as the source says (a bulletin's header, a JSON field); nil when
    /// only the text can tell.
    public var declaredKind: ReportKind?
    /// An instant near the report's own time, from the source (Unix seconds): a date line, a
    /// CSV or JSON time. Nil when the source gives none.
    public var dated: Double?
    /// The station's name and place, when a server's answer gives them.
    public var stationName: String?
    public var coordinate: Coordinate?
    public var elevation: Height?

    public init(text: String, line: Int, declaredKind: ReportKind? = nil, dated: Double? = nil) {
        self.text = text
        self.line = line
        self.declaredKind = declaredKind
        self.dated = dated
    }

    /// The kind: as declared, else a TAF when it says so or has a validity period where a
    /// TAF has it (`KJFK 061130Z 0612/0718 …`), else a METAR.
    public var kind: ReportKind {
        if let declaredKind { return declaredKind }
        var bytes = Array(text.utf8.prefix(40))
        for i in bytes.indices where bytes[i] >= 0x61 && bytes[i] <= 0x7A { bytes[i] -= 0x20 }
        let words = Array(bytes.split(separator: 0x20).prefix(3))
        if words.first?.equals("TAF") == true { return .taf }
        guard words.count == 3 else { return .metar }
        var validity = GroupScanner(words[2])
        return validity.digits(4) != nil && validity.take("/") && validity.digits(4) != nil && validity.atEnd ? .taf : .metar
    }
}
