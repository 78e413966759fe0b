import Foundation
import Testing

/// The `receipt` executable that `swift build` puts beside the test binary, run as a user runs it: for what only
/// a real process shows (file descriptors, signals, argument bytes).
enum BuiltTool {
    /// The executable's path; a test that needs it fails (never skips) when it is not there.
    static func path() throws -> String {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("receipt").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            Issue.record("the receipt executable was not found beside the test binary at \(path)")
            throw CocoaError(.fileNoSuchFile)
        }
        return path
    }

    /// What a shell script printed and how it ended.
    struct Run {
        var status: Int32
        var reason: Process.TerminationReason
        var out: [UInt8]
        var err: String

        var outText: String { String(decoding: out, as: UTF8.self) }
    }

    /// Runs `script` with `/bin/sh -c`, with `$RECEIPT` the executable's path, `stdin` on its standard input.
    static func shell(_ script: String, stdin: [UInt8] = []) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = ProcessInfo.processInfo.environment.merging(["RECEIPT": try path()]) { $1 }
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        // A script that exits without reading all of its input must not end the test process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        let feeding = Thread {
            // The script may stop reading early; what it did not read is of no interest.
            try? input.fileHandleForWriting.write(contentsOf: Data(stdin))
            try? input.fileHandleForWriting.close()
        }
        feeding.start()
        final class Box: @unchecked Sendable { var data = Data() }
        let errors = Box()
        let reading = DispatchGroup()
        reading.enter()
        Thread {
            errors.data = error.fileHandleForReading.readDataToEndOfFile()
            reading.leave()
        }.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            reason: process.terminationReason,
            out: [UInt8](out),
            err: String(decoding: errors.data, as: UTF8.self)
        )
    }

    /// `text` quoted for the shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
