/// The state one service keeps for a shell — an opened database, files it loaded, caches —
/// made on first use and kept for the shell's life.
///
/// A service declares its context type and an accessor (`extension CommandContext { var radar:
/// … }`) in its own folder; the shell holds only the table, so adding a service does not touch it.
/// A service sees what a command sees (`CommandContext`), not the interpreter.
public protocol ServiceContext: AnyObject {
    init(context: CommandContext)
}

/// The service contexts of one shell, each made on first use and found by its type.
public final class ServiceTable {
    private unowned let shell: Shell
    private var contexts: [ObjectIdentifier: AnyObject] = [:]

    init(shell: Shell) { self.shell = shell }

    /// The shell's context of type `C`, made now if this is its first use.
    public func context<C: ServiceContext>(_ type: C.Type = C.self) -> C {
        if let existing = contexts[ObjectIdentifier(type)] as? C { return existing }
        let made = C(context: shell.context)
        contexts[ObjectIdentifier(type)] = made
        return made
    }

    /// The shell's context of type `C` if a command has started it, else nil (nothing is made).
    public func started<C: ServiceContext>(_ type: C.Type = C.self) -> C? { contexts[ObjectIdentifier(type)] as? C }

    /// How many contexts have been made: services are only started when used.
    public var startedCount: Int { contexts.count }
}
