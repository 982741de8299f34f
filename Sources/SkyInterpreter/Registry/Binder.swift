/// Reads a command's words against its declaration: options by keyword or `--name`, then
/// positional arguments by kind. Every failure is a usage error naming what was wrong.
struct Binder {
    let spec: CommandSpec
    let path: [String]
    let context: CommandContext

    var usage: String { "usage: " + Usage.line(spec, path: path) }

    func fail(_ message: String) -> ShellError { .usage("\(message) (\(usage))") }

    /// What the next word of a partly typed command is: a value of an option just named, or a
    /// positional argument (with the options still allowed).
    enum Expectation {
        case optionValue(ValueKind)
        case positional(ValueKind?, optionsAllowed: Bool)
    }

    /// Binds a whole command line: every failure is an error.
    func bind(_ words: [Token]) throws -> Arguments { try walk(words, partial: false).arguments }

    /// What a partly typed command expects next, and the options it already has (completion).
    /// It is the same walk as `bind`, skipping words it cannot read instead of failing.
    func expectation(_ words: [Token]) -> (next: Expectation, given: Set<String>) {
        guard let (args, next) = try? walk(words, partial: true) else { return (.positional(nil, optionsAllowed: true), []) }
        return (next, Set(args.values.keys).union(args.flags))
    }

    /// Reads the words left to right: options by keyword or `--name`, positional arguments by
    /// kind. `partial` (completion) skips what it cannot read and stops where an option's value
    /// or a rest-of-line argument begins.
    func walk(_ words: [Token], partial: Bool) throws -> (arguments: Arguments, next: Expectation) {
        var args = Arguments()
        var cursor = WordCursor(words, keywords: Set(spec.options.filter(\.bare).map { $0.name.lowercased() }))
        var position = 0
        var counts = [Int](repeating: 0, count: spec.arguments.count)
        var optionsDone = false

        while let word = cursor.peek() {
            if !optionsDone, let keyword = word.keyword {
                if keyword == "--" {
                    _ = cursor.take()
                    optionsDone = true
                    continue
                }
                if keyword.hasPrefix("--"), keyword.count > 2 {
                    _ = cursor.take()
                    if partial, !keyword.contains("="), cursor.isAtEnd, let kind = spec.option(String(keyword.dropFirst(2)).lowercased())?.kind {
                        return (args, .optionValue(kind))
                    }
                    do { try bindDashed(keyword, &cursor, &args) } catch  where partial { continue }
                    continue
                }
                if let flag = spec.bareFlag(keyword) {
                    _ = cursor.take()
                    args.flags.insert(flag.name)
                    continue
                }
                if let option = spec.options.first(where: { $0.bare && !$0.isFlag && $0.name == keyword.lowercased() }),
                    option.repeatable || !args.has(option.name)
                {
                    _ = cursor.take()
                    if partial, cursor.isAtEnd, let kind = option.kind { return (args, .optionValue(kind)) }
                    var local = cursor
                    do {
                        try bindValue(option, inline: nil, &local, &args)
                        cursor = local
                    } catch  where partial {
                        _ = cursor.take()
                    }
                    continue
                }
                // An option documented `--range` is also understood written `range 30km` (help
                // and completion show the one form).
                if !partial, let option = spec.options.first(where: { !$0.bare && !$0.isFlag && $0.name == keyword.lowercased() }),
                    option.repeatable || !args.has(option.name)
                {
                    _ = cursor.take()
                    try bindValue(option, inline: nil, &cursor, &args)
                    continue
                }
            }
            guard position < spec.arguments.count else {
                if partial { _ = cursor.take(); continue }
                if spec.arguments.isEmpty {
                    throw fail("\(path.joined(separator: " ")) takes no arguments, but got '\(word.text)'")
                }
                // A misspelt keyword (aircarft) gets the keyword it is close to.
                let keywords = spec.options.map { ($0.bare ? "" : "--") + $0.name } + spec.subcommands.map(\.name)
                throw fail("unexpected '\(word.text)'" + suggestion(word.text.lowercased(), among: keywords, quote: { $0 }))
            }
            let argument = spec.arguments[position]
            if case .rest = argument.arity {
                if partial { return (args, .positional(argument.kind, optionsAllowed: false)) }
                let text = try restText(&cursor, &args).map(\.text).joined(separator: " ")
                args.add(argument.name, try read(argument.kind, WordCursor([Token(text, isLiteral: true)]), what: argument.name))
                counts[position] += 1
                position += 1
                continue
            }
            var local = cursor
            do {
                let value = try read(argument.kind, &local, what: argument.name)
                cursor = local
                args.add(argument.name, value)
            } catch  where partial {
                _ = cursor.take()
            }
            counts[position] += 1
            if case .repeating = argument.arity { continue }
            position += 1
        }

        if !partial {
            for (i, argument) in spec.arguments.enumerated() where counts[i] < argument.minimumCount {
                let needed = argument.minimumCount
                let what = needed > 1 ? "at least \(needed) \(argument.kind.placeholder)s" : "<\(argument.kind.placeholder)>"
                throw fail("\(path.joined(separator: " ")) needs \(what)")
            }
        }
        let kind = position < spec.arguments.count ? spec.arguments[position].kind : nil
        return (args, .positional(kind, optionsAllowed: !optionsDone))
    }

