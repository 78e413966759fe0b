import PureCrypto
import PureDER
import Testing
import VectorSupport

// Shared by the RSA test files: key loading, digests, bit flips, a seeded generator and DER encoders for test
// keys (RSATestCertificates.swift reads certificates and SignedData).

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
