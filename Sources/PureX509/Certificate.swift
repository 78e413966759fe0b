import PureCrypto
public import PureDER

/// An X.509 v1–v3 certificate (RFC 5280 §4.1), parsed from strict DER without copying: every field is a view
/// into the input, and ``tbsCertificate`` keeps the exact bytes the signature covers.
///
/// ```
/// Certificate ::= SEQUENCE { tbsCertificate TBSCertificate, signatureAlgorithm AlgorithmIdentifier,
///                            signatureValue BIT STRING }
/// TBSCertificate ::= SEQUENCE { version [0] EXPLICIT Version DEFAULT v1, serialNumber INTEGER,
///     signature AlgorithmIdentifier, issuer Name, validity Validity, subject Name,
///     subjectPublicKeyInfo SubjectPublicKeyInfo, issuerUniqueID [1] IMPLICIT BIT STRING OPTIONAL,
///     subjectUniqueID [2] IMPLICIT BIT STRING OPTIONAL, extensions [3] EXPLICIT Extensions OPTIONAL }
/// ```
public struct Certificate: Sendable {
    // Every field lives in one immutable object: path building and results copy certificates dozens of times
    // per receipt, and a copy then costs one reference count instead of one per view, array and string held.
    private let fields: Fields

    /// The whole DER of the certificate.
    public var encoded: ArraySlice<UInt8> { fields.encoded }
    /// The whole DER of the TBSCertificate: what the signature covers.
    public var tbsCertificate: ArraySlice<UInt8> { fields.tbsCertificate }
    /// 1, 2 or 3.
    public var version: Int { fields.version }
    /// The serial number's minimal two's-complement bytes (RFC 5280 allows up to 20 octets; more are kept).
    public var serialNumber: ArraySlice<UInt8> { fields.serialNumber }
    /// The signature algorithm; inner and outer copies are checked to be byte-identical.
    public var signatureAlgorithm: SignatureAlgorithm { fields.signatureAlgorithm }
    /// Who signed the certificate.
    public var issuer: DistinguishedName { fields.issuer }
    /// Whom the certificate is about.
    public var subject: DistinguishedName { fields.subject }
    /// The start of the validity period, in seconds since 1970.
    public var notBefore: Int64 { fields.notBefore }
    /// The end of the validity period (inclusive), in seconds since 1970.
    public var notAfter: Int64 { fields.notAfter }
    /// The whole DER of the SubjectPublicKeyInfo.
    public var subjectPublicKeyInfo: ArraySlice<UInt8> { fields.subjectPublicKeyInfo }
    /// The public key algorithm, e.g. ``PureDER/OID/rsaEncryption``.
    public var publicKeyAlgorithm: OID { fields.publicKeyAlgorithm }
    /// The key, for the algorithms this library verifies with; `nil` for any other algorithm
    /// (``publicKeyAlgorithm`` names it), which therefore verifies nothing. A key of an implemented algorithm
    /// that cannot be used is refused when the certificate is parsed.
    public var publicKey: PublicKey? { fields.publicKey }
    /// Every extension in order, known or not.
    public var extensions: [Extension] { fields.extensions }
    /// The signature value's bytes.
    public var signature: ArraySlice<UInt8> { fields.signature }

    // MARK: Decoded extensions

    /// basicConstraints, if present.
    public var basicConstraints: BasicConstraints? { fields.decoded.basicConstraints }
    /// keyUsage, if present.
    public var keyUsage: KeyUsage? { fields.decoded.keyUsage }
    /// The extended key usage purposes, if the extension is present.
    public var extendedKeyUsage: [OID]? { fields.decoded.extendedKeyUsage }
    /// The certificate policy identifiers, if the extension is present.
    public var policies: [OID]? { fields.decoded.policies }
    /// The subject key identifier, if present.
    public var subjectKeyIdentifier: ArraySlice<UInt8>? { fields.decoded.subjectKeyIdentifier }
    /// The authority key identifier's keyIdentifier, if present.
    public var authorityKeyIdentifier: ArraySlice<UInt8>? { fields.decoded.authorityKeyIdentifier }

    /// The extensions path validation enforces; any other critical extension fails validation unless the
    /// caller's ``CertificatePolicy`` claims it. extendedKeyUsage and certificatePolicies are decoded but not
    /// enforced (purposes and policy trees belong to the caller), so a critical one needs a policy.
    public static let understoodExtensions: [OID] = [
        .basicConstraints, .keyUsage, .subjectKeyIdentifier, .authorityKeyIdentifier,
    ]

    /// Parses one DER certificate; nothing may follow it.
    public init(derEncoded bytes: ArraySlice<UInt8>) throws(X509Error) {
        do throws(DERError) {
            fields = try DERReader.parse(bytes) { reader throws(DERError) in try Fields(from: &reader) }
        } catch {
            throw X509Error(.malformed, "not a DER certificate", der: error)
        }
        try fields.checkConsistency()
    }

    /// Parses one DER certificate; nothing may follow it.
    public init(derEncoded bytes: [UInt8]) throws(X509Error) {
        try self.init(derEncoded: bytes[...])
    }

