import SkyKit

/// Connects the catalog to a shell: its place resolver and completion. (Each other service
/// keeps its state in its own `ServiceContext`, made when a command first uses it.)
enum Services {
    static func attach(to shell: Shell) {
        shell.placeResolver = { [unowned shell] word in try CatalogResolver.airport(word, shell.context).place }
        shell.placeCompleter = { [unowned shell] prefix in CatalogResolver.completeAirports(prefix, shell.catalog) }
    }
}

extension Shell {
    /// A shell with every command and service attached.
    public static func standard(
        environment: [String: String] = [:], paths: Paths? = nil, clock: Clock = Clock(),
        mode: Mode = .batch, out: OutputSink = OutputSink(), err: OutputSink = OutputSink(),
        stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false
    ) -> Shell {
        let shell = Shell(
            registry: AllCommands.registry, environment: environment, paths: paths, clock: clock,
            mode: mode, out: out, err: err, stdoutIsTerminal: stdoutIsTerminal, stderrIsTerminal: stderrIsTerminal)
        Services.attach(to: shell)
        return shell
    }
}
