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
