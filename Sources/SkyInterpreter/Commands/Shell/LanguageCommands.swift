/// The declarations of the pipeline stages, `let` and `vars`: what help, completion, the
/// reference and the man page say about them. The stages run in `Stages` (Language/); a
/// stage typed alone, as a command, says where it belongs.
enum LanguageCommands {
    static let words = Argument("words", .words, "what the stage works with", .rest(required: false), placeholder: "…")

    /// A stage's declaration.
    static func stage(
        _ name: String, aliases: [String] = [], _ abstract: String, _ discussion: String, _ examples: [Example], traits: StageTraits
    ) -> CommandSpec {
        CommandSpec(
            name, aliases: aliases, category: .query, abstract: abstract, discussion: discussion, arguments: [words.spec], examples: examples,
            stage: traits
        ) { _, _ in
            throw ShellError.usage("\(name) is a pipeline stage: put it after a command that makes a table, e.g. flights | \(name) …")
        }
    }

    static let whereStage = stage(
        "where", "Keep the rows that meet a condition",
        "A condition compares columns with values: `== != < <= > >=`, joined by `and`, `or`, `not` and parentheses. "
            + "Values carry units (`5000km`, `2700nm`, `3000ft`, `30°`, `2h`, `250kt`) and are compared in the column's own unit; "
            + "a bare number is in the column's unit. Dates (`2024-01-01`; a year alone, `date >= 2024`, is its first day), times of day (`13:05`) "
            + "and ISO times compare as times; "
            + "airports are equal however written (`SFO`, `KSFO`), airlines too (`UA`, `UAL`). `COL in [A, B]` tests membership, "
            + "`COL =~ text` finds text anywhere in the value without regard to case (`!~` is its opposite), "
            + "`COL like 'B7*'` matches a pattern with `*` and `?`, any case. A row with no value in a compared column is left out, "
            + "as in SQL; `COL == null` finds those rows. `COMMAND | describe` lists a table's columns with their kinds and units, "
            + "and a command's help lists the columns it declares; Tab after `where ` offers them.",
        [
            Example("flights | where airline == UA and distance > 5000km", "long United flights"),
            Example("airports near KSFO | where distance < 50km", "airports close to San Francisco"),
        ],
        traits: StageTraits(
            namesColumns: true, read: StageOperation.readWhere,
            effect: { n, t in "kept \(t.rows.count) of \(Format.count(n, "row")) (the condition held for them; a row with no value to compare is left out)" }))
    static let sortStage = stage(
        "sort", "Order the rows by columns",
        "`sort COL [desc], COL…`: by the first column, then the next among equals; `desc` reverses one column. Values sort by kind "
            + "(numbers as numbers, dates as dates); rows with no value come first, as in SQL; equal rows keep their order.",
        [Example("flights | sort distance desc", "longest flights first")],
        traits: StageTraits(namesColumns: true, read: StageOperation.readSort, effect: { n, _ in "put the \(Format.count(n, "row")) in order" }))
    static let selectStage = stage(
        "select", "Keep only some columns, in the order given",
        "Columns are named by their JSON key, the key without its unit (`distance` for `distance_km`) or their title. "
            + "A column JSON alone had (a flight's distance) is shown once selected.",
        [Example("flights | select date airline distance", "three columns")],
        traits: StageTraits(namesColumns: true, read: StageOperation.readSelect, effect: keptColumns))
    static let rejectStage = stage(
        "reject", "Leave some columns out", "The opposite of select.", [Example("airlines search united | reject callsign", "every column but the callsign")],
        traits: StageTraits(namesColumns: true, read: StageOperation.readReject, effect: keptColumns))
    static let firstStage = stage(
        "first", "Keep the first N rows (1 when no number is given)", "", [Example("flights | first 3", "the three newest flights")],
        traits: StageTraits(read: StageOperation.readFirst))
    static let lastStage = stage(
        "last", "Keep the last N rows (1 when no number is given)", "", [Example("flights | last 3", "the three oldest flights")],
        traits: StageTraits(read: StageOperation.readLast))
    static let skipStage = stage(
        "skip", "Leave out the first N rows", "", [Example("flights | skip 10 | first 10", "the second ten flights")],
        traits: StageTraits(read: StageOperation.readSkip))
    static let countStage = stage(
        "count", "Count the rows", "The result is one number (for `let` and `$_`).", [Example("flights | count", "how many flights")],
        traits: StageTraits(read: StageOperation.readCount))
    static let uniqStage = stage(
        "uniq", "Leave out repeated rows",
        "With columns, a row is a repeat when those columns equal an earlier row's; the first of each kind is kept.",
        [Example("flights | uniq airline | select airline", "each airline once")],
        traits: StageTraits(
            namesColumns: true, read: StageOperation.readUniq,
            effect: { n, t in "kept \(t.rows.count) of \(Format.count(n, "row")) (\(n - t.rows.count) repeated)" }))
    static let groupStage = stage(
        "group", "One row per group, with counts, sums, averages, least and greatest values",
        "`group COL… with count, sum COL, avg COL, min COL, max COL` (commas or spaces between them; count alone when "
            + "`with` is left out). Groups are sorted by their columns. Sums and averages are in the column's unit.",
        [Example("flights | group airline year with count, sum distance", "flights and distance per airline per year")],
        traits: StageTraits(
            namesColumns: true, read: StageOperation.readGroup, effect: { n, t in "made \(Format.count(t.rows.count, "group")) from \(Format.count(n, "row"))" }
        ))
    static let getStage = stage(
        "get", "One column's values: one value from one row, a list from several", "For `let`, `$_` and `$NAME` in other commands.",
        [Example("airport KSFO | get elevation", "one value")], traits: StageTraits(namesColumns: true, read: StageOperation.readGet))
    static let describeStage = stage(
        "describe", aliases: ["columns"], "List the columns of the table before it: names, kinds and units",
        "One row per column: the name `where`, `sort` and `select` call it by, what its values are (length, airport, date…), "
            + "the unit a bare number is read in, the title the table shows (JSON only: a column text leaves out until selected) "
            + "and the other names it answers to. Only the columns are listed: a streamed list's rows are not read past the first.",
        [Example("flights | describe", "what a flight row holds"), Example("radar list | columns", "the columns of the radar list")],
        traits: StageTraits(read: StageOperation.readDescribe))
    static func keptColumns(_: Int, _ table: QueryTable) -> String {
        "kept the columns " + table.columns.map(QueryTable.shownName).joined(separator: ", ")
    }

