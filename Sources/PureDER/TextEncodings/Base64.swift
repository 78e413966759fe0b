/// Base64 (RFC 4648 §4, standard alphabet) decoding of receipts and certificates that arrive as text.
public enum Base64 {
    /// Decodes `text`, skipping ASCII whitespace (space, tab, CR, LF). Padding is required, so that text that
    /// merely happens to use the alphabet ("NOT A RECEIPT") is not mistaken for base64. Returns `nil` for any
    /// other character, missing or misplaced padding.
    public static func decode<Text: Collection<UInt8>>(_ text: Text) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3 + 3)
        var group: UInt32 = 0
        var groupCount = 0
        var padding = 0
        for byte in text {
            if isWhitespace(byte) { continue }
            if byte == UInt8(ascii: "=") {
                // Padding completes a group of two or three characters, and nothing but padding follows.
                guard groupCount + padding >= 2, groupCount + padding < 4 else { return nil }
                padding += 1
                continue
            }
            guard padding == 0, let value = sextet(byte) else { return nil }
            group = group << 6 | UInt32(value)
            groupCount += 1
            if groupCount == 4 {
                output.append(UInt8(truncatingIfNeeded: group >> 16))
                output.append(UInt8(truncatingIfNeeded: group >> 8))
                output.append(UInt8(truncatingIfNeeded: group))
                group = 0
                groupCount = 0
            }
        }
        switch groupCount {
        case 0:
            guard padding == 0 else { return nil }
        case 2:
            guard padding == 2 else { return nil }
            output.append(UInt8(truncatingIfNeeded: group >> 4))
        case 3:
            guard padding == 1 else { return nil }
            output.append(UInt8(truncatingIfNeeded: group >> 10))
            output.append(UInt8(truncatingIfNeeded: group >> 2))
        default:
            return nil
        }
        return output
    }

    /// Whether every byte of `text` is a base64 character, padding or whitespace, with at least one character.
    static func looksLikeBase64<Text: Collection<UInt8>>(_ text: Text) -> Bool {
        var characters = 0
        for byte in text {
            if isWhitespace(byte) { continue }
            guard byte == UInt8(ascii: "=") || sextet(byte) != nil else { return false }
            characters += 1
        }
        return characters > 0
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
