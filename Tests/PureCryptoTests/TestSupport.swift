import PureCrypto
import PureDER

// MARK: - Algorithms under test

/// Every hash function of the module, so that one test can run over all of them.
enum HashAlgorithm: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case sha1 = "SHA-1"
    case sha256 = "SHA-256"
    case sha384 = "SHA-384"
    case sha512 = "SHA-512"

    var description: String { self.rawValue }

    /// The implementation under test.
    var type: any HashFunction.Type {
        switch self {
        case .sha1: Insecure.SHA1.self
        case .sha256: SHA256.self
        case .sha384: SHA384.self
        case .sha512: SHA512.self
        }
    }

    /// The digest of `message` computed by the simple implementation of `ReferenceHashes.swift`.
    func referenceDigest(_ message: [UInt8]) -> [UInt8] {
        switch self {
        case .sha1: ReferenceHash.sha1(message)
        case .sha256: ReferenceHash.sha256(message)
        case .sha384: ReferenceHash.sha384(message)
        case .sha512: ReferenceHash.sha512(message)
        }
    }

    /// The digest of `message` computed one-shot by the implementation under test.
    func digest(_ message: [UInt8]) -> [UInt8] {
        oneShotDigest(self.type, message)
    }
}

/// Hashes `message` in one call to `hash(_:)`.
func oneShotDigest<H: HashFunction>(_: H.Type, _ message: [UInt8]) -> [UInt8] {
    H.hash(message).bytes
}

// MARK: - Test data

/// `count` bytes that differ from position to position and from block to block.
func patternedBytes(count: Int, seed: UInt8 = 0) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ ($0 >> 8) &* 13) ^ seed }
}

// MARK: - Hexadecimal

/// Bytes as lowercase hexadecimal (short for ``Hex/encode(_:uppercase:)`` in assertions).
func hex(_ bytes: some Sequence<UInt8>) -> String { Hex.encode(bytes) }
