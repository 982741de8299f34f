import CEditline
import Glibc

/// Line editing at a terminal through libedit's native API: emacs keys, persistent history,
/// Ctrl-C clears the line, Tab completes through a Swift completion function.
public final class EditlineReader: LineReader, HistoryProvider {
    /// Returns the completion for the text left of the cursor.
    public typealias CompletionFunction = (String) -> Completer.Result

    private let editor: OpaquePointer
    private var history: OpaquePointer
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    private let errors: UnsafeMutablePointer<FILE>
    private var promptText: UnsafeMutablePointer<CChar>?
    private var interrupted = false
    private let historyFile: HistoryFile?
    /// Tells whether a line leaves a block (`if`, `for`, `def`) open; set by the shell.
    public var leavesBlockOpen: ((String) -> Bool)?
    /// Whether to suggest the rest of a history line (the setting, and a terminal that can
    /// show dim text); set by the shell.
    public var suggests: (() -> Bool)?
    /// True while a suggestion is drawn after the cursor.
    private var suggestionShown = false
    /// The lines of the block being entered.
    private var blockLines: [String] = []
    /// Called with a message when the history file cannot be written (said once).
    public var historyProblem: ((String) -> Void)?
    private var historyProblemShown = false
    private let complete: CompletionFunction
    /// Replaces the command completion while a question is asked.
    private var questionCompletion: CompletionFunction?
    private var recordHistory = true
    public private(set) var lineNumber = 0

    /// Why line editing cannot be had (libedit is opened here, on first use), or nil when it can.
    public static var unavailable: String? {
        sky_editline_available() == 1 ? nil : String(cString: sky_editline_error())
    }

    /// Sets up the editor on stdin/stdout (check `unavailable` first). `historyPath` is loaded now, and every entered line
    /// is appended to it (see `HistoryFile`).
    public init(historyPath: String?, complete: @escaping CompletionFunction) {
        historyFile = historyPath.map { HistoryFile(path: $0) }
        self.complete = complete
        input = fdopen(dup(0), "r")
        output = fdopen(dup(1), "w")
        errors = fdopen(dup(2), "w")
        editor = el_init("skyshell", input, output, errors)
        history = history_init()
        sky_history_setsize(history, 1000)
        sky_history_setunique(history, 1)
        for entry in historyFile?.load() ?? [] { sky_history_enter(history, entry) }

        sky_el_set_editor(editor, "emacs")
        sky_el_set_signal(editor, 1)
        sky_el_set_history(editor, history)
        sky_el_set_clientdata(editor, Unmanaged.passUnretained(self).toOpaque())
        sky_el_set_prompt(editor) { e in
            guard let e, let reader = EditlineReader.from(e) else { return nil }
            return reader.promptText
        }
        // Ctrl-C is read as a key (not a signal) while editing, so it can clear the line.
        sky_el_setty(editor, "-d", "-isig")
        sky_el_addfn(
            editor, "sky-interrupt", "Discard the line",
            { e, _ in
                guard let e, let reader = EditlineReader.from(e) else { return UInt8(CC_NEWLINE) }
                reader.interrupted = true
                return UInt8(CC_NEWLINE)
            })
        sky_el_bind(editor, "^C", "sky-interrupt")
        sky_el_addfn(
            editor, "sky-complete", "Complete the word",
            { e, _ in
                guard let e, let reader = EditlineReader.from(e) else { return UInt8(CC_ERROR) }
                return reader.completeAtCursor()
            })
        sky_el_bind(editor, "^I", "sky-complete")
        sky_el_addfn(
            editor, "sky-search", "Search the history backwards",
            { e, _ in
                guard let e, let reader = EditlineReader.from(e) else { return UInt8(CC_ERROR) }
                return reader.searchHistory()
            })
        sky_el_bind(editor, "^R", "sky-search")
        sky_el_set_getc(editor, fileno(input)) { e, phase in
            guard let e, let reader = EditlineReader.from(e) else { return }
            reader.suggestionWait(arrived: phase == 1)
        }
        sky_el_addfn(
            editor, "sky-accept", "Take the suggestion, or move one character right",
            { e, _ in
                guard let e, let reader = EditlineReader.from(e) else { return UInt8(CC_ERROR) }
                return reader.acceptSuggestion()
            })
        for key in ["^F", "\\e[C", "\\eOC"] { sky_el_bind(editor, key, "sky-accept") }
    }

    deinit {
        el_end(editor)
        history_end(history)
        fclose(input)
        fclose(output)
        fclose(errors)
        free(promptText)
    }

