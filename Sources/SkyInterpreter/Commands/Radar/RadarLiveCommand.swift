import CTerminal
import FoundationEssentials
import Glibc
import SkyKit

/// `radar live [every N]`: the scope redrawn in place with a turning sweep until `q`.
enum RadarLiveCommand {
    static let every = Option("every", .duration(defaultSeconds: 1, placeholder: "interval"), "time between fetches (default: the source's refresh time)")
    static let speed = Option("speed", .factor(0.1...100), "play a recording this many times faster than the clock (10 or 10x)")
    static let lock = Flag("lock", "ignore every key but the word unlock, typed in order (for a child at the keyboard)")

    static let spec = CommandSpec(
        "live", category: .radar,
        abstract: "Keep the scope on screen, redrawn as the traffic moves, until q",
        discussion:
            "Uses the whole terminal (its alternate screen) and gives it back as it was on q, Esc, Ctrl-C or an error. The "
            + "traffic is fetched again at the source's refresh rate (or `every`, never faster than the source allows); a "
            + "sweep turns once per refresh. Keys: ← and → turn 15°, + and - halve or double the range, q quits. Recorded "
            + "sources play in real time from the radar time (`speed 10` ten times faster). With `lock` no key leaves, turns or zooms "
            + "and Ctrl-C is ignored, so a child can watch: typing the letters u n l o c k in order unlocks it (any other key "
            + "starts the word again), and then the keys work as usual. Below the scope a countdown names the next aircraft to pass "
            + "closest in the coming 5 minutes (as `next`: exact on recordings, extrapolated on live feeds). With `set "
            + "alert-distance 2km` or `set alert-elevation 60`, an aircraft about to pass that near or that high (within a "
            + "minute) rings the terminal's bell once and gets a highlighted line; `set theme kid` flashes LOOK UP! in big "
            + "letters with an arrow the way to turn instead (and shows no countdown text). A watched aircraft (watch add, or an "
            + "emergency squawk) that will pass in the coming 5 minutes gets a ★ line with when, how near and where to look, and "
            + "rings the bell the first time. Needs a terminal; scripts use "
            + "`radar` or `radar record`.",
        options: [every.spec, speed.spec, lock.spec],
        requires: [.observer],
        examples: [
            Example("radar live", "the live scope"), Example("radar live every 30s", "fetch twice a minute"),
            Example("radar live speed 10", "a recording ten times faster"), Example("radar live --lock", "for a toddler: type unlock to leave"),
        ]
    ) { args, context in
        guard isatty(0) == 1, context.console.stdoutIsTerminal else {
            throw ShellError.usage("radar live needs a terminal; in scripts use radar (one frame) or radar record")
        }
        let speed = args[RadarLiveCommand.speed]
        if speed != nil, !(try context.radar.feed().isRecorded) {
            throw ShellError.usage("speed plays a recording faster; a live feed goes at the pace of the world")
        }
        var live = LiveRadar(context: context, every: args[RadarLiveCommand.every], speed: speed ?? 1, locked: args.flag(RadarLiveCommand.lock))
        let summary = try live.run()
        return .message(summary)
    }
}

/// The live scope's loop: fetch at the feed's pace, draw ten frames a second, read keys.
struct LiveRadar {
    let context: CommandContext
    let requestedInterval: Double?
    /// Seconds of a recording played per second of the clock.
    let speed: Double
    /// Keys are ignored until `unlock` is typed.
    var lock: UnlockWord?

    init(context: CommandContext, every: Double?, speed: Double = 1, locked: Bool = false) {
        self.context = context
        requestedInterval = every
        self.speed = speed
        lock = locked ? UnlockWord() : nil
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
                let t = min(context.radar.time(feed) + now.timeIntervalSince(lastFrame) * speed, span.upperBound)
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
                        // The bell once per aircraft, alerted or watched.
                        let fresh = Set(lookout.alerts.map(\.icao24) + lookout.watched.map(\.pass.icao24)).subtracting(rung)
                        if !fresh.isEmpty { screen.bell() }
                        rung.formUnion(fresh)
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
            let bytes = screen.readBytes(timeout: 0.1)
            if lock != nil {
                // Locked: every key goes to the word, nothing else; Ctrl-C is swallowed.
                if let bytes, lock?.take(bytes) == true { lock = nil }
                if bytes == nil { usleep(100_000) }
                if Interrupt.termination == nil, Interrupt.requested { _ = Interrupt.take() }
                if Interrupt.termination != nil { ending = "radar live ended" }
                continue
            }
            switch bytes.map(LiveScreen.key) ?? .quit {
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
        let kid = context.settings.value(.theme) == .kid
        // The rows the lookout adds: the flash (five) or a line per alert, and the countdown
        // (text: not in the kid theme).
        // and the line of keys, always there.
        let added =
            (kid ? (lookout.alerts.isEmpty ? 0 : 5) : lookout.alerts.count + lookout.watched.count + (lookout.countdown == nil ? 0 : 1))
            + (problem == nil ? 0 : 1) + 1
        guard let picture, let output = try? RadarCommands.frame(picture, context, sweep: sweep, extraRows: added, live: true) else {
            return [.message("waiting for traffic…" + (problem.map { " (\($0))" } ?? ""))]
        }
        var blocks = output.blocks.filter { if case .data = $0 { return false } else { return true } }
        if let first = lookout.alerts.first, kid {
            // A big friendly flash above the scope, changing colour twice a second.
            let phase = Int(Date().timeIntervalSince1970 * 2) % 2 == 0
            blocks.insert(.art(RadarLookout.flash(first, heading: picture.heading, phase: phase)), at: 0)
        } else {
            blocks += lookout.alerts.map { .message(RadarLookout.alertLine($0, now: picture.time, picture.units), .warning) }
            blocks += lookout.watched.map { .message(RadarLookout.watchedLine($0.pass, reasons: $0.reasons, now: picture.time, picture.units), .accent) }
        }
        if let countdown = lookout.countdown, !kid { blocks.append(.message(countdown, .accent)) }
        if let problem { blocks.append(.message("⚠ \(problem)", .warning)) }
        blocks.append(.message(lock == nil ? "←/→ turn · +/- range · q quit" : "locked · type unlock to use the keys", .dim))
        return blocks
    }
}

/// The word that unlocks a locked live view, typed in order: any other key starts it again.
struct UnlockWord {
    static let word = Array("unlock".utf8)
    var matched = 0

    /// Takes the bytes of one key; true once the whole word has been typed.
    mutating func take(_ bytes: [UInt8]) -> Bool {
        for byte in bytes {
            let lower = byte | 0x20
            matched = lower == UnlockWord.word[matched] ? matched + 1 : (lower == UnlockWord.word[0] ? 1 : 0)
            if matched == UnlockWord.word.count { return true }
        }
        return false
    }
}
