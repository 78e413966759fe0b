public import PureDER

// Object identifiers that certificates carry (RFC 5280 §4.1.2.4 and §4.2; RFC 4055; RFC 5758; Apple's
// certificate practice statements for the receipt-signing markers).
extension OID {
    // MARK: - Attribute types (X.520)

    public static let commonName = OID(2, 5, 4, 3)
    public static let serialNumberAttribute = OID(2, 5, 4, 5)
    public static let countryName = OID(2, 5, 4, 6)
    public static let localityName = OID(2, 5, 4, 7)
    public static let stateOrProvinceName = OID(2, 5, 4, 8)
    public static let organizationName = OID(2, 5, 4, 10)
    public static let organizationalUnitName = OID(2, 5, 4, 11)
    public static let emailAddress = OID(1, 2, 840, 113_549, 1, 9, 1)
    /// One label of a DNS domain name, as an IA5String (RFC 4519 §2.4; RFC 5280 Appendix A.1).
    public static let domainComponent = OID(0, 9, 2342, 19_200_300, 100, 1, 25)

    // MARK: - Extensions (RFC 5280 §4.2)

    public static let subjectKeyIdentifier = OID(2, 5, 29, 14)
    public static let keyUsage = OID(2, 5, 29, 15)
    public static let subjectAlternativeName = OID(2, 5, 29, 17)
    public static let basicConstraints = OID(2, 5, 29, 19)
    public static let certificatePolicies = OID(2, 5, 29, 32)
    public static let authorityKeyIdentifier = OID(2, 5, 29, 35)
    public static let extendedKeyUsage = OID(2, 5, 29, 37)

    // MARK: - Extended key usage purposes (RFC 5280 §4.2.1.12)

    public static let codeSigning = OID(1, 3, 6, 1, 5, 5, 7, 3, 3)
    public static let anyExtendedKeyUsage = OID(2, 5, 29, 37, 0)

    // MARK: - Algorithms

    public static let rsaEncryption = OID(1, 2, 840, 113_549, 1, 1, 1)
    public static let sha1WithRSAEncryption = OID(1, 2, 840, 113_549, 1, 1, 5)
    public static let sha256WithRSAEncryption = OID(1, 2, 840, 113_549, 1, 1, 11)
    public static let sha384WithRSAEncryption = OID(1, 2, 840, 113_549, 1, 1, 12)
    public static let sha512WithRSAEncryption = OID(1, 2, 840, 113_549, 1, 1, 13)
    public static let rsassaPSS = OID(1, 2, 840, 113_549, 1, 1, 10)
    public static let ecPublicKey = OID(1, 2, 840, 10_045, 2, 1)
    public static let ecdsaWithSHA256 = OID(1, 2, 840, 10_045, 4, 3, 2)
    public static let ecdsaWithSHA384 = OID(1, 2, 840, 10_045, 4, 3, 3)
    public static let ecdsaWithSHA512 = OID(1, 2, 840, 10_045, 4, 3, 4)

    // MARK: - Named curves (RFC 5480 §2.1.1.1)

    /// NIST P-256 (prime256v1).
    public static let secp256r1 = OID(1, 2, 840, 10_045, 3, 1, 7)
    /// NIST P-384.
    public static let secp384r1 = OID(1, 3, 132, 0, 34)

    // MARK: - Apple

    // Apple's certificate practice: the markers its receipt and StoreKit signing chains carry. They live here,
    // with the other extensions certificates carry, because both the receipt and the signed-data verifiers
    // demand them; each verifier's policy (the chain's shape) lives with that verifier.

    /// Marks Apple's Mac App Store and iTunes Store receipt-signing certificates.
    public static let appleReceiptSigning = OID(1, 2, 840, 113_635, 100, 6, 11, 1)
    /// Marks Apple's Worldwide Developer Relations intermediate certificates.
    public static let appleWWDRIntermediate = OID(1, 2, 840, 113_635, 100, 6, 2, 1)
}

// MARK: - Dispatch by the last arc

extension OID {
    /// The last arc of an identifier directly under id-ce (2.5.29), the standard certificate extensions of
    /// RFC 5280 §4.2 (``basicConstraints`` is 19), when it is below 128; `nil` for any other identifier. Decoding a
    /// certificate's extensions asks this once per extension instead of comparing with each known identifier.
    var certificateExtensionArc: UInt8? { lastArc(afterPrefix: [0x55, 0x1D]) }

    /// The last arc of an identifier directly under id-at (2.5.4), the X.520 attribute types (``commonName`` is
    /// 3), when it is below 128; `nil` for any other identifier. ``AttributeSyntax/of(_:)`` dispatches on it.
    var attributeTypeArc: UInt8? { lastArc(afterPrefix: [0x55, 0x04]) }

    /// The last arc of an identifier directly under pkcs-1 (1.2.840.113549.1.1, RFC 8017 Appendix C), when it
    /// is below 128 (``sha256WithRSAEncryption`` is 11); `nil` for any other identifier.
    var pkcs1Arc: UInt8? { lastArc(afterPrefix: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01]) }

    /// The last arc of an identifier directly under ecdsa-with-SHA2 (1.2.840.10045.4.3, RFC 5758 §3.2), when it is
    /// below 128 (``ecdsaWithSHA256`` is 2); `nil` for any other identifier.
    var ecdsaWithSHA2Arc: UInt8? { lastArc(afterPrefix: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03]) }

    /// The last contents octet, when the contents are `prefix` and that one octet below 0x80 (a single-octet
    /// subidentifier).
    private func lastArc(afterPrefix prefix: [UInt8]) -> UInt8? {
        bytes.withUnsafeBufferPointer { octets in
            guard octets.count == prefix.count + 1, octets[prefix.count] < 0x80 else { return nil }
            for index in prefix.indices where octets[index] != prefix[index] { return nil }
            return octets[prefix.count]
        }
    }
}
