/// Why an input that is text is not a receipt, said in terms of what the text looks like: the DER reader's view of
/// text (`expected SEQUENCE, found appl [ 13 ]`) is correct but tells nobody that the receipt's base64 lost its
/// padding or arrived inside a JSON document.
enum UnrecognisedText {
    /// How much of an input is looked at to call it text.
    static let sampleLength = 256
    /// Fewer base64 characters than any receipt's (a PKCS#7 signature alone takes 344).
    static let minimumReceiptText = 344

    /// A reason when `raw`, which decoded as none of the forms the tool reads, is empty, whitespace, or text
    /// (printable ASCII and whitespace in its first ``sampleLength`` bytes); `nil` for bytes that are not text,
    /// which the receipt validator reports with the offset where DER fails.
    static func reason(_ raw: [UInt8]) -> String? {
        let text = trimmingWhitespace(raw)
        guard let first = text.first else {
            return raw.isEmpty ? "the input is empty" : "the input holds only whitespace"
        }
        guard text.prefix(sampleLength).allSatisfy(isTextByte) else { return nil }
        let lead = "text that is neither base64, PEM nor a StoreKit 2 JWS"
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return "\(lead): it looks like JSON; pass a receipt's base64 (a verifyReceipt request's receipt-data) "
                + "or a JWS (such as a notification's signedPayload)"
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return "\(lead): it is quoted; pass the text between the quotes"
        default:
            break
        }
        // Hints about base64 only for text as long as the shortest receipt's: not for a stray word.
        let characters = text.filter { !isTextWhitespace($0) }
        guard characters.count >= minimumReceiptText else { return lead }
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
        guard !text.isEmpty, text.prefix(sampleLength).allSatisfy(isTextByte) else { return nil }
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

    private static func isTextByte(_ byte: UInt8) -> Bool {
        (0x20...0x7E).contains(byte) || isTextWhitespace(byte)
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
