/// The hash an ECDSA signature is computed over: SHA-256, SHA-384 or SHA-512, as ecdsa-with-SHA256/384/512 name
/// them in certificates and CMS (RFC 5758 §3.2) and ES256/384/512 in JWS (RFC 7518 §3.4). An open set with
/// static members, like ``RSADigestAlgorithm``. (ecdsa-with-SHA1 and -SHA224 are not verified.)
public struct ECDSADigestAlgorithm: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case sha256, sha384, sha512
    }

    let kind: Kind

    /// SHA-256: ecdsa-with-SHA256, ES256.
    public static let sha256 = ECDSADigestAlgorithm(kind: .sha256)
    /// SHA-384: ecdsa-with-SHA384, ES384.
    public static let sha384 = ECDSADigestAlgorithm(kind: .sha384)
    /// SHA-512: ecdsa-with-SHA512, ES512.
    public static let sha512 = ECDSADigestAlgorithm(kind: .sha512)

    /// `sha256`, `sha384` or `sha512`.
    public var description: String {
        switch kind {
        case .sha256: return "sha256"
        case .sha384: return "sha384"
        case .sha512: return "sha512"
        }
    }
}
