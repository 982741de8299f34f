import SkyKit

/// A METAR as a card in plain words, a row of a table of stations, and typed data.
enum METARView {
    /// A report's time as a card says it ("2026-12-06 10:30 UTC (25 min ago)"; "day 6 10:30 UTC
    /// (the report gives no month)"), as a table says it ("2026-12-06 10:30", "day 6 10:30"),
    /// as data, and whether it is over three hours old.
    struct When {
        var text: String, short: String
        var datum: Datum
        var old: Bool
    }

    static func when(_ time: ReportTime?, at instant: Double?, dated: Bool, now: Double) -> When {
        guard let time else { return When(text: "not given", short: "—", datum: .null, old: false) }
        guard dated, let instant, UnixTime.checked(instant) != nil else {
            let short = "day \(time.day) " + time.clock
            return When(text: short + " UTC (the report gives no month)", short: short, datum: .null, old: false)
        }
        let age = now - instant
        let short = String(CivilTime(instant).text.prefix(16))
        let ago =
            age < -60
            ? "in \(TimeText.span(-age))" : (age >= 2 * 86_400 ? Format.grouped((age / 86_400).rounded(.down)) + " days" : TimeText.span(age)) + " ago"
        return When(text: short + " UTC (\(ago))", short: short, datum: TimeText.isoDatum(instant), old: age > 3 * 3600)
    }

    static func categoryStyle(_ c: FlightCategory?) -> Style {
        switch c {
        case .vfr?: .good
        case .mvfr?: .accent
        case .ifr?: .warning
        case .lifr?: .bad
        case nil: .plain
        }
    }

    static func categoryCell(_ conditions: Conditions) -> Cell {
        let c = FlightCategory.of(conditions)
        return Cell(.optional(c?.rawValue), text: c?.rawValue ?? "?", style: categoryStyle(c))
    }

    /// A pressure in the unit the session reads it in: as the report gave it (inHg for an A
    /// group, hPa for a Q group) with aviation units, inHg with imperial, hPa with metric.
    static func pressure(_ p: Pressure, _ units: UnitSystem) -> String {
        switch units {
        case .metric: Format.fixed(p.hectopascals, 0) + " hPa"
        case .imperial: Format.fixed(p.inches, 2) + " inHg"
        case .aviation: p.inInches ? Format.fixed(p.inches, 2) + " inHg" : Format.fixed(p.hectopascals, 0) + " hPa"
        }
    }

    static func hpa(_ p: Pressure) -> String {
        p.inInches
            ? Format.fixed(p.inches, 2) + " inHg (" + Format.fixed(p.hectopascals, 0) + " hPa)"
            : "QNH " + Format.fixed(p.hectopascals, 0) + " hPa (" + Format.fixed(p.inches, 2) + " inHg)"
    }

    /// A card's title ("METAR LFPG — Charles de Gaulle International Airport") and its time
    /// field, the first of the card.
    static func heading<Report>(
        _ kind: String, _ station: String, _ placed: PlacedReport<Report>, time: ReportTime?, label: String, _ context: CommandContext
    ) -> (title: String, time: Field) {
        let name = context.weather.place(of: station, placed.text)?.name
        let w = when(time, at: placed.time, dated: placed.dated, now: context.weather.now)
        return ("\(kind) \(station)" + (name.map { " — \($0)" } ?? ""), Field(label, label, Cell(w.datum, text: w.text, style: w.old ? .warning : .plain)))
    }

