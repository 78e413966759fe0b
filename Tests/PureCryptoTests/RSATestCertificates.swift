import PureCrypto
import PureDER
import Testing
import VectorSupport

// Shared by the RSA signature tests: a small DER walker for certificates and PKCS#7 SignedData (only what
// those tests need).

// MARK: - Certificates

/// The parts of an X.509 certificate (RFC 5280 §4.1) that signature checking needs, as views into its bytes.
struct TestCertificate {
    /// Where the certificate came from, for messages.
    let name: String
    /// The whole certificate.
    let der: [UInt8]
    /// The TBSCertificate exactly as encoded: what the signature covers.
    let tbs: ArraySlice<UInt8>
    /// The serial number's INTEGER contents.
    let serial: ArraySlice<UInt8>
    /// The issuer Name, whole encoding.
    let issuer: ArraySlice<UInt8>
    /// The subject Name, whole encoding.
    let subject: ArraySlice<UInt8>
    /// The SubjectPublicKeyInfo, whole encoding.
    let subjectPublicKeyInfo: ArraySlice<UInt8>
    /// The SubjectPublicKeyInfo's algorithm.
    let publicKeyAlgorithm: OID
    /// The outer signatureAlgorithm.
    let signatureAlgorithm: OID
    /// The signatureValue BIT STRING's octets.
    let signature: ArraySlice<UInt8>

    var isSelfIssued: Bool { issuer == subject }

    /// Parses a certificate (strict DER).
    init(der: [UInt8], name: String) throws(DERError) {
        self.name = name
        self.der = der
        typealias Parts = (
            tbs: ArraySlice<UInt8>, serial: ArraySlice<UInt8>, issuer: ArraySlice<UInt8>,
            subject: ArraySlice<UInt8>, spki: ArraySlice<UInt8>, keyAlgorithm: OID, algorithm: OID,
            signature: ArraySlice<UInt8>
        )
        let parts: Parts = try DERReader.parse(der[...]) { reader throws(DERError) in
            try reader.readSequence { certificate throws(DERError) in
                let tbsElement = try certificate.readElement(.sequence)
                var tbs = try certificate.reader(forContentsOf: tbsElement)
                _ = try tbs.readOptionalElement(.contextSpecific(0, constructed: true))  // version
                let serial = try tbs.readIntegerBytes()
                _ = try tbs.readElement(.sequence)  // signature AlgorithmIdentifier
                let issuer = try tbs.readElement(.sequence)
                _ = try tbs.readElement(.sequence)  // validity
                let subject = try tbs.readElement(.sequence)
                let spki = try tbs.readElement(.sequence)
                let keyAlgorithm = try DERReader.parse(spki.content) { spkiReader throws(DERError) in
                    let oid = try spkiReader.readSequence { identifier throws(DERError) in
                        try readAlgorithmIdentifierContents(&identifier)
                    }
                    _ = try spkiReader.readBitString()
                    return oid
                }
                let algorithm = try certificate.readSequence { identifier throws(DERError) in
                    try readAlgorithmIdentifierContents(&identifier)
                }
                let signature = try certificate.readBitString()
                guard signature.unusedBitCount == 0 else {
                    throw DERError(.invalidBitString, at: certificate.offset, "signature is not whole octets")
                }
                return (
                    tbsElement.encoded, serial, issuer.encoded, subject.encoded, spki.encoded, keyAlgorithm, algorithm,
                    signature.bytes
                )
            }
        }
        tbs = parts.tbs
        serial = parts.serial
        issuer = parts.issuer
        subject = parts.subject
        subjectPublicKeyInfo = parts.spki
        publicKeyAlgorithm = parts.keyAlgorithm
        signatureAlgorithm = parts.algorithm
        signature = parts.signature
    }

    /// The digest of an RSA signature algorithm, or `nil` for any other algorithm (ECDSA).
    var rsaSignatureDigest: RSATestDigest? { RSATestDigest(rsaSignatureOID: signatureAlgorithm) }
}

/// The OID of an AlgorithmIdentifier's contents, skipping the parameters.
private func readAlgorithmIdentifierContents(_ reader: inout DERReader) throws(DERError) -> OID {
    let oid = try reader.readObjectIdentifier()
    while !reader.isAtEnd { _ = try reader.readElement() }
    return oid
}

// MARK: - PKCS#7 SignedData

