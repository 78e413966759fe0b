public import PureDER

/// Why an elliptic-curve public key or an ECDSA signature encoding was refused. (A signature that decodes but
/// does not verify is never an error: `isValidSignature(_:for:)` returns `false`.)
public struct ECDSAError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, as a closed set callers can switch on.
    public enum Code: String, Sendable, Hashable, CustomStringConvertible {
        /// A point or raw signature whose length is not the one its form and curve require.
        case invalidLength
        /// A point whose first octet is not 0x02, 0x03 or 0x04 (SEC 1 §2.3.4): hybrid forms (0x06, 0x07) included.
        case unsupportedPointFormat
        /// The encoding of the point at infinity (the single octet 0x00, SEC 1 §2.3.3), which is no public key.
        case pointAtInfinity
        /// A coordinate that is not below the field prime p (SEC 1 §2.3.6 requires x, y ∈ [0, p − 1]).
        case coordinateOutOfRange
        /// A point that does not satisfy the curve equation, or an x of a compressed point that no point has.
        case pointNotOnCurve
        /// A signature that is not a strict-DER `Ecdsa-Sig-Value` (X.690 §10, RFC 5480 §2.2.3 / RFC 3279
        /// §2.2.3), or one whose INTEGER is negative or longer than the group order allows. `derError` says why when
        /// the DER reader refused it.
        case malformedSignature
        /// r or s outside [1, n − 1] (FIPS 186-5 §6.4.2 step 1): no such signature verifies under any key.
        case scalarOutOfRange
        /// A `SubjectPublicKeyInfo` that is not strict DER of RFC 5280 §4.1 (`derError` says why), or whose
        /// subjectPublicKey BIT STRING has unused bits.
        case malformedKey
        /// A `SubjectPublicKeyInfo` whose algorithm is not id-ecPublicKey with namedCurve parameters (RFC 5480
        /// §2.1.1), or names another curve than the key type's.
        case unsupportedKeyAlgorithm

        /// The case's name, the same text natively and in Embedded Swift (which has no reflection).
        public var description: String { rawValue }
    }

    /// What was wrong.
    public var code: Code
    /// The offset in the input of the first byte of the offending field, counted from the input's first byte.
    public var offset: Int
    /// A short explanation for people.
    public var reason: String
    /// The DER reader's own error, when the DER reader refused the input (its offset is an index into the
    /// buffer it read, as every ``DERError``'s).
    @NestedError public var derError: DERError?

    /// Creates an error.
    @inline(never)
    public init(_ code: Code, at offset: Int, _ reason: String, derError: DERError? = nil) {
        self.code = code
        self.offset = offset
        self.reason = reason
        self.derError = derError
    }

    /// `code at offset N: reason`.
    public var description: String {
        "\(code) at offset \(offset): \(reason)"
    }
}

// Errors with variable text are made here, outside the generic decoders, so that both curves share one copy of
// the code that builds each message (the WebAssembly module counts its bytes).
extension ECDSAError {
    /// `invalidLength`: `what` takes `expected` bytes, not `found`.
    @inline(never)
    static func length(_ what: String, expected: Int, found: Int) -> ECDSAError {
        ECDSAError(.invalidLength, at: 0, "\(what) takes \(expected) bytes, not \(found)")
    }

    /// `code` about the value called `name`, at `offset`.
    @inline(never)
    static func value(_ code: Code, _ name: String, _ problem: String, at offset: Int) -> ECDSAError {
        ECDSAError(code, at: offset, name + problem)
    }

    /// `code` for a `DERError` met while reading `what`, its offset made relative to `start`.
    @inline(never)
    static func der(_ code: Code, _ what: String, _ error: DERError, start: Int) -> ECDSAError {
        ECDSAError(code, at: error.offset - start, "not " + what + ": " + error.reason, derError: error)
    }
}
