import PureDER

/// An RSA public key, checked when it is made and prepared once for many verifications.
///
/// ```swift
/// let key = try RSAPublicKey(subjectPublicKeyInfoDER: spki)
/// let valid = key.isValidSignature(signature, for: tbsBytes, padding: .pkcs1v15(.sha256))
/// ```
///
/// The plain initializers take moduli of 2048–8192 bits. Keys of 1024–2047 bits, which old certificates
/// and test suites still carry, need an initializer whose name says `unsafe`, as in swift-crypto.
public struct RSAPublicKey: Sendable {
    /// The modulus with its Montgomery constants, in the form of arithmetic for its size.
    let modulus: PreparedModulus
    /// The public exponent, big-endian, without leading zeros.
    let exponent: [UInt8]

    /// The size of the modulus in bits.
    public let modulusBitCount: Int

    /// The size of the public exponent in bits: 17 for the usual 65537. Verification time grows with it, so
    /// callers that take keys from untrusted input may bound it (``PureX509``'s algorithm policy does).
    public var exponentBitCount: Int {
        exponent.first.map { exponent.count * 8 - $0.leadingZeroBitCount } ?? 0
    }

    /// The smallest modulus the plain initializers accept, in bits.
    public static let minimumModulusBitCount = 2048
    /// The smallest modulus the `unsafe` initializers accept, in bits.
    public static let minimumUnsafeModulusBitCount = 1024
    /// The largest modulus accepted, in bits.
    public static let maximumModulusBitCount = 8192

    // MARK: - Initializers

    /// A key from the DER of a PKCS#1 `RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }`
    /// (RFC 8017 §A.1.1), with a modulus of 2048–8192 bits.
    public init(pkcs1DER: ArraySlice<UInt8>) throws(RSAError) {
        let (modulus, exponent) = try Self.parsePKCS1(pkcs1DER)
        try self.init(modulus: modulus, exponent: exponent, minimumBits: Self.minimumModulusBitCount)
    }

    /// A key from the DER of a `SubjectPublicKeyInfo` whose algorithm is rsaEncryption with NULL parameters
    /// (RFC 3279 §2.3.1), with a modulus of 2048–8192 bits.
    public init(subjectPublicKeyInfoDER: ArraySlice<UInt8>) throws(RSAError) {
        try self.init(pkcs1DER: try Self.parseSubjectPublicKeyInfo(subjectPublicKeyInfoDER))
    }

    /// A key from its big-endian modulus and exponent, with a modulus of 2048–8192 bits.
    public init(modulus: ArraySlice<UInt8>, exponent: ArraySlice<UInt8>) throws(RSAError) {
        try self.init(modulus: modulus, exponent: exponent, minimumBits: Self.minimumModulusBitCount)
    }

    /// Like ``init(pkcs1DER:)``, but also accepting 1024–2047-bit moduli, which are too weak for new keys.
    public init(unsafePKCS1DER: ArraySlice<UInt8>) throws(RSAError) {
        let (modulus, exponent) = try Self.parsePKCS1(unsafePKCS1DER)
        try self.init(modulus: modulus, exponent: exponent, minimumBits: Self.minimumUnsafeModulusBitCount)
    }

    /// Like ``init(subjectPublicKeyInfoDER:)``, but also accepting 1024–2047-bit moduli.
    public init(unsafeSubjectPublicKeyInfoDER: ArraySlice<UInt8>) throws(RSAError) {
        try self.init(unsafePKCS1DER: try Self.parseSubjectPublicKeyInfo(unsafeSubjectPublicKeyInfoDER))
    }

    /// Like ``init(modulus:exponent:)``, but also accepting 1024–2047-bit moduli.
    public init(unsafeModulus: ArraySlice<UInt8>, exponent: ArraySlice<UInt8>) throws(RSAError) {
        try self.init(modulus: unsafeModulus, exponent: exponent, minimumBits: Self.minimumUnsafeModulusBitCount)
    }