/// The parts of a PKCS#7 / CMS SignedData (RFC 5652 §5) that the signer's signature check needs.
struct TestSignedData {
    /// The embedded certificates, each a complete DER encoding, in order.
    let certificates: [[UInt8]]
    /// The eContent OCTET STRING's value (segments joined for BER).
    let content: [UInt8]
    /// The only SignerInfo's issuerAndSerialNumber: the issuer Name's whole encoding.
    let signerIssuer: [UInt8]
    /// The only SignerInfo's issuerAndSerialNumber: the serial number's INTEGER contents.
    let signerSerial: [UInt8]
    /// The SignerInfo's digestAlgorithm.
    let digestAlgorithm: OID
    /// Whether the SignerInfo has `[0] IMPLICIT` signed attributes.
    let hasSignedAttributes: Bool
    /// The SignerInfo's signatureAlgorithm.
    let signatureAlgorithm: OID
    /// The SignerInfo's signature OCTET STRING.
    let signature: [UInt8]
    /// How many SignerInfos the SET holds.
    let signerCount: Int

    /// Parses ContentInfo → SignedData with `rules` for the envelope (`.ber` for Xcode receipts).
    init(_ bytes: [UInt8], rules: EncodingRules) throws(DERError) {
        typealias Signer = (
            issuer: [UInt8], serial: [UInt8], digest: OID, signedAttributes: Bool, algorithm: OID, signature: [UInt8]
        )
        typealias Parts = (certificates: [[UInt8]], content: [UInt8], signers: [Signer])
        let parts: Parts = try DERReader.parse(bytes[...], rules: rules) { reader throws(DERError) in
            try reader.readSequence { contentInfo throws(DERError) in
                let type = try contentInfo.readObjectIdentifier()
                guard type == OIDs.signedData else {
                    throw DERError(.unexpectedTag, at: contentInfo.offset, "content type is \(type), not signedData")
                }
                return try contentInfo.readExplicit(0) { explicit throws(DERError) in
                    try explicit.readSequence { signedData throws(DERError) in
                        _ = try signedData.readIntegerBytes()  // version
                        _ = try signedData.readElement(.set)  // digestAlgorithms
                        let content = try signedData.readSequence { encapsulated throws(DERError) in
                            _ = try encapsulated.readObjectIdentifier()
                            return try encapsulated.readExplicit(0) { value throws(DERError) in
                                Array(try value.readOctetString())
                            }
                        }
                        var certificates: [[UInt8]] = []
                        if let set = try signedData.readOptionalElement(.contextSpecific(0, constructed: true)) {
                            var items = try signedData.reader(forContentsOf: set)
                            while !items.isAtEnd {
                                certificates.append(Array(try items.readElement(.sequence).encoded))
                            }
                        }
                        _ = try signedData.readOptionalElement(.contextSpecific(1, constructed: true))  // crls
                        let signerSet = try signedData.readElement(.set)
                        var signerReader = try signedData.reader(forContentsOf: signerSet).withRules(.der)
                        var signers: [Signer] = []
                        while !signerReader.isAtEnd {
                            signers.append(
                                try signerReader.readSequence { signer throws(DERError) in try readSignerInfo(&signer) }
                            )
                        }
                        return (certificates, content, signers)
                    }
                }
            }
        }
        guard let signer = parts.signers.first else {
            throw DERError(.truncated, at: 0, "no SignerInfo")
        }
        certificates = parts.certificates
        content = parts.content
        signerIssuer = signer.issuer
        signerSerial = signer.serial
        digestAlgorithm = signer.digest
        hasSignedAttributes = signer.signedAttributes
        signatureAlgorithm = signer.algorithm
        signature = signer.signature
        signerCount = parts.signers.count
    }
}

/// SignerInfo ::= SEQUENCE { version, sid, digestAlgorithm, [0] signedAttrs OPTIONAL, signatureAlgorithm,
/// signature, [1] unsignedAttrs OPTIONAL } with `sid` an issuerAndSerialNumber.
private func readSignerInfo(
    _ signer: inout DERReader
) throws(DERError) -> (
    issuer: [UInt8], serial: [UInt8], digest: OID, signedAttributes: Bool, algorithm: OID, signature: [UInt8]
) {
    _ = try signer.readIntegerBytes()  // version
    let (issuer, serial) = try signer.readSequence { sid throws(DERError) in
        (Array(try sid.readElement(.sequence).encoded), Array(try sid.readIntegerBytes()))
    }
    let digest = try signer.readSequence { identifier throws(DERError) in
        try readAlgorithmIdentifierContents(&identifier)
    }
    let signedAttributes = try signer.readOptionalElement(.contextSpecific(0, constructed: true)) != nil
    let algorithm = try signer.readSequence { identifier throws(DERError) in
        try readAlgorithmIdentifierContents(&identifier)
    }
    let signature = Array(try signer.readOctetString())
    _ = try signer.readOptionalElement(.contextSpecific(1, constructed: true))  // unsignedAttrs
    return (issuer, serial, digest, signedAttributes, algorithm, signature)
}
