import SkyKit

/// A command made with `def NAME [PARAM…] … end`: its parameters, its help (the comment lines
/// right after `def`) and its body.
struct UserCommand {
    var name: String
    var parameters: [Parameter]
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
        // A default is read now, as the argument would be: a wrong one is the def's mistake.
        for parameter in command.parameters {
            guard let text = parameter.defaultText else { continue }
            do {
                _ = try parameter.kind.read(text, context)
            } catch {
                location = command.location ?? location
                throw ShellError.usage("def \(command.name): the default of \(parameter.name): \(ShellError(failure: error).message)")
            }
        }
        let arguments = command.parameters.map(\.spec)
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
        let values = try command.parameters.map { try $0.value(args, context) }
        return try nested(command.name, kind: "commands of your own") { () throws -> Output in
            let names = command.parameters.map(\.name)
            let saved = names.map { variables[$0] }
            let (savedValues, savedLocation) = (arguments.values, location)
            calls.append(ShellError.Frame(command: command.name, calledFrom: savedLocation))
            let wasInPipeline = inPipeline
            let gathering = inPipeline
            let outer = gathered
            if gathering { gathered = [] }
            defer {
                calls.removeLast()
                for (name, value) in zip(names, saved) { bind(name, value) }
                arguments.values = savedValues
                inPipeline = wasInPipeline
                if gathering { gathered = outer }
            }
            for (name, value) in zip(names, values) { bind(name, value) }
            arguments.values = values.map { Shell.lexValue($0).words?.joined(separator: " ") ?? "" }
            inPipeline = false
            // With --keep-going a body goes on after a failure, which the call then reports as its own.
            let outerFailure = blockFailure
            blockFailure = nil
            defer { blockFailure = outerFailure }
            do throws(ShellError) {
                try run(command.body)
                if let failure = blockFailure { throw failure }
            } catch {
                // The innermost call keeps the whole chain of calls for the report.
                var failed = error
                if failed.backtrace.isEmpty, !failed.alreadyReported { failed.backtrace = calls.reversed() }
                throw failed
            }
            location = savedLocation
            var output = Output([])
            if gathering { output.blocks = gathered?.flatMap(\.blocks) ?? [] }
            return output
        }
    }
}
