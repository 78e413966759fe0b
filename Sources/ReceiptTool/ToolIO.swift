import Foundation
import PureDER

/// Where the tool's text goes and where standard input comes from, so tests can run commands in-process.
struct ToolIO {
    /// Writes text to standard output.
    var out: (String) -> Void
    /// Writes text to standard error.
    var err: (String) -> Void
    /// Reads the next chunk of standard input, up to the given size: empty at the end, `nil` on a read error.
    var readStandardInputChunk: (Int) -> [UInt8]?

    /// The process's own streams.
    static var standard: ToolIO {
        ToolIO(
            // The throwing calls: the older non-throwing ones trap on an I/O error (a closed pipe, a directory).
            out: { try? FileHandle.standardOutput.write(contentsOf: Data($0.utf8)) },
            err: { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) },
            readStandardInputChunk: { size in
                do {
                    return [UInt8](try FileHandle.standardInput.read(upToCount: size) ?? Data())
                } catch {
                    return nil
                }
            }
        )
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

/// The most bytes read from one input: room for the largest DER input the library parses
/// (``DERLimits/maximumInputSize``) even as base64 text with line breaks.
let maximumInputFileSize = DERLimits.maximumInputSize * 3 / 2

/// Reads `path` (`-` for standard input), at most ``maximumInputFileSize`` bytes, as they are.
func readRawInput(_ path: String, io: ToolIO) throws(ToolFailure) -> [UInt8] {
    var raw: [UInt8] = []
    let tooLarge = ToolFailure(
        status: ExitStatus.failure,
        message: "\(path): larger than \(maximumInputFileSize) bytes, the most read"
    )
    if path == "-" {
        while true {
            guard let chunk = io.readStandardInputChunk(1 << 16) else {
                throw ToolFailure(status: ExitStatus.usage, message: "-: cannot read standard input")
            }
            if chunk.isEmpty { break }
            raw += chunk
            guard raw.count <= maximumInputFileSize else { throw tooLarge }
        }
    } else {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ToolFailure(status: ExitStatus.usage, message: "\(path): cannot read")
        }
        defer { try? handle.close() }
        do {
            // One byte past the limit tells a file at the limit from a larger one without reading the rest.
            raw = [UInt8](try handle.read(upToCount: maximumInputFileSize + 1) ?? Data())
        } catch {
            throw ToolFailure(status: ExitStatus.usage, message: "\(path): cannot read: \(error.localizedDescription)")
        }
        guard raw.count <= maximumInputFileSize else { throw tooLarge }
    }
    return raw
}

/// Reads `path` (`-` for standard input), at most ``maximumInputFileSize`` bytes, and decodes it from binary,
/// base64 or PEM.
func readInput(_ path: String, io: ToolIO) throws(ToolFailure) -> (bytes: [UInt8], format: BinaryInput.Format) {
    let raw = try readRawInput(path, io: io)
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

/// Parses `[FLAG]... FILE|-` for commands that take one input and on/off flags from `known`.
func parseSingleInput(
    _ arguments: [String],
    command: String,
    flags known: Set<String>
) throws(ToolFailure) -> (flags: Set<String>, path: String) {
    var flags: Set<String> = []
    var paths: [String] = []
    for argument in arguments {
        if known.contains(argument) {
            flags.insert(argument)
        } else if argument.hasPrefix("-") && argument != "-" {
            throw ToolFailure(status: ExitStatus.usage, message: "\(command): unknown option '\(argument)'")
        } else {
            paths.append(argument)
        }
    }
    guard paths.count == 1, let path = paths.first else {
        throw ToolFailure(
            status: ExitStatus.usage,
            message: "\(command): expected one FILE or -\n\n\(ReceiptCommand.usage)"
        )
    }
    return (flags, path)
}
