import FoundationEssentials
import Glibc
import SkyKit

/// The station log service: the SQLite file of what the receiver heard, opened on first use.
final class StationContext: ServiceContext {
    let context: CommandContext
    private var opened: StationLog?
    /// Said once when the log cannot be written; the radar goes on without it.
    private var failed = false

    init(context: CommandContext) { self.context = context }

    /// The log in the data folder (created when missing, mode 0600).
    func log() throws -> StationLog {
        if let opened { return opened }
        guard let paths = context.runner.paths else { throw ShellError(.io, "no data directory: set SKYSHELL_HOME or HOME") }
        try context.files.ensurePrivateDirectory(paths.data)
        do {
            let log = try StationLog(path: paths.path(.station))
            opened = log
            return log
        } catch {
            throw ShellError(failure: error)
        }
    }

    /// The log only if it already exists (questions never create one).
    func existing() throws -> StationLog? {
        if let opened { return opened }
        guard let paths = context.runner.paths, FileManager.default.fileExists(atPath: paths.path(.station)) else { return nil }
        return try log()
    }

    /// Logs a receiver's snapshot heard at the observer (unless `set station-log off`; the same
    /// answer read again is logged once); a failure is said once, and the radar goes on.
    func log(_ snapshot: TrafficSnapshot, from observer: Observer) {
        guard context.settings.value(.stationLog) == .on, !failed, !snapshot.aircraft.isEmpty else { return }
        do {
            try log().add(snapshot, from: RadarGeometry(observer), once: true)
        } catch {
            failed = true
            context.console.warn("the station log is not kept this session: \(ShellError(failure: error).message)")
        }
    }

    /// The station at the observer's place, with its log; an error that says what to do when
    /// there is none.
    func station() throws -> (log: StationLog, summary: StationSummary) {
        guard let observer = context.session.observer else { throw ShellError.usage(Requirement.observer.message) }
        guard let log = try existing() else {
            throw ShellError(.state, "no station log yet: it is kept while a receiver is the radar source (radar source readsb URL), or station add FILE")
        }
        guard let id = try log.station(at: observer.place.coordinate), let summary = try log.summary(id) else {
            throw ShellError(.state, "the station log has no receiver within 1 km of the observer: observer at the receiver's place, or station add FILE")
        }
        return (log, summary)
    }
}

extension CommandContext {
    /// The station log service.
    var station: StationContext { services.context() }
}
