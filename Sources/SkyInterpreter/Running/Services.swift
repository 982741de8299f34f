import SkyKit

/// Connects the domain services to a shell: the catalog's place resolver and completion,
/// the stores each service keeps. Services add their parts here as they arrive.
enum Services {
    static func attach(to shell: Shell) {
        shell.placeResolver = { [unowned shell] word in try CatalogResolver.airport(word, shell.catalog).place }
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
            registry: CommandRegistry(AllCommands.list), environment: environment, paths: paths, clock: clock,
            mode: mode, out: out, err: err, stdoutIsTerminal: stdoutIsTerminal, stderrIsTerminal: stderrIsTerminal)
        Services.attach(to: shell)
        return shell
    }
}
