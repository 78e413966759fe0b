import Foundation
import PureDER

/// Where the tool's text goes and where standard input comes from, so tests can run commands in-process.
struct ToolIO {
    /// Writes text to standard output.
    var out: (String) -> Void
    /// Writes text to standard error.
    var err: (String) -> Void
    /// Reads the next chunk of standard input, up to the given size; empty at the end.
    var readStandardInputChunk: (Int) -> [UInt8]

    /// The process's own streams.
    static var standard: ToolIO {
        ToolIO(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) },
            readStandardInputChunk: { [UInt8](FileHandle.standardInput.readData(ofLength: $0)) }
        )
    }

    /// Reads all of standard input.
    func readStandardInput() -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let chunk = readStandardInputChunk(1 << 16)
            if chunk.isEmpty { return bytes }
            bytes += chunk
        }
    }
}

/// The tool's exit statuses.
enum ExitStatus {
    /// Every requested step succeeded.
    static let success: Int32 = 0
    /// The input was malformed, or a check failed.
    static let failure: Int32 = 1
    /// The command line was wrong, or a file could not be read.
    static let usage: Int32 = 2
}

/// A failure that ends a command with an exit status and a one-line message.
struct ToolFailure: Error {
    var status: Int32
    var message: String
}

/// Reads `path` (`-` for standard input) and decodes it from binary, base64 or PEM.
func readInput(_ path: String, io: ToolIO) throws(ToolFailure) -> (bytes: [UInt8], format: BinaryInput.Format) {
    let raw: [UInt8]
    if path == "-" {
        raw = io.readStandardInput()
    } else {
        do {
            raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw ToolFailure(status: ExitStatus.usage, message: "\(path): cannot read: \(error.localizedDescription)")
        }
    }
    do throws(BinaryInput.DecodingError) {
        return try BinaryInput.decode(raw)
    } catch {
        switch error {
        case .pemWithoutEnd(let label):
            throw ToolFailure(status: ExitStatus.failure, message: "\(path): PEM block '\(label)' has no END line")
        case .invalidBase64:
            throw ToolFailure(status: ExitStatus.failure, message: "\(path): the text is not valid base64")
        }
    }
}
