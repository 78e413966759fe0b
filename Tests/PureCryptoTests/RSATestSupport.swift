import PureCrypto
import PureDER
import Testing
import VectorSupport

// Shared by the RSA test files: key loading, digests, bit flips, a seeded generator, DER encoders for test
// keys, and a small DER walker for certificates and PKCS#7 SignedData (only what the signature tests need).

// MARK: - Keys

/// How a test key was loaded.
enum RSAKeyStrength: Equatable, CustomStringConvertible {
    /// Through the default initializers: 2048–8192-bit moduli.
    case standard
    /// Through the `unsafe…` initializers, which the test uses only when the default ones refuse the key with
    /// `modulusTooSmall` (1024–2047-bit moduli).
    case legacy

    var description: String { self == .standard ? "standard" : "legacy (unsafe initializer)" }
}

/// Loads a SubjectPublicKeyInfo through the default initializer, or through the unsafe one when (and only when)
/// the default one says the modulus is too small; in that case the unsafe key must indeed be below 2048 bits.
func loadRSAKey(
    subjectPublicKeyInfo der: ArraySlice<UInt8>
) throws(RSAError) -> (key: RSAPublicKey, strength: RSAKeyStrength) {
    do {
        return (try RSAPublicKey(subjectPublicKeyInfoDER: der), .standard)
    } catch  where error.code == .modulusTooSmall {
        let key = try RSAPublicKey(unsafeSubjectPublicKeyInfoDER: der)
        #expect(key.modulusBitCount < 2048, "the default initializer refused a \(key.modulusBitCount)-bit key")
        return (key, .legacy)
    }
}

/// The same for an RSAPublicKey (PKCS#1) encoding.
func loadRSAKey(pkcs1 der: ArraySlice<UInt8>) throws(RSAError) -> (key: RSAPublicKey, strength: RSAKeyStrength) {
    do {
        return (try RSAPublicKey(pkcs1DER: der), .standard)
    } catch  where error.code == .modulusTooSmall {
        let key = try RSAPublicKey(unsafePKCS1DER: der)
        #expect(key.modulusBitCount < 2048, "the default initializer refused a \(key.modulusBitCount)-bit key")
        return (key, .legacy)
    }
}

/// The same for a modulus and exponent given as big-endian magnitudes (leading zero octets are stripped here,
/// so that the test does not depend on whether the initializer accepts them).
func loadRSAKey(
    modulus: some Collection<UInt8>,
    exponent: some Collection<UInt8>
) throws(RSAError) -> (
    key: RSAPublicKey, strength: RSAKeyStrength
) {
    let n = withoutLeadingZeros(modulus)
    let e = withoutLeadingZeros(exponent)
    do {
        return (try RSAPublicKey(modulus: n[...], exponent: e[...]), .standard)
    } catch  where error.code == .modulusTooSmall {
        let key = try RSAPublicKey(unsafeModulus: n[...], exponent: e[...])
        #expect(key.modulusBitCount < 2048, "the default initializer refused a \(key.modulusBitCount)-bit key")
        return (key, .legacy)
    }
}

