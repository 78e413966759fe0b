import PureJSON
import PureReceiptJSON

/// JSON text of a ``JSONValue`` as bytes, for `--json` output: the shapes are `PureReceiptJSON`'s; the writing is
/// the tool's, straight into the bytes of the output line.
///
/// Besides what RFC 8259 §7 requires (quote, backslash, U+0000–U+001F), every character ``TerminalText`` escapes
/// is written as a `\uXXXX` escape (a surrogate pair above U+FFFF): DEL, C1 controls, bidirectional and other
/// format characters, line and paragraph separators. A parser reads the same string either way; a terminal or a
/// log that shows the line raw shows it on one line, in order.
enum JSONOutput {
    /// `value` as one line of JSON, with its line feed.
    static func line(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        append(value, to: &output)
        output.append(0x0A)
        return output
    }

    static func append(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .string(let text): appendString(text, to: &output)
        case .integer(let number): appendInteger(number, to: &output)
        // PureJSON's shortest round-tripping form (`null` for a non-finite value); receipts have no such field.
        case .double: output += value.text.utf8
        case .bool(let flag): append(flag ? "true" : "false", to: &output)
        case .null: append("null", to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for index in values.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                append(values[index], to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for index in members.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                appendString(members[index].0, to: &output)
                output.append(UInt8(ascii: ":"))
                append(members[index].1, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                // A run of characters written as they are, copied at once.
                let start = index
                while index < bytes.count && isPlain(bytes[index]) { index += 1 }
                if index > start { output += UnsafeBufferPointer(rebasing: bytes[start..<index]) }
                guard index < bytes.count else { break }
                let byte = bytes[index]
                if byte < 0x80 {
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                        output += [UInt8(ascii: "\\"), byte]
                    } else {
                        appendEscapes(of: Unicode.Scalar(byte), to: &output)
                    }
                    index += 1
                    continue
                }
                // A Swift string is well-formed UTF-8, so every scalar decodes; a byte that did not would be
                // written as the replacement character, as decoding it into a string would have.
                guard let (scalar, length) = TerminalText.decodeScalar(bytes, at: index) else {
                    output += [0xEF, 0xBF, 0xBD]
                    index += 1
                    continue
                }
                if TerminalText.mustEscape(scalar) {
                    appendEscapes(of: scalar, to: &output)
                } else {
                    output += UnsafeBufferPointer(rebasing: bytes[index..<index + length])
                }
                index += length
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Printable ASCII but the quote and the backslash: written as it is.
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    private static func appendEscapes(of scalar: Unicode.Scalar, to output: inout [UInt8]) {
        switch scalar {
        case "\n": output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case "\r": output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case "\t": output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case _ where scalar.value < 0x1_0000:
            appendEscape(UInt16(scalar.value), to: &output)
        default:
            // RFC 8259 §7: a character outside the Basic Multilingual Plane as its UTF-16 surrogate pair.
            let offset = scalar.value - 0x1_0000
            appendEscape(UInt16(0xD800 + (offset >> 10)), to: &output)
            appendEscape(UInt16(0xDC00 + (offset & 0x3FF)), to: &output)
        }
    }

    /// `\uXXXX`, lowercase hex.
    private static func appendEscape(_ unit: UInt16, to output: inout [UInt8]) {
        output += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift: UInt16 in [12, 8, 4, 0] {
            let digit = UInt8(unit >> shift & 0xF)
            output.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }

    private static func appendInteger(_ number: Int64, to output: inout [UInt8]) {
        if number < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        let start = output.count
        repeat {
            output.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        output[start...].reverse()
    }

    private static func append(_ literal: StaticString, to output: inout [UInt8]) {
        literal.withUTF8Buffer { output += $0 }
    }
}

extension JSONOutput {
    /// The fields as `PureReceiptJSON`'s indented `key: value` text, every string escaped by ``TerminalText``
    /// first, so that each field is one line whatever the input holds.
    static func indentedText(_ fields: [(String, JSONValue)]) -> String {
        JSONValue.indented(fields.map { ($0.0, escapedStrings($0.1)) })
    }

    private static func escapedStrings(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(TerminalText.escaped(text))
        case .array(let values): .array(values.map(escapedStrings))
        case .object(let members): .object(members.map { ($0.0, escapedStrings($0.1)) })
        case .integer, .double, .bool, .null: value
        }
    }
}
