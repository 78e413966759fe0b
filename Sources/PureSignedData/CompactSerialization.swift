import PureDER

/// A JWS in compact serialization (RFC 7515 §7.1), split and decoded, nothing yet interpreted:
///
///     BASE64URL(UTF8(JWS Protected Header)) '.' BASE64URL(JWS Payload) '.' BASE64URL(JWS Signature)
///
/// Exactly three parts, none empty, each within its ``SignedDataLimits`` and in strict base64url (RFC 7515 §2:
/// the URL-safe alphabet, no padding, no whitespace, canonical last character), so that each JWS has one
/// spelling. Errors are ``SignedDataError/Step/compactSerialization`` with the part and the offset in the input.
public struct CompactSerialization: Sendable {
    /// The ASCII bytes `header.payload` as they stand in the input: what the signature covers
    /// (RFC 7515 §5.2, step 8). A view of the caller's bytes, never a re-encoding.
    public let signingInput: ArraySlice<UInt8>
    /// The decoded header: the UTF-8 of a JSON object, not yet parsed.
    public let header: [UInt8]
    /// The decoded payload: for StoreKit, the UTF-8 of a JSON object, not yet parsed.
    public let payload: [UInt8]
    /// The decoded signature, its length not yet checked.
    public let signature: [UInt8]

    /// Splits and decodes `input`. Offsets in errors are indices of `input`'s buffer.
    public init(_ input: ArraySlice<UInt8>) throws(SignedDataError) {
        guard input.count <= SignedDataLimits.maximumLength else {
            throw SignedDataError(
                .compactSerialization,
                .inputTooLarge,
                "longer than \(SignedDataLimits.maximumLength) bytes",
                offset: input.startIndex + SignedDataLimits.maximumLength
            )
        }
        var dots: [Int] = []
        for index in input.indices where input[index] == UInt8(ascii: ".") {
            guard dots.count < 2 else {
                throw SignedDataError(
                    .compactSerialization,
                    .partCount,
                    "more than three parts",
                    offset: index
                )
            }
            dots.append(index)
        }
        guard dots.count == 2 else {
            throw SignedDataError(
                .compactSerialization,
                .partCount,
                "\(dots.count + 1) part\(dots.isEmpty ? "" : "s") where JWS has three (RFC 7515 §7.1)",
                offset: input.endIndex
            )
        }
        let parts = [
            (Part.header, input[input.startIndex..<dots[0]], SignedDataLimits.maximumHeaderLength),
            (Part.payload, input[(dots[0] + 1)..<dots[1]], SignedDataLimits.maximumPayloadLength),
            (Part.signature, input[(dots[1] + 1)...], SignedDataLimits.maximumSignatureLength),
        ]
        for (part, text, limit) in parts {
            guard !text.isEmpty else {
                throw SignedDataError(
                    .compactSerialization,
                    .emptyPart,
                    "the \(part) is empty",
                    part: part,
                    offset: text.startIndex
                )
            }
            guard text.count <= limit else {
                throw SignedDataError(
                    .compactSerialization,
                    .partTooLarge,
                    "the \(part) is longer than \(limit) characters",
                    part: part,
                    offset: text.startIndex + limit
                )
            }
        }
        signingInput = input[input.startIndex..<dots[1]]
        header = try Self.decode(parts[0].1, part: .header)
        payload = try Self.decode(parts[1].1, part: .payload)
        signature = try Self.decode(parts[2].1, part: .signature)
    }

    /// Splits and decodes `input`.
    public init(_ input: [UInt8]) throws(SignedDataError) {
        try self.init(input[...])
    }

    private typealias Part = SignedDataError.Part

    private static func decode(_ text: ArraySlice<UInt8>, part: Part) throws(SignedDataError) -> [UInt8] {
        do throws(Base64Error) {
            return try Base64URL.decode(text)
        } catch {
            throw SignedDataError(
                .compactSerialization,
                .invalidBase64URL,
                "the \(part) is not base64url",
                part: part,
                offset: error.offset,
                base64: error
            )
        }
    }

    /// Whether `input` looks like a compact serialization: base64url characters, padding, and at least one `.`,
    /// nothing else. A cheap recogniser for tools that take receipts and signed data alike (a receipt is binary
    /// DER, or base64 or PEM, and never holds a `.`); it checks the alphabet only, so that a JWS with a part too
    /// many or too few, or with padding, is still recognised, and refused by ``init(_:)-(ArraySlice<UInt8>)``
    /// with its own error rather than taken for a receipt. Base64's `+` and `/` are not taken: a receipt's base64
    /// holds them, and with a stray `.` would pass for a JWS.
    public static func hasCompactForm(_ input: some Collection<UInt8>) -> Bool {
        // Callers in other modules reach this unspecialized: scan contiguous storage through a concrete buffer
        // rather than byte by byte through the generic iterator.
        if let answer = input.withContiguousStorageIfAvailable({ hasCompactForm(bytes: $0) }) { return answer }
        return hasCompactForm(bytes: input)
    }

    private static func hasCompactForm<Bytes: Collection<UInt8>>(bytes input: Bytes) -> Bool {
        var dots = 0
        for byte in input {
            if byte == UInt8(ascii: ".") {
                dots += 1
            } else if !isBase64URLCharacter(byte) {
                return false
            }
        }
        return dots > 0
    }

    /// The base64url alphabet, and padding.
    private static func isBase64URLCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }
}