    /// The words of a rest-of-line argument. Declared `--options` among them still bind, and
    /// so does a bare keyword option whose next word reads as its value (`limit 5`).
    func restText(_ cursor: inout WordCursor, _ args: inout Arguments) throws -> [Token] {
        var words: [Token] = []
        while let word = cursor.take() {
            if let keyword = word.keyword, let flag = spec.bareFlag(keyword) {
                args.flags.insert(flag.name)
                continue
            }
            if let keyword = word.keyword, keyword.hasPrefix("--"), keyword.count > 2,
                spec.option(String(keyword.dropFirst(2).prefix { $0 != "=" }).lowercased()) != nil
            {
                try bindDashed(keyword, &cursor, &args)
                continue
            }
            if let keyword = word.keyword?.lowercased(),
                let option = spec.options.first(where: { $0.bare && !$0.isFlag && $0.name == keyword }),
                !args.has(option.name), let kind = option.kind
            {
                var probe = cursor
                if let value = try? kind.read(&probe, context) {
                    cursor = probe
                    args.add(option.name, value)
                    continue
                }
            }
            words.append(word)
        }
        return words
    }

    func bindDashed(_ keyword: String, _ cursor: inout WordCursor, _ args: inout Arguments) throws {
        let body = keyword.dropFirst(2)
        let name: String
        var inline: String?
        if let eq = body.firstIndex(of: "=") {
            name = String(body[..<eq]).lowercased()
            inline = String(body[body.index(after: eq)...])
        } else {
            name = body.lowercased()
        }
        guard let option = spec.option(name) else {
            let known = spec.options.map { "--" + $0.name }
            let hint = suggestion("--" + name, among: known)
            let where_ = path.joined(separator: " ")
            throw fail("unknown option '--\(name)' for \(where_)" + hint)
        }
        if option.isFlag {
            if inline != nil { throw fail("--\(name) takes no value") }
            args.flags.insert(option.name)
            return
        }
        if !option.repeatable, args.has(option.name) { throw fail("\(option.name) is given twice") }
        try bindValue(option, inline: inline, &cursor, &args)
    }

    func bindValue(_ option: OptionSpec, inline: String?, _ cursor: inout WordCursor, _ args: inout Arguments) throws {
        guard let kind = option.kind else { return }
        if let inline {
            args.add(option.name, try read(kind, WordCursor([Token(inline, isLiteral: true)]), what: option.name))
            return
        }
        guard !cursor.isAtEnd else { throw fail("\(option.name) needs a value <\(kind.placeholder)>") }
        args.add(option.name, try read(kind, &cursor, what: option.name))
    }

    func read(_ kind: ValueKind, _ cursor: WordCursor, what: String) throws -> Any {
        var c = cursor
        return try read(kind, &c, what: what)
    }

    func read(_ kind: ValueKind, _ cursor: inout WordCursor, what: String) throws -> Any {
        do {
            return try kind.read(&cursor, context)
        } catch let error as ValueError {
            throw ShellError.usage(error.message)
        }
    }
}
