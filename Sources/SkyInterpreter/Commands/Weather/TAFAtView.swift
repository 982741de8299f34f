import SkyKit

/// `taf … at TIME`: what a forecast expects at one time — the prevailing conditions, a change
/// under way, the fluctuations then, and the worst of them with its flight category.
enum TAFAtView {
    static let at = Option("at", .askedTime, "what the forecast expects at a time: 18:30 (UTC, the next within the validity), an ISO time, +2h")

    /// The instant `asked` means for a forecast: a clock time is the next one within its
    /// validity (from now while it is in force); an error when the time falls outside it.
    static func instant(_ asked: AskedTime, _ placed: PlacedTAF, _ context: CommandContext) throws -> Double {
        let t = placed.report
        guard let reference = placed.reference, let validity = t.validity, t.timeline(near: reference) != nil else {
            throw ShellError.data("the TAF of \(t.station) has no validity that can be placed: no conditions at a time")
        }
        switch asked {
        case .clock(let seconds):
            let after = placed.dated ? context.weather.now : -Double.infinity
            guard let instant = t.next(clock: seconds, after: after, near: reference) else {
                let clock = ReportTime(day: 1, hour: Int(seconds / 3600), minute: Int(seconds / 60) % 60).clock
                throw ShellError.usage("\(clock) UTC does not come again within the validity of \(t.station)'s TAF (\(validity.text))")
            }
            return instant
        case .instant(let instant):
            guard t.inForce(at: instant, near: reference) != nil else {
                throw ShellError.usage("\(TimeText.utc(instant)) is not within the validity of \(t.station)'s TAF (\(validity.text))")
            }
            return instant
        }
    }

    /// One forecast at one time: a card of the category then and the worst expected, and the
    /// periods that hold then.
    static func output(_ placed: PlacedTAF, _ asked: AskedTime, _ context: CommandContext) throws -> Output {
        let t = placed.report
        let instant = try instant(asked, placed, context)
        guard let reference = placed.reference, let state = t.inForce(at: instant, near: reference) else {
            throw ShellError.data("the TAF of \(t.station) has no conditions at \(TimeText.utc(instant))")
        }
        let (title, issued) = METARView.heading("TAF", t.station, placed, time: t.time, label: "issued", context)
        var at = timeCell(instant, placed)
        let c = CivilTime(instant)
        at.text = ReportTime(day: c.date.day, hour: c.hour, minute: c.minute).text
        var fields = [Field("at", "at", at, kind: placed.dated ? .instant : .text), issued]
        fields.append(Field("flight_category", "prevailing", categoryCell(state.prevailing)))
        if let becoming = state.becoming { fields.append(Field("becoming", "becoming", categoryCell(becoming))) }
        if let worst = state.worst {
            var cell = METARView.categoryCell(worst.conditions)
            let change = worst.change.phrases.joined(separator: "; ")
            cell.text +=
                worst == state.prevailing
                ? " (the prevailing conditions: nothing worse is expected then)" : " (" + TAFView.kindWords(worst) + ": " + change + ")"
            fields.append(Field("worst", "worst", cell))
        }
        fields.append(Field("raw", "report", Cell(placed.text.text, style: .dim)))
        var output = Output.card(Card(title: title, fields: fields))
        var table = TAFView.periodTable(state.candidates, placed, now: nil)
        table.key = "in_force"
        table.title = "In force at " + TAFView.dayClock(instant) + " UTC"
        output.append(.table(table))
        if !placed.dated { output.append(.note("the report gives days of the month only: which month is not known")) }
        return output
    }

    /// Several forecasts at one time: each station's category then and the worst expected.
    static func table(_ list: [PlacedTAF], _ asked: AskedTime, _ context: CommandContext) throws -> Output {
        var table = Table(
            key: "tafs_at",
            columns: [
                Column("station", "Station"), Column("at", "At (UTC)", kind: list.allSatisfy(\.dated) ? .instant : .text),
                Column("flight_category", "Prevailing"),
                Column("worst", "Worst"), Column("worst_kind", "Worst as"), Column("raw", "", dataOnly: true),
            ])
        var notes: [String] = []
        for placed in list {
            let instant: Double, state: ForecastInForce
            do {
                instant = try self.instant(asked, placed, context)
                guard let reference = placed.reference, let s = placed.report.inForce(at: instant, near: reference) else { continue }
                state = s
            } catch {
                notes.append("\(placed.report.station): \(error)")
                continue
            }
            let worst = state.worst
            table.rows.append([
                Cell(placed.report.station), timeCell(instant, placed), METARView.categoryCell(state.prevailing.conditions),
                worst.map { METARView.categoryCell($0.conditions) } ?? Cell(.null, text: "—"),
                worst.map { Cell(TAFView.kindWords($0)) } ?? Cell(.null, text: "—"), Cell(placed.text.text),
            ])
        }
        var output = Output.table(table)
        for note in notes { output.append(.note(note)) }
        return output
    }

    static func timeCell(_ instant: Double, _ placed: PlacedTAF) -> Cell {
        Cell(placed.dated ? TimeText.isoDatum(instant) : .string(TAFView.dayClock(instant)), text: TAFView.dayClock(instant))
    }

    static func categoryCell(_ period: ForecastPeriod) -> Cell {
        var cell = METARView.categoryCell(period.conditions)
        let phrases = period.conditions.phrases
        if !phrases.isEmpty { cell.text += " — " + phrases.joined(separator: "; ") }
        return cell
    }
}
