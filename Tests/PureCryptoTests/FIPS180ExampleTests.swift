import PureCrypto
import Testing

/// The example messages of FIPS 180-4 (published with their digests in NIST's "Examples with intermediate
/// values" for each algorithm), for every hash function.
@Suite("FIPS 180-4 examples")
struct FIPS180ExampleTests {
    struct Example: Sendable {
        let name: String
        let message: [UInt8]
        let digests: [HashAlgorithm: String]
    }

    static let examples: [Example] = [
        Example(
            name: "empty message",
            message: [],
            digests: [
                .sha1: "da39a3ee5e6b4b0d3255bfef95601890afd80709",
                .sha256: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                .sha384: "38b060a751ac96384cd9327eb1b1e36a21fdb71114be0743"
                    + "4c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b",
                .sha512: "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
                    + "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
            ]
        ),
        Example(
            name: "\"abc\" (one block)",
            message: Array("abc".utf8),
            digests: [
                .sha1: "a9993e364706816aba3e25717850c26c9cd0d89d",
                .sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                .sha384: "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded163"
                    + "1a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
                .sha512: "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                    + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
            ]
        ),
        Example(
            name: "448-bit message (the length spills into a second block)",
            message: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
            digests: [
                .sha1: "84983e441c3bd26ebaae4aa1f95129e5e54670f1",
                .sha256: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
                .sha384: "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05ab"
                    + "fe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b",
                .sha512: "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
                    + "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445",
            ]
        ),
        Example(
            name: "896-bit message",
            message: Array(
                ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                    + "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu").utf8
            ),
            digests: [
                .sha1: "a49b2446a02c645bf419f995b67091253a04a259",
                .sha256: "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
                .sha384: "09330c33f71147e83d192fc782cd1b4753111b173b3b05d2"
                    + "2fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039",
                .sha512: "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
                    + "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
            ]
        ),
        Example(
            name: "one million \"a\"",
            message: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000),
            digests: [
                .sha1: "34aa973cd4c4daa4f61eeb2bdbad27316534016f",
                .sha256: "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
                .sha384: "9d0e1809716474cb086e834e310a4a1ced149e9c00f24852"
                    + "7972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985",
                .sha512: "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
                    + "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b",
            ]
        ),
    ]

    @Test(arguments: HashAlgorithm.allCases)
    func everyHashProducesThePublishedDigests(_ algorithm: HashAlgorithm) {
        for example in Self.examples {
            #expect(hex(algorithm.digest(example.message)) == example.digests[algorithm], "\(example.name)")
        }
    }

    @Test(arguments: HashAlgorithm.allCases)
    func theReferenceImplementationProducesThePublishedDigests(_ algorithm: HashAlgorithm) {
        // The reference checks every other test in this target, so it is checked first. (The million-byte
        // example is left to the optimised code: the reference is too slow for it in debug builds.)
        for example in Self.examples where example.message.count < 1000 {
            #expect(hex(algorithm.referenceDigest(example.message)) == example.digests[algorithm], "\(example.name)")
        }
    }

    @Test
    func incrementalHashingOfAMillionBytesInOddPiecesMatchesThePublishedDigest() {
        // 1,000,000 bytes fed in pieces of 1, 2, …, 1413 bytes and a remainder, misaligned with every block.
        let example = Self.examples[4]
        for algorithm in HashAlgorithm.allCases {
            #expect(hex(piecewiseDigest(algorithm.type, example.message)) == example.digests[algorithm])
        }
    }
}

private func piecewiseDigest<H: HashFunction>(_: H.Type, _ message: [UInt8]) -> [UInt8] {
    var hasher = H()
    var start = 0
    var pieceLength = 1
    while start < message.count {
        let end = min(start + pieceLength, message.count)
        hasher.update(message[start..<end])
        start = end
        pieceLength += 1
    }
    return hasher.finalize().bytes
}
