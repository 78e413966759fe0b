import PureJSON
import PureReceiptJSON

/// The tool's `--json` lines, written by PureJSON's ``JSONWriter`` straight into the bytes of the output line: the
/// shapes are `PureReceiptJSON`'s.
///
/// Besides what RFC 8259 §7 requires (quote, backslash, U+0000–U+001F), every character ``TerminalText`` escapes
/// is written as a `\uXXXX` escape (a surrogate pair above U+FFFF): DEL, C1 controls, bidirectional and other
/// format characters, line and paragraph separators. A parser reads the same string either way; a terminal or a
/// log that shows the line raw shows it on one line, in order.
enum JSONOutput {
    /// A writer of the tool's JSON, with room for `capacity` bytes.
    static func writer(capacity: Int = 1024) -> JSONWriter {
        JSONWriter(capacity: capacity, alsoEscaping: TerminalText.mustEscape)
    }

    /// `value` as one line of JSON, with its line feed.
    static func line(_ value: JSONValue) -> [UInt8] {
        var writer = writer()
        writer.value(value)
        writer.appendRaw(0x0A)
        return writer.bytes
    }

    /// One line of JSON: an object whose members `members` writes, with its line feed, taken from `writer`,
    /// which is left empty for the next line.
    static func line(_ writer: inout JSONWriter, _ members: (inout JSONWriter) -> Void) -> [UInt8] {
        writer.beginObject()
        members(&writer)
        writer.endObject()
        writer.appendRaw(0x0A)
        return writer.take()
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
