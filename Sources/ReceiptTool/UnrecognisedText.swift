/// Why an input that is text is not a receipt, said in terms of what the text looks like: the DER reader's view of
/// text (`expected SEQUENCE, found appl [ 13 ]`) is correct but tells nobody that the receipt's base64 lost its
/// padding or arrived inside a JSON document.
enum UnrecognisedText {
    /// How much of an input is looked at to call it text.
    static let sampleLength = 256
    /// Fewer base64 characters than any receipt's (a PKCS#7 signature alone takes 344).
    static let minimumReceiptText = 344

    /// A reason when `raw`, which decoded as none of the forms the tool reads, is empty, whitespace, UTF-16, or
    /// text (UTF-8 without control characters in its first ``sampleLength`` bytes); `nil` for bytes that are not
    /// text, which the receipt validator reports with the offset where DER fails.
    static func reason(_ raw: [UInt8]) -> String? {
        if raw.count >= 2, (raw[0] == 0xFF && raw[1] == 0xFE) || (raw[0] == 0xFE && raw[1] == 0xFF) {
            return "UTF-16 text (Windows PowerShell 5's > and Out-File write it), where the tool reads UTF-8: "
                + "write it as UTF-8 or ASCII"
        }
        let text = trimmingWhitespace(raw)
        guard let first = text.first else {
            return raw.isEmpty ? "the input is empty" : "the input holds only whitespace"
        }
        guard isUTF8Text(text.prefix(sampleLength)) else { return nil }
        let lead = "text that is neither base64, PEM nor a StoreKit 2 JWS"
        // A straight quote, or U+201C / U+2018 (E2 80 9C, E2 80 98) as word processors write them.
        let curlyQuote =
            text.count >= 3 && first == 0xE2 && text[text.startIndex + 1] == 0x80
            && (text[text.startIndex + 2] == 0x9C || text[text.startIndex + 2] == 0x98)
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return "\(lead): it looks like JSON; pass a receipt's base64 (a verifyReceipt request's receipt-data) "
                + "or a JWS (such as a notification's signedPayload)"
        }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") || curlyQuote {
            return "\(lead): it is quoted; pass the text between the quotes"
        }
        // Hints about base64 only for text as long as the shortest receipt's: not for a stray word.
        let characters = text.filter { !isTextWhitespace($0) }
        guard characters.count >= minimumReceiptText else { return lead }
        let dot = UInt8(ascii: ".")
        if characters.contains(dot),
            characters.allSatisfy({ $0 == dot || isBase64Character($0) || isBase64URLCharacter($0) })
        {
            // A JWS header is a JSON object, whose base64url starts "ey" or "ew"; a receipt's base64 starts "MI".
            if characters.starts(with: Array("ey".utf8)) || characters.starts(with: Array("ew".utf8)) {
                return "\(lead): it has a JWS's parts, but with base64's '+' or '/' where base64url has '-' and '_'"
            }
            return "\(lead): base64 with a '.' in it, which a receipt's base64 never holds"
        }
        if characters.allSatisfy(isBase64URLCharacter), characters.contains(where: { $0 == 0x2D || $0 == 0x5F }) {
            return "\(lead): it uses base64url's '-' and '_', where a receipt's base64 has '+' and '/'"
        }
        if characters.allSatisfy(isBase64Character), characters.count % 4 != 0 {
            return "\(lead): \(characters.count) base64 characters, not a multiple of 4 (was the '=' padding removed?)"
        }
        return lead
    }

    /// A reason when `decoded`, the bytes base64 or PEM text decoded to, are text themselves, which no receipt
    /// is (its DER starts 0x30 and a length octet); `nil` otherwise, for the validator to judge.
    static func reason(decoded: [UInt8]) -> String? {
        let text = trimmingWhitespace(decoded)
        guard !text.isEmpty, isUTF8Text(text.prefix(sampleLength)) else { return nil }
        if text.first == UInt8(ascii: "{"), containsPurchaseInfo(text.prefix(sampleLength)) {
            return "base64 of an iOS 6 transaction receipt (a property list with purchase-info), not of an App "
                + "Store receipt: it carries no signature this tool verifies"
        }
        return "base64 of text, not of a receipt's DER"
    }

    private static func containsPurchaseInfo(_ text: ArraySlice<UInt8>) -> Bool {
        let key = Array("\"purchase-info\"".utf8)
        guard text.count >= key.count else { return false }
        return (text.startIndex...(text.endIndex - key.count)).contains {
            text[$0..<($0 + key.count)].elementsEqual(key)
        }
    }

    /// Whether `sample` is UTF-8 (a sequence cut at its end allowed) without control characters but whitespace:
    /// a DER receipt fails at its second byte, a length octet such as 0x82 that no character starts with.
    static func isUTF8Text(_ sample: ArraySlice<UInt8>) -> Bool {
        var index = sample.startIndex
        while index < sample.endIndex {
            let byte = sample[index]
            let length: Int
            switch byte {
            case 0x20...0x7E, 0x09, 0x0A, 0x0D: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return false
            }
            let end = min(index + length, sample.endIndex)
            guard sample[(index + 1)..<end].allSatisfy({ (0x80...0xBF).contains($0) }) else { return false }
            index = end
        }
        return true
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
    }

    /// The standard alphabet and padding.
    private static func isBase64Character(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == 0x2B || byte == 0x2F || byte == 0x3D
    }

    /// The URL-safe alphabet, with padding, which some encoders keep.
    private static func isBase64URLCharacter(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == 0x2D || byte == 0x5F || byte == 0x3D
    }
}
