import PureDER
import PureSignedData

/// One input of a batch, as its source hands it to a worker: what to read, not yet read, so that reading happens
/// on the workers and only the window's inputs are ever in memory.
enum BatchItem: Sendable {
    /// A file, read by the worker.
    case file([UInt8])
    /// `-`: all of standard input.
    case standardInput
    /// One line of `--lines`, of the kind it was recognised as.
    case line(number: Int, kind: LineKind, text: [UInt8])
    /// An input that could not even be taken (a directory that cannot be listed, a line too long): its result is
    /// the error.
    case unavailable(InputName, InputError)

    var name: InputName {
        switch self {
        case .file(let path): .path(path)
        case .standardInput: .standardInput
        case .line(let number, _, _): .line(number)
        case .unavailable(let name, _): name
        }
    }

    /// The input to verify: a file's or standard input's (a JWS recognised by its form, else binary, base64 or
    /// PEM, recognised as every command recognises them), or a line's decoded from its kind.
    func load(io: ToolIO) -> Result<LoadedInput, InputError> {
        do throws(InputError) {
            switch self {
            case .file(let path):
                return .success(LoadedInput(raw: droppingByteOrderMark(try FileInput.contents(of: path))))
            case .standardInput:
                return .success(LoadedInput(raw: droppingByteOrderMark(try readStandardInput(io: io))))
            case .line(_, .receipt, let text):
                // A line that is not base64 is still an input, refused at the container step.
                if let bytes = LineBase64.decode(text) { return .success(LoadedInput(decodedText: bytes)) }
                return .success(UnrecognisedText.reason(text).map(LoadedInput.unrecognisedText) ?? .receipt(text))
            case .line(_, .signedData, let text):
                // Copied only when there is whitespace to drop: a JWS line is usually the JWS alone.
                let trimmed = trimmingWhitespace(text)
                return .success(.signedData(trimmed.count == text.count ? text : Array(trimmed)))
            case .unavailable(_, let error):
                return .failure(error)
            }
        } catch {
            return .failure(error)
        }
    }
}

/// An input read and recognised: a receipt's bytes, StoreKit signed data (a JWS, its whitespace trimmed), or
/// text that is neither.
enum LoadedInput: Sendable {
    case receipt([UInt8])
    case signedData([UInt8])
    /// Empty input, or text that decodes as none of the forms read, with why (``UnrecognisedText``): invalid at
    /// the container step, as bytes that are not a receipt are.
    case unrecognisedText(String)

    /// A JWS if the text, less surrounding whitespace, has the compact form; else the DER of binary, base64 or
    /// PEM input. Text that does not decode is still an input, refused at the container step with what it looks
    /// like; other bytes go to the validator, which refuses what is not a receipt.
    init(raw: [UInt8]) {
        let trimmed = trimmingWhitespace(raw)
        if CompactSerialization.hasCompactForm(trimmed) {
            self = .signedData(Array(trimmed))
            return
        }
        do throws(BinaryInput.DecodingError) {
            let decoded = try BinaryInput.decode(raw)
            if decoded.format != .binary {
                self = LoadedInput(decodedText: decoded.bytes)
                return
            }
        } catch .pemWithoutEnd(let label) {
            self = .unrecognisedText("PEM block '\(label)' has no END line")
            return
        } catch {
            // Text that is not base64: said below in terms of what it looks like.
        }
        guard let reason = UnrecognisedText.reason(raw) else {
            self = .receipt(raw)
            return
        }
        // PEM after explanatory text (RFC 7468 §2), which the decoder above does not look past. (The name only
        // labels errors, which are not kept: such text is then what `reason` says.)
        if let block = try? CertificateBundle.pemBlocks(raw, name: .standardInput).first,
            let decoded = try? BinaryInput.decode(Array(block)), decoded.format != .binary
        {
            self = LoadedInput(decodedText: decoded.bytes)
            return
        }
        self = .unrecognisedText(reason)
    }

    /// The bytes base64 or PEM text decoded to: a receipt's, or text again, which no receipt is.
    init(decodedText bytes: [UInt8]) {
        self = UnrecognisedText.reason(decoded: bytes).map(LoadedInput.unrecognisedText) ?? .receipt(bytes)
    }
}

/// What one line of `--lines` holds, recognised line by line, so that each kind goes to its own verification.
enum LineKind: Sendable {
    /// Base64 of an App Store receipt (what a database of `appStoreReceiptURL` contents exports).
    case receipt
    /// A StoreKit 2 JWS (`header.payload.signature`, base64url): a `.` never occurs in base64.
    case signedData

    /// The line's kind, whitespace around it aside, as for a file.
    static func recognise(_ line: [UInt8]) -> LineKind {
        CompactSerialization.hasCompactForm(trimmingWhitespace(line)) ? .signedData : .receipt
    }
}

/// The inputs of `verify` and `entitlements`, one at a time, in order: each file argument, each directory's
/// files (``DirectoryWalk``), or each line of `--lines`. Called by one worker at a time (the scheduler's source
/// lock), so its state needs no lock of its own.
final class BatchSource: @unchecked Sendable {
    private var lines: LineReader?
    private var arguments: ArraySlice<[UInt8]>
    private let recursive: Bool
    private var walk: DirectoryWalk?

    /// The files, directories and `-` given as arguments.
    init(arguments: [[UInt8]], recursive: Bool) {
        self.arguments = arguments[...]
        self.recursive = recursive
    }

    /// The lines of `reader`.
    init(lines reader: LineReader) {
        lines = reader
        arguments = []
        recursive = false
    }

    func next() -> BatchItem? {
        while lines != nil {
            switch lines?.next() {
            case .text(let number, var text):
                // A file of lines written on Windows may start with a byte order mark; a first line that held
                // only the mark and whitespace is skipped, as any line of whitespace is.
                if number == 1 {
                    text = droppingByteOrderMark(text)
                    if trimmingWhitespace(text).isEmpty { continue }
                }
                return .line(number: number, kind: LineKind.recognise(text), text: text)
            case .failed(let number, let error): return .unavailable(.line(number), error)
            case nil: return nil
            }
        }
        while true {
            if walk != nil {
                if let item = walk?.next() { return item }
                walk = nil
            }
            guard let argument = arguments.popFirst() else { return nil }
            switch InputName(argument: argument) {
            case .standardInput: return .standardInput
            case _ where FileInput.isDirectory(argument): walk = DirectoryWalk(argument, recursive: recursive)
            default: return .file(argument)
            }
        }
    }
}

/// All of standard input, at most ``maximumInputFileSize`` bytes.
func readStandardInput(io: ToolIO, limit: Int = maximumInputFileSize) throws(InputError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = try chunk.withUnsafeMutableBytes { buffer in
            Result { () throws(InputError) in try io.readInput(buffer) }
        }.get()
        if count == 0 { break }
        bytes += chunk[..<count]
        guard bytes.count <= limit else {
            throw InputError(code: .tooLarge, reason: "larger than \(limit) bytes, the most read")
        }
    }
    return bytes
}
