import Foundation
import Testing

@testable import ReceiptTool

/// A command run in-process, with what it wrote.
struct ToolRun {
    var status: Int32
    var out: String
    var err: String
    /// Each piece standard output was given, in order: one per write.
    var writes: [[UInt8]]

    /// Standard output's lines, without their line feeds.
    var lines: [Substring] { out.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
}

/// Runs the tool in-process with `arguments`, feeding `stdin` to `-`; with `stdinFails`, reading standard input
/// fails; with `outputFails`, every write to standard output fails with that reason.
func runTool(
    _ arguments: [String],
    stdin: [UInt8] = [],
    stdinFails: Bool = false,
    outputFails: String? = nil
) -> ToolRun {
    runTool(bytes: arguments.map { Array($0.utf8) }, stdin: stdin, stdinFails: stdinFails, outputFails: outputFails)
}

/// ``runTool(_:stdin:stdinFails:outputFails:)`` with each argument as its bytes.
func runTool(
    bytes arguments: [[UInt8]],
    stdin: [UInt8] = [],
    stdinFails: Bool = false,
    outputFails: String? = nil
) -> ToolRun {
    final class Capture: @unchecked Sendable {
        let lock = NSLock()
        var writes: [[UInt8]] = []
        var err: [UInt8] = []
        var stdinOffset = 0
    }
    let capture = Capture()
    let io = ToolIO(
        writeOutput: { buffer throws(OutputError) in
            if let outputFails { throw OutputError(stream: "standard output", reason: outputFails) }
            capture.lock.withLock { capture.writes.append(Array(buffer)) }
        },
        writeError: { buffer in capture.lock.withLock { capture.err += buffer } },
        readInput: { buffer throws(InputError) in
            guard !stdinFails else { throw InputError(code: .unreadable, reason: "input/output error") }
            return capture.lock.withLock {
                let count = min(buffer.count, stdin.count - capture.stdinOffset)
                buffer.copyBytes(from: stdin[capture.stdinOffset..<capture.stdinOffset + count])
                capture.stdinOffset += count
                return count
            }
        }
    )
    let status = ReceiptCommand.run(arguments, io: io)
    return capture.lock.withLock {
        ToolRun(
            status: status,
            out: String(decoding: capture.writes.joined(), as: UTF8.self),
            err: String(decoding: capture.err, as: UTF8.self),
            writes: capture.writes
        )
    }
}

/// Writes `bytes` to a new temporary file and returns its path.
func temporaryFile(_ bytes: [UInt8], name: String = "input") throws -> String {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("receipt-tool-tests-\(UUID().uuidString)-\(name)")
    try Data(bytes).write(to: url)
    return url.path
}

/// A new empty temporary directory.
func temporaryDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("receipt-tool-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    return url.path
}
