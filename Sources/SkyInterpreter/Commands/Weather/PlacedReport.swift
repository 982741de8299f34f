import SkyKit

/// A decoded report with where it came from and when it was made. A report gives only the
/// day of the month: the source's date places it exactly (a server, a date line, a CSV time);
/// without one its month is taken to be the one that puts it nearest now, and `dated` is false
/// so what is shown says so.
struct PlacedReport<Report: Sendable>: Sendable {
    var report: Report
    var text: ReportText
    /// Unix seconds of the observation or issue; nil when the report gives no time.
    var time: Double?
    var dated: Bool
    /// "aviationweather.gov", "decoded", or a file's name.
    var source: String

    init(_ report: Report, text: ReportText, time: ReportTime?, now: Double, source: String) {
        self.report = report
        self.text = text
        self.source = source
        if let dated = text.dated {
            self.time = time?.instant(near: dated) ?? dated
            self.dated = true
        } else {
            self.time = time?.instant(near: now)
            self.dated = false
        }
    }

    /// The reference that places the report's other days of the month (a TAF's periods).
    var reference: Double? { time ?? text.dated }
}

typealias PlacedMETAR = PlacedReport<METAR>
typealias PlacedTAF = PlacedReport<TAF>

/// A report `PlacedReport` decodes and places: a METAR or a TAF.
protocol WeatherReport: Sendable {
    static var kind: ReportKind { get }
    static func decode(_ text: String) throws(METARDecoder.Failure) -> Self
    /// The time that places it: a METAR's observation; a TAF's issue, else its validity's start.
    var placingTime: ReportTime? { get }
}

extension METAR: WeatherReport {
    static var kind: ReportKind { .metar }
    static func decode(_ text: String) throws(METARDecoder.Failure) -> METAR { try METARDecoder.decode(text) }
    var placingTime: ReportTime? { time }
}

extension TAF: WeatherReport {
    static var kind: ReportKind { .taf }
    static func decode(_ text: String) throws(METARDecoder.Failure) -> TAF { try TAFDecoder.decode(text) }
    var placingTime: ReportTime? { time ?? validity?.from }
}

extension PlacedReport where Report: WeatherReport {
    /// A report's text decoded and placed.
    init(decoding text: ReportText, now: Double, source: String) throws(METARDecoder.Failure) {
        let report = try Report.decode(text.text)
        self.init(report, text: text, time: report.placingTime, now: now, source: source)
    }

    /// A report given as a command's text (its month, not given, taken to be the one nearest now).
    static func given(_ text: String, _ context: CommandContext) throws(ShellError) -> Self {
        do throws(METARDecoder.Failure) {
            return try Self(decoding: ReportText(text: text, line: 0), now: context.weather.now, source: "decoded from the text given")
        } catch {
            throw ShellError.data(error.message)
        }
    }
}
