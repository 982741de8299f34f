/// What a METAR and a TAF both have, for the steps their decoders share.
protocol DecodedReport {
    var station: String { get set }
    var time: ReportTime? { get set }
    var remarks: [Remark] { get set }
    /// Every group, in order.
    var groups: [ReportGroup] { get set }
}

extension METAR: DecodedReport {}
extension TAF: DecodedReport {}

extension ReportTokens {
    /// The station and the issue time after the type words; a text without a station is not a
    /// `kind` ("METAR", "TAF") at all.
    mutating func stationAndTime<Report: DecodedReport>(into report: inout Report, kind: String) throws(METARDecoder.Failure) {
        guard let station = current, METARDecoder.isStation(station) else {
            throw METARDecoder.Failure(message: "not a \(kind): it names no station (a \(kind) starts with one, like LFPG or KSFO)")
        }
        report.station = station.text
        report.groups.append(ReportGroup(station.text, .station(station.text)))
        index += 1
        if let t = current, let time = METARDecoder.issueTime(t) {
            report.time = time
            report.groups.append(ReportGroup(t.text, .issued(time)))
            index += 1
        }
    }

    /// `RMK` (the current group) and every remark after it, to the end of the report.
    mutating func remarks<Report: DecodedReport>(into report: inout Report) {
        if let t = current { report.groups.append(ReportGroup(t.text, .remarksStart)) }
        index += 1
        let remarks = RemarkDecoding.all(&self)
        report.groups += remarks
        for case .remark(let r) in remarks.map(\.meaning) { report.remarks.append(r) }
    }
}
