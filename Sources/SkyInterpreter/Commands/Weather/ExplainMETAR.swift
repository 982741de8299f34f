import SkyKit

/// `explain metar`: a report walked group by group, then what skyshell computes from it —
/// the flight category, the humidity, the density altitude, the wind on a runway and the QNH
/// correction of a pressure altitude — with the report's own numbers.
enum ExplainMETAR {
    static let text = Argument("report", .words, "a METAR's text (default: the one looked at last)", .rest(required: false))

    static let spec = CommandSpec(
        "metar", category: .teaching,
        abstract: "Read a METAR group by group, and how its figures are computed",
        arguments: [text.spec],
        examples: [
            Example("explain metar", "the report looked at last (`metar LFPG` fetches one)"),
            Example("explain metar KJFK 061051Z 31012G22KT 10SM FEW045 M02/M14 A3042 RMK AO2 SLP303 T10221139", "a report given as text"),
        ]
    ) { args, context in
        let placed: PlacedMETAR
        if let given = args[ExplainMETAR.text] {
            placed = try PlacedMETAR.given(given, context)
        } else {
            guard let station = context.weather.lastStation, let last = context.weather.latest[station] else {
                throw ShellError(
                    .state, "no METAR yet — `metar LFPG` fetches one, or give a report: explain metar LFPG 061030Z 26014KT 9999 BKN012 08/05 Q1013")
            }
            placed = last
        }
        return Output(lines(placed, context).map { .message($0) })
    }

    static func n(_ v: Double, _ d: Int = 0) -> String { Format.grouped(v, d) }

    static func lines(_ placed: PlacedMETAR, _ context: CommandContext) -> [String] {
        let m = placed.report
        var lines = [placed.text.text, ""]
        var inTrend = false
        for (i, group) in m.groups.enumerated() {
            let opensTrend: Bool
            if case .change = group.meaning { opensTrend = true } else { opensTrend = false }
            if case .remarksStart = group.meaning { inTrend = false }
            lines.append("\(i + 1). \(group.text) — " + (inTrend && !opensTrend ? "in the trend: " : "") + group.meaning.words)
            if opensTrend { inTrend = true }
        }
        lines.append("")
        lines.append("From it:")
        // The flight category.
        let c = m.conditions
        if c.cavok {
            lines.append("• CAVOK: no ceiling and visibility 10 km or more, so VFR.")
        } else {
            let ceiling =
                c.ceiling.map { "the lowest broken or overcast layer (or vertical visibility) is at \(n($0.feet)) ft" }
                ?? "no broken or overcast layer: no ceiling"
            var line = "• Flight category (FAA): \(ceiling)"
            if let v = c.visibility {
                line += "; visibility \(v.words) = \(Format.fixed(v.distance.statuteMiles, 2)) statute miles"
            }
            line += ". LIFR under 500 ft or 1 mi, IFR under 1,000 ft or 3 mi, MVFR up to 3,000 ft or 5 mi, else VFR; the worse of the two: "
            line += (FlightCategory.of(c)?.rawValue ?? "cannot be told") + " (" + FlightCategory.reason(c) + ")."
            lines.append(line)
        }
        if let t = m.temperature, let d = m.dewPoint {
            let e = Atmosphere.vapourPressure
            lines.append(
                "• Relative humidity: the vapour pressure e(x) = 6.1094·exp(17.625·x / (x + 243.04)) hPa; e(\(Format.trimmed(d, maxDecimals: 1))) = "
                    + "\(Format.fixed(e(d), 2)), e(\(Format.trimmed(t, maxDecimals: 1))) = \(Format.fixed(e(t), 2)); RH = 100 × \(Format.fixed(e(d), 2)) / "
                    + "\(Format.fixed(e(t), 2)) = \(Format.fixed(Atmosphere.relativeHumidity(temperature: t, dewPoint: d), 0))%.")
        }
        let place = context.weather.place(of: m.station, placed.text)
        if let p = m.pressure {
            let reading = Atmosphere.altimeterReading(pressureAltitude: Height(5000, .feet), qnh: p.hectopascals)
            lines.append(
                "• QNH \(Format.fixed(p.hectopascals, 1)) hPa is \(Format.signed(p.hectopascals - Atmosphere.standardPressure, 1)) hPa from the standard "
                    + "1013.25: an aircraft's pressure altitude (what ADS-B sends) is about 27 ft per hPa off its height above the sea, so one at "
                    + "5,000 ft pressure altitude is at \(n(reading.feet)) ft (the "
                    + "radar corrects heights near this station this way).")
            if let elevation = place?.elevation, let t = m.temperature {
                let pa = Atmosphere.pressureAltitude(elevation: elevation, qnh: p)
                let da = Atmosphere.densityAltitude(elevation: elevation, qnh: p, temperature: t, dewPoint: m.dewPoint)
                let isa = 15 - 1.98 * pa.feet / 1000
                lines.append(
                    "• Density altitude: the field is \(n(elevation.feet)) ft high; with the QNH its pressure altitude is \(n(pa.feet)) ft; the standard "
                        + "atmosphere there is \(Format.fixed(isa, 1)) °C, the air \(Format.trimmed(t, maxDecimals: 1)) °C"
                        + (m.dewPoint != nil ? " (and moist air is lighter)" : "") + ": the air is as thin as the standard atmosphere's at "
                        + "\(n(da.feet)) ft — what wings and engines feel.")
            }
        }
        if let wind = c.wind, let direction = wind.direction, let airport = context.catalog.airport(icao: m.station) {
            let rw = RunwayWind(wind, runways: context.catalog.runways(of: airport))
            if let best = rw.ends.first {
                let angle = (direction - best.heading).signedTurn.degrees
                let off = Format.fixed(abs(angle), 0), speed = Format.fixed(wind.speed.knots, 0)
                lines.append(
                    "• Runway \(best.designator) (heading \(Format.fixed(best.heading.degrees, 0))°): the wind is \(off)° off its line; "
                        + "headwind = \(speed) × cos \(off)° = \(Format.fixed(best.headwind.knots, 1)) kt, "
                        + "crosswind = \(speed) × sin \(off)° = \(Format.fixed(abs(best.crosswind.knots), 1)) kt "
                        + (best.crosswind.metersPerSecond >= 0 ? "from the right" : "from the left") + ". Aircraft land and take off into the wind.")
            }
        }
        if !m.notDecoded.isEmpty {
            lines.append("• Not decoded, shown as written: " + m.notDecoded.joined(separator: " ") + ".")
        }
        return lines
    }
}
