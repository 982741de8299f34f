/// All commands, looked up by name or alias.
public struct CommandRegistry: @unchecked Sendable {
    public private(set) var commands: [CommandSpec] = []
    private var index: [String: Int] = [:]

    public init(_ commands: [CommandSpec] = []) {
        for command in commands { register(command) }
    }

    /// Adds a command; a later declaration with the same name replaces the earlier one.
    public mutating func register(_ command: CommandSpec) {
        if let existing = index[command.name] {
            commands[existing] = command
        } else {
            commands.append(command)
        }
        let position = index[command.name] ?? commands.count - 1
        for name in command.names { index[name] = position }
    }

    /// The command called `name` (case-insensitive).
    public func command(_ name: String) -> CommandSpec? {
        if let i = index[name] { return commands[i] }
        return index[name.lowercased()].map { commands[$0] }
    }

    /// Every name and alias.
    public var allNames: [String] { commands.flatMap(\.names) }

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
