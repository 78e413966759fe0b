package import PureDER

/// The NIST P-384 curve (secp384r1): ECDSA signature verification, as in CryptoKit.
///
/// ```swift
/// let key = try P384.Signing.PublicKey(x963Representation: point)          // 0x04 ‖ x ‖ y
/// let signature = try P384.Signing.ECDSASignature(rawRepresentation: rs)  // r ‖ s, as in JWS
/// let valid = key.isValidSignature(signature, for: message)              // hashed with SHA-384
/// ```
public enum P384: Sendable {
    /// ECDSA over P-384.
    public enum Signing: Sendable {}
}

extension P384.Signing {
    /// A P-384 public key: a point of the curve, checked when it is made (coordinates below p, on the curve,
    /// not the point at infinity).
    public struct PublicKey: Sendable {
        let key: ECPublicKey<P384Curve>

        /// The named-curve identifier of P-384 in keys (RFC 5480 §2.1.1.1): 1.3.132.0.34.
        package static let curveIdentifier = OID(1, 3, 132, 0, 34)

        /// A key from its uncompressed SEC 1 encoding, 0x04 ‖ x ‖ y (97 bytes), as ANSI X9.63 and JWS keys have it.
        public init<Bytes: Collection<UInt8>>(x963Representation bytes: Bytes) throws(ECDSAError) {
            key = try withContiguousBytes(of: bytes, ECPublicKey.init(x963Representation:))
        }

        /// A key from its compressed SEC 1 encoding, 0x02 or 0x03 ‖ x (49 bytes): y is recovered (SEC 1 §2.3.4).
        public init<Bytes: Collection<UInt8>>(compressedRepresentation bytes: Bytes) throws(ECDSAError) {
            key = try withContiguousBytes(of: bytes, ECPublicKey.init(compressedRepresentation:))
        }

        /// A key from x ‖ y (96 bytes), without the 0x04 prefix, as CryptoKit's `rawRepresentation`.
        public init<Bytes: Collection<UInt8>>(rawRepresentation bytes: Bytes) throws(ECDSAError) {
            key = try withContiguousBytes(of: bytes, ECPublicKey.init(rawRepresentation:))
        }

        /// A key from the DER of a `SubjectPublicKeyInfo` with algorithm id-ecPublicKey and the namedCurve
        /// secp384r1 (RFC 5480 §2), its point uncompressed or compressed.
        public init(derRepresentation der: ArraySlice<UInt8>) throws(ECDSAError) {
            key = try ECPublicKey(derRepresentation: der, curve: Self.curveIdentifier)
        }

        /// A key from the DER of a `SubjectPublicKeyInfo` (the same as from an `ArraySlice`).
        public init(derRepresentation der: [UInt8]) throws(ECDSAError) {
            try self.init(derRepresentation: der[...])
        }

        /// This key with a table of multiples of its point (12 KiB) with which each of its verifications doubles a
        /// point about an eighth as often (docs/crypto.md, "spaced tables"). Making the table costs about one
        /// verification: worth it for a key that verifies many signatures, such as a trust anchor's
        /// (``PathValidator`` makes them for its anchors) or a server's long-lived signing key. Verdicts are the
        /// same with and without it.
        public func withPrecomputedMultiples() -> Self {
            Self(key: key.precomputed())
        }

        /// Whether ``withPrecomputedMultiples()`` made this key.
        package var hasPrecomputedMultiples: Bool { key.multiples != nil }

        private init(key: ECPublicKey<P384Curve>) {
            self.key = key
        }

        /// 0x04 ‖ x ‖ y.
        public var x963Representation: [UInt8] { key.x963Representation }

        /// x ‖ y.
        public var rawRepresentation: [UInt8] { key.rawRepresentation }

        /// 0x02 or 0x03 (the parity of y) ‖ x.
        public var compressedRepresentation: [UInt8] { key.compressedRepresentation }

        /// Whether `signature` signs a message whose hash is `digest`. Any SHA-2 digest works; one longer than
        /// 384 bits is cut to its leftmost 384 and a shorter one is taken whole (FIPS 186-5 §6.4.2): SHA-256 and
        /// SHA-512 are usable too.
        public func isValidSignature<D: HashDigest>(_ signature: ECDSASignature, for digest: D) -> Bool {
            digest.withUnsafeBytes { key.isValidSignature(signature.value, digest: $0) }
        }

        /// Whether `signature` signs `data`, hashed with SHA-384 (ES384, ecdsa-with-SHA384).
        public func isValidSignature<Bytes: Collection<UInt8>>(_ signature: ECDSASignature, for data: Bytes) -> Bool {
            isValidSignature(signature, for: SHA384.hash(data))
        }

        /// Whether `signature`, a DER `Ecdsa-Sig-Value`, signs `message` hashed with `digest`; `false` also when the
        /// signature does not decode. For X.509 certificates and CMS signers, whose signatures come as DER beside an
        /// algorithm identifier.
        package func isValidSignature(
            derRepresentation signature: ArraySlice<UInt8>,
            for message: ArraySlice<UInt8>,
            digest: ECDSADigestAlgorithm
        ) -> Bool {
            key.isValidSignature(derRepresentation: signature, for: message, digest: digest)
        }
    }

    /// An ECDSA signature on P-384: r and s, each checked to lie in [1, n − 1] when the signature is read.
    public struct ECDSASignature: Sendable {
        let value: ECSignature<P384Curve>

        /// A signature from r ‖ s, 48 big-endian bytes each (JWS ES384, RFC 7518 §3.4; IEEE P1363).
        public init<Bytes: Collection<UInt8>>(rawRepresentation bytes: Bytes) throws(ECDSAError) {
            value = try withContiguousBytes(of: bytes, ECSignature.init(rawRepresentation:))
        }

        /// A signature from the strict DER of `Ecdsa-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }`
        /// (X.509, CMS). Offsets in errors count from the slice's first byte.
        public init(derRepresentation der: ArraySlice<UInt8>) throws(ECDSAError) {
            value = try ECSignature(derRepresentation: der)
        }

        /// A signature from its DER (the same as from an `ArraySlice`).
        public init(derRepresentation der: [UInt8]) throws(ECDSAError) {
            try self.init(derRepresentation: der[...])
        }

        /// r ‖ s, 48 bytes each.
        public var rawRepresentation: [UInt8] { value.rawRepresentation }

        /// The DER `Ecdsa-Sig-Value`.
        public var derRepresentation: [UInt8] { value.derRepresentation }
    }
}
