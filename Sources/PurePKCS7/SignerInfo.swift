import PureCrypto
public import PureDER
import PureX509

/// One signer (RFC 5652 §5.3):
///
/// ```
/// SignerInfo ::= SEQUENCE { version CMSVersion, sid SignerIdentifier, digestAlgorithm DigestAlgorithmIdentifier,
///     signedAttrs [0] IMPLICIT SignedAttributes OPTIONAL, signatureAlgorithm SignatureAlgorithmIdentifier,
///     signature SignatureValue, unsignedAttrs [1] IMPLICIT UnsignedAttributes OPTIONAL }
/// SignerIdentifier ::= CHOICE { issuerAndSerialNumber IssuerAndSerialNumber,
///     subjectKeyIdentifier [0] SubjectKeyIdentifier }
/// ```
public struct SignerInfo: Sendable {
    /// How the signer's certificate is named.
    public enum Identifier: Sendable, Hashable {
        /// The DER of the certificate issuer's Name, and its serial number's bytes.
        case issuerAndSerialNumber(issuer: ArraySlice<UInt8>, serialNumber: ArraySlice<UInt8>)
        /// The certificate's subject key identifier.
        case subjectKeyIdentifier(ArraySlice<UInt8>)
    }

    /// 1 with issuerAndSerialNumber, 3 with subjectKeyIdentifier.
    public let version: Int
    /// The signer's certificate, by name.
    public let identifier: Identifier
    /// The digest algorithm's OID.
    public let digestAlgorithm: OID
    /// The whole DER of the `[0] IMPLICIT` signed attributes, if present: re-tagged as a SET (0x31), these
    /// original bytes are what the signature covers (§5.4).
    public let signedAttributes: ArraySlice<UInt8>?
    /// The signature algorithm's OID: rsaEncryption or shaNNNWithRSAEncryption (parameters NULL or absent), or
    /// ecdsa-with-SHA256/384/512 (parameters absent).
    public let signatureAlgorithm: OID
    /// The signature value.
    public let signature: ArraySlice<UInt8>

    init(from reader: inout DERReader) throws(DERError) {
        let element = try reader.readElement(.sequence)
        var fields = try reader.reader(forContentsOf: element)
        version = try fields.readInteger(as: Int.self)
        if let ski = try fields.readOptionalElement(.contextSpecific(0, constructed: false)) {
            identifier = .subjectKeyIdentifier(ski.content)
        } else {
            identifier = try fields.readSequence { sid throws(DERError) in
                let issuer = try sid.readElement(.sequence).encoded
                return .issuerAndSerialNumber(issuer: issuer, serialNumber: try sid.readIntegerBytes())
            }
        }
        digestAlgorithm = try Self.readAlgorithm(&fields)
        signedAttributes = try fields.readOptionalElement(.contextSpecific(0, constructed: true))?.encoded
        signatureAlgorithm = try Self.readSignatureAlgorithm(&fields)
        signature = try fields.readOctetString()
        try Self.readUnsignedAttributes(&fields)
        try fields.finish()
    }

    /// `unsignedAttrs [1] IMPLICIT UnsignedAttributes OPTIONAL` (RFC 5652 §5.3): not signed and not used here,
    /// but what the syntax defines, in DER, with every value strict DER, as the rest of the container is.
    ///
    /// ```
    /// UnsignedAttributes ::= SET SIZE (1..MAX) OF Attribute
    /// Attribute ::= SEQUENCE { attrType OBJECT IDENTIFIER, attrValues SET OF AttributeValue }
    /// AttributeValue ::= ANY
    /// ```
    private static func readUnsignedAttributes(_ reader: inout DERReader) throws(DERError) {
        let tag = DERTag.contextSpecific(1, constructed: true)
        guard try reader.peekTag() == tag else { return }
        let offset = reader.offset
        let count = try reader.readSetOf(tag: tag, eachConstructed: .sequence) { attribute throws(DERError) in
            _ = try attribute.readObjectIdentifier()
            try attribute.readSetOf { values throws(DERError) in
                while !values.isAtEnd { try values.skipElement() }
            }
        }
        guard count > 0 else { throw DERError(.truncated, at: offset, "empty unsignedAttrs: SIZE (1..MAX)") }
    }

    /// An AlgorithmIdentifier's OID; parameters, if any, must be NULL (RFC 5754 §2, RFC 8017 §A.2).
    static func readAlgorithm(_ reader: inout DERReader) throws(DERError) -> OID {
        try reader.readSequence { identifier throws(DERError) in
            let oid = try identifier.readObjectIdentifier()
            if !identifier.isAtEnd { try identifier.readNull() }
            return oid
        }
    }

