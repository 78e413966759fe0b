/// The one error type of the JSON module.
///
/// Every failure names what went wrong (``code``, which callers can switch on), where (``offset``, the index in
/// the input of the offending byte, or of the first byte of the offending token), and a short ``reason``.
/// Offsets are indices into the caller's buffer: a parse of an `ArraySlice` reports indices of the larger input.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a closed set callers can switch on.
    public enum Code: String, Sendable, Hashable, CustomStringConvertible {
        /// The input ends where the grammar needs more: inside a value, a string, an escape, a UTF-8 sequence,
        /// or before any value at all. The offset is the input's end.
        case unexpectedEnd
        /// A byte that cannot appear at this position: a missing `,` `:` `]` `}`, a value starting with a byte
        /// no JSON value starts with (`+`, `.`, `'`, `N` of NaN, `/` of a comment), or a non-ASCII byte outside
        /// a string.
        case unexpectedByte
        /// A `,` directly before `]` or `}` (RFC 8259 §4, §5). The offset is the comma's.
        case trailingComma
        /// Something other than whitespace after the one top-level value (RFC 8259 §2).
        case trailingBytes
        /// The input starts with the UTF-8 byte order mark EF BB BF, which RFC 8259 §8.1 forbids a sender to
        /// add; it is refused rather than skipped, so that signed bytes and parsed bytes are the same bytes.
        case byteOrderMark
        /// `t`, `f` or `n` that does not begin `true`, `false` or `null`. The offset is the literal's first byte.
        case invalidLiteral
        /// A number breaks the grammar of RFC 8259 §6: `-` without digits, `.` without digits after it, an
        /// exponent without digits. The offset is the byte where a digit was required.
        case invalidNumber
        /// A number's integer part has a leading zero (`01`, `-00`). The offset is the zero's.
        case leadingZero
        /// A number without fraction or exponent does not fit `Int64`. The offset is the number's first byte.
        case integerOutOfRange
        /// A number with a fraction or an exponent rounds to a magnitude beyond `Double.greatestFiniteMagnitude`.
        /// The offset is the number's first byte.
        case numberOutOfRange
        /// A string holds an unescaped control character U+0000…U+001F (RFC 8259 §7).
        case controlCharacter
        /// A backslash followed by anything but `"` `\` `/` `b` `f` `n` `r` `t` or `u` and four hexadecimal
        /// digits. The offset is the backslash's.
        case invalidEscape
        /// A `\u` escape of a UTF-16 surrogate that is not half of a high-low pair. Swift's `String` holds
        /// Unicode scalars only, so such a string has no value to become. The offset is the backslash's.
        case loneSurrogate
        /// Bytes in a string that are not well-formed UTF-8 (RFC 3629 §4): a stray continuation byte, a byte
        /// that never occurs (C0, C1, F5…FF), an overlong form, an encoded surrogate, a scalar above U+10FFFF,
        /// a sequence cut short by a byte that does not continue it. The offset is the sequence's first byte.
        case invalidUTF8
        /// An object names a key twice, compared after unescaping, scalar by scalar. The offset is the second
        /// occurrence's opening quote.
        case duplicateKey
        /// More than ``JSONLimits/maximumDepth`` arrays and objects open at once. The offset is the bracket that
        /// would open one too many.
        case depthLimitExceeded
        /// An input larger than ``JSONLimits/maximumInputSize``. The offset is the first byte past the limit.
        case inputTooLarge

        /// The case's name, the same text natively and in Embedded Swift (which has no reflection).
        public var description: String { rawValue }
    }

    /// What went wrong.
    public var code: Code
    /// The index in the input of the offending byte or of the first byte of the offending token.
    public var offset: Int
    /// A short explanation for people.
    public var reason: String

    /// Creates an error.
    @inline(never)
    package init(_ code: Code, at offset: Int, _ reason: String) {
        self.code = code
        self.offset = offset
        self.reason = reason
    }

    /// `offset N: reason`.
    public var description: String {
        "offset \(offset): \(reason)"
    }
}
