public import PureCrypto
public import PureDER

/// A certificate's subject public key, for the algorithms this library verifies signatures with.
public enum PublicKey: Sendable {
    /// An rsaEncryption key (RFC 3279 §2.3.1) of 1024–8192 bits.
    case rsa(RSAPublicKey)
    /// An id-ecPublicKey key on the named curve P-256 (RFC 5480 §2.1.1), a point checked on the curve.
    case p256(P256.Signing.PublicKey)
    /// An id-ecPublicKey key on the named curve P-384 (RFC 5480 §2.1.1), a point checked on the curve.
    case p384(P384.Signing.PublicKey)

    /// The curve of an elliptic-curve key; `nil` for an RSA key.
    public var curve: NamedCurve? {
        switch self {
        case .rsa: return nil
        case .p256: return .p256
        case .p384: return .p384
        }
    }

    /// The key's algorithm and size: `RSA-2048`, `P-256`, `P-384`.
    public var description: String {
        switch self {
        case .rsa(let key): return "RSA-\(key.modulusBitCount)"
        case .p256: return NamedCurve.p256.description
        case .p384: return NamedCurve.p384.description
        }
    }
}

extension PublicKey {
    /// This key ready to verify many signatures: an elliptic-curve key with its table of multiples
    /// (`withPrecomputedMultiples()`), an RSA key as it is.
    func precomputed() -> PublicKey {
        switch self {
        case .rsa: return self
        case .p256(let key): return .p256(key.withPrecomputedMultiples())
        case .p384(let key): return .p384(key.withPrecomputedMultiples())
        }
    }

    /// Whether this is an elliptic-curve key with its table of multiples (``precomputed()``).
    package var hasPrecomputedMultiples: Bool {
        switch self {
        case .rsa: return false
        case .p256(let key): return key.hasPrecomputedMultiples
        case .p384(let key): return key.hasPrecomputedMultiples
        }
    }

    /// Whether ``precomputed()`` would add anything: an elliptic-curve key without its table.
    var canBePrecomputed: Bool { curve != nil && !hasPrecomputedMultiples }
}

/// The named elliptic curves (RFC 5480 §2.1.1.1) whose keys this library verifies ECDSA signatures with.
public enum NamedCurve: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// NIST P-256: secp256r1, prime256v1 (1.2.840.10045.3.1.7).
    case p256 = "P-256"
    /// NIST P-384: secp384r1 (1.3.132.0.34).
    case p384 = "P-384"

    /// The curve named by a namedCurve identifier, if it is one of these.
    public init?(oid: OID) {
        switch oid {
        case .secp256r1: self = .p256
        case .secp384r1: self = .p384
        default: return nil
        }
    }

    /// The namedCurve identifier.
    public var oid: OID {
        switch self {
        case .p256: return .secp256r1
        case .p384: return .secp384r1
        }
    }

    /// `P-256` or `P-384`.
    public var description: String { rawValue }

    /// Hashes the case. (The default for a `String`-backed enum hashes the raw text, which needs the Unicode
    /// normalization tables; the WebAssembly module carries no String hashing or comparison otherwise.)
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .p256: hasher.combine(0 as UInt8)
        case .p384: hasher.combine(1 as UInt8)
        }
    }
}

/// Why a certificate's public key of an algorithm this library implements could not be used.
public enum PublicKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The RSA key is malformed or outside what the library verifies with.
    case rsa(RSAError)
    /// The id-ecPublicKey key does not name P-256 or P-384 as RFC 5480 requires: implicit or explicit
    /// parameters, or another named curve (``ECDSAError/Code/unsupportedKeyAlgorithm``); or its point is not one
    /// of the curve's (``ECDSAError/Code/pointNotOnCurve`` and the other point codes). The error's offset counts
    /// from the first byte of the SubjectPublicKeyInfo, as `P256.Signing.PublicKey(derRepresentation:)` would
    /// report it.
    case ellipticCurve(ECDSAError)

    /// The underlying error's text.
    public var description: String {
        switch self {
        case .rsa(let error): return "RSA key: \(error)"
        case .ellipticCurve(let error): return "EC key: \(error)"
        }
    }
}

