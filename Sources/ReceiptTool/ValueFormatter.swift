import PureDER

/// Short, one-line renderings of primitive values for dumps.
enum ValueFormatter {
    /// Bytes shown in full before a hex rendering is cut short.
    static let hexPrefixLength = 32
    /// Characters shown before a string is cut short.
    static let textPrefixLength = 80

    /// The value of a primitive element as the dump shows it; empty for NULL and for constructed elements.
    static func summary(of element: DERElement) -> String {
        let tag = element.tag
        guard tag.tagClass == .universal else { return hex(element.content) }
        switch tag.number {
        case 1:
            return (try? element.boolean()).map { $0 ? "TRUE" : "FALSE" } ?? hex(element.content)
        case 2, 10:
            if let value = try? element.integer(as: Int64.self) { return "\(value)" }
            return hex(element.content)
        case 3:
            guard let bits = try? element.bitString() else { return hex(element.content) }
            return (bits.unusedBitCount == 0 ? "" : "(\(bits.unusedBitCount) unused bits) ") + hex(bits.bytes)
        case 4:
            return hex(element.content)
        case 5:
            return ""
        case 6:
            guard let oid = try? element.objectIdentifier() else { return hex(element.content) }
            let dotted = oid.description
            return OIDNames.name(for: dotted).map { "\(dotted) (\($0))" } ?? dotted
        case 23, 24:
            let text = TerminalText.escaped(utf8: element.content, limit: textPrefixLength)
            guard let seconds = try? element.time(), let instant = UTCDateTime(secondsSince1970: seconds) else {
                return text
            }
            return "\(text) (\(instant.rfc3339))"
        case _ where element.tag.isCharacterString:
            guard let text = try? element.string() else { return hex(element.content) }
            return quoted(text)
        default:
            return hex(element.content)
        }
    }

    /// Uppercase hex of the first bytes, with the total when cut short: `[HEX] 3082…01 (1234 bytes)`.
    static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        guard !bytes.isEmpty else { return "" }
        var text = "[HEX] " + Hex.encode(bytes.prefix(hexPrefixLength), uppercase: true)
        if bytes.count > hexPrefixLength { text += "… (\(bytes.count) bytes)" }
        return text
    }

    /// The text in double quotes, escaped by ``TerminalText`` (quotes too), cut short when long.
    static func quoted(_ text: String) -> String {
        "\"" + TerminalText.escaped(text, limit: textPrefixLength, reserving: .quote) + "\""
    }
}