/// Expects `body` to throw an `RSAError` with `code`.
func expectRSAError<T>(
    _ code: RSAError.Code,
    _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(RSAError) -> T
) {
    do {
        _ = try body()
        Issue.record("\(context): no error; expected \(code)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.code == code, "\(context): \(error)", sourceLocation: sourceLocation)
    }
}

/// `bytes` without its leading zero octets.
func withoutLeadingZeros(_ bytes: some Collection<UInt8>) -> [UInt8] {
    Array(bytes.drop { $0 == 0 })
}

/// The length of a big-endian magnitude in bits.
func bitLength(_ bytes: some Collection<UInt8>) -> Int {
    let significant = withoutLeadingZeros(bytes)
    guard let first = significant.first else { return 0 }
    return significant.count * 8 - first.leadingZeroBitCount
}

// MARK: - Digests

/// The digest algorithms of the RSA API with their hash functions and DigestInfo OIDs.
enum RSATestDigest: String, CaseIterable, Sendable, CustomStringConvertible {
    case sha1 = "SHA-1"
    case sha256 = "SHA-256"
    case sha384 = "SHA-384"
    case sha512 = "SHA-512"

    var description: String { rawValue }

    /// The API's value.
    var algorithm: RSADigestAlgorithm {
        switch self {
        case .sha1: .sha1
        case .sha256: .sha256
        case .sha384: .sha384
        case .sha512: .sha512
        }
    }

    var padding: RSASignaturePadding { .pkcs1v15(algorithm) }

    /// The digest length in bytes.
    var byteCount: Int {
        switch self {
        case .sha1: 20
        case .sha256: 32
        case .sha384: 48
        case .sha512: 64
        }
    }

    /// The digest of `message`, with the module's hash functions (checked against NIST by their own tests).
    func digest(_ message: some Collection<UInt8>) -> [UInt8] {
        switch self {
        case .sha1: Insecure.SHA1.hash(message).bytes
        case .sha256: SHA256.hash(message).bytes
        case .sha384: SHA384.hash(message).bytes
        case .sha512: SHA512.hash(message).bytes
        }
    }

    /// The algorithm named by a hash OID (RFC 8017 Appendix B.1; NIST CSOR).
    init?(hashOID oid: OID) {
        switch oid {
        case OIDs.sha1: self = .sha1
        case OIDs.sha256: self = .sha256
        case OIDs.sha384: self = .sha384
        case OIDs.sha512: self = .sha512
        default: return nil
        }
    }

    /// The hash of a `shaNWithRSAEncryption` signature algorithm (RFC 8017 Appendix C).
    init?(rsaSignatureOID oid: OID) {
        switch oid {
        case OIDs.sha1WithRSAEncryption: self = .sha1
        case OIDs.sha256WithRSAEncryption: self = .sha256
        case OIDs.sha384WithRSAEncryption: self = .sha384
        case OIDs.sha512WithRSAEncryption: self = .sha512
        default: return nil
        }
    }
}

/// Object identifiers the tests look for.
enum OIDs {
    static let rsaEncryption = OID(1, 2, 840, 113_549, 1, 1, 1)
    static let sha1WithRSAEncryption = OID(1, 2, 840, 113_549, 1, 1, 5)
    static let sha256WithRSAEncryption = OID(1, 2, 840, 113_549, 1, 1, 11)
    static let sha384WithRSAEncryption = OID(1, 2, 840, 113_549, 1, 1, 12)
    static let sha512WithRSAEncryption = OID(1, 2, 840, 113_549, 1, 1, 13)
    static let ecPublicKey = OID(1, 2, 840, 10_045, 2, 1)
    static let ecdsaWithSHA256 = OID(1, 2, 840, 10_045, 4, 3, 2)
    static let ecdsaWithSHA384 = OID(1, 2, 840, 10_045, 4, 3, 3)
    static let sha1 = OID(1, 3, 14, 3, 2, 26)
    static let sha256 = OID(2, 16, 840, 1, 101, 3, 4, 2, 1)
    static let sha384 = OID(2, 16, 840, 1, 101, 3, 4, 2, 2)
    static let sha512 = OID(2, 16, 840, 1, 101, 3, 4, 2, 3)
    static let signedData = OID(1, 2, 840, 113_549, 1, 7, 2)
}

// MARK: - Byte helpers

/// `bytes` with bit `bit` flipped (0 = the high bit of the first byte).
func flippingBit(_ bytes: some Collection<UInt8>, _ bit: Int) -> [UInt8] {
    var copy = Array(bytes)
    copy[bit / 8] ^= 0x80 >> UInt8(bit % 8)
    return copy
}

/// Hexadecimal text that must decode; a test-data error otherwise.
func hexBytes(_ text: some StringProtocol, sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8] {
    guard let decoded = Hex.decode(text) else {
        Issue.record("not hexadecimal: \(text.prefix(40))", sourceLocation: sourceLocation)
        return []
    }
    return decoded
}

extension SplitMix64 {
    /// `count` random bytes.
    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &self) }
    }

    /// A random big-endian number of exactly `bits` bits (top bit set), odd when `odd`.
    mutating func number(bits: Int, odd: Bool) -> [UInt8] {
        precondition(bits > 0)
        var value = bytes((bits + 7) / 8)
        let topBits = (bits - 1) % 8 + 1  // bits used in the first byte
        value[0] &= UInt8(truncatingIfNeeded: (1 << topBits) - 1)
        value[0] |= UInt8(1 << (topBits - 1))
        if odd { value[value.count - 1] |= 1 }
        return value
    }
}

// MARK: - Encoding test keys

/// `RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }` (RFC 8017 Appendix A.1.1).
func pkcs1DER(modulus: some Collection<UInt8>, exponent: some Collection<UInt8>) -> [UInt8] {
    var writer = DERWriter()
    writer.appendSequence { sequence in
        sequence.appendUnsignedInteger(bigEndian: modulus)
        sequence.appendUnsignedInteger(bigEndian: exponent)
    }
    return writer.bytes
}

/// SubjectPublicKeyInfo with `rsaEncryption` and NULL parameters (RFC 3279 §2.3.1) around a PKCS#1 key, or
/// around arbitrary bytes, with another algorithm OID or without the NULL when asked.
func subjectPublicKeyInfoDER(
    wrapping key: [UInt8],
    algorithm: OID = OIDs.rsaEncryption,
    withNullParameters: Bool = true
) -> [UInt8] {
    var writer = DERWriter()
    writer.appendSequence { spki in
        spki.appendSequence { identifier in
            identifier.appendObjectIdentifier(algorithm)
            if withNullParameters { identifier.appendNull() }
        }
        spki.appendBitString(BitString(bytes: key[...]))
    }
    return writer.bytes
}

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
