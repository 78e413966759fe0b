public import PureCrypto
import PureDER

/// A certificate's subject public key, for the algorithms this library verifies signatures with.
public enum PublicKey: Sendable {
    /// An rsaEncryption key (RFC 3279 §2.3.1) of 1024–8192 bits.
    case rsa(RSAPublicKey)

    /// The key's algorithm and size, e.g. `RSA-2048`.
    public var description: String {
        switch self {
        case .rsa(let key): return "RSA-\(key.modulusBitCount)"
        }
    }
}

/// Why a certificate's public key of an algorithm this library implements could not be used.
public enum PublicKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The RSA key is malformed or outside what the library verifies with.
    case rsa(RSAError)

    /// The underlying error's text.
    public var description: String {
        switch self {
        case .rsa(let error): return "RSA key: \(error)"
        }
    }
}

extension PublicKey {
    /// The key of a SubjectPublicKeyInfo whose algorithm this library implements; `(nil, nil)` for any other
    /// algorithm. A key of an implemented algorithm that the library cannot use is `(nil, error)`; an encoding that
    /// breaks the algorithm's own rules is a DER error at `offset`, the SubjectPublicKeyInfo's.
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
        default:
            return (nil, nil)
        }
    }
}