    private init(fields: Fields) {
        self.fields = fields
    }

    /// This certificate with its elliptic-curve key ready to verify many signatures (its table of multiples,
    /// ``PublicKey/precomputed()``), as trust anchors are kept; itself when its key has no table to make or has
    /// it already. Everything else is the same.
    @inline(never)
    package func withPrecomputedKey() -> Certificate {
        guard let key = fields.publicKey, key.canBePrecomputed else { return self }
        return Certificate(fields: Fields(precomputingKeyOf: fields, key))
    }

    /// `certificates` with their keys precomputed (``withPrecomputedKey()``); the same array, not a copy, when
    /// every key is ready already, so that a validator made from prepared anchors for each receipt allocates
    /// nothing for them. Out of line: every trust's initializer calls it.
    @inline(never)
    package static func withPrecomputedKeys(_ certificates: [Certificate]) -> [Certificate] {
        guard certificates.contains(where: { $0.fields.publicKey?.canBePrecomputed == true }) else {
            return certificates
        }
        return certificates.map { $0.withPrecomputedKey() }
    }

    /// Whether issuer and subject are the same name (RFC 5280 §6.1: self-issued).
    public var isSelfIssued: Bool { issuer.encoded.hasSameBytes(as: subject.encoded) }

    /// The first extension with `oid`, if any.
    public func findExtension(_ oid: OID) -> Extension? {
        extensionIndex(oid).map { fields.extensions[$0] }
    }

    /// Whether the first extension with `oid` is marked critical; `nil` if there is none.
    func isCriticalExtension(_ oid: OID) -> Bool? {
        extensionIndex(oid).map { fields.extensions[$0].isCritical }
    }

    /// The index of the first extension with `oid`. Compared in place: `first(where:)` copies each extension it
    /// passes, two views of the input apiece, and path validation looks extensions up a dozen times per receipt.
    private func extensionIndex(_ oid: OID) -> Int? {
        let extensions = fields.extensions
        for index in extensions.indices where extensions[index].oid == oid { return index }
        return nil
    }

    // MARK: - Parsing

    /// The certificate's fields, parsed once and never changed.
    private final class Fields: Sendable {
        let encoded: ArraySlice<UInt8>
        let tbsCertificate: ArraySlice<UInt8>
        let version: Int
        let serialNumber: ArraySlice<UInt8>
        let signatureAlgorithm: SignatureAlgorithm
        let issuer: DistinguishedName
        let subject: DistinguishedName
        let notBefore: Int64
        let notAfter: Int64
        let subjectPublicKeyInfo: ArraySlice<UInt8>
        let publicKeyAlgorithm: OID
        let publicKey: PublicKey?
        let extensions: [Extension]
        let signature: ArraySlice<UInt8>
        /// The known extensions, decoded.
        let decoded: DecodedExtensions
        /// The outer signatureAlgorithm, kept only to compare with the inner one.
        let outerSignatureAlgorithm: SignatureAlgorithm
        /// Why the key of an implemented algorithm cannot be used, for ``checkConsistency()`` to report.
        let publicKeyError: PublicKeyError?

        /// A copy of `other` whose key, `key` (other's), has its precomputed multiples.
        init(precomputingKeyOf other: Fields, _ key: PublicKey) {
            encoded = other.encoded
            tbsCertificate = other.tbsCertificate
            version = other.version
            serialNumber = other.serialNumber
            signatureAlgorithm = other.signatureAlgorithm
            issuer = other.issuer
            subject = other.subject
            notBefore = other.notBefore
            notAfter = other.notAfter
            subjectPublicKeyInfo = other.subjectPublicKeyInfo
            publicKeyAlgorithm = other.publicKeyAlgorithm
            publicKey = key.precomputed()
            extensions = other.extensions
            signature = other.signature
            decoded = other.decoded
            outerSignatureAlgorithm = other.outerSignatureAlgorithm
            publicKeyError = other.publicKeyError
        }