    /// Validates and prepares: modulus odd and of `minimumBits`–8192 bits; exponent odd with 3 ≤ e < n.
    private init(modulus: ArraySlice<UInt8>, exponent: ArraySlice<UInt8>, minimumBits: Int) throws(RSAError) {
        let n = modulus.drop { $0 == 0 }
        let e = exponent.drop { $0 == 0 }
        let bits = n.first.map { n.count * 8 - $0.leadingZeroBitCount } ?? 0
        guard bits >= minimumBits else {
            throw RSAError(.modulusTooSmall, "modulus of \(bits) bits; at least \(minimumBits) are required")
        }
        guard bits <= Self.maximumModulusBitCount else {
            throw RSAError(.modulusTooLarge, "modulus of \(bits) bits; at most \(Self.maximumModulusBitCount)")
        }
        guard let prepared = PreparedModulus(n) else {
            throw RSAError(.evenModulus, "the modulus is even")
        }
        guard let lowByte = e.last, lowByte & 1 == 1, e.count > 1 || lowByte >= 3 else {
            throw RSAError(.invalidExponent, "the public exponent must be odd and at least 3")
        }
        guard e.count < n.count || (e.count == n.count && e.lexicographicallyPrecedes(n)) else {
            throw RSAError(.invalidExponent, "the public exponent must be below the modulus")
        }
        self.modulus = prepared
        self.exponent = Array(e)
        self.modulusBitCount = bits
    }

    // MARK: - Parsing

    private static func parsePKCS1(
        _ der: ArraySlice<UInt8>
    ) throws(RSAError) -> (modulus: ArraySlice<UInt8>, exponent: ArraySlice<UInt8>) {
        let integers: (ArraySlice<UInt8>, ArraySlice<UInt8>)
        do throws(DERError) {
            integers = try DERReader.parse(der) { reader throws(DERError) in
                try reader.readSequence { key throws(DERError) in
                    (try key.readIntegerBytes(), try key.readIntegerBytes())
                }
            }
        } catch {
            throw RSAError(.malformedKey, "not a DER RSAPublicKey", der: error)
        }
        // Two's complement: a set top bit would make either value negative.
        guard let modulusTop = integers.0.first, modulusTop & 0x80 == 0 else {
            throw RSAError(.malformedKey, "the modulus is negative")
        }
        guard let exponentTop = integers.1.first, exponentTop & 0x80 == 0 else {
            throw RSAError(.invalidExponent, "the public exponent is negative")
        }
        return integers
    }

    private static let rsaEncryption = OID(1, 2, 840, 113_549, 1, 1, 1)

    /// The `RSAPublicKey` DER inside a `SubjectPublicKeyInfo` (RFC 5280 §4.1.2.7, RFC 3279 §2.3.1).
    private static func parseSubjectPublicKeyInfo(_ der: ArraySlice<UInt8>) throws(RSAError) -> ArraySlice<UInt8> {
        let parsed: (OID, BitString)
        do throws(DERError) {
            parsed = try DERReader.parse(der) { reader throws(DERError) in
                try reader.readSequence { info throws(DERError) in
                    let algorithm = try info.readSequence { identifier throws(DERError) in
                        let oid = try identifier.readObjectIdentifier()
                        try identifier.readNull()
                        return oid
                    }
                    return (algorithm, try info.readBitString())
                }
            }
        } catch {
            throw RSAError(.malformedKey, "not a DER SubjectPublicKeyInfo with NULL parameters", der: error)
        }
        guard parsed.0 == rsaEncryption else {
            throw RSAError(.malformedKey, "the key's algorithm is \(parsed.0), not rsaEncryption")
        }
        guard parsed.1.unusedBitCount == 0 else {
            throw RSAError(.malformedKey, "the subjectPublicKey BIT STRING does not hold whole octets")
        }
        return parsed.1.bytes
    }
}

/// A modulus prepared in the form of arithmetic that serves it fastest (MontgomeryModulus+ColumnSum.swift): 61-bit
/// digits where the column sums hold them (up to 3,712 bits, every RSA-2048 and RSA-3072 key among them), else the
/// target's form.
enum PreparedModulus: Sendable {
    case target(MontgomeryModulus<TargetColumnSum>)
    #if !_pointerBitWidth(_32)
    case wideDigits(MontgomeryModulus<ColumnSum128Wide>)
    #endif

    /// Prepares the big-endian `modulus` (without leading zeros), or returns `nil` unless it is odd and greater
    /// than 1.
    init?(_ modulus: ArraySlice<UInt8>) {
        #if !_pointerBitWidth(_32)
        if MontgomeryModulus<ColumnSum128Wide>.holds(byteCount: modulus.count) {
            guard let prepared = MontgomeryModulus<ColumnSum128Wide>(modulus: modulus) else { return nil }
            self = .wideDigits(prepared)
            return
        }
        #endif
        guard let prepared = MontgomeryModulus<TargetColumnSum>(modulus: modulus) else { return nil }
        self = .target(prepared)
    }
}
