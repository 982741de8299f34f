/// `run <file.sky> [args…]` (also `source`): runs a script in the current session.
enum RunCommand {
    static let file = Argument("file", .path(extensions: ["sky"]), "the script to run")
    static let specArgs = Argument("args", .text, "arguments for $1, $2…", .repeating(min: 0), placeholder: "arg")

    static let spec = CommandSpec(
        "run", aliases: ["source"], category: .shell,
        abstract: "Run a .sky script in this session",
        discussion:
            "Runs the script's lines as if typed here: state changes stay. The script's arguments are $1, $2… inside it. "
            + "Errors print as FILE:LINE and stop the script (and, in a script, the caller) unless skyshell was started with "
            + "--keep-going.",
        arguments: [
            file.spec,
            specArgs.spec,
        ],
        examples: [Example("run tour.sky", "run a script"), Example("source setup.sky KSFO", "run a script with $1 = KSFO")]
    ) { args, context in
        let path = try args.value(RunCommand.file)
        let status = try context.interpreter.nested(path) {
            context.interpreter.runScript(try ScriptFile.open(path), name: path, values: args.all(RunCommand.specArgs))
        }
        if status != 0, context.interpreter.exitStatus == nil {
            var error = ShellError(ShellError.Kind(exitCode: status), "\(path) failed with status \(status)")
            error.alreadyReported = true
            throw error
        }
        return .none
    }
}