    /// The card of one METAR, the runway winds after it when the catalog knows the runways.
    static func card(_ placed: PlacedMETAR, _ context: CommandContext) -> Output {
        let m = placed.report
        let place = context.weather.place(of: m.station, placed.text)
        var (title, observed) = heading(m.type, m.station, placed, time: m.time, label: "observed", context)
        if m.isMissing { title += " (missing: NIL)" }
        var fields = [observed]
        var kinds: [String] = []
        if m.isAutomatic { kinds.append("automatic station") }
        if m.isCorrection { kinds.append("a correction") }
        if !kinds.isEmpty { fields.append(Field("report", "report", Cell(kinds.joined(separator: ", ")))) }
        let category = FlightCategory.of(m.conditions)
        fields.append(
            Field(
                "flight_category", "category",
                Cell(
                    .optional(category?.rawValue), text: (category?.rawValue ?? "unknown") + " — " + FlightCategory.reason(m.conditions),
                    style: categoryStyle(category))))
        if let w = m.conditions.wind {
            fields.append(Field("wind", "wind", Cell(w.words)))
        } else if m.windNotReported {
            fields.append(Field("wind", "wind", Cell("not reported by the automatic station")))
        }
        if m.conditions.cavok {
            fields.append(Field("visibility", "visibility", Cell("CAVOK: 10 km or more, no cloud below 5,000 ft, no significant weather")))
        } else if let v = m.conditions.visibility {
            fields.append(Field("visibility", "visibility", Cell(v.words)))
        }
        if let d = m.conditions.minimumVisibility {
            fields.append(Field("lowest_visibility", "lowest", Cell(d.visibility.words + (d.direction.map { " towards " + $0 } ?? ""))))
        }
        for r in m.runwayVisualRanges {
            fields.append(Field("rvr", "RVR", Cell(ReportGroup.Meaning.runwayVisualRange(r).words.replacingAll("runway visual range on ", with: "runway "))))
        }
        if !m.conditions.weather.isEmpty { fields.append(Field("weather", "weather", Cell(m.conditions.weather.map(\.words).joined(separator: "; ")))) }
        var sky = m.conditions.clouds.map(\.words)
        if let clear = m.conditions.skyClear { sky.insert(clear.words, at: 0) }
        if !sky.isEmpty { fields.append(Field("clouds", "clouds", Cell(sky.joined(separator: "; ")))) }
        if let c = m.conditions.ceiling {
            fields.append(Field("ceiling_ft", "ceiling", Cell(.int(Int(c.feet.rounded())), text: Format.grouped(c.feet) + " ft"), kind: .height(.feet)))
        }
        if let t = m.temperature {
            var text = Format.trimmed(t, maxDecimals: 1) + " °C"
            if let d = m.dewPoint { text += ", dew point " + Format.trimmed(d, maxDecimals: 1) + " °C" }
            if let rh = m.relativeHumidity { text += ", humidity " + Format.fixed(rh, 0) + "%" }
            fields.append(Field("temperature", "temperature", Cell(text)))
        }
        if let p = m.pressure {
            fields.append(Field("pressure", "pressure", Cell(hpa(p))))
        } else if let digits = m.pressureWithoutLetter {
            fields.append(Field("pressure", "pressure", Cell("\(digits) without its letter: most likely \(digits) hPa, not used", style: .warning)))
        }
        if let p = m.pressure, let t = m.temperature, let elevation = place?.elevation {
            let da = Atmosphere.densityAltitude(elevation: elevation, qnh: p, temperature: t, dewPoint: m.dewPoint)
            let pa = Atmosphere.pressureAltitude(elevation: elevation, qnh: p)
            fields.append(
                Field(
                    "density_altitude_ft", "density altitude",
                    Cell(
                        .int(Int(da.feet.rounded())),
                        text: Format.grouped(da.feet) + " ft (field " + Format.grouped(elevation.feet) + " ft, pressure altitude " + Format.grouped(pa.feet)
                            + " ft)"), kind: .height(.feet)))
        }
        if !m.recentWeather.isEmpty { fields.append(Field("recent", "recent", Cell(m.recentWeather.map(\.words).joined(separator: "; ")))) }
        let shear = m.conditions.windShear.map(\.words)
        if !shear.isEmpty { fields.append(Field("wind_shear", "wind shear", Cell(shear.joined(separator: "; ")))) }
        for s in m.runwayStates { fields.append(Field("runway_state", "runway", Cell(s.words))) }
        if let colour = m.conditions.colourState { fields.append(Field("colour_state", "colour state", Cell(ReportGroup.Meaning.colourStateWords(colour)))) }
        if let sea = m.seaState { fields.append(Field("sea", "sea", Cell(ReportGroup.Meaning.seaState(sea).words))) }
        for trend in m.trends { fields.append(Field("trend", "trend", Cell(trendWords(trend)))) }
        if !m.remarks.isEmpty { fields.append(Field("remarks", "remarks", Cell(m.remarks.map(\.words).joined(separator: "; ")))) }
        if !m.notDecoded.isEmpty { fields.append(Field("not_decoded", "not decoded", Cell(m.notDecoded.joined(separator: " "), style: .warning))) }
        fields.append(Field("raw", "report", Cell(placed.text.text, style: .dim)))
        fields.append(Field("source", "source", Cell(placed.source)))
        var card = Card(title: title, fields: fields)
        card.key = nil
        var output = Output.card(card)
        output.append(.data("decoded", WeatherData.metar(placed)))
        if let table = runwayWinds(m, context) {
            output.append(.table(table.table))
            if let note = table.note { output.append(.note(note)) }
        }
        if !placed.dated, m.time != nil {
            output.append(.note("the report gives the day of the month only: its age is not known"))
        }
        return output
    }

