import CTerminal
import Foundation
import SkyKit

/// `radar live [every N]`: the scope redrawn in place with a turning sweep until `q`.
enum RadarLiveCommand {
    static let every = Option("every", .duration(defaultSeconds: 1, placeholder: "interval"), "time between fetches (default: the source's refresh time)")

    static let spec = CommandSpec(
        "live", category: .radar,
        abstract: "Keep the scope on screen, redrawn as the traffic moves, until q",
        discussion:
            "Uses the whole terminal (its alternate screen) and gives it back as it was on q, Esc, Ctrl-C or an error. The "
            + "traffic is fetched again at the source's refresh rate (or `every`, never faster than the source allows); a "
            + "sweep turns once per refresh. Keys: ← and → turn 15°, + and - halve or double the range, q quits. Recorded "
            + "sources play in real time from the radar time. Below the scope a countdown names the next aircraft to pass "
            + "closest in the coming 5 minutes (as `next`: exact on recordings, extrapolated on live feeds). With `set "
            + "alert-distance 2km` or `set alert-elevation 60`, an aircraft about to pass that near or that high (within a "
            + "minute) rings the terminal's bell once and gets a highlighted line; `set theme kid` flashes LOOK UP! in big "
            + "letters with an arrow the way to turn instead (and shows no countdown text). Needs a terminal; scripts use "
            + "`radar` or `radar record`.",
        options: [every.spec],
        requires: [.observer],
        examples: [Example("radar live", "the live scope"), Example("radar live every 30s", "fetch twice a minute")]
    ) { args, context in
        guard isatty(0) == 1, context.stdoutIsTerminal else {
            throw ShellError.usage("radar live needs a terminal; in scripts use radar (one frame) or radar record")
        }
        var live = LiveRadar(context: context, every: args[RadarLiveCommand.every])
        let summary = try live.run()
        return .message(summary)
    }
}

/// The live scope's loop: fetch at the feed's pace, draw ten frames a second, read keys.
struct LiveRadar {
    let context: CommandContext
    let requestedInterval: Double?

    init(context: CommandContext, every: Double?) {
        self.context = context
        requestedInterval = every
    }

    mutating func run() throws -> String {
        let feed = try context.radar.feed()
        let interval = max(requestedInterval ?? feed.refreshInterval, feed.refreshInterval)
        let screen = try LiveScreen(context)
        defer { screen.close() }

        var picture: RadarPicture?
        var lookout = RadarLookout()
        var lookedAt = -Double.infinity
        var rung: Set<String> = []
        var problem: String?
        var nextFetch = Date.distantPast
        var backoff = interval
        let started = Date()
        var lastFrame = Date()
        var ending: String?
        while ending == nil {
            let now = Date()
            // Recorded sources play in real time: the radar time moves with the clock.
            if feed.isRecorded, let span = feed.span {
                let t = min(context.radar.time(feed) + now.timeIntervalSince(lastFrame), span.upperBound)
                context.session.setRadarTime(t, of: feed.label)
                lastFrame = now
                if t >= span.upperBound { problem = "the end of the recording" }
            }
            if feed.isRecorded || now >= nextFetch {
                do {
                    picture = try context.radar.picture()
                    if !feed.isRecorded { problem = nil }
                    // The coming minutes, once a second of radar time.
                    if let t = picture?.time, abs(t - lookedAt) >= 1 {
                        lookout = RadarLookout.look(context)
                        lookedAt = t
                        let fresh = lookout.alerts.filter { !rung.contains($0.icao24) }
                        if !fresh.isEmpty { screen.bell() }
                        rung.formUnion(fresh.map(\.icao24))
                    }
                    backoff = interval
                    nextFetch = now.addingTimeInterval(interval)
                } catch let error as ShellError {
                    if error.kind == .interrupted { break }
                    if error.kind == .data { ending = error.message; break }
                    // Services that fail are tried again later, less often each time.
                    problem = error.message
                    backoff = min(backoff * 2, 300)
                    nextFetch = now.addingTimeInterval(backoff)
                }
            }
            let sweep = (now.timeIntervalSince(started) / max(interval, 2)).truncatingRemainder(dividingBy: 1) * 360
            screen.show(frame(picture, lookout: lookout, sweep: sweep, problem: problem))
            switch screen.readKey(timeout: 0.1) {
            case .quit: ending = "radar live ended"
            case .left: context.session.turn(by: Angle(degrees: -15))
            case .right: context.session.turn(by: Angle(degrees: 15))
            case .plus: zoom(0.5)
            case .minus: zoom(2)
            case .none: break
            }
            if let why = screen.stopRequested() { ending = why == "Ctrl-C" ? "radar live ended (Ctrl-C)" : "radar live ended" }
        }
        return ending ?? "radar live ended"
    }

    func zoom(_ factor: Double) {
        context.session.setRadarRange(Distance(min(500, max(1, context.session.radar.range.kilometers * factor)), .kilometers))
    }

    /// One frame's blocks.
    func frame(_ picture: RadarPicture?, lookout: RadarLookout, sweep: Double, problem: String?) -> [Block] {
        let kid = context.setting(.theme) == .kid
        // The rows the lookout adds: the flash (five) or a line per alert, and the countdown
        // (text: not in the kid theme).
        let added = (kid ? (lookout.alerts.isEmpty ? 0 : 5) : lookout.alerts.count + (lookout.countdown == nil ? 0 : 1))
        guard let picture, let output = try? RadarCommands.frame(picture, context, sweep: sweep, extraRows: added) else {
            return [.message("waiting for traffic…" + (problem.map { " (\($0))" } ?? ""))]
        }
        var blocks = output.blocks.filter { if case .data = $0 { return false } else { return true } }
        if let first = lookout.alerts.first, kid {
            // A big friendly flash above the scope, changing colour twice a second.
            let phase = Int(Date().timeIntervalSince1970 * 2) % 2 == 0
            blocks.insert(.art(RadarLookout.flash(first, heading: picture.heading, phase: phase)), at: 0)
        } else {
            blocks += lookout.alerts.map { .message(RadarLookout.alertLine($0, now: picture.time, picture.units), .warning) }
        }
        if let countdown = lookout.countdown, !kid { blocks.append(.message(countdown, .accent)) }
        if let problem { blocks.append(.message("⚠ \(problem)", .warning)) }
        blocks.append(.message("←/→ turn · +/- range · q quit", .dim))
        return blocks
    }
}
