/// The one error type of the DER module.
///
/// Every failure names what went wrong (``code``, which callers can switch on), where it went wrong
/// (``offset``, the index in the input of the first byte of the offending element or field), and a short
/// human-readable ``reason``.
///
/// Offsets are indices into the caller's buffer: when a reader is built over an `ArraySlice` of a larger
/// input, offsets stay absolute to that larger input. The one exception is a BER constructed OCTET STRING,
/// whose joined segments form a new buffer with indices from zero.
public struct DERError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a closed set callers can switch on.
    public enum Code: String, Sendable, Hashable, CustomStringConvertible {
        /// The input ends inside an identifier, a length or contents.
        case truncated
        /// A tag uses the high-tag-number form with a leading 0x80 octet, or for a number below 31 (X.690 §8.1.2).
        case nonMinimalTag
        /// A tag number needs more than ``DERLimits/maximumTagNumberOctets`` octets.
        case tagNumberTooLarge
        /// A length uses the long form where the short form fits, or has leading zero octets (X.690 §10.1).
        case nonMinimalLength
        /// A length has more than ``DERLimits/maximumLengthOctets`` octets, or uses the reserved 0xFF form.
        case lengthTooLong
        /// A declared length runs past the end of the enclosing element or input.
        case lengthExceedsInput
        /// An indefinite length where the encoding rules, or a primitive encoding, forbid it (X.690 §10.1, §8.1.3.2).
        case indefiniteLength
        /// End-of-contents octets where no indefinite-length element is open, or not exactly `00 00`.
        case misplacedEndOfContents
        /// An indefinite-length element has no end-of-contents octets before its enclosing element ends.
        case missingEndOfContents
        /// A type that must be primitive was constructed, or one that must be constructed was primitive.
        case invalidConstruction
        /// The element's tag is not the one the structure requires at this position.
        case unexpectedTag
        /// Bytes remain after the last element a structure defines.
        case trailingBytes
        /// Elements are nested deeper than ``DERLimits/maximumDepth``.
        case depthLimitExceeded
        /// More elements than ``DERLimits/maximumElementCount`` in one parse.
        case elementCountExceeded
        /// An input larger than ``DERLimits/maximumInputSize``.
        case inputTooLarge
        /// A BOOLEAN is not one octet of 0x00 or 0xFF (X.690 §11.1).
        case invalidBoolean
        /// An INTEGER or ENUMERATED is empty or not in its minimal two's-complement form (X.690 §8.3.2).
        case invalidInteger
        /// An INTEGER does not fit the requested fixed-width type, or is negative where that is not allowed.
        case integerOutOfRange
        /// A NULL has contents.
        case invalidNull
        /// An OBJECT IDENTIFIER is empty, has a subidentifier with a leading 0x80 octet, or ends mid-subidentifier.
        case invalidObjectIdentifier
        /// An OBJECT IDENTIFIER arc needs more than ``DERLimits/maximumOIDArcOctets`` octets.
        case objectIdentifierArcTooLarge
        /// A BIT STRING is empty, declares more than 7 unused bits, or has non-zero padding bits (X.690 §11.2).
        case invalidBitString
        /// A character string holds bytes its type does not allow (invalid UTF-8, a character outside the set), or
        /// has a size its use does not allow (an empty DirectoryString, a country name not of two characters).
        case invalidString
        /// A UTCTime or GeneralizedTime is not in the DER form (X.690 §11.7, §11.8) or names no real instant.
        case invalidTime
        /// The components of a SET OF are not in ascending order of their encodings (X.690 §11.6).
        case setOfNotSorted

        /// The case's name, the same text natively and in Embedded Swift (which has no reflection).
        public var description: String { rawValue }
    }

    /// What went wrong.
    public var code: Code
    /// The index in the input of the first byte of the element or field that failed.
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