    /// "temporarily from 11:00: visibility 3,000 m; rain"
    static func trendWords(_ f: Forecast) -> String {
        var head: String
        switch f.kind {
        case .noSignificantChange: return "no significant change expected in the next two hours"
        case .becoming: head = "becoming"
        case .temporary: head = "temporarily"
        case .intermittent: head = "intermittently"
        // A METAR's FM trend (`FM0030`) gives only the clock, in its times.
        case .from: head = f.times.isEmpty ? "from" : ""
        case .probability(let p): head = "\(p)% probability"
        }
        for t in f.times {
            head +=
                (head.isEmpty ? "" : " ") + (t.label == "FM" ? "from" : t.label == "TL" ? "until" : "at") + " "
                + ReportTime(day: 1, hour: t.hour, minute: t.minute).clock
        }
        let phrases = f.conditions.phrases
        return head + (phrases.isEmpty ? "" : ": " + phrases.joined(separator: "; "))
    }

    /// The wind on each runway end of the station's airport, the favoured ones marked.
    static func runwayWinds(_ m: METAR, _ context: CommandContext) -> (table: Table, note: String?)? {
        guard let wind = m.conditions.wind, let airport = context.catalog.airport(icao: m.station) else { return nil }
        let runways = context.catalog.runways(of: airport)
        guard !runways.isEmpty else { return nil }
        let rw = RunwayWind(wind, runways: runways)
        let favoured = Set(rw.favoured.map(\.designator))
        var table = Table(
            key: "runway_winds", title: "Wind on the runways of \(airport.icao)",
            columns: [
                Column("runway", "Runway"), Column("heading_deg", "Heading", .right, kind: .angle),
                Column("headwind_kt", "Headwind", .right, kind: .speed(.knots)),
                Column("crosswind_kt", "Crosswind", .right, kind: .speed(.knots)), Column("gust_headwind_kt", "Gust head", .right, kind: .speed(.knots)),
                Column("gust_crosswind_kt", "Gust cross", .right, kind: .speed(.knots)),
                Column("favoured", "Favoured"),
            ])
        /// A headwind, or a tailwind said as one.
        func head(_ s: Speed?) -> Cell {
            guard let s else { return Cell(.null, text: "—") }
            if s.metersPerSecond < -0.05 { return Cell(Datum.rounded(s.knots, 1), text: Format.fixed(-s.knots, 0) + " kt tail", style: .warning) }
            return Cell(Datum.rounded(s.knots, 1), text: Format.fixed(max(0, s.knots), 0) + " kt")
        }
        func cross(_ s: Speed?) -> Cell {
            guard let s else { return Cell(.null, text: "—") }
            let side = s.metersPerSecond > 0.05 ? " from the right" : s.metersPerSecond < -0.05 ? " from the left" : ""
            return Cell(Datum.rounded(s.knots, 1), text: Format.fixed(abs(s.knots), 0) + " kt" + side)
        }
        let limits = RunwayLimits(context)
        if limits.isSet { table.columns.append(Column("over_limits", "Limits")) }
        var over: [String] = []
        for end in rw.ends {
            var row = [
                Cell(end.designator), Cell(Datum.rounded(end.heading.degrees, 1), text: Format.degrees(end.heading)), head(end.headwind), cross(end.crosswind),
                head(end.gustHeadwind), cross(end.gustCrosswind),
                Cell(.bool(favoured.contains(end.designator)), text: favoured.contains(end.designator) ? "yes" : ""),
            ]
            if limits.isSet {
                let broken = limits.broken(end)
                if !broken.isEmpty { over.append(end.designator) }
                row.append(Cell(.optional(broken.isEmpty ? nil : broken.joined(separator: ", ")), text: broken.joined(separator: ", "), style: .warning))
            }
            table.rows.append(row)
        }
        var note: String?
        if wind.isCalm {
            note = "calm: no runway is favoured"
        } else if wind.isVariable {
            note = "the wind is variable in direction: any runway may have it as a tailwind, up to \(Format.fixed((wind.gust ?? wind.speed).knots, 0)) kt"
        } else if rw.favoured.isEmpty {
            note = "under \(Format.fixed(RunwayWind.lightWind.knots, 0)) kt the wind favours no runway"
        } else {
            note = "favoured: " + rw.favoured.map(\.designator).sorted().joined(separator: ", ") + " (the most headwind)"
        }
        if limits.isSet {
            let said =
                over.isEmpty ? "every runway is within the limits (\(limits.words))" : "over the limits (\(limits.words)): " + over.joined(separator: ", ")
            note = note.map { $0 + "; " + said } ?? said
        }
        return (table, note)
    }

