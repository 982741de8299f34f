import CTerminal
import FoundationEssentials
import Glibc

/// The whole terminal for a live view (`radar live`, `track`): the alternate screen in raw
/// mode, frames written over each other, keys read with a timeout, and the terminal given back
/// exactly as it was on `close()` — which callers run in a `defer`, so errors restore it too.
struct LiveScreen {
    let context: CommandContext

    enum Key { case quit, left, right, plus, minus, none }

    /// Takes over the terminal.
    init(_ context: CommandContext) throws(ShellError) {
        guard sky_terminal_enter_live_mode(0) == 0 else { throw ShellError(.io, "cannot switch the terminal to live mode") }
        self.context = context
        context.console.out.write(.control("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"))
        context.console.out.flush()
        _ = sky_signals_take_resize()
    }

    /// Gives the terminal back: main screen, cursor, settings.
    func close() {
        context.console.out.write(.control("\u{1B}[?25h\u{1B}[?1049l"))
        context.console.out.flush()
        sky_terminal_leave_live_mode(0)
    }

    /// Draws blocks from the top left, erasing what the previous frame left.
    func show(_ blocks: [Block]) {
        let resized = sky_signals_take_resize() != 0
        let body = Renderer.render(Output(blocks), context.settings.renderOptions.asText)
            .replacingAll("\n", with: "\u{1B}[K\r\n")
        context.console.out.write(.control(resized ? "\u{1B}[2J\u{1B}[H" : "\u{1B}[H") + .rendered(body) + .control("\u{1B}[J"))
        context.console.out.flush()
    }

    /// Rings the terminal's bell.
    func bell() {
        context.console.out.write(.control("\u{07}"))
        context.console.out.flush()
    }

    /// Why the view should end now (Ctrl-C, SIGTERM/SIGHUP), if it should.
    func stopRequested() -> String? {
        if Interrupt.termination != nil { return "signal" }
        if Interrupt.requested {
            Interrupt.take()
            return "Ctrl-C"
        }
        return nil
    }

    /// Waits up to `timeout` seconds for a key.
    func readKey(timeout: Double) -> Key { readBytes(timeout: timeout).map(LiveScreen.key) ?? .quit }

    /// Waits up to `timeout` seconds for what a key sends: its bytes (none when nothing came),
    /// or nil at the end of the input.
    func readBytes(timeout: Double) -> [UInt8]? {
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 1, Int32(timeout * 1000)) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = read(0, &buffer, buffer.count)
        guard n > 0 else { return n == 0 ? nil : [] }
        return Array(buffer[0..<n])
    }

    /// The key the bytes are.
    static func key(_ bytes: [UInt8]) -> Key {
        switch bytes {
        case [UInt8(ascii: "q")], [UInt8(ascii: "Q")], [0x1B], [0x03], [0x04]: return .quit
        case [0x1B, UInt8(ascii: "["), UInt8(ascii: "D")]: return .left
        case [0x1B, UInt8(ascii: "["), UInt8(ascii: "C")]: return .right
        case [UInt8(ascii: "+")], [UInt8(ascii: "=")]: return .plus
        case [UInt8(ascii: "-")], [UInt8(ascii: "_")]: return .minus
        default: return .none
        }
    }
}
