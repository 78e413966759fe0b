/// A digest algorithm for RSA signatures, with its RFC 8017 DigestInfo encoding. An open set: static members.
public struct RSADigestAlgorithm: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case sha1, sha256, sha384, sha512
    }

    let kind: Kind

    /// SHA-1: weak, but what Apple's receipt chains used until 2025.
    public static let sha1 = RSADigestAlgorithm(kind: .sha1)
    /// SHA-256.
    public static let sha256 = RSADigestAlgorithm(kind: .sha256)
    /// SHA-384.
    public static let sha384 = RSADigestAlgorithm(kind: .sha384)
    /// SHA-512.
    public static let sha512 = RSADigestAlgorithm(kind: .sha512)

    /// The digest length in bytes.
    public var digestByteCount: Int {
        switch kind {
        case .sha1: return Insecure.SHA1Digest.byteCount
        case .sha256: return SHA256Digest.byteCount
        case .sha384: return SHA384Digest.byteCount
        case .sha512: return SHA512Digest.byteCount
        }
    }

    /// The DER of `DigestInfo ::= SEQUENCE { AlgorithmIdentifier, OCTET STRING }` up to the digest itself, in
    /// the one form RFC 8017 §9.2 (note 1) gives: the AlgorithmIdentifier with explicit NULL parameters.
    var digestInfoPrefix: [UInt8] {
        switch kind {
        case .sha1: return DigestInfoPrefix.sha1
        case .sha256: return DigestInfoPrefix.sha256
        case .sha384: return DigestInfoPrefix.sha384
        case .sha512: return DigestInfoPrefix.sha512
        }
    }

    /// The digest of `bytes` under this algorithm.
    public func digest<Bytes: Collection<UInt8>>(of bytes: Bytes) -> [UInt8] {
        withContiguousBytes(of: bytes) { buffer in withDigest(of: buffer) { Array($0) } }
    }

    /// Hashes `message` and hands the digest bytes to `body`.
    func withDigest<Result>(of message: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        switch kind {
        case .sha1: return Insecure.SHA1.hash(bufferPointer: message).withUnsafeBytes(body)
        case .sha256: return SHA256.hash(bufferPointer: message).withUnsafeBytes(body)
        case .sha384: return SHA384.hash(bufferPointer: message).withUnsafeBytes(body)
        case .sha512: return SHA512.hash(bufferPointer: message).withUnsafeBytes(body)
        }
    }

    /// `sha1`, `sha256`, `sha384` or `sha512`.
    public var description: String {
        switch kind {
        case .sha1: return "sha1"
        case .sha256: return "sha256"
        case .sha384: return "sha384"
        case .sha512: return "sha512"
        }
    }
}

/// The DigestInfo prefixes, built once (RFC 8017 §9.2, note 1).
private enum DigestInfoPrefix {
    static let sha1: [UInt8] = [
        0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2B, 0x0E, 0x03, 0x02, 0x1A, 0x05, 0x00, 0x04, 0x14,
    ]
    static let sha256: [UInt8] = sha2Prefix(length: 0x31, algorithm: 0x01, digestLength: 0x20)
    static let sha384: [UInt8] = sha2Prefix(length: 0x41, algorithm: 0x02, digestLength: 0x30)
    static let sha512: [UInt8] = sha2Prefix(length: 0x51, algorithm: 0x03, digestLength: 0x40)

    /// SEQUENCE { SEQUENCE { OID 2.16.840.1.101.3.4.2.n, NULL }, OCTET STRING (digest follows) }.
    private static func sha2Prefix(length: UInt8, algorithm: UInt8, digestLength: UInt8) -> [UInt8] {
        [0x30, length, 0x30, 0x0D, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, algorithm, 0x05, 0x00]
            + [0x04, digestLength]
    }
}

/// How an RSA signature is padded. An open set: static members (RSASSA-PSS may join PKCS#1 v1.5).
public struct RSASignaturePadding: Sendable, Hashable {
    enum Scheme: Sendable, Hashable {
        case pkcs1v15(RSADigestAlgorithm)
    }

    let scheme: Scheme

    /// RSASSA-PKCS1-v1_5 (RFC 8017 §8.2) with `digest`.
    public static func pkcs1v15(_ digest: RSADigestAlgorithm) -> RSASignaturePadding {
        RSASignaturePadding(scheme: .pkcs1v15(digest))
    }
}
