import CTerminal
import Foundation
import SkyKit

/// `radar live [every N]`: the scope redrawn in place with a turning sweep until `q`.
enum RadarLiveCommand {
    static let spec = CommandSpec(
        "live", category: .radar,
        abstract: "Keep the scope on screen, redrawn as the traffic moves, until q",
        discussion: "Uses the whole terminal (its alternate screen) and gives it back as it was on q, Esc, Ctrl-C or an error. The traffic is fetched again at the source's refresh rate (or `every`, never faster than the source allows); a sweep turns once per refresh. Keys: ← and → turn 15°, + and - halve or double the range, q quits. Recorded sources play in real time from the radar time. Needs a terminal; scripts use `radar` or `radar record`.",
        options: [OptionSpec("every", .duration(defaultSeconds: 1, placeholder: "interval"), "time between fetches (default: the source's refresh time)")],
        requires: [.observer],
        examples: [Example("radar live", "the live scope"), Example("radar live every 30s", "fetch twice a minute")]
    ) { args, shell in
        guard isatty(0) == 1, shell.stdoutIsTerminal else {
            throw ShellError.usage("radar live needs a terminal; in scripts use radar (one frame) or radar record")
        }
        var live = LiveRadar(shell: shell, every: args.get("every", as: Double.self))
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
        let feed = try shell.radarFeed()
        let interval = max(requestedInterval ?? feed.refreshInterval, feed.refreshInterval)
        guard sky_terminal_enter_live_mode(0) == 0 else { throw ShellError(.io, "cannot switch the terminal to live mode") }
        shell.out.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
        shell.out.flush()
        defer {
            shell.out.write("\u{1B}[?25h\u{1B}[?1049l")
            shell.out.flush()
            sky_terminal_leave_live_mode(0)
        }
        _ = sky_signals_take_resize()

        var picture: RadarPicture?
        var problem: String?
        var nextFetch = Date.distantPast
        var backoff = interval
        var frames = 0
        let started = Date()
        var lastFrame = Date()
        var cursorOffset = 0.0
        var ending: String?
        while ending == nil {
            let now = Date()
            // Recorded sources play in real time: the radar time moves with the clock.
            if feed.isRecorded, let span = feed.span {
                cursorOffset = now.timeIntervalSince(lastFrame)
                let t = min(shell.radarTime(feed) + cursorOffset, span.upperBound)
                shell.session.setRadarTime(t)
                lastFrame = now
                if t >= span.upperBound { problem = "the end of the recording" }
            }
            if feed.isRecorded || now >= nextFetch {
                do {
                    picture = try shell.radarPicture()
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
            draw(picture, sweep: sweep, problem: problem, resized: sky_signals_take_resize() != 0)
            frames += 1
            switch readKey(timeout: 0.1) {
            case .quit: ending = "radar live ended"
            case .turn(let degrees): shell.session.turn(by: Angle(degrees: degrees))
            case .zoom(let factor):
                let km = min(500, max(1, shell.session.radar.range.kilometers * factor))
                shell.session.setRadarRange(Distance(km, .kilometers))
            case .none: break
            }
            if Interrupt.requested {
                Interrupt.take()
                ending = "radar live ended (Ctrl-C)"
            }
            if sky_signals_termination() != 0 { ending = "radar live ended" }
        }
        return ending ?? "radar live ended"
    }

    /// One frame, written over the previous one.
    func draw(_ picture: RadarPicture?, sweep: Double, problem: String?, resized: Bool) {
        var text = resized ? "\u{1B}[2J\u{1B}[H" : "\u{1B}[H"
        let options = shell.renderOptions
        if let picture, let output = try? RadarCommands.frame(picture, shell, sweep: sweep) {
            var blocks = output.blocks.filter { if case .data = $0 { return false } else { return true } }
            if let problem { blocks.append(.message("⚠ \(problem)", .warning)) }
            blocks.append(.message("←/→ turn · +/- range · q quit", .dim))
            text += Renderer.render(Output(blocks), RenderOptions(format: .table, color: options.color, accent: options.accent))
                .replacingOccurrences(of: "\n", with: "\u{1B}[K\r\n")
        } else {
            text += "waiting for traffic…" + (problem.map { " (\($0))" } ?? "") + "\u{1B}[K\r\n"
        }
        shell.out.write(text + "\u{1B}[J")
        shell.out.flush()
    }

    enum Key { case quit, turn(Double), zoom(Double), none }

    /// Waits up to `timeout` seconds for a key.
    func readKey(timeout: Double) -> Key {
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 1, Int32(timeout * 1000)) > 0 else { return .none }
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = read(0, &buffer, buffer.count)
        guard n > 0 else { return n == 0 ? .quit : .none }
        let bytes = Array(buffer[0..<n])
        switch bytes {
        case [UInt8(ascii: "q")], [UInt8(ascii: "Q")], [0x1B], [0x03], [0x04]: return .quit
        case [0x1B, UInt8(ascii: "["), UInt8(ascii: "D")]: return .turn(-15)
        case [0x1B, UInt8(ascii: "["), UInt8(ascii: "C")]: return .turn(15)
        case [UInt8(ascii: "+")], [UInt8(ascii: "=")]: return .zoom(0.5)
        case [UInt8(ascii: "-")], [UInt8(ascii: "_")]: return .zoom(2)
        default: return .none
        }
    }
}