    static func from(_ e: OpaquePointer) -> EditlineReader? {
        guard let raw = sky_el_get_clientdata(e) else { return nil }
        return Unmanaged<EditlineReader>.fromOpaque(raw).takeUnretainedValue()
    }

    public func readLine(prompt: String) -> LineEvent {
        free(promptText)
        promptText = strdup(Visible.text(prompt))
        interrupted = false
        var count: Int32 = 0
        let raw = el_gets(editor, &count)
        if interrupted {
            interrupted = false
            blockLines = []
            // The discarded text stays on its line (as shells leave it); what follows, a
            // prompt or a message, starts a new one.
            fputs("\n", output)
            fflush(output)
            return .interrupted
        }
        guard let raw, count > 0 else { return .end }
        lineNumber += 1
        var bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: Int(count)))
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
        var event = LineCheck.text(bytes[...])
        if case .line(let text) = event, recordHistory {
            // `!!`, `!N`, `!-N`, `!text`: the recalled line is shown, kept in the history and run.
            switch HistoryExpansion.expand(text, history: { self.entries }) {
            case .unchanged: break
            case .expanded(let line):
                fputs(Visible.text(line) + "\n", output)
                fflush(output)
                event = .line(line)
            case .failed(let reason):
                return .invalid(reason)
            }
            if case .line(let line) = event { rememberInBlocks(line) }
        }
        return event
    }

    /// Asks one question: its own prompt and completion, and the answer kept out of the
    /// history. Nil when the person presses Ctrl-C or Ctrl-D.
    public func ask(_ prompt: String, completion: CompletionFunction?) -> String? {
        questionCompletion = completion
        recordHistory = false
        defer { questionCompletion = nil; recordHistory = true }
        if case .line(let answer) = readLine(prompt: prompt) { return answer }
        return nil
    }

    /// The rest of the latest history line that starts with the line typed so far, when the
    /// cursor is at its end.
    func suggestion() -> (typed: String, rest: String)? {
        guard recordHistory, suggests?() ?? false, let (all, before) = editedLine(), !all.isEmpty, all == before,
            let match = entries.reversed().first(where: { $0.count > all.count && $0.hasPrefix(all) })
        else { return nil }
        return (all, String(match.dropFirst(all.count)))
    }

    /// Draws the suggestion dim after the cursor before a key is waited for, and clears it as
    /// soon as the key arrives (before the editor acts on it), so the editor's idea of the
    /// screen always holds. A suggestion that would not fit on the line is not drawn.
    func suggestionWait(arrived: Bool) {
        if arrived {
            guard suggestionShown else { return }
            suggestionShown = false
            fputs("\u{1B}[K", output)
            fflush(output)
            return
        }
        guard let (all, suggested) = suggestion() else { return }
        let rest = Visible.text(suggested)
        let prompt = promptText.map { displayWidth(String(cString: $0)) } ?? 0
        guard prompt + displayWidth(all) + displayWidth(rest) < Int(sky_el_columns(editor)) else { return }
        fputs("\u{1B}[2m" + rest + "\u{1B}[22m\u{1B}[\(displayWidth(rest))D", output)
        fflush(output)
        suggestionShown = true
    }

    /// → or Ctrl-F: the suggestion taken into the line; without one, the cursor one right.
    func acceptSuggestion() -> UInt8 {
        if let (_, rest) = suggestion() {
            el_insertstr(editor, rest)
            return UInt8(CC_REFRESH)
        }
        _ = el_cursor(editor, 1)
        return UInt8(CC_CURSOR)
    }

    /// Keeps the lines of a block until it closes, then enters the whole block as one line
    /// (its commands joined by `;`, comment lines left out), so Up brings it back whole.
    private func rememberInBlocks(_ line: String) {
        guard let leavesBlockOpen, !blockLines.isEmpty || leavesBlockOpen(line) else { return remember(line) }
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if !trimmed.isEmpty, !trimmed.hasPrefix("#") { blockLines.append(String(trimmed)) }
        if !leavesBlockOpen(line) {
            remember(blockLines.joined(separator: "; "))
            blockLines = []
        }
    }

    /// Adds a line to the history (without trailing spaces, which recall would drop) and
    /// appends it to the history file, unless it repeats the line before.
    func remember(_ line: String) {
        var entry = Substring(line)
        while entry.last == " " { entry = entry.dropLast() }
        guard !entry.allSatisfy({ $0 == " " || $0 == "\t" }) else { return }
        let text = String(entry)
        let repeated = entries.last == text
        sky_history_enter(history, text)
        guard !repeated, let historyFile else { return }
        if let problem = historyFile.append(text, keeping: entries) { report(problem) }
    }

    func report(_ problem: String) {
        guard !historyProblemShown else { return }
        historyProblemShown = true
        historyProblem?(problem)
    }

    // MARK: - HistoryProvider

    public var entries: [String] {
        final class Box { var items: [String] = [] }
        let box = Box()
        sky_history_each(history, Unmanaged.passUnretained(box).toOpaque()) { context, text in
            guard let context, let text else { return }
            Unmanaged<Box>.fromOpaque(context).takeUnretainedValue().items.append(String(cString: text))
        }
        return box.items
    }

    public func clear() {
        let fresh = history_init()!
        sky_history_setsize(fresh, 1000)
        sky_history_setunique(fresh, 1)
        sky_el_set_history(editor, fresh)
        history_end(history)
        history = fresh
        if let problem = historyFile?.clear() { report(problem) }
    }

    // MARK: - Completion

    /// The line being edited: all of it, and the part before the cursor.
    func editedLine() -> (all: String, beforeCursor: String)? {
        guard let info = el_line(editor)?.pointee else { return nil }
        func text(upTo end: UnsafePointer<CChar>) -> String {
            String(
                decoding: UnsafeBufferPointer(start: UnsafeRawPointer(info.buffer).assumingMemoryBound(to: UInt8.self), count: end - info.buffer),
                as: UTF8.self)
        }
        return (text(upTo: info.lastchar), text(upTo: info.cursor))
    }

    func completeAtCursor() -> UInt8 {
        guard let before = editedLine()?.beforeCursor else { return UInt8(CC_ERROR) }
        let result = (questionCompletion ?? complete)(before)
        let typed = result.typedLength
        switch result.candidates.count {
        case 0:
            return UInt8(CC_REFRESH_BEEP)
        case 1:
            let candidate = result.candidates[0]
            let word = result.inserted(candidate.word)
            replace(typed, with: word + (candidate.isComplete && !result.raw ? " " : ""))
            return UInt8(CC_REFRESH)
        default:
            let shared = commonPrefix(result.candidates.map(\.word))
            if shared.count > result.word.count {
                replace(typed, with: result.inserted(shared, open: true))
                return UInt8(CC_REFRESH)
            }
            let size = TerminalSize.current()
            let listing = CompletionListing.render(result.candidates, width: size?.columns ?? 80, rows: size?.rows ?? 24)
            fputs("\n" + Visible.text(listing), output)
            fflush(output)
            return UInt8(CC_REDISPLAY)
        }
    }

    /// Ctrl-R: a readable reverse search instead of libedit's bare "bck:". Typing narrows it,
    /// Ctrl-R again goes to an older match, Enter runs the match, Esc, Ctrl-G or Ctrl-C go back
    /// to the line as it was.
    func searchHistory() -> UInt8 {
        let history = entries
        var query: [UInt8] = [], older = 0
        var match: String?
        func find() {
            let text = String(decoding: query, as: UTF8.self)
            match = text.isEmpty ? nil : history.reversed().filter { $0.contains(text) }.dropFirst(older).first
        }
        func show() {
            let text = String(decoding: query, as: UTF8.self)
            let found = match ?? (text.isEmpty ? "" : "no match")
            fputs("\r\u{1B}[K" + Visible.text("(search history) '\(text)': \(found)"), output)
            fflush(output)
        }
        show()
        var accepted = false
        reading: while true {
            var c: CChar = 0
            guard el_getc(editor, &c) == 1 else { break }
            switch UInt8(bitPattern: c) {
            case 0x0D, 0x0A:
                accepted = match != nil
                break reading
            case 0x12:
                older += 1
                find()
                if match == nil { older -= 1; find() }
            case 0x07, 0x1B, 0x03:
                break reading
            case 0x7F, 0x08:
                // Back one character (a whole UTF-8 sequence).
                while let last = query.popLast(), last & 0xC0 == 0x80 {}
                older = 0
                find()
            case let byte where byte >= 0x20:
                query.append(byte)
                older = 0
                find()
            default:
                break
            }
            show()
        }
        fputs("\r\u{1B}[K", output)
        fflush(output)
        guard accepted, let match else { return UInt8(CC_REDISPLAY) }
        // The whole line becomes the match, and runs.
        if let line = editedLine() {
            _ = el_cursor(editor, Int32(line.all.unicodeScalars.count - line.beforeCursor.unicodeScalars.count))
            replace(line.all.unicodeScalars.count, with: match)
        }
        return UInt8(CC_NEWLINE)
    }

    func replace(_ count: Int, with text: String) {
        if count > 0 { el_deletestr(editor, Int32(count)) }
        _ = el_insertstr(editor, text)
    }
}
