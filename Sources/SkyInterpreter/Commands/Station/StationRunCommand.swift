import FoundationEssentials
import Glibc
import SkyKit

/// `station run`: the station log kept unattended, for a service manager — the receiver polled
/// at its pace, every snapshot logged, a line on stderr each interval, and a clean end (status 0,
/// the log whole) on SIGTERM, SIGHUP or Ctrl-C. Needs no terminal.
enum StationRunCommand {
    static let forOption = Option("for", .duration(defaultSeconds: 60, placeholder: "duration"), "stop after this long (default: until stopped)")
    static let every = Option(
        "every", .duration(defaultSeconds: 1, placeholder: "interval"), "time between polls (default: the receiver's refresh time, 1 s for readsb)")
    static let report = Option(
        "report", .duration(defaultSeconds: 60, placeholder: "interval"), "time between the lines on stderr", default: 60, shown: "1min")

    static let spec = CommandSpec(
        "run", category: .radar,
        abstract: "Keep the station log unattended: poll the receiver until stopped, logging to stderr",
        discussion:
            "For a service manager (Docs/STATION.md has a systemd unit). The radar source must be a receiver (`radar source readsb "
            + "URL`) and the observer its place. Every answer is logged in the station log as the radar does; a receiver that fails "
            + "is tried again at the next poll. Writes nothing on stdout until it ends: one line on stderr when it starts, one each "
            + "report interval (what was heard since the last) and one when it ends. SIGTERM (systemd's stop), SIGHUP or Ctrl-C end "
            + "it after the snapshot being written, with status 0.",
        options: [forOption.spec, every.spec, report.spec],
        requires: [.observer],
        examples: [
            Example("station run", "log until stopped (as a service)"),
            Example("station run for 8h every 5s", "a night's log, polling every five seconds"),
        ]
    ) { args, context in
        let observer = try args.observer()
        let feed = try context.radar.feed()
        guard feed is ReceiverFeed else {
            throw ShellError(.state, "station run needs a receiver as the radar source (radar source readsb URL); the source is \(feed.label)")
        }
        guard context.settings.value(.stationLog) == .on else { throw ShellError(.state, "the station log is off: set station-log on") }
        let every = max(args[StationRunCommand.every] ?? feed.refreshInterval, feed.refreshInterval)
        let reportEvery = try args.value(StationRunCommand.report)
        guard every > 0, reportEvery > 0 else { throw ShellError.usage("the intervals must be above zero") }
        let duration = args[StationRunCommand.forOption]
        let log = try context.station.log()
        let run = StationRun(context: context, label: Visible.text(feed.label))
        run.say("logging \(run.label) at \(CoordinateText.short(observer.place.coordinate)) every \(Format.trimmed(every)) s into \(log.path)")
        let began = monotonicSeconds()
        var nextReport = began + reportEvery
        var polls = 0
        _ = try LivePolling.poll(feed, from: observer, until: duration.map { began + $0 }, context) { answer in
            switch answer {
            case .success(let snapshot): run.heard(snapshot)
            case .failure(let error): run.failed(error.message)
            }
            polls += 1
            if monotonicSeconds() >= nextReport {
                run.sayInterval()
                nextReport += reportEvery
            }
            // Polls on a fixed schedule from the start: a slow answer does not push the next.
            return began + Double(polls) * every - monotonicSeconds()
        }
        let why: String =
            switch Interrupt.termination {
            case 15?: "stopped by SIGTERM"
            case 1?: "stopped by SIGHUP"
            default: Interrupt.requested ? "stopped by Ctrl-C" : "ran for \(TimeText.span(duration ?? 0))"
            }
        // The signal was the run's end, handled: the session ends here with status 0 (for a
        // service manager a stop, not a failure); Ctrl-C only ends the run.
        if Interrupt.termination != nil { context.interpreter.requestExit(0) } else { _ = Interrupt.take() }
        run.say(why + ": " + run.totals)
        return Output([.data("snapshots", .int(run.snapshots)), .data("positions", .int(run.positions)), .data("failures", .int(run.failures))])
    }
}

/// What one `station run` heard, and its lines on stderr.
final class StationRun {
    let context: CommandContext
    let label: String
    var snapshots = 0, positions = 0, failures = 0
    var intervalPositions = 0, intervalAircraft: Set<String> = [], intervalFailures = 0
    var lastTime: Double?

    init(context: CommandContext, label: String) {
        self.context = context
        self.label = label
    }

    /// A line on stderr, led by the time (UTC, ISO 8601) for the service's journal.
    func say(_ message: String) {
        context.console.log(CivilTime(context.runner.clock.now.timeIntervalSince1970).iso + " " + message, label: "station")
    }

    func heard(_ snapshot: TrafficSnapshot) {
        // The same answer read again (a stalled receiver) is logged once, as the log does.
        guard snapshot.time != lastTime else { return }
        lastTime = snapshot.time
        snapshots += 1
        positions += snapshot.aircraft.count
        intervalPositions += snapshot.aircraft.count
        for a in snapshot.aircraft { intervalAircraft.insert(a.icao24) }
    }

    func failed(_ message: String) {
        failures += 1
        intervalFailures += 1
        // The first failure of an interval is said at once; the rest are counted in its line.
        if intervalFailures == 1 { say("\(label) failed: \(Visible.text(message)); trying again at the next poll") }
    }

    func sayInterval() {
        var line = "heard \(Format.count(intervalAircraft.count, "aircraft", "aircraft")), \(Format.count(intervalPositions, "position"))"
        if intervalFailures > 0 { line += ", \(Format.count(intervalFailures, "failed poll"))" }
        say(line + "; " + totals)
        intervalPositions = 0
        intervalAircraft = []
        intervalFailures = 0
    }

    var totals: String {
        "\(Format.count(snapshots, "snapshot")), \(Format.count(positions, "position")) logged in all"
            + (failures > 0 ? ", \(Format.count(failures, "failed poll"))" : "")
    }
}
