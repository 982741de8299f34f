import FoundationEssentials
import Glibc
import SkyKit

/// `radar record FILE [for D] [every D]`: snapshots of the radar source into a recording.
enum RadarRecordCommand {
    static let file = Argument("file", .path(extensions: ["jsonl"]), "the recording to write")
    static let forOption = Option("for", .duration(defaultSeconds: 60, placeholder: "duration"), "how long to record", default: 600, shown: "10min")
    static let every = Option(
        "every", .duration(defaultSeconds: 1, placeholder: "interval"),
        "time between snapshots (default: the source's refresh time, 5 s for the samples)")
    static let force = Flag("force", "replace an existing file")

    static let spec = CommandSpec(
        "record", category: .radar,
        abstract: "Record the radar source to a file for replay",
        discussion:
            "Writes skyshell's recording format (JSON Lines: a header line, then one snapshot of every aircraft in range per line; see Docs/RADAR.md) "
            + "for `radar source replay`. Live sources are recorded as time passes, one snapshot per refresh (never faster than the source "
            + "allows); recorded sources (the samples, a replay) are copied from the radar time onwards at once. Ctrl-C stops early and keeps "
            + "what was recorded. The recording goes to a temporary file that takes the name when it ends, so a failure leaves no half "
            + "file; an existing file is not replaced without --force, and skyshell's own files never are.",
        arguments: [file.spec],
        options: [
            forOption.spec,
            every.spec,
            force.spec,
        ],
        requires: [.observer],
        examples: [
            Example("radar record evening.jsonl for 30min", "half an hour of the current source"),
            Example("radar record paris.jsonl for 5min every 10s", "five minutes of the Paris sample"),
        ]
    ) { args, context in
        let path = try args.value(RadarRecordCommand.file)
        let observer = try args.observer()
        let feed = try context.radar.feed()
        let duration = try args.value(RadarRecordCommand.forOption)
        guard duration > 0 else { throw ShellError.usage("the recording needs a duration above zero") }
        var every = args[RadarRecordCommand.every] ?? (feed.isRecorded ? 5 : feed.refreshInterval)
        var notes: [String] = []
        if every < feed.refreshInterval, !feed.isRecorded {
            notes.append("\(feed.label) changes at most every \(Format.trimmed(feed.refreshInterval)) s; recording at that rate")
            every = feed.refreshInterval
        }
        guard every > 0 else { throw ShellError.usage("the interval between snapshots must be above zero") }

        let file = try context.files.createUserFile(path, force: args.flag(RadarRecordCommand.force))
        func write(_ line: String) throws(ShellError) {
            do { try file.write(line + "\n") } catch { throw ShellError(error) }
        }
        let start = context.radar.time(feed)
        try write(TrafficRecording.headerLine(source: feed.label, started: start))
        let total = Int(duration / every) + 1
        let progress = ProgressLine(context: context, label: "recording snapshots", total: total)
        var written = 0, failures = 0, unchanged = 0
        var lastTime: Double?
        var stoppedBy: String?
        let began = Date()
        for k in 0..<total {
            if Interrupt.requested { stoppedBy = Interrupt.termination == nil ? "Ctrl-C" : "a signal to end"; break }
            let t = feed.isRecorded ? start + Double(k) * every : context.runner.clock.now.timeIntervalSince1970
            if let span = feed.span, t > span.upperBound { stoppedBy = "the end of the recording"; break }
            do {
                let snapshot = try feed.snapshot(
                    at: t, around: observer.place.coordinate, range: context.session.radar.range, cancelled: { Interrupt.requested })
                // What a live feed answered is the session's too (runways, arrivals).
                if !feed.isRecorded { context.radar.remember(snapshot, of: feed, from: observer) }
                let geometry = RadarGeometry(observer)
                let inRange = snapshot.aircraft.filter { geometry.sight($0).groundDistance <= context.session.radar.range }
                // A live source that has not moved on (a file nothing rewrites, a stalled
                // receiver) gives the same snapshot again: kept once.
                if !feed.isRecorded, snapshot.time == lastTime {
                    unchanged += 1
                } else {
                    try write(TrafficRecording.line(TrafficSnapshot(time: feed.isRecorded ? t : snapshot.time, aircraft: inRange)))
                    written += 1
                    lastTime = snapshot.time
                }
            } catch let error as FeedError {
                if error.kind == .cancelled { stoppedBy = "Ctrl-C"; break }
                // A live service that fails now and then is retried at the next snapshot.
                guard error.kind == .unavailable, !feed.isRecorded else { throw ShellError(feedError: error) }
                failures += 1
                context.console.warn("\(error.message); trying again in \(Format.trimmed(every)) s")
            }
            progress.update(k + 1)
            if !feed.isRecorded, k + 1 < total {
                // Wait for the next snapshot, waking for Ctrl-C.
                let next = began.addingTimeInterval(Double(k + 1) * every)
                while Date() < next, !Interrupt.requested { usleep(50_000) }
            }
        }
        progress.finish()
        try context.files.commit(file)
        if stoppedBy == "Ctrl-C" { _ = Interrupt.take() }
        var output = Output([
            .message("recorded \(Format.count(written, "snapshot")) of \(feed.label) to \(path)" + (stoppedBy.map { " (stopped by \($0))" } ?? ""))
        ])
        output.blocks += notes.map { .note($0) }
        if failures > 0 { output.append(.note("\(Format.count(failures, "snapshot")) failed and were skipped")) }
        if unchanged > 0 {
            output.append(.note("\(Format.count(unchanged, "snapshot")) left out: \(feed.label) had not changed since the one before (same time)"))
        }
        output.append(.data("snapshots", .int(written)))
        output.append(.data("file", .string(path)))
        return output
    }
}