    /// The signatureAlgorithm's OID. Parameters, if any, must be NULL, as for a digest algorithm; for the ECDSA
    /// algorithms they must be absent (RFC 5758 §3.2: "the encoding MUST omit the parameters field", which RFC
    /// 5753 §2.1.1 and RFC 5754 §3.3 carry over to CMS), as ``PureX509/SignatureAlgorithm`` requires of
    /// certificates.
    static func readSignatureAlgorithm(_ reader: inout DERReader) throws(DERError) -> OID {
        try reader.readSequence { identifier throws(DERError) in
            let oid = try identifier.readObjectIdentifier()
            if !identifier.isAtEnd {
                let offset = identifier.offset
                try identifier.readNull()
                if SignatureAlgorithm.ecdsaDigest(for: oid) != nil {
                    throw DERError(.unexpectedTag, at: offset, "ECDSA signature algorithm \(oid) with parameters")
                }
            }
            return oid
        }
    }

    /// The signature scheme and hash for this signer: its digestAlgorithm, checked against a signature algorithm
    /// that names one. rsaEncryption names none, so any supported digest goes with it; shaNNNWithRSAEncryption
    /// and ecdsa-with-SHANNN must name the digestAlgorithm's own hash (RFC 5754 §3.2, §3.3).
    func algorithm() throws(PKCS7Error) -> SignerAlgorithm {
        guard let digest = Self.digests[digestAlgorithm] else {
            throw PKCS7Error(.unsupportedAlgorithm, "digest algorithm \(digestAlgorithm) is not supported")
        }
        if signatureAlgorithm == .rsaEncryption { return .rsa(digest) }
        if let named = SignatureAlgorithm.rsaDigest(for: signatureAlgorithm) {
            guard named == digest else { throw mismatch() }
            return .rsa(digest)
        }
        if let named = SignatureAlgorithm.ecdsaDigest(for: signatureAlgorithm) {
            guard Self.ecdsaDigests[digestAlgorithm] == named else { throw mismatch() }
            return .ecdsa(named, hash: digest)
        }
        throw PKCS7Error(.unsupportedAlgorithm, "signature algorithm \(signatureAlgorithm) is not supported")
    }

    private func mismatch() -> PKCS7Error {
        PKCS7Error(
            .algorithmMismatch,
            "signature algorithm \(signatureAlgorithm) does not use digest \(digestAlgorithm)"
        )
    }

    static let digests: [OID: RSADigestAlgorithm] = [
        OID(1, 3, 14, 3, 2, 26): .sha1, OID(2, 16, 840, 1, 101, 3, 4, 2, 1): .sha256,
        OID(2, 16, 840, 1, 101, 3, 4, 2, 2): .sha384, OID(2, 16, 840, 1, 101, 3, 4, 2, 3): .sha512,
    ]

    /// The digest algorithms an ECDSA signature may be computed with here, by the same OIDs as ``digests``.
    static let ecdsaDigests: [OID: ECDSADigestAlgorithm] = [
        OID(2, 16, 840, 1, 101, 3, 4, 2, 1): .sha256, OID(2, 16, 840, 1, 101, 3, 4, 2, 2): .sha384,
        OID(2, 16, 840, 1, 101, 3, 4, 2, 3): .sha512,
    ]
}

/// What a SignerInfo's digestAlgorithm and signatureAlgorithm name together: the signature scheme and its hash.
enum SignerAlgorithm: Sendable {
    /// RSA PKCS#1 v1.5 (rsaEncryption or shaNNNWithRSAEncryption) with this digest.
    case rsa(RSADigestAlgorithm)
    /// ECDSA (ecdsa-with-SHA256/384/512) with this digest; `hash` is the same function, for the messageDigest
    /// attribute and for ``VerifiedSignedData/digestAlgorithm``.
    case ecdsa(ECDSADigestAlgorithm, hash: RSADigestAlgorithm)

    /// The hash the signer's digestAlgorithm names.
    var hash: RSADigestAlgorithm {
        switch self {
        case .rsa(let digest): return digest
        case .ecdsa(_, let hash): return hash
        }
    }

    /// The scheme's name, for errors.
    var scheme: String {
        switch self {
        case .rsa: return "an RSA"
        case .ecdsa: return "an ECDSA"
        }
    }
}