    /// The table of several stations' METARs (or a file's).
    static func table(_ list: [PlacedMETAR], _ context: CommandContext, title: String? = nil) -> Table {
        var table = Table(
            key: "metars", title: title,
            columns: [
                Column("station", "Station"), Column("time", "Time", kind: .instant), Column("flight_category", "Cat"), Column("wind", "Wind"),
                Column("visibility", "Visibility"), Column("weather", "Weather"), Column("ceiling_ft", "Ceiling", .right, kind: .height(.feet)),
                Column("temperature_c", "Temp", .right), Column("dew_point_c", "Dew", .right), Column("qnh_hpa", "QNH", .right),
                Column("wind_dir_deg", "", dataOnly: true, kind: .angle), Column("wind_kt", "", dataOnly: true, kind: .speed(.knots)),
                Column("gust_kt", "", dataOnly: true, kind: .speed(.knots)),
                Column("visibility_m", "", dataOnly: true, kind: .length(.meters)), Column("raw", "", dataOnly: true),
            ])
        let now = context.weather.now
        for placed in list {
            let m = placed.report
            let wind = m.conditions.wind
            let w = when(m.time, at: placed.time, dated: placed.dated, now: now)
            table.rows.append([
                Cell(m.station), Cell(w.datum, text: w.short, style: w.old ? .warning : .plain), categoryCell(m.conditions),
                Cell(.optional(wind.map(shortWind)), text: wind.map(shortWind) ?? "—"),
                Cell(
                    .optional(m.conditions.cavok ? "CAVOK" : m.conditions.visibility?.words),
                    text: m.conditions.cavok ? "CAVOK" : m.conditions.visibility?.words ?? "—"),
                Cell(.string(m.conditions.weather.map(\.code).joined(separator: " ")), text: m.conditions.weather.map(\.code).joined(separator: " ")),
                m.conditions.ceiling.map { Cell(.int(Int($0.feet.rounded())), text: Format.grouped($0.feet) + " ft") } ?? Cell(.null, text: "—"),
                m.temperature.map { Cell(Datum.rounded($0, 1), text: Format.trimmed($0, maxDecimals: 1) + "°") } ?? Cell(.null, text: "—"),
                m.dewPoint.map { Cell(Datum.rounded($0, 1), text: Format.trimmed($0, maxDecimals: 1) + "°") } ?? Cell(.null, text: "—"),
                m.pressure.map { Cell(Datum.rounded($0.hectopascals, 1), text: pressure($0, context.settings.units)) } ?? Cell(.null, text: "—"),
                Cell(wind?.direction.map { Datum.int(Int($0.degrees.rounded())) } ?? .null), Cell(wind.map { Datum.rounded($0.speed.knots, 1) } ?? .null),
                Cell(wind?.gust.map { Datum.rounded($0.knots, 1) } ?? .null),
                Cell(m.conditions.visibility.map { Datum.rounded($0.distance.meters, 0) } ?? .null),
                Cell(placed.text.text),
            ])
        }
        return table
    }

    /// "260° 14G25 kt", "VRB 3 kt", "calm".
    static func shortWind(_ w: Wind) -> String {
        if w.isCalm { return "calm" }
        let unit = w.unit == .knots ? "kt" : w.unit.rawValue
        func v(_ s: Speed) -> String { Format.fixed(s.value(in: w.unit), 0) }
        return (w.direction.map { Wind.degrees($0) } ?? "VRB") + " " + v(w.speed) + (w.gust.map { "G" + v($0) } ?? "") + " " + unit
    }
}
