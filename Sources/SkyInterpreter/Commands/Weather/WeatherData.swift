import SkyKit

/// Every decoded field of a report as typed data (what `output json` writes): numbers in the
/// units their names say, the words beside the codes, and the groups not decoded.
enum WeatherData {
    static func number(_ v: Double?, _ places: Int = 1) -> Datum { v.map { Datum.rounded($0, places) } ?? .null }

    static func time(_ t: ReportTime?) -> Datum {
        guard let t else { return .null }
        return .object([("day", .int(t.day)), ("hour", .int(t.hour)), ("minute", .int(t.minute))])
    }

    static func wind(_ w: Wind?) -> Datum {
        guard let w else { return .null }
        return .object([
            ("direction_deg", w.direction.map { .int(Int($0.degrees.rounded())) } ?? .null), ("speed_kt", number(w.speed.knots)),
            ("gust_kt", number(w.gust?.knots)), ("speed", number(w.speed.value(in: w.unit))), ("unit", .string(w.unit == .knots ? "kt" : w.unit.rawValue)),
            ("variable", .bool(w.isVariable)), ("calm", .bool(w.isCalm)), ("above", .bool(w.speedAbove)),
            ("variable_from_deg", w.variableFrom.map { .int(Int($0.degrees.rounded())) } ?? .null),
            ("variable_to_deg", w.variableTo.map { .int(Int($0.degrees.rounded())) } ?? .null), ("words", .string(w.words)),
        ])
    }

    static func visibility(_ v: Visibility?) -> Datum {
        guard let v else { return .null }
        return .object([
            ("m", number(v.distance.meters, 0)), ("sm", number(v.distance.statuteMiles, 3)), ("qualifier", .string(v.qualifier.rawValue)),
            ("statute_miles", .bool(v.inStatuteMiles)), ("ft", v.inFeet ? number(v.distance.feet, 0) : .null), ("words", .string(v.words)),
        ])
    }

    static func weather(_ w: PresentWeather) -> Datum {
        .object([
            ("code", .string(w.code)), ("intensity", .string(w.intensity == .light ? "light" : w.intensity == .heavy ? "heavy" : "moderate")),
            ("vicinity", .bool(w.inVicinity)), ("descriptor", .optional(w.descriptor?.rawValue)),
            ("phenomena", .list(w.phenomena.map { .string($0.rawValue) })), ("words", .string(w.words)),
        ])
    }

    static func cloud(_ c: CloudLayer) -> Datum {
        .object([
            ("cover", .string(c.cover.rawValue)), ("base_ft", c.base.map { .int(Int($0.feet.rounded())) } ?? .null),
            ("convective", .optional(c.convective?.rawValue)), ("words", .string(c.words)),
        ])
    }

    static func conditions(_ c: Conditions) -> [(String, Datum)] {
        [
            ("wind", wind(c.wind)), ("visibility", visibility(c.visibility)),
            (
                "lowest_visibility",
                c.minimumVisibility.map { .object([("visibility", visibility($0.visibility)), ("direction", .optional($0.direction))]) } ?? .null
            ),
            ("weather", .list(c.weather.map(weather))), ("no_significant_weather", .bool(c.noSignificantWeather)),
            ("clouds", .list(c.clouds.map(cloud))), ("sky_clear", .optional(c.skyClear?.rawValue)), ("cavok", .bool(c.cavok)),
            ("ceiling_ft", c.ceiling.map { .int(Int($0.feet.rounded())) } ?? .null),
            ("wind_shear", .list(c.windShear.map { .string($0.words) })), ("flight_category", .optional(FlightCategory.of(c)?.rawValue)),
            ("colour_state", .optional(c.colourState)),
        ]
    }

