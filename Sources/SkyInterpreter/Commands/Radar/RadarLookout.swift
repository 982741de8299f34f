import FoundationEssentials
import Glibc
import SkyKit

/// What `radar live` says about the coming minutes: a countdown to the next close pass, an
/// alert (a bell and a highlighted line; the kid theme's big flash) for each aircraft about to
/// pass nearer than alert-distance or higher than alert-elevation, and a line (and a bell the
/// first time) for each watched aircraft coming past.
struct RadarLookout {
    /// How far ahead the countdown looks, seconds.
    static let horizon = 300.0
    /// How soon a pass must be to raise an alert, seconds.
    static let warning = 60.0

    /// The countdown line ("next: AFR054 passes 1.9 km from you in 40 s, 13:11:10").
    var countdown: String?
    /// The passes to alert about, soonest first.
    var alerts: [PredictedPass] = []
    /// The coming passes of watched aircraft (the watchlist, emergency squawks), soonest first,
    /// with why each is watched.
    var watched: [(pass: PredictedPass, reasons: [String])] = []

    /// The lookout at the radar's moment; nil when there is nothing to say or it cannot be found.
    static func look(_ context: CommandContext) -> RadarLookout {
        var lookout = RadarLookout()
        let range = context.session.radar.range
        guard let (w, passes) = try? NextCommand.predict(.init(kind: .closest, reach: range, duration: horizon), context) else { return lookout }
        let units = context.settings.units
        if let first = passes.first {
            lookout.countdown =
                "next: \(first.name) passes \(Format.distance(first.slantRange, units)) from you in "
                + "\(TimeText.span(first.time - w.now)) (\(context.moments.clock(first.time)))"
                + (w.window.extrapolated ? ", extrapolated" : "")
        }
        let entries = context.session.radar.watchlist
        lookout.watched = passes.compactMap { p in
            let reasons = WatchEntry.reasons(entries, p.aircraft)
            return reasons.isEmpty ? nil : (p, reasons)
        }
        let soon = { (p: PredictedPass) in p.time - w.now <= warning }
        if let distance = AlertLimits.distance(context.settings.word(named: SettingSpec.alertDistance.name)).value {
            lookout.alerts += passes.filter { soon($0) && $0.slantRange <= distance }
        }
        if let angle = AlertLimits.elevation(context.settings.word(named: SettingSpec.alertElevation.name)).value {
            let predictor = PassPredictor(w.geometry)
            let rising = ((try? predictor.passes(w.window, kind: .above(angle), after: w.now, until: w.end, within: range)) ?? []).filter(soon)
            lookout.alerts += rising.filter { p in !lookout.alerts.contains { $0.icao24 == p.icao24 } }
        }
        lookout.alerts.sort { $0.time < $1.time }
        return lookout
    }

    /// "🔔 AFR054 will pass 1.9 km from you in 40 s — look south, 1° up"
    static func alertLine(_ p: PredictedPass, now: Double, _ units: UnitSystem) -> String {
        "🔔 \(p.name) will pass \(Format.distance(p.slantRange, units)) from you in \(TimeText.span(p.time - now)) — "
            + "look \(CompassPoint(bearing: p.bearing).words), \(Format.fixed(p.elevation.degrees, 0))° up"
    }

    /// "★ RCH123 (type C17) passes 3.1 km from you in 2 min 10 s — look south, 12° up"
    static func watchedLine(_ p: PredictedPass, reasons: [String], now: Double, _ units: UnitSystem) -> String {
        "★ \(Visible.text(p.name)) (\(Visible.text(reasons.joined(separator: ", ")))) passes \(Format.distance(p.slantRange, units)) from you in "
            + "\(TimeText.span(p.time - now)) — look \(CompassPoint(bearing: p.bearing).words), \(Format.fixed(p.elevation.degrees, 0))° up"
    }

    /// The kid theme's flash: LOOK UP! in big letters and a big arrow the way to turn, in a
    /// colour that changes every half second.
    static func flash(_ p: PredictedPass, heading: Angle, phase: Bool) -> [StyledLine] {
        let turn = (p.bearing - heading).signedTurn.degrees
        let arrow = abs(turn) <= 30 ? BigText.ahead : abs(turn) >= 150 ? BigText.behind : turn > 0 ? BigText.right : BigText.left
        let style: Style = .color(phase ? 226 : 201)
        let rows = BigText.lines("LOOK UP!")
        return zip(rows, arrow).map { [Span($0 + "   " + $1, style)] }
    }
}

/// Big block letters for the few words the kid theme flashes, five rows high.
enum BigText {
    static let glyphs: [Character: [String]] = [
        "L": ["█    ", "█    ", "█    ", "█    ", "█████"],
        "O": [" ███ ", "█   █", "█   █", "█   █", " ███ "],
        "K": ["█   █", "█  █ ", "███  ", "█  █ ", "█   █"],
        "U": ["█   █", "█   █", "█   █", "█   █", " ███ "],
        "P": ["████ ", "█   █", "████ ", "█    ", "█    "],
        "!": ["█", "█", "█", " ", "█"],
        " ": ["  ", "  ", "  ", "  ", "  "],
    ]

    /// The five rows of a word in block letters.
    static func lines(_ text: String) -> [String] {
        (0..<5).map { row in text.map { glyphs[$0]?[row] ?? "" }.joined(separator: " ") }
    }

    static let left = ["  █    ", " ██    ", "███████", " ██    ", "  █    "]
    static let right = ["    █  ", "    ██ ", "███████", "    ██ ", "    █  "]
    static let ahead = ["   █   ", "  ███  ", " █████ ", "   █   ", "   █   "]
    static let behind = ["   █   ", "   █   ", " █████ ", "  ███  ", "   █   "]
}