    static let saveStage = stage(
        "save", "Write the table to a CSV or JSON file",
        "`save FILE [--force]`: the format follows the extension (.csv, .json). An existing file is replaced only with --force, "
            + "and skyshell's own files never.",
        [Example("flights | where year == 2025 | save /tmp/flights-2025.csv --force", "this year's flights as CSV")],
        traits: StageTraits(read: StageOperation.readSave))

    static let letCommand = CommandSpec(
        "let", category: .query, abstract: "Keep a value, a list or a table in a variable",
        discussion:
            "`let NAME = VALUE` keeps one value (several words make a list); `let NAME = command | stage…` keeps what the pipeline "
            + "makes. `$NAME` then stands for it wherever a word goes, `$NAME.COLUMN` for a column of a one-row table, and "
            + "`$NAME | stage…` pipes a table. `$_` is the last result. When a variable and an environment variable have the "
            + "same name, the variable wins; `$env.NAME` is always the environment's.",
        arguments: [words.spec],
        examples: [Example("let far = flights | where distance > 5000km", "keep the long flights"), Example("let home = KSFO", "one value")]
    ) { _, _ in throw ShellError.usage("usage: let NAME = VALUE, or let NAME = command | stage…") }

    static let varsCommand = CommandSpec(
        "vars", category: .query, abstract: "List the variables and what they hold",
        examples: [Example("vars", "every variable")]
    ) { _, context in
        let rows = context.interpreter.variables.keys.sorted().map { name -> [Cell] in
            let value = context.interpreter.variables[name]!
            let shown: String
            switch value {
            case .value(let cell, _, _): shown = cell.text
            case .list(let cells, _, _): shown = cells.prefix(5).map(\.text).joined(separator: " ") + (cells.count > 5 ? " …" : "")
            case .table(let t): shown = "columns: " + t.columns.map(QueryTable.shownName).joined(separator: ", ")
            }
            return [Cell("$" + name), Cell(value.what), Cell(Visible.text(shown))]
        }
        if rows.isEmpty { return .message("no variables yet — let NAME = VALUE makes one") }
        return .table(Table(key: "variables", columns: [Column("name", "Name"), Column("holds", "Holds"), Column("value", "Value")], rows: rows))
    }

