import SkyKit

/// All commands, looked up by name or alias. Each declaration is made when first asked for:
/// a one-line run makes the command it runs, not all of them.
public struct CommandRegistry: @unchecked Sendable {
    private var slots: [Slot] = []
    private var index: [String: Int] = [:]

    public init(_ commands: [CommandSpec] = []) {
        for command in commands { register(command) }
    }

    /// Commands known by their names (name first, then aliases) and made on first lookup.
    init(names: [[String]], makers: [@Sendable () -> CommandSpec]) {
        precondition(names.count == makers.count, "a name list for every command")
        for (position, (names, make)) in zip(names, makers).enumerated() {
            slots.append(Slot(names: names, make: make))
            for name in names { index[name] = position }
        }
    }

    /// Every command, in order.
    public var commands: [CommandSpec] { slots.map(\.spec) }

    /// Adds a command; a later declaration with the same name replaces the earlier one.
    public mutating func register(_ command: CommandSpec) {
        let slot = Slot(names: command.names, make: { command })
        if let existing = index[command.name] {
            slots[existing] = slot
        } else {
            slots.append(slot)
        }
        let position = index[command.name] ?? slots.count - 1
        for name in command.names { index[name] = position }
    }

    /// The command called `name` (case-insensitive).
    public func command(_ name: String) -> CommandSpec? {
        if let i = index[name] { return slots[i].spec }
        return index[name.lowercased()].map { slots[$0].spec }
    }

    /// Every name and alias.
    public var allNames: [String] { slots.flatMap(\.names) }

    /// One command: its names, and its declaration, made once when first asked for.
    struct Slot: @unchecked Sendable {
        let names: [String]
        let made: Once<CommandSpec>

        init(names: [String], make: @escaping @Sendable () -> CommandSpec) {
            self.names = names
            made = Once(make)
        }

        var spec: CommandSpec { made.value }
    }

    /// Follows subcommand words from `words[0]`: the innermost command, its path and the index
    /// of the first word after the path. Nil when the first word names no command.
    public func resolve(_ words: [Token]) -> (spec: CommandSpec, path: [String], next: Int)? {
        guard let first = words.first, var spec = command(first.text) else { return nil }
        var path = [spec.name]
        var next = 1
        while next < words.count, let word = words[next].keyword, let sub = spec.subcommand(word) {
            spec = sub
            path.append(sub.name)
            next += 1
        }
        return (spec, path, next)
    }
}
