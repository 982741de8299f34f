import SkyKit

/// A command made with `def NAME [PARAM…] … end`: its parameters, its help (the comment lines
/// right after `def`) and its body.
struct UserCommand {
    var name: String
    var parameters: [String]
    var help: [String]
    var body: [Statement]
    var location: SourceLocation?
}

/// `def`: a user command is declared like skyshell's own, so help, usage, completion, "did you
/// mean" and argument errors come from the same declaration.
extension Shell {
    /// Declares `command` (replacing an earlier `def` of the same name).
    func define(_ command: UserCommand) throws(ShellError) {
        if let existing = registry.command(command.name), existing.category != .user {
            throw ShellError.usage("def \(command.name): \(existing.name) is a skyshell command — choose another name")
        }
        let place = command.location.map { "\($0.file):\($0.line)" }
        let abstract = command.help.first.map { Visible.text($0) } ?? "A command of your own" + (place.map { " (def at \($0))" } ?? "")
        var discussion = command.help.dropFirst().map { Visible.text($0) }.joined(separator: " ")
        if !command.help.isEmpty, let place { discussion += (discussion.isEmpty ? "" : " ") + "Defined at \(place)." }
        let arguments = command.parameters.map { ArgumentSpec($0, .text, "$\($0) in the command", placeholder: $0) }
        register([
            CommandSpec(command.name, category: .user, abstract: abstract, discussion: discussion, arguments: arguments) { [unowned self] args, _ in
                // A command of your own runs lines: the interpreter's work, not a handler's.
                try call(command, args)
            }
        ])
    }

    /// Runs a user command's body with `$PARAM` (and `$1`…, `$#`, `$@`) set to its arguments;
    /// what it shows is shown as it goes, or gathered when the command heads a pipeline.
    func call(_ command: UserCommand, _ args: Arguments) throws -> Output {
        let values = command.parameters.map { args.get($0, as: String.self) ?? "" }
        return try nested(command.name, kind: "commands of your own") { () throws -> Output in
            let saved = command.parameters.map { variables[$0] }
            let (savedValues, savedLocation) = (arguments.values, location)
            let wasInPipeline = inPipeline
            let gathering = inPipeline
            let outer = gathered
            if gathering { gathered = [] }
            defer {
                for (name, value) in zip(command.parameters, saved) { bind(name, value) }
                arguments.values = savedValues
                inPipeline = wasInPipeline
                if gathering { gathered = outer }
            }
            for (name, value) in zip(command.parameters, values) { bind(name, .value(Cell(value), .text, key: name)) }
            arguments.values = values
            inPipeline = false
            try run(command.body)
            location = savedLocation
            var output = Output([])
            if gathering { output.blocks = gathered?.flatMap(\.blocks) ?? [] }
            return output
        }
    }
}
