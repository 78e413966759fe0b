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

    /// The ECDSA digest, for the ECDSA algorithms this library verifies (ecdsa-with-SHA256/384/512); `nil` otherwise.
    public var ecdsaDigest: ECDSADigestAlgorithm? { Self.ecdsaDigest(for: oid) }

    /// The ECDSA digest that the signature algorithm `oid` names, if it is one this library verifies.
    public static func ecdsaDigest(for oid: OID) -> ECDSADigestAlgorithm? {
        // ecdsa-with-SHA256, -SHA384 and -SHA512 are arcs 2, 3 and 4 under ecdsa-with-SHA2 (RFC 5758 §3.2);
        // arc 1, ecdsa-with-SHA224, is not verified here.
        switch oid.ecdsaWithSHA2Arc {
        case 2: return .sha256
        case 3: return .sha384
        case 4: return .sha512
        default: return nil
        }
    }

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
    /// (RFC 4055 §5); for the ECDSA ones they must be absent (RFC 5758 §3.2: "the encoding MUST omit the
    /// parameters field"), a NULL included; others are kept as they are.
    init(from reader: inout DERReader) throws(DERError) {
        let identifier = try AlgorithmIdentifier(from: &reader)
        oid = identifier.oid
        encoded = identifier.encoded
        if Self.rsaDigest(for: oid) != nil && !identifier.hasNullParameters {
            throw DERError(.unexpectedTag, at: encoded.startIndex, "\(self) without NULL parameters (RFC 4055 §5)")
        }
        if let parameters = identifier.parameters, Self.ecdsaDigest(for: oid) != nil {
            throw DERError(.unexpectedTag, at: parameters.offset, "\(self) with parameters (RFC 5758 §3.2)")
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
        case .ecdsaWithSHA512: return "ecdsa-with-SHA512"
        default: return oid.description
        }
    }
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
        ((oid, parameters), encoded) = try reader.readConstructedWithEncoding(.sequence) { contents throws(DERError) in
            (try contents.readObjectIdentifier(), contents.isAtEnd ? nil : try contents.readCheckedElement())
        }
    }

    /// Whether the parameters are a NULL, as the RSA algorithms require (the check made its contents empty).
    var hasNullParameters: Bool { parameters?.tag == .null }
}
