public import PureCrypto
public import PureDER

/// A certificate signature algorithm: an `AlgorithmIdentifier` (RFC 5280 §4.1.1.2) as encoded, and what this
/// library can do with it. An open set with static members for the ones it knows.
public struct SignatureAlgorithm: Sendable, Hashable, CustomStringConvertible {
    /// The algorithm's object identifier.
    public let oid: OID
    /// The whole DER of the AlgorithmIdentifier; the inner and outer ones of a certificate must be equal.
    public let encoded: ArraySlice<UInt8>

    /// The RSA PKCS#1 v1.5 digest, for the RSA algorithms this library verifies; `nil` otherwise.
    public var rsaDigest: RSADigestAlgorithm? { Self.rsaDigest(for: oid) }

    /// The RSA PKCS#1 v1.5 digest that the signature algorithm `oid` names, if it is one this library verifies.
    public static func rsaDigest(for oid: OID) -> RSADigestAlgorithm? {
        // sha1WithRSAEncryption is pkcs-1 arc 5; sha256, sha384 and sha512WithRSAEncryption are 11, 12, 13
        // (RFC 8017 Appendix C).
        switch oid.pkcs1Arc {
        case 5: return .sha1
        case 11: return .sha256
        case 12: return .sha384
        case 13: return .sha512
        default: return nil
        }
    }

    /// Reads an AlgorithmIdentifier. For the RSA PKCS#1 v1.5 algorithms the parameters must be NULL
    /// (RFC 4055 §5); others are kept as they are.
    init(from reader: inout DERReader) throws(DERError) {
        let identifier = try AlgorithmIdentifier(from: &reader)
        oid = identifier.oid
        encoded = identifier.encoded
        if Self.rsaDigest(for: oid) != nil && !identifier.hasNullParameters {
            throw DERError(.unexpectedTag, at: encoded.startIndex, "\(self) without NULL parameters (RFC 4055 §5)")
        }
    }

    /// A name such as `sha256WithRSAEncryption`, or the dotted OID.
    public var description: String {
        switch oid {
        case .sha1WithRSAEncryption: return "sha1WithRSAEncryption"
        case .sha256WithRSAEncryption: return "sha256WithRSAEncryption"
        case .sha384WithRSAEncryption: return "sha384WithRSAEncryption"
        case .sha512WithRSAEncryption: return "sha512WithRSAEncryption"
        case .rsassaPSS: return "RSASSA-PSS"
        case .ecdsaWithSHA256: return "ecdsa-with-SHA256"
        case .ecdsaWithSHA384: return "ecdsa-with-SHA384"
        default: return oid.description
        }
    }
}

/// Which signature algorithms and key sizes a validation accepts: for certificate signatures, for the keys of
/// the certificates on a path, and for what a signer's key verifies (a CMS signature, its digest).
public struct AlgorithmPolicy: Sendable, Hashable {
    /// The RSA PKCS#1 v1.5 digests accepted, in certificate signatures and in what a signer signs.
    public var allowedRSADigests: Set<RSADigestAlgorithm>
    /// The smallest RSA modulus accepted, in bits (never below 1024, the least this library parses).
    public var minimumRSAModulusBits: Int
    /// The largest RSA modulus accepted, in bits (never above 8192, the most this library parses). A
    /// verification's cost grows with the square of the modulus, and a signer's key verifies before its chain
    /// is known, so a bound keeps what an untrusted input can make a validation cost close to an honest one's.
    public var maximumRSAModulusBits: Int
    /// The largest RSA public exponent accepted, in bits. Verification time grows with the exponent, for the same
    /// reason as above. 32 bits admits every exponent in common use (65537 has 17).
    public var maximumRSAExponentBits: Int

    /// Creates a policy.
    public init(
        allowedRSADigests: Set<RSADigestAlgorithm>,
        minimumRSAModulusBits: Int,
        maximumRSAModulusBits: Int = 8192,
        maximumRSAExponentBits: Int = 32
    ) {
        self.allowedRSADigests = allowedRSADigests
        self.minimumRSAModulusBits = minimumRSAModulusBits
        self.maximumRSAModulusBits = maximumRSAModulusBits
        self.maximumRSAExponentBits = maximumRSAExponentBits
    }

    /// `nil` if the policy accepts `key`, or why not, naming the key's `owner` ("the signer's").
    public func refusal(of key: PublicKey, owner: String) -> String? {
        switch key {
        case .rsa(let key):
            if key.modulusBitCount < minimumRSAModulusBits {
                return "\(owner) RSA key has \(key.modulusBitCount) bits, below the policy's \(minimumRSAModulusBits)"
            }
            if key.modulusBitCount > maximumRSAModulusBits {
                return "\(owner) RSA key has \(key.modulusBitCount) bits, above the policy's \(maximumRSAModulusBits)"
            }
            guard key.exponentBitCount <= maximumRSAExponentBits else {
                let bits = key.exponentBitCount
                return "\(owner) RSA exponent has \(bits) bits, above the policy's \(maximumRSAExponentBits)"
            }
            return nil
        }
    }

    /// `nil` if the policy accepts RSA PKCS#1 v1.5 signatures with `digest`, or why not.
    public func refusal(of digest: RSADigestAlgorithm) -> String? {
        allowedRSADigests.contains(digest) ? nil : "\(digest) is not allowed by the algorithm policy"
    }

    /// SHA-256, SHA-384 and SHA-512 with RSA keys of 2048–8192 bits.
    public static let standard = AlgorithmPolicy(
        allowedRSADigests: [.sha256, .sha384, .sha512],
        minimumRSAModulusBits: 2048
    )

    /// ``standard`` plus SHA-1, an explicit choice for Apple's receipt chains: SHA-1 WWDR intermediates
    /// signed receipts until January 2025, and the Apple Inc. Root signs itself with SHA-1.
    public static let allowingSHA1 = AlgorithmPolicy(
        allowedRSADigests: [.sha1, .sha256, .sha384, .sha512],
        minimumRSAModulusBits: 2048
    )
}

/// `AlgorithmIdentifier ::= SEQUENCE { algorithm OBJECT IDENTIFIER, parameters ANY OPTIONAL }` (RFC 5280
/// §4.1.1.2), for signature and public key algorithms alike: at most one parameters element, checked as DER.
struct AlgorithmIdentifier {
    /// The whole DER of the AlgorithmIdentifier.
    let encoded: ArraySlice<UInt8>
    /// The algorithm.
    let oid: OID
    /// The parameters element, if any.
    let parameters: DERElement?

    init(from reader: inout DERReader) throws(DERError) {
        let element = try reader.readElement(.sequence)
        var contents = try reader.reader(forContentsOf: element)
        oid = try contents.readObjectIdentifier()
        parameters = contents.isAtEnd ? nil : try contents.readCheckedElement()
        try contents.finish()
        encoded = element.encoded
    }

    /// Whether the parameters are a NULL, as the RSA algorithms require (the check made its contents empty).
    var hasNullParameters: Bool { parameters?.tag == .null }
}
