/// Splits what a file or a server holds into report texts: one report per line, reports
/// ending with `=` over several lines, WMO bulletins (abbreviated headings, sequence numbers,
/// `NNNN`), NOAA station files (a `2026/12/06 10:51` line before each report, a TAF's lines
/// indented), the Aviation Weather Center's JSON (`rawOb`, `rawTAF`), and CSV with a `metar`
/// column (the Iowa Environmental Mesonet's ASOS download: `station,valid,metar`).
public enum ReportFile {
    /// Why a file cannot be read as reports.
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
    }

    /// The reports in `bytes`, in order.
    public static func reports(in bytes: [UInt8]) throws(Failure) -> [ReportText] {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x0A || bytes[start] == 0x0D || bytes[start] == 0x09 { start += 1 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "[") || bytes[start] == UInt8(ascii: "{") { return try json(bytes) }
        if let rows = try csv(bytes) { return rows }
        return lines(Array(bytes[start...]), firstLine: 1 + bytes[..<start].filter { $0 == 0x0A }.count)
    }

    /// Reports in plain text.
    public static func text(_ text: String, firstLine: Int = 1) -> [ReportText] { lines(Array(text.utf8), firstLine: firstLine) }

    /// Reports in the bytes of a text, read line by line as bytes (a report's text is made
    /// once, when it ends). A report ends at `=`; it also ends where another starts, whatever
    /// ended the one before: a line that starts with a station and its time group (or with
    /// `METAR`, `SPECI`, `TAF`), and, inside a line, a station and time group after a report's
    /// own (collections glue reports together: `… NOSIG EGLL 170520Z …`). In a file where no
    /// report ends with `=`, a line that does not continue a TAF (`FM…`, `TEMPO`, indented)
    /// starts a report too.
    static func lines(_ bytes: [UInt8], firstLine: Int) -> [ReportText] {
        var reports: [ReportText] = []
        let ended = bytes.contains(UInt8(ascii: "="))
        // The report being read: its words so far and its first line.
        var current: [ArraySlice<UInt8>] = []
        var currentLine = 0
        var kind: ReportKind?
        var dated: Double?
        var joined: [UInt8] = []
        func finish() {
            joined.removeAll(keepingCapacity: true)
            for word in current {
                if !joined.isEmpty { joined.append(0x20) }
                joined.append(contentsOf: word)
            }
            // A bulletin's `NIL=` alone stands for no report at all.
            if !joined.isEmpty, joined != Array("NIL".utf8) {
                reports.append(ReportText(text: String(decoding: joined, as: UTF8.self), line: currentLine, declaredKind: kind, dated: dated))
            }
            current.removeAll(keepingCapacity: true)
        }
        var words: [ArraySlice<UInt8>] = []
        var number = firstLine - 1
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            number += 1
            let line = bytes[start..<end]
            start = end + 1
            // Words: runs of bytes between spaces and control characters (SOH, ETX, the CR of CRLF).
            words.removeAll(keepingCapacity: true)
            var i = line.startIndex
            while i < line.endIndex {
                while i < line.endIndex, isSpace(line[i]) { i += 1 }
                let w = i
                while i < line.endIndex, !isSpace(line[i]) { i += 1 }
                if i > w { words.append(line[w..<i]) }
            }
            let indented = line.first.map(isSpace) ?? false
            let open = !current.isEmpty
            if words.isEmpty {
                if !ended { finish() }
                if end == bytes.count { break }
                continue
            }
            // A comment line (`#`): the fixtures' notes, a user's.
            if (!open || !ended), words[0].first == UInt8(ascii: "#") {
                finish()
                continue
            }
            if let date = dateLine(words) {
                finish()
                dated = date
                continue
            }
            if isHeading(words) || isSequenceNumber(words) || (words.count == 1 && words[0].equals("NNNN")) {
                finish()
                kind = nil
                continue
            }
            if let declared = typeLine(words) {
                finish()
                kind = declared
                continue
            }
            var rest = words[...]
            // `2019-03-04 METAR …` and Ogimet's `202001150950 METAR …`: a date before the report
            // (which starts one, ended or not).
            if let first = rest.first, let time = FlightDate(iso: first.text).map({ Double($0.daysSinceEpoch) * 86_400 + 43_200 }) ?? ogimetTime(first) {
                finish()
                dated = time
                rest = rest.dropFirst()
            }
            if !current.isEmpty, startsReport(rest, at: rest.startIndex, lineStart: true) || (!ended && !indented && !continues(rest.first)) {
                finish()
            }
            for j in rest.indices {
                let word = rest[j]
                // Another report's station and time after this one's own: it starts there, with
                // the `METAR`/`TAF AMD` words just before it.
                if j > rest.startIndex, startsReport(rest, at: j, lineStart: false), hasOwnStart(current) {
                    var carried: [ArraySlice<UInt8>] = []
                    while let last = current.last, isTypeWord(last) { carried.insert(current.removeLast(), at: 0) }
                    finish()
                    current = carried
                    currentLine = number
                }
                if current.isEmpty { currentLine = number }
                var piece = word
                var closes = false
                if let equals = word.firstIndex(of: UInt8(ascii: "=")) {
                    piece = word[..<equals]
                    closes = true
                }
                if !piece.isEmpty { current.append(piece) }
                if closes { finish() }
            }
            if end == bytes.count { break }
        }
        finish()
        return reports
    }

    /// Whether a report starts at `words[j]`: a station (`EGLL`) and a time group (`170520Z`),
    /// after `METAR`, `SPECI`, `TAF` and `AMD`/`COR` words if any; at a line's start, one of
    /// those words alone is enough (`TAF YSSY 0600/0706`, a TAF with no issue time).
    static func startsReport(_ words: ArraySlice<ArraySlice<UInt8>>, at j: Int, lineStart: Bool) -> Bool {
        var k = j
        while k < words.endIndex, isTypeWord(words[k]) {
            if lineStart, !words[k].equals("AMD"), !words[k].equals("COR") { return true }
            k += 1
        }
        return k + 1 < words.endIndex && METARDecoder.isStation(words[k]) && METARDecoder.issueTime(words[k + 1]) != nil
    }

    /// Whether the words of a report so far hold its own station and time (a report, not only
    /// the `METAR` word before one).
    static func hasOwnStart(_ words: [ArraySlice<UInt8>]) -> Bool {
        words.contains { !isTypeWord($0) }
    }

    static func isTypeWord(_ w: ArraySlice<UInt8>) -> Bool {
        w.equals("METAR") || w.equals("SPECI") || w.equals("TAF") || w.equals("AMD") || w.equals("COR")
    }

    /// `202001150950`: the year, month, day, hour and minute Ogimet writes before each report.
    static func ogimetTime(_ w: ArraySlice<UInt8>) -> Double? {
        guard w.count == 12 else { return nil }
        var s = GroupScanner(w)
        guard let y = s.digits(4), let m = s.digits(2), let d = s.digits(2), let hour = s.digits(2), let minute = s.digits(2), s.atEnd,
            hour < 24, minute < 60, let day = FlightDate(year: y, month: m, day: d)
        else { return nil }
        return seconds(day, hour, minute)
    }

    /// Unix seconds of a day's hour and minute, UTC.
    static func seconds(_ day: FlightDate, _ hour: Int, _ minute: Int) -> Double {
        Double(day.daysSinceEpoch) * 86_400 + Double(hour * 3600 + minute * 60)
    }

    static func isSpace(_ b: UInt8) -> Bool { b <= 0x20 || b == 0x7F }

    /// `2026/12/06 10:51`: the date line before each report of a NOAA station file.
    static func dateLine(_ words: [ArraySlice<UInt8>]) -> Double? {
        guard words.count == 2 else { return nil }
        var s = GroupScanner(words[0]), t = GroupScanner(words[1])
        guard let y = s.digits(4), s.take("/"), let m = s.digits(2), s.take("/"), let d = s.digits(2), s.atEnd,
            let hour = t.digits(2), t.take(":"), let minute = t.digits(2), t.atEnd, hour < 24, minute < 60,
            let day = FlightDate(year: y, month: m, day: d)
        else { return nil }
        return seconds(day, hour, minute)
    }

    /// `SAUK31 EGGY 061120` (and `RRA`, `CCA`, `AAB` after it): a WMO abbreviated heading.
    static func isHeading(_ words: [ArraySlice<UInt8>]) -> Bool {
        guard words.count == 3 || words.count == 4 else { return false }
        let t = words[0], c = words[1], d = words[2]
        func letters(_ b: ArraySlice<UInt8>) -> Bool { b.allSatisfy { $0 >= 0x41 && $0 <= 0x5A } }
        func digits(_ b: ArraySlice<UInt8>) -> Bool { b.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        return t.count == 6 && letters(t.prefix(4)) && digits(t.dropFirst(4)) && c.count == 4 && letters(c) && d.count == 6 && digits(d)
            && (words.count == 3 || (words[3].count == 3 && letters(words[3])))
    }

    /// `833`: a bulletin's sequence number.
    static func isSequenceNumber(_ words: [ArraySlice<UInt8>]) -> Bool {
        words.count == 1 && words[0].count <= 5 && words[0].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// `METAR`, `SPECI`, `TAF`, `TAF AMD` alone on a line: the type of the bulletin's reports.
    static func typeLine(_ words: [ArraySlice<UInt8>]) -> ReportKind? {
        if words.count == 1, words[0].equals("METAR") || words[0].equals("SPECI") { return .metar }
        if words.first?.equals("TAF") == true, words.count == 1 || (words.count == 2 && (words[1].equals("AMD") || words[1].equals("COR"))) {
            return .taf
        }
        return nil
    }

    /// Whether a line starting with `word` continues a TAF written over several lines
    /// (`FM061800`, `TEMPO`, `BECMG`, `PROB30`, `INTER`, `RMK`).
    static func continues(_ word: ArraySlice<UInt8>?) -> Bool {
        guard let word else { return false }
        if word.count == 8, word.prefix(2).equals("FM") { return true }
        return word.equals("TEMPO") || word.equals("BECMG") || word.equals("INTER") || word.equals("PROB30") || word.equals("PROB40") || word.equals("RMK")
    }

    /// The Aviation Weather Center's JSON: a list of objects with `rawOb` (METAR, with
    /// `obsTime` in Unix seconds) or `rawTAF` (with `issueTime`), `name`, `lat`, `lon`, `elev`.
    static func json(_ bytes: [UInt8]) throws(Failure) -> [ReportText] {
        let document: Datum
        do { document = try JSONParser.parse(bytes) } catch { throw Failure(message: "not JSON: \(error)") }
        guard let items = document.list ?? document["data"]?.list else {
            throw Failure(message: "the JSON is not a list of reports (the Aviation Weather Center's form)")
        }
        var reports: [ReportText] = []
        for item in items {
            let (text, kind): (String?, ReportKind) =
                if let raw = item["rawOb"]?.string { (raw, .metar) } else if let raw = item["rawTAF"]?.string { (raw, .taf) } else { (nil, .metar) }
            guard let text else { continue }
            var report = ReportText(
                text: text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" }).joined(separator: " "), line: 0, declaredKind: kind)
            report.dated =
                UnixTime.checked(item["obsTime"]?.double) ?? item["issueTime"]?.string.flatMap(isoTime) ?? item["reportTime"]?.string.flatMap(isoTime)
                ?? UnixTime.checked(item["validTimeFrom"]?.double)
            report.stationName = item["name"]?.string
            if let lat = item["lat"]?.double, let lon = item["lon"]?.double { report.coordinate = Coordinate(latitude: lat, longitude: lon) }
            if let elev = item["elev"]?.double, elev.isFinite, (-500...9_000).contains(elev) { report.elevation = Height(meters: elev) }
            reports.append(report)
        }
        return reports
    }

    /// `2023-10-27 15:30:00`, `2023-10-27T15:30:00.000Z`.
    static func isoTime(_ text: String) -> Double? {
        var t = text.replacingAll(" ", with: "T")
        if let dot = t.firstIndex(of: ".") { t = String(t[..<dot]) + (t.hasSuffix("Z") ? "Z" : "") }
        return CivilTime.parse(t)
    }

    /// CSV whose header names a `metar` column (and perhaps `valid`, the time): nil when the
    /// first line is not such a header.
    static func csv(_ bytes: [UInt8]) throws(Failure) -> [ReportText]? {
        let firstLine = bytes.prefix { $0 != 0x0A }
        let header = String(decoding: firstLine, as: UTF8.self).lowercased().split(separator: ",").map { $0.trimmingWhitespace() }
        guard let column = header.firstIndex(of: "metar") else { return nil }
        let timeColumn = header.firstIndex(of: "valid") ?? header.firstIndex(of: "time")
        var reader = CSVReader(bytes)
        var reports: [ReportText] = []
        do {
            _ = try reader.next()
            while let row = try reader.next() {
                guard row.count > column else { continue }
                let text = row[column].trimmingWhitespace()
                guard !text.isEmpty, text != "M" else { continue }
                var report = ReportText(text: text, line: reader.line, declaredKind: text.hasPrefix("TAF ") ? .taf : .metar)
                if let timeColumn, row.count > timeColumn { report.dated = isoTime(row[timeColumn].trimmingWhitespace()) }
                reports.append(report)
            }
        } catch {
            throw Failure(message: "line \(error.line): \(error.message)")
        }
        return reports
    }
}
