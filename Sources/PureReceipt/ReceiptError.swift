public import PureDER

/// Why a receipt payload did not decode, with the DER error underneath.
public struct ReceiptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed.
    public enum Code: String, Sendable, Hashable, CustomStringConvertible {
        /// The payload is not a SET OF ReceiptAttribute, or a field's value is not of its documented type.
        case malformedPayload

        /// The case's name, the same text natively and in Embedded Swift (which has no reflection).
        public var description: String { rawValue }
    }

    /// What failed.
    public var code: Code
    /// A short explanation.
    public var reason: String
    /// The DER error underneath, if any.
    @NestedError public var der: DERError?

    /// Creates an error.
    @inline(never)
    package init(_ code: Code, _ reason: String, der: DERError? = nil) {
        self.code = code
        self.reason = reason
        self.der = der
    }

    /// The reason, with the DER error underneath.
    public var description: String {
        der.map { "\(reason): \($0)" } ?? reason
    }
}