    /// A METAR with everything it says.
    static func metar(_ placed: PlacedMETAR) -> Datum {
        let m = placed.report
        var fields: [(String, Datum)] = [
            ("station", .string(m.station)), ("type", .string(m.type)), ("time", time(m.time)),
            ("observed", placed.dated ? (placed.time.map(TimeText.isoDatum) ?? .null) : .null), ("automatic", .bool(m.isAutomatic)),
            ("correction", .bool(m.isCorrection)), ("missing", .bool(m.isMissing)),
        ]
        fields += conditions(m.conditions)
        fields += [
            ("temperature_c", number(m.temperature)), ("dew_point_c", number(m.dewPoint)), ("relative_humidity", number(m.relativeHumidity, 0)),
            ("qnh_hpa", number(m.pressure?.hectopascals)), ("altimeter_inhg", number(m.pressure?.inches, 2)),
            ("pressure_unit", m.pressure.map { .string($0.inInches ? "inHg" : "hPa") } ?? .null),
            ("pressure_without_letter", .optional(m.pressureWithoutLetter)), ("wind_not_reported", .bool(m.windNotReported)),
            (
                "runway_visual_ranges",
                .list(
                    m.runwayVisualRanges.map { r in
                        .object([
                            ("runway", .string(r.runway)), ("range", visibility(r.range)), ("up_to", visibility(r.upTo)),
                            ("trend", .optional(r.trend?.rawValue)),
                        ])
                    })
            ),
            ("recent_weather", .list(m.recentWeather.map(weather))),
            ("runway_states", .list(m.runwayStates.map { .string($0.words) })),
            ("trends", .list(m.trends.map { .string(METARView.trendWords($0)) })),
            ("remarks", .list(m.remarks.map { .string($0.words) })), ("not_decoded", .list(m.notDecoded.map(Datum.string))),
            ("raw", .string(placed.text.text)),
        ]
        return .object(fields)
    }

    /// A TAF with everything it says.
    static func taf(_ placed: PlacedTAF, periods: [ForecastPeriod]?) -> Datum {
        let t = placed.report
        var fields: [(String, Datum)] = [
            ("station", .string(t.station)), ("time", time(t.time)), ("issued", placed.dated ? (placed.time.map(TimeText.isoDatum) ?? .null) : .null),
            ("amended", .bool(t.isAmended)), ("correction", .bool(t.isCorrection)), ("missing", .bool(t.isMissing)), ("cancelled", .bool(t.isCancelled)),
            (
                "validity",
                t.validity.map { .object([("from", time($0.from)), ("to", time($0.to))]) } ?? .null
            ),
        ]
        fields += conditions(t.conditions)
        fields += [
            (
                "temperatures",
                .list(
                    t.temperatures.map {
                        .object([("kind", .string($0.maximum ? "maximum" : "minimum")), ("celsius", .int($0.celsius)), ("at", time($0.at))])
                    })
            ),
            (
                "changes",
                .list(
                    t.changes.map { f in
                        .object(
                            [
                                ("kind", .string(changeName(f.kind))), ("probability", f.probability.map(Datum.int) ?? .null),
                                ("period", f.period.map { .object([("from", time($0.from)), ("to", time($0.to))]) } ?? .null),
                                ("from", fromTime(f.kind)),
                            ] + conditions(f.conditions))
                    })
            ),
            (
                "periods",
                periods.map { list in
                    .list(
                        list.map { p in
                            .object([
                                ("from", placed.dated ? TimeText.isoDatum(p.from) : .null), ("to", placed.dated ? TimeText.isoDatum(p.to) : .null),
                                ("kind", .string(p.kind.rawValue)), ("probability", p.probability.map(Datum.int) ?? .null),
                                ("flight_category", .optional(p.category?.rawValue)), ("words", .string(p.conditions.phrases.joined(separator: "; "))),
                            ])
                        })
                } ?? .null
            ),
            ("remarks", .list(t.remarks.map { .string($0.words) })), ("not_decoded", .list(t.notDecoded.map(Datum.string))),
            ("raw", .string(placed.text.text)),
        ]
        return .object(fields)
    }

    /// An FM group's start (`FM061800`: day 6, 18:00); null for the other changes, which have
    /// a period.
    static func fromTime(_ kind: ChangeKind) -> Datum {
        if case .from(let t) = kind { return time(t) }
        return .null
    }

    static func changeName(_ kind: ChangeKind) -> String {
        switch kind {
        case .noSignificantChange: "NOSIG"
        case .becoming: "BECMG"
        case .temporary: "TEMPO"
        case .intermittent: "INTER"
        case .from: "FM"
        case .probability(let p): "PROB\(p)"
        }
    }
}
