import SkyKit

/// A command failure: one clear message and the kind that decides the exit status in batch.
public struct ShellError: Error, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        /// A command used wrongly: unknown name, missing or bad argument (exit 65 in scripts).
        case usage
        /// Input data that cannot be used: bad file contents, impossible values (65).
        case data
        /// A missing or unreadable input file (66).
        case noInput
        /// An output file that may not be written: it exists (without --force), is not a
        /// regular file, or is one of skyshell's own (73).
        case cannotCreate
        /// A network service that did not answer usefully (69).
        case unavailable
        /// A bug or broken invariant inside skyshell (70).
        case `internal`
        /// Reading or writing a file or stream failed (74).
        case io
        /// Stopped by Ctrl-C (130).
        case interrupted
        /// Ended by SIGTERM or SIGHUP (128 + the signal: 143, 129).
        case terminated
        /// The command needs a state the session is not in (65).
        case state
    }

    public var kind: Kind
    public var message: String
    /// True when the message was already printed (an error inside a `run` script).
    public var alreadyReported = false
    /// True for a runaway (the nesting limit reached): `--keep-going` never goes on inside the
    /// command that recursed, so a recursion that fails ends once, not 4^16 times.
    public var endsTheCommand = false
    /// The calls of commands of your own the error came out of, innermost first: each names
    /// the line that called it, shown under the error.
    public var backtrace: [Frame] = []

    /// One call of a command of your own: where it was called from.
    public struct Frame: Equatable, Sendable {
        public var command: String
        /// The calling line; nil at the prompt.
        public var calledFrom: SourceLocation?
    }

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// What any failure of a command is as a shell error (after SIGTERM, a termination).
    public init(failure error: any Error) {
        switch error {
        case let error as ShellError:
            self = Interrupt.termination == nil || error.kind == .terminated ? error : .terminated(" — " + error.message)
        case let error as ValueError: self = ShellError.usage(error.message)
        case let error as StoreError: self = ShellError(storeError: error)
        case is CancellationError:
            self = Interrupt.termination == nil ? ShellError(.interrupted, "interrupted — nothing was changed") : .terminated(" — nothing was changed")
        default: self = ShellError(.internal, "\(error)")
        }
    }

    public static func usage(_ message: String) -> ShellError { ShellError(.usage, message) }
    public static func data(_ message: String) -> ShellError { ShellError(.data, message) }

    /// The sysexits status a script ends with after this error.
    ///
    /// `Kind(exitCode:)` maps a status back to its kind.
    public var exitCode: Int32 {
        switch kind {
        case .usage, .data, .state: 65
        case .noInput: 66
        case .unavailable: 69
        case .cannotCreate: 73
        case .internal: 70
        case .io: 74
        case .interrupted: 130
        case .terminated: 128 + (Interrupt.termination ?? 15)
        }
    }
}

/// Exit statuses from sysexits.h.
public enum ExitCode {
    public static let ok: Int32 = 0
    public static let usage: Int32 = 64
    public static let dataError: Int32 = 65
    public static let noInput: Int32 = 66
    public static let unavailable: Int32 = 69
    public static let software: Int32 = 70
    public static let cannotCreate: Int32 = 73
    public static let ioError: Int32 = 74
    public static let interrupted: Int32 = 130
}

extension ShellError.Kind {
    /// The kind whose exit status is `exitCode` (data errors for anything unknown).
    public init(exitCode: Int32) {
        switch exitCode {
        case 66: self = .noInput
        case 69: self = .unavailable
        case 70: self = .internal
        case 73: self = .cannotCreate
        case 74: self = .io
        case 130: self = .interrupted
        case 129, 143: self = .terminated
        default: self = .data
        }
    }
}

extension ShellError {
    /// The shell error for a file that was not written.
    init(_ e: FileWriteError) {
        switch e.kind {
        case .exists, .notRegular, .protected: self.init(.cannotCreate, e.message)
        case .io: self.init(.io, e.message)
        }
    }
}
