/// Text from input made safe to print on a terminal or into a log: the one escaping function of the tool.
///
/// Everything a command prints that came from its input — file names, certificate subjects, receipt strings, PEM
/// labels, and the library's error messages, which quote such values — goes through ``escaped(_:limit:reserving:)``
/// or ``escaped(utf8:limit:reserving:)``, so that no input can add a line, move the cursor, change colours, or
/// reorder or hide what is printed around it:
/// - printable characters stay as they are, except `\`, which is doubled (so an escape cannot be forged);
/// - line feed, carriage return and tab become `\n`, `\r`, `\t`;
/// - other characters that are not shown as themselves become `\u{HEX}`: control characters (C0, DEL, C1),
///   format characters (bidirectional embeddings, overrides and isolates, zero-width joiners, the byte order
///   mark, …), line and paragraph separators, default-ignorable code points, noncharacters, private-use and
///   unassigned code points;
/// - bytes that are not UTF-8 become `\x{HEX}`, one per byte;
/// - characters the surrounding format gives a meaning, when asked (``Reserved``): `"` inside quotes becomes `\"`,
///   `:` in a file name, which a text line ends with `: `, becomes `\u{3a}`;
/// - a value longer than `limit` characters is cut there and marked `\…[N more bytes]`, a mark no input can print
///   since its backslash would be doubled.
///
/// JSON output escapes the same characters in JSON's own syntax (``JSONOutput``), so a JSON line is one line and
/// shows on a terminal what a parser reads.
enum TerminalText {
    /// Characters of one value from the input shown before it is cut: certificate subjects, receipt strings,
    /// PEM labels.
    static let maximumValueLength = 256
    /// Characters of a message shown before it is cut: library error messages quote up to two subjects.
    static let maximumMessageLength = 1024
    /// Characters of a file name shown before it is cut: `PATH_MAX`, so any name the system opens prints whole.
    static let maximumNameLength = 4096

    /// ASCII characters escaped beyond the standard set, because the format around the value gives them a meaning.
    struct Reserved: OptionSet, Sendable {
        let rawValue: UInt8
        /// `"` becomes `\"`: the value is printed inside double quotes.
        static let quote = Reserved(rawValue: 1)
        /// `:` becomes `\u{3a}`: the value is a file name that a text line follows with `: `.
        static let colon = Reserved(rawValue: 2)
    }

    /// `text`, escaped and cut at `limit` characters.
    static func escaped(_ text: String, limit: Int = maximumValueLength, reserving reserved: Reserved = []) -> String {
        // Most values are short printable ASCII: then the text is its own escape.
        if text.utf8.count <= limit, text.utf8.allSatisfy({ isPlain($0, reserved) }) { return text }
        return escaped(utf8: text.utf8, limit: limit, reserving: reserved)
    }

    /// A message that quotes values from the input (a library error's description), escaped and cut at
    /// ``maximumMessageLength``.
    static func escapedMessage(_ text: String) -> String {
        escaped(text, limit: maximumMessageLength)
    }

    /// `bytes` read as UTF-8 (any bytes: those that are not UTF-8 are shown as `\x{HEX}`), escaped and cut at
    /// `limit` characters.
    static func escaped<Bytes: Collection<UInt8>>(
        utf8 bytes: Bytes,
        limit: Int = maximumValueLength,
        reserving reserved: Reserved = []
    ) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(min(bytes.count, limit) + 16)
        var index = bytes.startIndex
        var shown = 0
        while index != bytes.endIndex {
            guard shown < limit else {
                let rest = bytes.distance(from: index, to: bytes.endIndex)
                output += Array("\\…[\(rest) more bytes]".utf8)
                break
            }
            shown += 1
            let byte = bytes[index]
            if byte < 0x80 {
                appendASCII(byte, reserved, to: &output)
                index = bytes.index(after: index)
                continue
            }
            guard let (scalar, length) = decodeScalar(bytes, at: index) else {
                append(escape: "x", value: UInt32(byte), to: &output)
                index = bytes.index(after: index)
                continue
            }
            let next = bytes.index(index, offsetBy: length)
            if mustEscape(scalar) {
                append(escape: "u", value: scalar.value, to: &output)
            } else {
                output += bytes[index..<next]
            }
            index = next
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `scalar` is shown as an escape rather than as itself: characters a terminal acts on or does not
    /// show (the list in the type's documentation). ASCII: control characters and DEL only.
    static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value < 0x20 || scalar.value == 0x7F }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        default:
            return properties.isDefaultIgnorableCodePoint || properties.isNoncharacterCodePoint
        }
    }

    /// Printable ASCII other than the backslash and the reserved characters.
    private static func isPlain(_ byte: UInt8, _ reserved: Reserved) -> Bool {
        guard byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") else { return false }
        return !(reserved.contains(.quote) && byte == UInt8(ascii: "\""))
            && !(reserved.contains(.colon) && byte == UInt8(ascii: ":"))
    }

    private static func appendASCII(_ byte: UInt8, _ reserved: Reserved, to output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case UInt8(ascii: "\"") where reserved.contains(.quote): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
        case UInt8(ascii: ":") where reserved.contains(.colon): append(escape: "u", value: UInt32(byte), to: &output)
        case 0x0A: output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case 0x0D: output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case 0x09: output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case _ where byte < 0x20 || byte == 0x7F: append(escape: "u", value: UInt32(byte), to: &output)
        default: output.append(byte)
        }
    }

    /// `\u{HEX}` or `\x{HEX}`, lowercase hex without leading zeros.
    private static func append(escape letter: Unicode.Scalar, value: UInt32, to output: inout [UInt8]) {
        output += [UInt8(ascii: "\\"), UInt8(letter.value), UInt8(ascii: "{")]
        output += Array(String(value, radix: 16).utf8)
        output.append(UInt8(ascii: "}"))
    }

    /// The well-formed UTF-8 scalar (Unicode §3.9, table 3-7) starting at `index`, with its length in bytes; `nil`
    /// when the bytes there are not one.
    static func decodeScalar<Bytes: Collection<UInt8>>(_ bytes: Bytes, at index: Bytes.Index) -> (Unicode.Scalar, Int)?
    {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        // The range of the second byte narrows for E0, ED, F0 and F4: no overlong forms, no surrogates, nothing
        // past U+10FFFF.
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
            if lead == 0xE0 { second = 0xA0...0xBF }
            if lead == 0xED { second = 0x80...0x9F }
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
            if lead == 0xF0 { second = 0x90...0xBF }
            if lead == 0xF4 { second = 0x80...0x8F }
        default:
            return nil
        }
        var position = bytes.index(after: index)
        for offset in 1..<length {
            guard position != bytes.endIndex else { return nil }
            let byte = bytes[position]
            guard (offset == 1 ? second : 0x80...0xBF).contains(byte) else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
            position = bytes.index(after: position)
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
