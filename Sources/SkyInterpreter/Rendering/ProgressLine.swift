import SkyKit

/// A progress line on standard error for long work ("importing… 40,000 of 100,000"), shown
/// only on a terminal and erased when the work ends.
final class ProgressLine {
    let context: CommandContext
    let label: String
    let total: Int
    var shown = false

    init(context: CommandContext, label: String, total: Int) {
        self.context = context
        self.label = label
        self.total = total
    }

    /// Shows `done` of the total.
    func update(_ done: Int) {
        show("\(Format.grouped(Double(done))) of \(Format.grouped(Double(total)))")
    }

    /// Shows a share of the work, as a percentage.
    func update(share: Double) {
        show("\(Int((share * 100).rounded(.down)))%")
    }

    func show(_ text: String) {
        guard context.console.stderrIsTerminal else { return }
        context.console.err.write(.control("\r") + TerminalText("\(label)… \(text)  (Ctrl-C cancels)") + .control("\u{1B}[K"))
        context.console.err.flush()
        shown = true
    }

    func finish() {
        guard shown else { return }
        context.console.err.write(.control("\r\u{1B}[K"))
        context.console.err.flush()
    }
}
