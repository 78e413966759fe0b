public import PureDER

/// Why a certificate could not be parsed. (Why a path did not validate is a ``PathValidationError``.)
public struct X509Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, as a closed set callers can switch on.
    public enum Code: String, Sendable, Hashable, CustomStringConvertible {
        /// The bytes are not DER, or not the ASN.1 structure RFC 5280 §4.1 defines; ``X509Error/der``
        /// says where.
        case malformed
        /// Extensions in a certificate that is not v3 (RFC 5280 §4.1.2.9). (A version other than v2 or v3 encoded
        /// explicitly, including v1, which DER omits, is ``malformed``.)
        case unsupportedVersion
        /// The TBSCertificate's signature algorithm differs from the outer one (RFC 5280 §4.1.1.2).
        case signatureAlgorithmMismatch
        /// An extension appears twice (RFC 5280 §4.2). (A known extension whose value is malformed is
        /// ``malformed``, with the DER error.)
        case invalidExtension
        /// The subject public key is of an algorithm this library implements but cannot be used (an RSA modulus
        /// below 1,024 bits, an even one, an exponent out of range, …); ``X509Error/key`` says why.
        case invalidPublicKey

        /// The case's name, the same text natively and in Embedded Swift (which has no reflection).
        public var description: String { rawValue }
    }

    /// What was wrong.
    public var code: Code
    /// The DER error underneath, with its byte offset, when the fault is in the encoding.
    @NestedError public var der: DERError?
    /// The key error underneath, for ``Code/invalidPublicKey``.
    @NestedError public var key: PublicKeyError?
    /// A short explanation for people.
    public var reason: String

    /// Creates an error.
    @inline(never)
    public init(_ code: Code, _ reason: String, der: DERError? = nil, key: PublicKeyError? = nil) {
        self.code = code
        self.reason = reason
        self.der = der
        self.key = key
    }

    /// The reason, and the underlying error's when there is one.
    public var description: String {
        if let der { return "\(reason): \(der)" }
        if let key { return "\(reason): \(key)" }
        return reason
    }
}