extension PublicKey {
    /// The key of a SubjectPublicKeyInfo whose algorithm this library implements; `(nil, nil)` for any other
    /// algorithm. A key of an implemented algorithm that the
    /// library cannot use is `(nil, error)`; an encoding that breaks the algorithm's own rules is a DER error at
    /// `offset`, the SubjectPublicKeyInfo's.
    static func make(
        algorithm: AlgorithmIdentifier,
        key: BitString,
        at offset: Int
    ) throws(DERError) -> (PublicKey?, PublicKeyError?) {
        switch algorithm.oid {
        case .rsaEncryption:
            // RFC 3279 §2.3.1: NULL parameters, and the key's DER in whole octets.
            guard algorithm.hasNullParameters else {
                throw DERError(
                    .unexpectedTag,
                    at: offset,
                    "rsaEncryption key without NULL parameters (RFC 3279 §2.3.1)"
                )
            }
            guard key.unusedBitCount == 0 else {
                throw DERError(.invalidBitString, at: offset, "RSA key is not whole octets")
            }
            do throws(RSAError) {
                return (.rsa(try RSAPublicKey(unsafePKCS1DER: key.bytes)), nil)
            } catch {
                return (nil, .rsa(error))
            }
        case .ecPublicKey:
            return try ellipticCurveKey(algorithm: algorithm, key: key, at: offset)
        default:
            return (nil, nil)
        }
    }

    /// An id-ecPublicKey key (RFC 5480 §2.1.1):
    ///
    /// ```
    /// ECParameters ::= CHOICE { namedCurve OBJECT IDENTIFIER, implicitCurve NULL, specifiedCurve SpecifiedECDomain }
    /// ```
    ///
    /// PKIX allows namedCurve only ("implicitCurve and specifiedCurve MUST NOT be used"), so the other two, and
    /// missing parameters, leave the key unusable (``ECDSAError/Code/unsupportedKeyAlgorithm``), as does a named
    /// curve other than P-256 and P-384. The point is SEC 1's octet string in the BIT STRING,
    /// uncompressed or compressed (§2.2 allows both).
    private static func ellipticCurveKey(
        algorithm: AlgorithmIdentifier,
        key: BitString,
        at offset: Int
    ) throws(DERError) -> (PublicKey?, PublicKeyError?) {
        func refused(_ reason: String, at index: Int) -> (PublicKey?, PublicKeyError?) {
            (nil, .ellipticCurve(ECDSAError(.unsupportedKeyAlgorithm, at: index - offset, reason)))
        }
        guard let parameters = algorithm.parameters else {
            return refused(
                "id-ecPublicKey without parameters; RFC 5480 §2.1.1 requires a namedCurve",
                at: algorithm.encoded.startIndex
            )
        }
        let curve: NamedCurve
        switch parameters.tag {
        case .objectIdentifier:
            let named = try parameters.objectIdentifier()
            guard let known = NamedCurve(oid: named) else {
                // Another named curve (P-521, secp256k1, brainpool…): refused by name rather than left unused, so
                // that a chain holding one says why it cannot verify.
                return refused(
                    "namedCurve \(named) is neither P-256 nor P-384, the curves verified here",
                    at: parameters.offset
                )
            }
            curve = known
        case .null:
            return refused(
                "implicitCurve (NULL) parameters, which RFC 5480 §2.1.1 forbids; a key names its curve",
                at: parameters.offset
            )
        case .sequence:
            return refused(
                "explicit curve parameters (specifiedCurve), which RFC 5480 §2.1.1 forbids; a key names its curve",
                at: parameters.offset
            )
        default:
            throw DERError(.unexpectedTag, at: parameters.offset, "id-ecPublicKey parameters are not ECParameters")
        }
        guard key.unusedBitCount == 0 else {
            throw DERError(.invalidBitString, at: offset, "EC point is not whole octets")
        }
        let point = key.bytes
        // SEC 1 §2.3.4: 0x02 and 0x03 begin a compressed point; anything else is read as uncompressed, which
        // refuses the point at infinity (0x00), hybrid forms and unknown prefixes with their own codes.
        let compressed = point.first == 0x02 || point.first == 0x03
        do throws(ECDSAError) {
            switch curve {
            case .p256:
                return (
                    .p256(
                        compressed
                            ? try P256.Signing.PublicKey(compressedRepresentation: point)
                            : try P256.Signing.PublicKey(x963Representation: point)
                    ), nil
                )
            case .p384:
                return (
                    .p384(
                        compressed
                            ? try P384.Signing.PublicKey(compressedRepresentation: point)
                            : try P384.Signing.PublicKey(x963Representation: point)
                    ), nil
                )
            }
        } catch {
            // The point decoders count from the point's first byte; the SubjectPublicKeyInfo's is the origin here.
            let relocated = ECDSAError(
                error.code,
                at: point.startIndex - offset + error.offset,
                error.reason,
                derError: error.derError
            )
            return (nil, .ellipticCurve(relocated))
        }
    }
}
