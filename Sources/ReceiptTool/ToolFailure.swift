/// The tool's exit statuses, the same for the same condition in every command (docs/cli.md has the table).
enum ExitStatus {
    /// Every requested step succeeded: every input valid, every output written.
    static let success: Int32 = 0
    /// An input was read but is malformed, or a check on it failed.
    static let failure: Int32 = 1
    /// The command line was wrong, an input could not be read (missing, unreadable, too large, a directory), or
    /// output could not be written.
    static let usage: Int32 = 2
}

/// A failure that ends a command with an exit status and a one-line message for standard error. The message is
/// already safe to print: whatever in it came from input went through ``TerminalText``.
struct ToolFailure: Error {
    var status: Int32
    var message: String

    /// A usage error (exit 2).
    static func usage(_ message: String) -> ToolFailure {
        ToolFailure(status: ExitStatus.usage, message: message)
    }

    /// An input that could not be read, named as the output names it (exit 2).
    static func input(_ name: InputName, _ error: InputError) -> ToolFailure {
        ToolFailure(status: ExitStatus.usage, message: "\(name.display): \(error.code.rawValue): \(error.reason)")
    }

    /// An input that does not decode (exit 1): `place` names it, `description` is its error's text, escaped for a
    /// terminal.
    static func undecodable(_ place: String, _ description: String) -> ToolFailure {
        ToolFailure(status: ExitStatus.failure, message: "\(place): \(TerminalText.escapedMessage(description))")
    }

    /// Output that could not be written (exit 2).
    static func output(_ error: OutputError) -> ToolFailure {
        ToolFailure(status: ExitStatus.usage, message: "\(error.stream): \(error.code): \(error.reason)")
    }
}

/// Why an input could not be read: a code for scripts (`input.notFound`, …) and the system's reason.
struct InputError: Error, Sendable, Equatable {
    enum Code: String, Sendable {
        /// No file at the path (`ENOENT`, `ENOTDIR`).
        case notFound = "input.notFound"
        /// The file exists but reading it failed: permissions, an I/O error, a directory that cannot be listed.
        case unreadable = "input.unreadable"
        /// Larger than the tool reads (``maximumInputFileSize``; for `--lines`, one line).
        case tooLarge = "input.tooLarge"
        /// A directory where one file is needed (single-input commands, `digest`).
        case isDirectory = "input.isDirectory"
    }

    var code: Code
    /// Lowercase, without a final period: `no such file or directory`.
    var reason: String
}

/// Why output could not be written.
struct OutputError: Error, Sendable, Equatable {
    /// `standard output` or `standard error`.
    var stream: String
    /// The system's reason (`no space left on device`, `broken pipe`, …).
    var reason: String
    /// The code in the message: every write failure is one.
    let code = "output.writeFailed"
}
