import SkyKit

/// Runs the statements of a block: commands in order, `if` branches, `for` loops over values,
/// lists and the rows of a table, and `def`s. Each command is expanded just before it runs, so
/// a loop's variable and what earlier commands set are seen.
extension Shell {
    /// Runs `statements`; the first failure ends them, unless `--keep-going` in a script, where
    /// a failed command is reported and the next one runs (the block then fails at its end).
    func run(_ statements: [Statement]) throws(ShellError) {
        for statement in statements {
            switch statement {
            case .command(let command):
                try runInBlock(command)
            case .conditional(let branches, let otherwise):
                var chosen = otherwise
                for branch in branches where try holds(branch.condition) {
                    chosen = branch.body
                    break
                }
                try run(chosen)
            case .loop(let name, let source, let body):
                let seen = Interrupt.seen
                for item in try items(source) {
                    bind(name, item)
                    try run(body)
                    if exitStatus != nil { return }
                    if Interrupt.termination != nil { throw ShellError.terminated() }
                    // Ctrl-C stops the loop and the rest of the block, whatever the command did.
                    if Interrupt.seen != seen { throw ShellError(.interrupted, "interrupted — the loop and the rest of the block stopped") }
                }
            case .definition(let command):
                try define(command)
            case .attempt(let body, let handler):
                try attempt(body, handler)
            }
            if exitStatus != nil { return }
        }
    }

    /// One command of a block, with its own file and line for errors.
    private func runInBlock(_ command: CommandText) throws(ShellError) {
        if let place = command.location { location = place }
        do {
            try runText(command)
        } catch {
            guard keepGoing, mode == .batch, attempts == 0, mayGoOn(after: error) else { throw error }
            if !error.alreadyReported { report(error) }
            var failed = error
            failed.alreadyReported = true
            blockFailure = blockFailure ?? failed
        }
    }

    /// `try … catch … end`: the body's first failure ends the body, unreported, and the handler
    /// runs with `$error` (the message) and `$status` (its exit status) set. Ctrl-C, a
    /// termination and a runaway recursion are never caught.
    private func attempt(_ body: [Statement], _ handler: [Statement]) throws(ShellError) {
        attempts += 1
        do {
            defer { attempts -= 1 }
            try run(body)
        } catch {
            guard mayGoOn(after: error) else { throw error }
            arguments.variables["error"] = .text(error.message)
            noteStatus(error.exitCode)
            try run(handler)
        }
    }

    /// Whether a script may go on after `error` (with --keep-going, or in a `catch`): never after
    /// Ctrl-C, a termination or a runaway recursion.
    func mayGoOn(after error: ShellError) -> Bool {
        error.kind != .interrupted && error.kind != .terminated && !error.endsTheCommand && !runaway
    }

    /// Keeps a command's exit status as `$status` (0 when it worked).
    func noteStatus(_ status: Int32) {
        arguments.variables["status"] = .text(String(status))
    }

    /// Whether an `if`'s condition holds: its words expanded, then read as a `where`
    /// condition over values (`$n > 3`, `(flights | count) >= 100`, `$code in [UA, LH]`).
    func holds(_ condition: CommandText) throws(ShellError) -> Bool {
        if let place = condition.location { location = place }
        let words = try lex(condition.text)
        do {
            var parser = ExpressionParser(words)
            let expression = try parser.parse(what: "if")
            return try ValueCondition(reader: ScalarReader(catalog: catalog)).holds(expression) ?? false
        } catch {
            throw ShellError.usage("if: " + error.message)
        }
    }

    /// The values a `for` goes over: the rows of a table (`(pipeline)` or `$TABLE`), a list's
    /// values, or the words written.
    private func items(_ source: CommandText) throws(ShellError) -> [PipeValue] {
        if let place = source.location { location = place }
        let text = source.text.trimmingWhitespace
        let value: PipeValue
        if let inner = Lexer.parenthesised(String(text)) {
            value = try pipelineValue(String(inner))
        } else {
            let words = try lex(String(text))
            if words.count == 1, words[0].isVariableReference {
                value = try pipelineValue(String(text))
            } else {
                return words.map { .value(Cell($0.text), Shell.literalKind($0), key: "value") }
            }
        }
        switch value {
        case .table(let table):
            return table.rows.map { row in
                var one = table
                one.rows = [row]
                return .table(one)
            }
        case .list(let cells, let kind, let key): return cells.map { .value($0, kind, key: key) }
        case .value: return [value]
        }
    }

    /// The value of the pipeline written `text`.
    func pipelineValue(_ text: String) throws(ShellError) -> PipeValue {
        let words = try lex(text)
        guard !words.isEmpty else { throw ShellError.usage("( ) holds no command") }
        do {
            return try evaluatePipeline(words)
        } catch {
            throw ShellError(failure: error)
        }
    }

    /// Sets the variable `name` to `value` (a loop's variable, a parameter).
    func bind(_ name: String, _ value: PipeValue?) {
        variables[name] = value
        arguments.variables[name] = value.map(Shell.lexValue)
    }
}