    /// A block keyword's declaration: the block runs in `BlockRunner`; the word met on its own
    /// (an `end` with nothing open) says what it belongs to.
    static func block(_ name: String, _ abstract: String, _ discussion: String, _ examples: [Example], alone: String) -> CommandSpec {
        CommandSpec(name, category: .shell, abstract: abstract, discussion: discussion, arguments: [words.spec], examples: examples) { _, _ in
            throw ShellError.usage(alone)
        }
    }

    static let ifBlock = block(
        "if", "Run commands when a condition holds",
        "`if COND … else if COND … else … end`, over one line (commands separated by `;`) or several. The condition is "
            + "written as `where`'s, over values: `$n > 3`, `(flights | count) >= 100`, `$code in [UA, LH]`, `10nm > 15km` "
            + "(quantities compare in their unit); text compares without regard to case. Values of different kinds are an error, not false.",
        [Example("let n = (airports near KSFO | count); if $n > 5; echo $n airports near; else; echo few; end", "a branch by a count")],
        alone: "if needs its end: if COND; …; end")
    static let forBlock = block(
        "for", "Run commands for each value of a list or each row of a table",
        "`for NAME in VALUE… end` sets $NAME to each value in turn; `for NAME in (pipeline) … end` to each row, whose "
            + "columns are `$NAME.COLUMN`; a list variable gives its values. There is no while: every loop ends. Ctrl-C stops "
            + "the loop and the rest of the block.",
        [Example("for code in KSFO KJFK; distance KLAX $code; end", "the same command for two airports")],
        alone: "for needs its end: for NAME in …; …; end")
    static let defBlock = block(
        "def", "Make a command of your own",
        "`def NAME [PARAM…] … end` makes NAME a command: its parameters are its arguments, `$PARAM` in the body. A "
            + "parameter may have a kind and a default, `NAME:KIND=DEFAULT` (kinds: text, number, integer, length, height, "
            + "angle, duration, airport, airline, aircraft): the argument is then checked as a built-in command's is, `$PARAM` "
            + "keeps its kind and unit, and the parameters with a default may be left out (they come last). An error inside "
            + "the body names its line and, under it, the line that called the command. Comment lines right after `def` are "
            + "its help (the first is its summary). It has usage, completion and errors like skyshell's own; in a pipeline, "
            + "its table is what the pipeline gets. Commands kept in startup.sky in the config folder are made at every "
            + "interactive start.",
        [
            Example("def far code; distance KSFO $code; end; far KJFK", "a command with one parameter"),
            Example("def longest n:integer=10; flights | sort distance desc | first $n; end", "a parameter with a kind and a default"),
        ],
        alone: "def needs its end: def NAME [PARAM…]; …; end")
    static let tryBlock = block(
        "try", "Run commands and go on after an expected failure",
        "`try … catch … end`: the first failing command ends the body without an error line, and the commands after "
            + "`catch` run with `$error` holding its message and `$status` its exit status (65 for a usage or data error, "
            + "66 for a missing file…); without `catch` the failure is only passed over. After every command `$status` is "
            + "its exit status, 0 when it worked. Ctrl-C, a termination and a runaway recursion are never caught.",
        [Example("try; airport XXXX; catch; echo skipped: $error; end", "go on past an unknown airport")],
        alone: "try needs its end: try; …; catch; …; end")
    static let catchWord = block(
        "catch", "The commands of a try that run when its body failed", "",
        [Example("try; run missing.sky; catch; echo status $status; end", "the exit status of the failure")],
        alone: "catch belongs inside a try … end")
    static let elseWord = block(
        "else", "The branch of an if taken when no condition holds", "",
        [Example("if 1 > 2; echo no; else; echo yes; end", "the else branch runs")], alone: "else belongs inside an if … end")
    static let endWord = block(
        "end", "Close an if, for, def or try", "", [Example("for x in a b; echo $x; end", "a loop closed by end")],
        alone: "end closes an if, for or def, and none is open")

    static let all = [
        whereStage, sortStage, selectStage, rejectStage, firstStage, lastStage, skipStage, countStage, uniqStage, groupStage, getStage,
        describeStage, saveStage, letCommand, varsCommand, ifBlock, forBlock, defBlock, tryBlock, catchWord, elseWord, endWord,
    ]
}
