import Foundation
import Testing

@testable import ReceiptTool

/// A command run in-process, with what it wrote.
struct ToolRun {
    var status: Int32
    var out: String
    var err: String
}

/// Runs the tool in-process with `arguments`, feeding `stdin` to `-`.
func runTool(_ arguments: [String], stdin: [UInt8] = [], stdinFails: Bool = false) -> ToolRun {
    final class Capture: @unchecked Sendable {
        var out = ""
        var err = ""
        var stdinOffset = 0
    }
    let capture = Capture()
    let io = ToolIO(
        out: { capture.out += $0 },
        err: { capture.err += $0 },
        readStandardInputChunk: { size in
            guard !stdinFails else { return nil }
            let chunk = stdin[capture.stdinOffset..<min(stdin.count, capture.stdinOffset + size)]
            capture.stdinOffset += chunk.count
            return Array(chunk)
        }
    )
    let status = ReceiptCommand.run(arguments, io: io)
    return ToolRun(status: status, out: capture.out, err: capture.err)
}

/// Writes `bytes` to a new temporary file and returns its path.
func temporaryFile(_ bytes: [UInt8], name: String = "input") throws -> String {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("receipt-tool-tests-\(UUID().uuidString)-\(name)")
    try Data(bytes).write(to: url)
    return url.path
}
