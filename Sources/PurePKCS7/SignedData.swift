public import PureDER
public import PureX509

/// A PKCS#7 / CMS SignedData with its content embedded (RFC 5652 §3, §5):
///
/// ```
/// ContentInfo ::= SEQUENCE { contentType OBJECT IDENTIFIER, content [0] EXPLICIT ANY }
/// SignedData ::= SEQUENCE { version CMSVersion, digestAlgorithms SET OF DigestAlgorithmIdentifier,
///     encapContentInfo EncapsulatedContentInfo, certificates [0] IMPLICIT CertificateSet OPTIONAL,
///     crls [1] IMPLICIT RevocationInfoChoices OPTIONAL, signerInfos SET OF SignerInfo }
/// EncapsulatedContentInfo ::= SEQUENCE { eContentType OBJECT IDENTIFIER, eContent [0] EXPLICIT OCTET STRING OPTIONAL }
/// ```
///
/// The envelope (ContentInfo, SignedData, EncapsulatedContentInfo and eContent) may be BER, as Xcode's
/// StoreKit-testing receipts are: indefinite lengths and a segmented eContent; so may the certificates [0]
/// wrapper, as BouncyCastle writes it. Everything inside — each certificate, the digest algorithms, the CRLs and
/// the signer infos — must be DER, and the parts this library does not use (CRLs, unsigned attributes) are
/// checked against their syntax all the same.
public struct SignedData: Sendable {
    /// The SignedData version.
    public let version: Int
    /// The encapsulated content's type (``PureDER/OID/pkcs7Data`` for receipts).
    public let contentType: OID
    /// The signed content: a view into the input, or a new buffer when BER segments were joined.
    public let content: ArraySlice<UInt8>
    /// The embedded certificates, in order. Each is a view into the input, except one that stood in for a
    /// byte-identical embedded certificate (``init(berEncoded:knownCertificates:)``): its bytes are the known
    /// certificate's.
    public let certificates: [Certificate]
    /// The one signer.
    public let signer: SignerInfo
    /// The digestAlgorithms set's OIDs.
    public let digestAlgorithms: [OID]
    /// Whether the envelope used BER (indefinite lengths), as Xcode's StoreKit-testing receipts do; DER
    /// otherwise, as App Store receipts are.
    package let hasBEREnvelope: Bool

    /// The most certificates a container may embed. Apple's receipts carry three (leaf, WWDR intermediate,
    /// root), Xcode's one; the cap bounds what path building can be made to try, whatever the input's size.
    public static let maximumCertificates = 10

    /// Parses a ContentInfo holding a SignedData.
    public init(berEncoded bytes: ArraySlice<UInt8>) throws(PKCS7Error) {
        try self.init(berEncoded: bytes, knownCertificates: [])
    }

    /// Parses a ContentInfo holding a SignedData. An embedded certificate whose encoding is byte for byte that of
    /// one of `knownCertificates` is that certificate, not parsed again: a receipt carries a copy of the Apple
    /// root, which a validator already holds parsed as its anchor. Parsing depends on the bytes alone, so the
    /// result is the same either way, except that such a certificate's ``Certificate/encoded`` is a view of the
    /// known certificate's bytes, not of `bytes`.
    package init(berEncoded bytes: ArraySlice<UInt8>, knownCertificates: [Certificate]) throws(PKCS7Error) {
        try self.init(berEncoded: bytes, knownCertificates: knownCertificates, moreKnownCertificates: [])
    }

