import PureCrypto

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

/// Decodes hexadecimal text (either case, even length) into bytes; `nil` if the text is not hexadecimal.
func bytes(fromHex text: some StringProtocol) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else {
        return nil
    }
    var result: [UInt8] = []
    result.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
        guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else {
            return nil
        }
        result.append(high << 4 | low)
        index += 2
    }
    return result
}

private func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
}

/// Encodes bytes as lowercase hexadecimal.
func hex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in bytes {
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
}
