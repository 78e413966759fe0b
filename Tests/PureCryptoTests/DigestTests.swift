import PureCrypto
import Testing

/// Digest values: sizes, equality, text, and access to their bytes.
@Suite("Digests")
struct DigestTests {
    @Test
    func sizesAreThoseOfFIPS180() {
        #expect(Insecure.SHA1Digest.byteCount == 20)
        #expect(SHA256Digest.byteCount == 32)
        #expect(SHA384Digest.byteCount == 48)
        #expect(SHA512Digest.byteCount == 64)
        #expect(Insecure.SHA1.byteCount == 20)
        #expect(SHA256.byteCount == 32)
        #expect(SHA384.byteCount == 48)
        #expect(SHA512.byteCount == 64)
        #expect(Insecure.SHA1.blockByteCount == 64)
        #expect(SHA256.blockByteCount == 64)
        #expect(SHA384.blockByteCount == 128)
        #expect(SHA512.blockByteCount == 128)
    }

    @Test(arguments: HashAlgorithm.allCases)
    func digestsAreEqualExactlyWhenEveryByteIsEqual(_ algorithm: HashAlgorithm) throws {
        try checkEquality(algorithm.type)
    }

    @Test(arguments: HashAlgorithm.allCases)
    func bytesIterationAndUnsafeBytesAgree(_ algorithm: HashAlgorithm) {
        checkByteAccess(algorithm.type)
    }

    @Test(arguments: HashAlgorithm.allCases)
    func constructionFromBytesRoundTripsAndRejectsOtherLengths(_ algorithm: HashAlgorithm) throws {
        try checkConstructionFromBytes(algorithm.type)
    }

    @Test
    func descriptionIsLowercaseHexadecimal() {
        let digest = SHA256.hash(Array("abc".utf8))
        #expect(digest.description == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect("\(digest)" == digest.description)
        #expect(Insecure.SHA1.hash([UInt8]()).description == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        for algorithm in HashAlgorithm.allCases {
            let text = describe(algorithm.type)
            #expect(text.utf8.count == 2 * algorithm.digest([]).count)
            #expect(text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        }
    }

    @Test
    func equalDigestsHashEquallyInSets() {
        let digests: Set<SHA256Digest> = [
            SHA256.hash(Array("a".utf8)), SHA256.hash(Array("a".utf8)), SHA256.hash(Array("b".utf8)),
        ]
        #expect(digests.count == 2)
        #expect(digests.contains(SHA256.hash(Array("b".utf8))))
    }
}

// MARK: - Checks, generic over the hash function

private func checkEquality<H: HashFunction>(_: H.Type) throws {
    let digest = H.hash(Array("abc".utf8))
    #expect(digest == H.hash(Array("abc".utf8)))
    #expect(digest != H.hash(Array("abd".utf8)))
    // Digests that differ in only the first, a middle, or the last byte are all unequal.
    for position in [0, H.Digest.byteCount / 2, H.Digest.byteCount - 1] {
        var bytes = digest.bytes
        bytes[position] ^= 0x01
        let altered = try #require(H.Digest(bytes: bytes))
        #expect(altered != digest, "byte \(position) flipped")
    }
}

private func checkByteAccess<H: HashFunction>(_: H.Type) {
    let digest = H.hash(patternedBytes(count: 77))
    let bytes = digest.bytes
    #expect(bytes.count == H.Digest.byteCount)
    #expect(Array(digest) == bytes)
    digest.withUnsafeBytes { raw in
        #expect(Array(raw) == bytes)
    }
    #expect(digest.description == hex(bytes))
}

private func checkConstructionFromBytes<H: HashFunction>(_: H.Type) throws {
    let digest = H.hash(Array("abc".utf8))
    let rebuilt = try #require(H.Digest(bytes: digest.bytes))
    #expect(rebuilt == digest)
    #expect(H.Digest(bytes: digest.bytes[1...]) == nil)
    #expect(H.Digest(bytes: digest.bytes + [0]) == nil)
    #expect(H.Digest(bytes: [UInt8]()) == nil)
}

private func describe<H: HashFunction>(_: H.Type) -> String {
    H.hash(patternedBytes(count: 10)).description
}
