import PureDER

/// The input of a command that reads one (`dump`, `asn1`, `cert`, `fingerprint`, `--anchor`): a file or `-`,
/// all of it, at most ``maximumInputFileSize`` bytes, less a byte order mark; a failure to read it is the
/// command's failure (exit 2).
func readRawInput(_ name: InputName, io: ToolIO) throws(ToolFailure) -> [UInt8] {
    do throws(InputError) {
        switch name {
        case .path(let path): return droppingByteOrderMark(try FileInput.contents(of: path))
        case .standardInput: return droppingByteOrderMark(try readStandardInput(io: io))
        case .line: throw InputError(code: .notFound, reason: "a line is not a file")
        }
    } catch {
        throw .input(name, error)
    }
}

/// `bytes` without the UTF-8 byte order mark that Windows editors and PowerShell write before text (base64, PEM,
/// a JWS): dropped when text or nothing follows it, so that binary input keeps every byte and its offsets.
func droppingByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF else { return bytes }
    let rest = bytes.dropFirst(3)
    guard rest.prefix(16).allSatisfy({ (0x20...0x7E).contains($0) || isTextWhitespace($0) }) else { return bytes }
    return Array(rest)
}

/// ``readRawInput(_:io:)``, decoded from binary, base64 or PEM (the first block).
func readInput(_ name: InputName, io: ToolIO) throws(ToolFailure) -> (bytes: [UInt8], format: BinaryInput.Format) {
    try decodeInput(readRawInput(name, io: io), name: name)
}

/// Binary, base64 or PEM input decoded, or the command's failure (exit 1) saying why not.
func decodeInput(_ raw: [UInt8], name: InputName) throws(ToolFailure) -> (bytes: [UInt8], format: BinaryInput.Format) {
    do throws(BinaryInput.DecodingError) {
        return try BinaryInput.decode(raw)
    } catch {
        switch error {
        case .pemWithoutEnd(let label):
            throw ToolFailure(
                status: ExitStatus.failure,
                message: "\(name.display): PEM block '\(TerminalText.escaped(label))' has no END line"
            )
        case .invalidBase64:
            throw ToolFailure(status: ExitStatus.failure, message: "\(name.display): the text is not valid base64")
        }
    }
}

/// The arguments of a command that takes on/off flags from `known` and one FILE or `-`.
func parseSingleInput(
    _ arguments: [[UInt8]],
    command: String,
    flags known: Set<String>
) throws(ToolFailure) -> (flags: Set<String>, input: InputName) {
    var flags: Set<String> = []
    var inputs: [[UInt8]] = []
    var optionsEnded = false
    for argument in arguments {
        let text = String(decoding: argument, as: UTF8.self)
        if optionsEnded {
            inputs.append(argument)
        } else if text == "--" {
            optionsEnded = true
        } else if known.contains(text) {
            flags.insert(text)
        } else if text.hasPrefix("-") && text != "-" {
            throw .usage("\(command): unknown option '\(TerminalText.escaped(utf8: argument))'")
        } else {
            inputs.append(argument)
        }
    }
    guard inputs.count == 1, let input = inputs.first else {
        throw .usage("\(command): expected one FILE or -\n\n\(ReceiptCommand.usage)")
    }
    return (flags, InputName(argument: input))
}

/// `bytes` without the spaces, tabs and line breaks around them: a JWS pasted into a file, or one per line.
func trimmingWhitespace(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    let start = bytes.firstIndex { !isTextWhitespace($0) } ?? bytes.endIndex
    let end = bytes.lastIndex { !isTextWhitespace($0) }.map { $0 + 1 } ?? start
    return bytes[start..<end]
}

/// Space, tab, line feed or carriage return: the whitespace text inputs may carry around and inside them.
func isTextWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}