        init(from reader: inout DERReader) throws(DERError) {
            let certificate = try reader.readElement(.sequence)
            var outer = try reader.reader(forContentsOf: certificate)
            let tbs = try outer.readElement(.sequence)
            var fields = try outer.reader(forContentsOf: tbs)
            let version = try fields.readOptionalExplicit(0) { explicit throws(DERError) in
                let offset = explicit.offset
                let value = try explicit.readInteger(as: Int.self)
                // v1 is the DEFAULT, which DER omits (X.690 §11.5); only v2 (1) and v3 (2) may be encoded.
                guard value == 1 || value == 2 else {
                    throw DERError(.integerOutOfRange, at: offset, "certificate version \(value); expected 1 or 2")
                }
                return value + 1
            }
            self.version = version ?? 1
            serialNumber = try fields.readIntegerBytes()
            signatureAlgorithm = try SignatureAlgorithm(from: &fields)
            issuer = try DistinguishedName(from: &fields)
            (notBefore, notAfter) = try fields.readSequence { validity throws(DERError) in
                (try validity.readTime(), try validity.readTime())
            }
            subject = try DistinguishedName(from: &fields)
            let ((algorithm, key), spki) = try fields.readConstructedWithEncoding(.sequence) { info throws(DERError) in
                (try AlgorithmIdentifier(from: &info), try info.readBitString())
            }
            subjectPublicKeyInfo = spki
            publicKeyAlgorithm = algorithm.oid
            (publicKey, publicKeyError) = try PublicKey.make(algorithm: algorithm, key: key, at: spki.startIndex)
            // issuerUniqueID [1] and subjectUniqueID [2]: BIT STRINGs, only from v2 on (RFC 5280 §4.1.2.8).
            for number: UInt32 in [1, 2] {
                guard let uniqueID = try fields.readOptionalElement(.contextSpecific(number, constructed: false)) else {
                    continue
                }
                guard self.version >= 2 else {
                    throw DERError(.unexpectedTag, at: uniqueID.offset, "unique identifier in a v1 certificate")
                }
                _ = try uniqueID.bitString()
            }
            extensions =
                try fields.readOptionalExplicit(3) { explicit throws(DERError) in
                    try explicit.readSequence { list throws(DERError) in
                        var extensions: [Extension] = []
                        extensions.reserveCapacity(10)  // one allocation for the usual number, not four
                        while !list.isAtEnd { extensions.append(try Extension(from: &list)) }
                        guard !extensions.isEmpty else {
                            throw DERError(.truncated, at: list.offset, "empty Extensions: SIZE (1..MAX)")
                        }
                        return extensions
                    }
                } ?? []
            try fields.finish()
            self.tbsCertificate = tbs.encoded
            let outerAlgorithm = try SignatureAlgorithm(from: &outer)
            let signatureOffset = outer.offset
            let signatureBits = try outer.readBitString()
            guard signatureBits.unusedBitCount == 0 else {
                throw DERError(.invalidBitString, at: signatureOffset, "signature is not whole octets")
            }
            signature = signatureBits.bytes
            try outer.finish()
            encoded = certificate.encoded
            // Compared in checkConsistency, which can say which rule failed.
            outerSignatureAlgorithm = outerAlgorithm

            decoded = try DecodedExtensions(extensions)
        }

        /// Rules that are not about the encoding: RFC 5280 §4.1.1.2 and §4.1.2.1.
        func checkConsistency() throws(X509Error) {
            if let publicKeyError {
                throw X509Error(.invalidPublicKey, "the subject public key cannot be used", key: publicKeyError)
            }
            guard outerSignatureAlgorithm.encoded == signatureAlgorithm.encoded else {
                throw X509Error(
                    .signatureAlgorithmMismatch,
                    "TBSCertificate says \(signatureAlgorithm), the certificate says \(outerSignatureAlgorithm)"
                )
            }
            guard extensions.isEmpty || version == 3 else {
                throw X509Error(.unsupportedVersion, "extensions in a v\(version) certificate")
            }
            // The first extension whose OID came before. Real certificates have a handful of extensions, for which
            // comparing each with those before it costs less than hashing every OID into a set; past 16 the set,
            // so that a certificate crafted with many thousands of extensions costs linear time, not quadratic.
            if extensions.count <= 16 {
                for (index, item) in extensions.enumerated()
                where extensions[..<index].contains(where: { $0.oid == item.oid }) {
                    throw X509Error(.invalidExtension, "extension \(item.oid) appears twice")
                }
            } else {
                var seen: Set<OID> = []
                for item in extensions where !seen.insert(item.oid).inserted {
                    throw X509Error(.invalidExtension, "extension \(item.oid) appears twice")
                }
            }
        }
    }
}

/// The known extensions' decoded values.
private struct DecodedExtensions: Sendable {
    var basicConstraints: BasicConstraints?
    var keyUsage: KeyUsage?
    var extendedKeyUsage: [OID]?
    var policies: [OID]?
    var subjectKeyIdentifier: ArraySlice<UInt8>?
    var authorityKeyIdentifier: ArraySlice<UInt8>?

    init(_ extensions: [Extension]) throws(DERError) {
        // By the id-ce arc of each known identifier: basicConstraints 19, keyUsage 15, extendedKeyUsage 37,
        // certificatePolicies 32, subjectKeyIdentifier 14, authorityKeyIdentifier 35 (RFC 5280 §4.2.1).
        // By index, each known value read in place: iterating copies every extension, two views of the input apiece.
        for index in extensions.indices {
            switch extensions[index].oid.certificateExtensionArc {
            case 19: basicConstraints = try BasicConstraints(value: extensions[index].value)
            case 15: keyUsage = try KeyUsage(value: extensions[index].value)
            case 37: extendedKeyUsage = try readObjectIdentifierList(extensions[index].value, policies: false)
            case 32: policies = try readObjectIdentifierList(extensions[index].value, policies: true)
            case 14:
                subjectKeyIdentifier = try DERReader.parse(extensions[index].value) { r throws(DERError) in
                    try r.readOctetString()
                }
            case 35: authorityKeyIdentifier = try AuthorityKeyIdentifier(value: extensions[index].value).keyIdentifier
            default: continue
            }
        }
    }
}
