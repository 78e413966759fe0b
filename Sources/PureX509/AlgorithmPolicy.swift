public import PureCrypto

/// Which signature algorithms and keys a validation accepts: for certificate signatures, for the keys of the
/// certificates on a path, and for what a signer's key verifies (a CMS or JWS signature, its digest).
///
/// RSA and ECDSA are judged apart: an RSA key by its size and exponent, and an RSA PKCS#1 v1.5 signature by its
/// digest; an elliptic-curve key by its curve, and an ECDSA signature by its digest. Curves and digests are
/// independent choices: a P-384 key may sign with SHA-256 (Apple Root CA - G3 signs WWDR G2 so).
public struct AlgorithmPolicy: Sendable, Hashable {
    /// The RSA PKCS#1 v1.5 digests accepted, in certificate signatures and in what a signer signs. With none,
    /// RSA keys are refused too: they could verify nothing.
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
    /// The curves whose keys are accepted (an ECDSA verification costs the same whoever made the key).
    public var allowedCurves: Set<NamedCurve>
    /// The digests accepted in ECDSA signatures (ecdsa-with-SHA256/384/512; ES256…), in certificates and in what
    /// a signer signs.
    public var allowedECDSADigests: Set<ECDSADigestAlgorithm>

    /// Creates a policy; what it does not name, it refuses (no RSA digest: no RSA; no curve: no ECDSA).
    public init(
        allowedRSADigests: Set<RSADigestAlgorithm> = [],
        minimumRSAModulusBits: Int = 2048,
        maximumRSAModulusBits: Int = 8192,
        maximumRSAExponentBits: Int = 32,
        allowedCurves: Set<NamedCurve> = [],
        allowedECDSADigests: Set<ECDSADigestAlgorithm> = []
    ) {
        self.allowedRSADigests = allowedRSADigests
        self.minimumRSAModulusBits = minimumRSAModulusBits
        self.maximumRSAModulusBits = maximumRSAModulusBits
        self.maximumRSAExponentBits = maximumRSAExponentBits
        self.allowedCurves = allowedCurves
        self.allowedECDSADigests = allowedECDSADigests
    }

    /// `nil` if the policy accepts `key`, or why not, naming the key's `owner` ("the signer's").
    public func refusal(of key: PublicKey, owner: String) -> String? {
        switch key {
        case .rsa(let key):
            guard !allowedRSADigests.isEmpty else {
                return "\(owner) RSA key: the algorithm policy allows no RSA signature"
            }
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
        case .p256, .p384:
            guard let curve = key.curve, allowedCurves.contains(curve) else {
                return "\(owner) \(key.description) key: the curve is not allowed by the algorithm policy"
            }
            return nil
        }
    }

    /// `nil` if the policy accepts RSA PKCS#1 v1.5 signatures with `digest`, or why not.
    public func refusal(of digest: RSADigestAlgorithm) -> String? {
        allowedRSADigests.contains(digest) ? nil : "\(digest) is not allowed by the algorithm policy"
    }

    /// `nil` if the policy accepts ECDSA signatures with `digest`, or why not.
    public func refusal(of digest: ECDSADigestAlgorithm) -> String? {
        allowedECDSADigests.contains(digest) ? nil : "ECDSA with \(digest) is not allowed by the algorithm policy"
    }

    /// RSA PKCS#1 v1.5 with SHA-256, SHA-384 and SHA-512 and RSA keys of 2048–8192 bits; ECDSA with SHA-256,
    /// SHA-384 and SHA-512 on P-256 and P-384.
    public static let standard = AlgorithmPolicy(
        allowedRSADigests: [.sha256, .sha384, .sha512],
        minimumRSAModulusBits: 2048,
        allowedCurves: [.p256, .p384],
        allowedECDSADigests: [.sha256, .sha384, .sha512]
    )

    /// ``standard`` plus SHA-1 for RSA, an explicit choice for Apple's receipt chains: SHA-1 WWDR intermediates
    /// signed receipts until January 2025, and the Apple Inc. Root signs itself with SHA-1. (ecdsa-with-SHA1 is
    /// not verified at all.)
    public static let allowingSHA1 = AlgorithmPolicy(
        allowedRSADigests: [.sha1, .sha256, .sha384, .sha512],
        minimumRSAModulusBits: 2048,
        allowedCurves: [.p256, .p384],
        allowedECDSADigests: [.sha256, .sha384, .sha512]
    )

    /// What Apple's elliptic PKI uses for StoreKit 2 signed data and nothing else: Apple Root CA - G3 and WWDR G6
    /// are P-384 keys signing with ecdsa-with-SHA384, the signing leaves are P-256 keys, and they sign with
    /// ES256 (SHA-256). SHA-256 certificate signatures are allowed too (G3 signs WWDR G2 with it); RSA and
    /// SHA-512 are not.
    public static let appleSignedData = AlgorithmPolicy(
        allowedCurves: [.p256, .p384],
        allowedECDSADigests: [.sha256, .sha384]
    )
}
