/// Why text did not decode as strict base64 or base64url (RFC 4648 §4, §5).
///
/// The strict decoders behind it (used for the parts of JWS compact serialization, RFC 7515 §2 and §7.1, and the
/// certificates of its `x5c` header, RFC 7515 §4.1.6) accept exactly one spelling of each byte string: the
/// alphabet and nothing else (no whitespace), padding exactly where the encoding requires it, and the unused low
/// bits of the last character zero (RFC 4648 §3.5). ``offset`` is the index in the text of the offending
/// character; a decode of an `ArraySlice` reports indices of the larger buffer, as the DER reader does.
public struct Base64Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, as a closed set callers can switch on.
    public enum Code: String, Sendable, Hashable, CustomStringConvertible {
        /// A byte outside the encoding's alphabet: whitespace, a character of the other alphabet (`+` `/` in
        /// base64url, `-` `_` in base64), any other byte. The offset is the byte's.
        case invalidCharacter
        /// Padding where the encoding forbids it (`=` in base64url, RFC 7515 §2), where it cannot stand (after
        /// fewer than two characters of a group, or followed by anything but padding), or missing where standard
        /// base64 requires it (the offset is then the text's end).
        case invalidPadding
        /// The last group has a single character, which encodes no whole byte. The offset is that character's.
        case invalidLength
        /// The last character's unused low bits are not zero, so another text decodes to the same bytes
        /// (RFC 4648 §3.5). The offset is that character's.
        case nonCanonical

        /// The case's name, the same text natively and in Embedded Swift (which has no reflection).
        public var description: String { rawValue }
    }

    /// What was wrong.
    public var code: Code
    /// The index in the text of the offending character, or the text's end for missing padding.
    public var offset: Int
    /// A short explanation for people.
    public var reason: String

    /// Creates an error.
    @inline(never)
    public init(_ code: Code, at offset: Int, _ reason: String) {
        self.code = code
        self.offset = offset
        self.reason = reason
    }

    /// `offset N: reason`.
    public var description: String {
        "offset \(offset): \(reason)"
    }
}