    /// ``init(berEncoded:knownCertificates:)`` with the known certificates in two lists (a validator's anchors
    /// and a memo's certificates), looked up in that order.
    package init(
        berEncoded bytes: ArraySlice<UInt8>,
        knownCertificates: [Certificate],
        moreKnownCertificates: [Certificate]
    ) throws(PKCS7Error) {
        let parsed: (Int, [OID], OID, ArraySlice<UInt8>?, [DERElement], [SignerInfo])?
        let outerIsIndefinite: Bool
        do throws(DERError) {
            (outerIsIndefinite, parsed) = try DERReader.parse(bytes, rules: .ber) { reader throws(DERError) in
                let element = try reader.readElement(.sequence)
                var contentInfo = try reader.reader(forContentsOf: element)
                guard try contentInfo.readObjectIdentifier() == .pkcs7SignedData else {
                    _ = try contentInfo.readElement()  // some other content: nil, reported below
                    try contentInfo.finish()
                    return (element.isIndefiniteLength, nil)
                }
                let fields = try contentInfo.readExplicit(0) { explicit throws(DERError) in
                    try explicit.readSequence { signedData throws(DERError) in try Self.readSignedData(&signedData) }
                }
                try contentInfo.finish()
                return (element.isIndefiniteLength, fields)
            }
        } catch {
            throw PKCS7Error(.malformed, "not a PKCS#7 SignedData", der: error)
        }
        guard let parsed else { throw PKCS7Error(.notSignedData, "the ContentInfo does not hold SignedData") }
        let (version, digestAlgorithms, contentType, content, certificateElements, signers) = parsed
        guard let content else { throw PKCS7Error(.missingContent, "the content is detached") }
        guard certificateElements.count <= Self.maximumCertificates else {
            throw PKCS7Error(
                .tooManyCertificates,
                "more than \(Self.maximumCertificates) embedded certificates"
            )
        }
        guard signers.count == 1, let signer = signers.first else {
            throw PKCS7Error(.unsupportedSignerCount, "\(signers.count) signers; exactly one is supported")
        }
        // RFC 5652 §5.1 and §5.3 fix the versions for what this library reads: SignedData 1, or 3 when the
        // content is not id-data or the signer is named by key identifier; SignerInfo 1 or 3 by identifier.
        let signerByKeyIdentifier: Bool
        if case .subjectKeyIdentifier = signer.identifier {
            signerByKeyIdentifier = true
        } else {
            signerByKeyIdentifier = false
        }
        let expectedVersion = contentType != .pkcs7Data || signerByKeyIdentifier ? 3 : 1
        guard version == expectedVersion, signer.version == (signerByKeyIdentifier ? 3 : 1) else {
            throw PKCS7Error(
                .malformed,
                "SignedData version \(version) or SignerInfo version \(signer.version) is not what RFC 5652"
                    + " §5.1/§5.3 prescribe"
            )
        }
        // The signer's digest algorithm is among those the SignedData announces (§5.1).
        guard digestAlgorithms.contains(signer.digestAlgorithm) else {
            throw PKCS7Error(.algorithmMismatch, "the signer's digest algorithm is not in digestAlgorithms")
        }
        var certificates: [Certificate] = []
        for element in certificateElements {
            if let known = knownCertificates.first(where: { $0.encoded.hasSameBytes(as: element.encoded) })
                ?? moreKnownCertificates.first(where: { $0.encoded.hasSameBytes(as: element.encoded) })
            {
                certificates.append(known)
                continue
            }
            do throws(X509Error) {
                certificates.append(try Certificate(derEncoded: element.encoded))
            } catch {
                throw PKCS7Error(
                    .malformed,
                    "embedded certificate \(certificates.count) is malformed",
                    certificate: error
                )
            }
        }
        self.version = version
        self.digestAlgorithms = digestAlgorithms
        self.hasBEREnvelope = outerIsIndefinite
        self.contentType = contentType
        self.content = content
        self.certificates = certificates
        self.signer = signer
    }

    /// Parses a ContentInfo holding a SignedData.
    public init(berEncoded bytes: [UInt8]) throws(PKCS7Error) {
        try self.init(berEncoded: bytes[...])
    }

