/// One remark of a report's RMK section: the common United States remarks decoded (FMH-1,
/// chapter 12), anything else kept in words as written.
public enum Remark: Sendable, Equatable {
    /// AO1, AO2 (with a precipitation discriminator), AO1A/AO2A (augmented by an observer).
    case automatedStation(precipitationDiscriminator: Bool, augmented: Bool)
    /// SLPppp: sea-level pressure (nil for SLPNO, not available).
    case seaLevelPressure(hectopascals: Double?)
    /// Tsnnnsnnn: temperature and dew point to the tenth.
    case preciseTemperature(air: Double, dewPoint: Double?)
    /// PK WND dddff/(hh)mm.
    case peakWind(direction: Angle, speed: Speed, hour: Int?, minute: Int)
    /// WSHFT (hh)mm [FROPA].
    case windShift(hour: Int?, minute: Int, frontalPassage: Bool)
    /// Prrrr (the last hour), 6rrrr (3 or 6 hours), 7rrrr (24 hours): inches; nil when not measured (`////`).
    case precipitation(hours: Int, inches: Double?)
    /// 1sTTT, 2sTTT: the highest or lowest temperature of the last 6 hours.
    case sixHourExtreme(maximum: Bool, celsius: Double)
    /// 4sTTTsTTT: the highest and lowest of the last 24 hours.
    case dayExtremes(maximum: Double, minimum: Double)
    /// 5appp: the pressure tendency of the last 3 hours (a code 0–8, and the change).
    case pressureTendency(character: Int, hectopascals: Double)
    /// 4/sss: snow depth on the ground, inches.
    case snowDepth(inches: Int)
    /// PRESRR, PRESFR.
    case pressureChangingRapidly(rising: Bool)
    /// A sensor or measurement not available: PWINO, TSNO, FZRANO, PNO, RVRNO, VISNO, CHINO…
    case notAvailable(String)
    /// $: the station needs maintenance.
    case maintenanceNeeded
    /// Annnn in the remarks: the altimeter setting beside a QNH.
    case altimeter(inches: Double)
    /// QFEppp(/pppp): the pressure at the field's height, mmHg (and hPa).
    case qfe(millimetres: Int, hectopascals: Int?)
    /// Weathers that began or ended in the last hour (`TSB45`, `RAB05E30SNB30`).
    case weatherEvents([WeatherEvent])
    /// Lightning seen (`OCNL LTGICCG OHD`).
    case lightning(Lightning)
    /// A thunderstorm, cumulonimbus, towering cumulus, virga or a weather, in words, and where it
    /// is (`CB DSNT W`, `VIRGA SW`, `SHRA DSNT N`).
    case seen(String, SeenPlace)
    /// FROPA on its own: a front passed.
    case frontalPassage
    /// Words the decoder does not read, kept as written.
    case text(String)

    /// In words.
    public var words: String {
        switch self {
        case .automatedStation(let discriminator, let augmented):
            return "automated station " + (discriminator ? "with" : "without") + " a precipitation discriminator"
                + (augmented ? ", augmented by an observer" : "")
        case .seaLevelPressure(let hpa):
            return hpa.map { "sea-level pressure " + Remark.tenths($0) + " hPa" } ?? "sea-level pressure not available"
        case .preciseTemperature(let air, let dew):
            return "temperature " + Remark.tenths(air) + " °C" + (dew.map { ", dew point " + Remark.tenths($0) + " °C" } ?? "")
        case .peakWind(let direction, let speed, let hour, let minute):
            return "peak wind \(Int(direction.degrees.rounded()))° at \(Int(speed.knots.rounded())) kt at "
                + (hour.map { CivilTime.two($0) + ":" } ?? "minute ") + CivilTime.two(minute)
        case .windShift(let hour, let minute, let front):
            return "wind shift at " + (hour.map { CivilTime.two($0) + ":" } ?? "minute ") + CivilTime.two(minute) + (front ? ", a front passing" : "")
        case .precipitation(let hours, let inches):
            let span = hours == 1 ? "the last hour" : "the last \(hours) hours"
            return inches.map { "precipitation in \(span): " + Remark.hundredths($0) + " in" } ?? "precipitation in \(span) not measured"
        case .sixHourExtreme(let maximum, let celsius):
            return (maximum ? "highest" : "lowest") + " temperature of the last 6 hours " + Remark.tenths(celsius) + " °C"
        case .dayExtremes(let maximum, let minimum):
            return "24-hour highest " + Remark.tenths(maximum) + " °C, lowest " + Remark.tenths(minimum) + " °C"
        case .pressureTendency(let character, let change):
            let trend = character <= 3 ? "risen" : character == 4 ? "steady" : "fallen"
            return "pressure has \(trend) \(Remark.tenths(change)) hPa in 3 hours"
        case .snowDepth(let inches): return "snow depth \(inches) in"
        case .pressureChangingRapidly(let rising): return "pressure " + (rising ? "rising" : "falling") + " rapidly"
        case .notAvailable(let code): return Remark.unavailable[code] ?? "\(code): not available"
        case .maintenanceNeeded: return "the station needs maintenance"
        case .altimeter(let inches): return "altimeter " + Remark.hundredths(inches) + " inHg"
        case .qfe(let mm, let hpa): return "QFE \(mm) mmHg" + (hpa.map { " (\($0) hPa)" } ?? "")
        case .weatherEvents(let events): return events.map(\.words).joined(separator: "; ")
        case .lightning(let lightning): return lightning.words
        case .seen(let what, let place): return what + place.words
        case .frontalPassage: return "a front passed"
        case .text(let text): return text
        }
    }

    static let unavailable = [
        "PWINO": "present weather sensor not available", "TSNO": "thunderstorm sensor not available",
        "FZRANO": "freezing rain sensor not available", "PNO": "precipitation gauge not available", "RVRNO": "runway visual range not available",
        "VISNO": "visibility sensor not available", "CHINO": "ceiling sensor not available", "SLPNO": "sea-level pressure not available",
    ]

    static func tenths(_ v: Double) -> String { DigitGroups.fixed(v, decimals: 1) }
    static func hundredths(_ v: Double) -> String { DigitGroups.fixed(v, decimals: 2) }
}
