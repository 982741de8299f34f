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
            "Uses the whole terminal (its alternate screen) and gives it back as it was on q, Esc, Ctrl-C or an error. The traffic is fetched again at the source's refresh rate (or `every`, never faster than the source allows); a sweep turns once per refresh. Keys: ← and → turn 15°, + and - halve or double the range, q quits. Recorded sources play in real time from the radar time. Needs a terminal; scripts use `radar` or `radar record`.",
        options: [every.spec],
        requires: [.observer],
        examples: [Example("radar live", "the live scope"), Example("radar live every 30s", "fetch twice a minute")]
    ) { args, shell in
        guard isatty(0) == 1, shell.stdoutIsTerminal else {
            throw ShellError.usage("radar live needs a terminal; in scripts use radar (one frame) or radar record")
        }
        var live = LiveRadar(shell: shell, every: args[RadarLiveCommand.every])
        let summary = try live.run()
        return .message(summary)
    }
}

/// The live scope's loop: fetch at the feed's pace, draw ten frames a second, read keys.
struct LiveRadar {
    let shell: Shell
    let requestedInterval: Double?

    init(shell: Shell, every: Double?) {
        self.shell = shell
        requestedInterval = every
    }

    mutating func run() throws -> String {
        let feed = try shell.radar.feed()
        let interval = max(requestedInterval ?? feed.refreshInterval, feed.refreshInterval)
        let screen = try LiveScreen(shell)
        defer { screen.close() }

        var picture: RadarPicture?
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
                let t = min(shell.radar.time(feed) + now.timeIntervalSince(lastFrame), span.upperBound)
                shell.session.setRadarTime(t, of: feed.label)
                lastFrame = now
                if t >= span.upperBound { problem = "the end of the recording" }
            }
            if feed.isRecorded || now >= nextFetch {
                do {
                    picture = try shell.radar.picture()
                    if !feed.isRecorded { problem = nil }
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
            screen.show(frame(picture, sweep: sweep, problem: problem))
            switch screen.readKey(timeout: 0.1) {
            case .quit: ending = "radar live ended"
            case .left: shell.session.turn(by: Angle(degrees: -15))
            case .right: shell.session.turn(by: Angle(degrees: 15))
            case .plus: zoom(0.5)
            case .minus: zoom(2)
            case .none: break
            }
            if let why = screen.stopRequested() { ending = why == "Ctrl-C" ? "radar live ended (Ctrl-C)" : "radar live ended" }
        }
        return ending ?? "radar live ended"
    }

    func zoom(_ factor: Double) {
        shell.session.setRadarRange(Distance(min(500, max(1, shell.session.radar.range.kilometers * factor)), .kilometers))
    }

    /// One frame's blocks.
    func frame(_ picture: RadarPicture?, sweep: Double, problem: String?) -> [Block] {
        guard let picture, let output = try? RadarCommands.frame(picture, shell, sweep: sweep) else {
            return [.message("waiting for traffic…" + (problem.map { " (\($0))" } ?? ""))]
        }
        var blocks = output.blocks.filter { if case .data = $0 { return false } else { return true } }
        if let problem { blocks.append(.message("⚠ \(problem)", .warning)) }
        blocks.append(.message("←/→ turn · +/- range · q quit", .dim))
        return blocks
    }
}