    /// The SignedData's fields, the envelope under BER rules and everything inside it under DER.
    private static func readSignedData(
        _ reader: inout DERReader
    ) throws(DERError) -> (Int, [OID], OID, ArraySlice<UInt8>?, [DERElement], [SignerInfo]) {
        let version = try reader.readInteger(as: Int.self)
        // digestAlgorithms, in DER.
        var strict = reader.withRules(.der)
        let digestAlgorithms = try strict.readConstructed(.set) { set throws(DERError) in
            var oids: [OID] = []
            while !set.isAtEnd { oids.append(try SignerInfo.readAlgorithm(&set)) }
            return oids
        }
        reader = strict.withRules(.ber)
        let (contentType, content) = try reader.readSequence { encapsulated throws(DERError) in
            let type = try encapsulated.readObjectIdentifier()
            let content = try encapsulated.readOptionalExplicit(0) { explicit throws(DERError) in
                try explicit.readOctetString()
            }
            return (type, content)
        }
        // The certificates [0] wrapper is the envelope's last BER layer: BouncyCastle's encoder writes it with an
        // indefinite length (the third-party synthetic receipts in TestVectors/receipts). It is not signed; every
        // certificate in it is DER, and is checked against its issuer over its own bytes.
        // Past the cap, the rest is not read: the caller refuses the container.
        var certificates: [DERElement] = []
        if let set = try reader.readOptionalElement(.contextSpecific(0, constructed: true)) {
            var contents = try reader.reader(forContentsOf: set).withRules(.der)
            while !contents.isAtEnd && certificates.count <= Self.maximumCertificates {
                certificates.append(try contents.readElement(.sequence))
            }
        }
        var inner = reader.withRules(.der)
        try readRevocationInfo(&inner)
        var signers: [SignerInfo] = []
        let set = try inner.readElement(.set)
        var contents = try inner.reader(forContentsOf: set)
        while !contents.isAtEnd { signers.append(try SignerInfo(from: &contents)) }
        reader = inner.withRules(.ber)
        return (version, digestAlgorithms, contentType, content, certificates, signers)
    }

    /// `crls [1] IMPLICIT RevocationInfoChoices OPTIONAL` (RFC 5652 §10.2.1). This library checks no revocation
    /// and uses no CRL, but one the container carries must still be what the syntax defines, in DER, as the
    /// certificates must: a CRL is checked as RFC 5280 §5.1 defines it (``CertificateList``), another format's
    /// value as strict DER.
    ///
    /// ```
    /// RevocationInfoChoices ::= SET OF RevocationInfoChoice
    /// RevocationInfoChoice ::= CHOICE { crl CertificateList, other [1] IMPLICIT OtherRevocationInfoFormat }
    /// OtherRevocationInfoFormat ::= SEQUENCE { otherRevInfoFormat OBJECT IDENTIFIER,
    ///     otherRevInfo ANY DEFINED BY otherRevInfoFormat }
    /// ```
    private static func readRevocationInfo(_ reader: inout DERReader) throws(DERError) {
        let other = DERTag.contextSpecific(1, constructed: true)
        guard try reader.peekTag() == other else { return }
        try reader.readSetOf(tag: other) { choices throws(DERError) in
            while !choices.isAtEnd {
                if try choices.peekTag() == other {
                    try choices.readConstructed(other) { format throws(DERError) in
                        _ = try format.readObjectIdentifier()
                        try format.skipElement()
                    }
                } else {
                    try CertificateList.check(&choices)
                }
            }
        }
    }
}

extension OID {
    /// id-data (RFC 5652 §4).
    package static let pkcs7Data = OID(1, 2, 840, 113_549, 1, 7, 1)
    /// id-signedData (RFC 5652 §5.1).
    package static let pkcs7SignedData = OID(1, 2, 840, 113_549, 1, 7, 2)
    /// id-contentType (RFC 5652 §11.1).
    package static let pkcs9ContentType = OID(1, 2, 840, 113_549, 1, 9, 3)
    /// id-messageDigest (RFC 5652 §11.2).
    package static let pkcs9MessageDigest = OID(1, 2, 840, 113_549, 1, 9, 4)
}
