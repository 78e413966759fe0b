public import PureDER

/// Why an RSA public key was refused. (Signatures are never errors: a bad one verifies `false`.)
public struct RSAError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, as a closed set callers can switch on.
    public enum Code: String, Sendable, Hashable, CustomStringConvertible {
        /// The DER is not an `RSAPublicKey` or an rsaEncryption `SubjectPublicKeyInfo` (RFC 8017 §A.1.1,
        /// RFC 3279 §2.3.1).
        case malformedKey
        /// The modulus is shorter than the initializer allows: 2048 bits, or 1024 for the `unsafe` ones.
        case modulusTooSmall
        /// The modulus is longer than 8192 bits.
        case modulusTooLarge
        /// The modulus is even, so it is no RSA modulus.
        case evenModulus
        /// The public exponent is even, below 3, or not below the modulus.
        case invalidExponent

        /// The case's name, the same text natively and in Embedded Swift (which has no reflection).
        public var description: String { rawValue }
    }

    /// What was wrong.
    public var code: Code
    /// A short explanation for people.
    public var reason: String
    /// The DER error underneath, with its byte offset, when the key's encoding is at fault.
    @NestedError public var der: DERError?

    /// Creates an error.
    @inline(never)
    package init(_ code: Code, _ reason: String, der: DERError? = nil) {
        self.code = code
        self.reason = reason
        self.der = der
    }

    /// The reason, and the DER error's when there is one.
    public var description: String {
        der.map { "\(reason): \($0)" } ?? reason
    }
}
