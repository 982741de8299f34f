import SkyKit

/// A TAF as a card and a timeline of its periods with their flight categories.
enum TAFView {
    /// "06 12:00" (the day of the month and the UTC clock of an instant).
    static func dayClock(_ t: Double) -> String {
        let c = CivilTime(t)
        return (c.date.day < 10 ? "0" : "") + "\(c.date.day) " + ReportTime(day: c.date.day, hour: c.hour, minute: c.minute).clock
    }

    static func kindWords(_ p: ForecastPeriod) -> String {
        switch p.kind {
        case .prevailing: "prevailing"
        case .becoming: "becoming"
        case .temporary: p.probability.map { "\($0)% temporarily" } ?? "temporarily"
        case .intermittent: "intermittently"
        case .probable: "\(p.probability ?? 0)% chance"
        }
    }

    static func output(_ placed: PlacedTAF, _ context: CommandContext) -> Output {
        let t = placed.report, now = context.weather.now
        var (title, issued) = METARView.heading("TAF", t.station, placed, time: t.time, label: "issued", context)
        if t.isAmended { title += " (amended)" }
        var fields = [issued]
        if let v = t.validity { fields.append(Field("valid", "valid", Cell(v.text))) }
        if t.isMissing { fields.append(Field("missing", "missing", Cell("the forecast is missing (NIL)", style: .warning))) }
        if t.isCancelled { fields.append(Field("cancelled", "cancelled", Cell("the forecast is cancelled (CNL)", style: .warning))) }
        for temperature in t.temperatures {
            fields.append(
                Field(
                    temperature.maximum ? "maximum" : "minimum", temperature.maximum ? "highest" : "lowest",
                    Cell("\(temperature.celsius) °C on " + temperature.at.text)))
        }
        if !t.remarks.isEmpty { fields.append(Field("remarks", "remarks", Cell(t.remarks.map(\.words).joined(separator: "; ")))) }
        if !t.notDecoded.isEmpty { fields.append(Field("not_decoded", "not decoded", Cell(t.notDecoded.joined(separator: " "), style: .warning))) }
        fields.append(Field("raw", "report", Cell(placed.text.text, style: .dim)))
        fields.append(Field("source", "source", Cell(placed.source)))
        var output = Output.card(Card(title: title, fields: fields))
        let periods = placed.reference.flatMap { t.timeline(near: $0) }
        output.append(.data("decoded", WeatherData.taf(placed, periods: periods)))
        guard let periods, !periods.isEmpty else {
            if !t.isMissing && !t.isCancelled { output.append(.note("no timeline: the validity period is missing or cannot be placed")) }
            return output
        }
        output.append(.table(periodTable(periods, placed, now: now)))
        if let reference = placed.reference, let validity = t.validity {
            for change in t.changesOutsideValidity(near: reference) {
                output.append(.note(outsideWords(change, validity)))
            }
        }
        if !placed.dated { output.append(.note("the report gives days of the month only: which month is not known")) }
        return output
    }

    /// The periods of a timeline as a table, each with its flight category; the prevailing one
    /// in force `now` (when given) is marked.
    static func periodTable(_ periods: [ForecastPeriod], _ placed: PlacedTAF, now: Double?) -> Table {
        let time: ColumnKind = placed.dated ? .instant : .text
        var table = Table(
            key: "periods", title: "Timeline (UTC, day of the month and time)",
            columns: [
                Column("from", "From", kind: time), Column("to", "To", kind: time), Column("kind", "Change"), Column("flight_category", "Cat"),
                Column("conditions", "Conditions"),
            ])
        for p in periods {
            let phrases = (p.kind == .prevailing ? p.conditions : p.change).phrases
            let isNow = placed.dated && p.kind == .prevailing && now.map { p.from <= $0 && $0 < p.to } == true
            table.rows.append([
                Cell(placed.dated ? TimeText.isoDatum(p.from) : .string(dayClock(p.from)), text: dayClock(p.from) + (isNow ? " ◀ now" : "")),
                Cell(placed.dated ? TimeText.isoDatum(p.to) : .string(dayClock(p.to)), text: dayClock(p.to)), Cell(kindWords(p)),
                METARView.categoryCell(p.conditions),
                Cell(phrases.isEmpty ? "as before" : phrases.joined(separator: "; ")),
            ])
        }
        return table
    }

    /// "TEMPO day 20 12:00 to day 20 15:00 is outside the validity (…): cut to it, or left out".
    static func outsideWords(_ change: Forecast, _ validity: ReportPeriod) -> String {
        let name = WeatherData.changeName(change.kind)
        let when: String =
            switch change.kind {
            case .from(let t): t.text
            default: change.period?.text ?? ""
            }
        return "\(name) \(when) is not within the validity (\(validity.text)): the timeline shows only what falls within it"
    }

    /// The table of several stations' TAFs: the category now and the worst expected.
    static func table(_ list: [PlacedTAF], _ context: CommandContext) -> Table {
        var table = Table(
            key: "tafs",
            columns: [
                Column("station", "Station"), Column("issued", "Issued"), Column("valid", "Valid"), Column("now", "Now"),
                Column("worst", "Worst"), Column("worst_from", "Worst from"), Column("periods", "Periods", .right), Column("raw", "", dataOnly: true),
            ])
        let now = context.weather.now
        for placed in list {
            let t = placed.report
            let periods = placed.reference.flatMap { t.timeline(near: $0) } ?? []
            let current = placed.dated ? periods.first { $0.kind == .prevailing && $0.from <= now && now < $0.to } : nil
            // The worst still ahead of a current forecast; of one that has ended (or whose month
            // is not known), the worst of all its periods.
            let running = placed.dated && (periods.last?.to ?? 0) > now
            let worst = periods.filter { !running || $0.to > now }.compactMap { p in p.category.map { (p, $0) } }.min { $0.1 < $1.1 }
            let w = METARView.when(t.time, at: placed.time, dated: placed.dated, now: now)
            table.rows.append([
                Cell(t.station), Cell(w.datum, text: w.short), Cell(t.validity.map(\.text) ?? "—"),
                current.map { METARView.categoryCell($0.conditions) } ?? Cell(.null, text: "—"),
                worst.map { Cell(.string($0.1.rawValue), text: $0.1.rawValue, style: METARView.categoryStyle($0.1)) } ?? Cell(.null, text: "—"),
                worst.map { Cell(placed.dated ? TimeText.isoDatum($0.0.from) : .string(dayClock($0.0.from)), text: dayClock($0.0.from)) }
                    ?? Cell(.null, text: "—"),
                Cell(.int(periods.count)), Cell(placed.text.text),
            ])
        }
        return table
    }
}
