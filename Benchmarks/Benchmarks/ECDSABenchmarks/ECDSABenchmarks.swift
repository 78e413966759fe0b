import Benchmark
import Crypto
import PureCrypto

// ECDSA verification on P-256 (SHA-256) and P-384 (SHA-384), the key parsed once and the digests precomputed:
// this package against swift-crypto (BoringSSL). Each benchmark cycles through 64 different signatures, made by
// swift-crypto at setup: with one fixed input the branch predictor learns the data and flatters slow code. The
// signatures are decoded at setup too (both APIs take a decoded signature value), so what is timed is the
// verification alone.

/// Signatures made by swift-crypto before anything is measured, decoded by both implementations.
struct ECDSAFixture<
    Key: Sendable,
    Signature: Sendable,
    Digest: Sendable,
    PureKey: Sendable,
    PureSignature: Sendable,
    PureDigest: Sendable
>: Sendable {
    static var count: Int { 64 }

    let key: Key
    let signatures: [Signature]
    let digests: [Digest]
    let pureKey: PureKey
    let pureSignatures: [PureSignature]
    let pureDigests: [PureDigest]
}

func makeP256Fixture() throws -> ECDSAFixture<
    Crypto.P256.Signing.PublicKey, Crypto.P256.Signing.ECDSASignature, Crypto.SHA256Digest,
    PureCrypto.P256.Signing.PublicKey, PureCrypto.P256.Signing.ECDSASignature, PureCrypto.SHA256Digest
> {
    let privateKey = Crypto.P256.Signing.PrivateKey()
    var signatures: [Crypto.P256.Signing.ECDSASignature] = []
    var digests: [Crypto.SHA256Digest] = []
    var pureSignatures: [PureCrypto.P256.Signing.ECDSASignature] = []
    var pureDigests: [PureCrypto.SHA256Digest] = []
    for index in 0..<64 {
        let message = Array("message \(index)".utf8)
        let digest = Crypto.SHA256.hash(data: message)
        let signature = try privateKey.signature(for: digest)
        digests.append(digest)
        signatures.append(signature)
        pureDigests.append(PureCrypto.SHA256.hash(message))
        pureSignatures.append(
            try PureCrypto.P256.Signing.ECDSASignature(derRepresentation: [UInt8](signature.derRepresentation))
        )
    }
    let pureKey = try PureCrypto.P256.Signing.PublicKey(
        x963Representation: [UInt8](privateKey.publicKey.x963Representation)
    )
    return ECDSAFixture(
        key: privateKey.publicKey,
        signatures: signatures,
        digests: digests,
        pureKey: pureKey,
        pureSignatures: pureSignatures,
        pureDigests: pureDigests
    )
}

func makeP384Fixture() throws -> ECDSAFixture<
    Crypto.P384.Signing.PublicKey, Crypto.P384.Signing.ECDSASignature, Crypto.SHA384Digest,
    PureCrypto.P384.Signing.PublicKey, PureCrypto.P384.Signing.ECDSASignature, PureCrypto.SHA384Digest
> {
    let privateKey = Crypto.P384.Signing.PrivateKey()
    var signatures: [Crypto.P384.Signing.ECDSASignature] = []
    var digests: [Crypto.SHA384Digest] = []
    var pureSignatures: [PureCrypto.P384.Signing.ECDSASignature] = []
    var pureDigests: [PureCrypto.SHA384Digest] = []
    for index in 0..<64 {
        let message = Array("message \(index)".utf8)
        let digest = Crypto.SHA384.hash(data: message)
        let signature = try privateKey.signature(for: digest)
        digests.append(digest)
        signatures.append(signature)
        pureDigests.append(PureCrypto.SHA384.hash(message))
        pureSignatures.append(
            try PureCrypto.P384.Signing.ECDSASignature(derRepresentation: [UInt8](signature.derRepresentation))
        )
    }
    let pureKey = try PureCrypto.P384.Signing.PublicKey(
        x963Representation: [UInt8](privateKey.publicKey.x963Representation)
    )
    return ECDSAFixture(
        key: privateKey.publicKey,
        signatures: signatures,
        digests: digests,
        pureKey: pureKey,
        pureSignatures: pureSignatures,
        pureDigests: pureDigests
    )
}

/// Registers "`name` this" and "`name` swift-crypto" after checking that every signature verifies with both
/// implementations and fails against the next message's digest, so that neither is timed answering early.
func register(
    _ name: String,
    this: @escaping @Sendable (Int, Int) -> Bool,
    swiftCrypto: @escaping @Sendable (Int, Int) -> Bool
) {
    for index in 0..<64 {
        let other = (index + 1) % 64
        precondition(this(index, index), "PureCrypto refused \(name) signature \(index)")
        precondition(!this(index, other), "PureCrypto accepted \(name) signature \(index) for another digest")
        precondition(swiftCrypto(index, index), "swift-crypto refused \(name) signature \(index)")
        precondition(!swiftCrypto(index, other), "swift-crypto accepted \(name) signature \(index) for another digest")
    }
    // One measured iteration verifies all 64 signatures (report.py divides by 64).
    for (implementation, verify) in [("this", this), ("swift-crypto", swiftCrypto)] {
        Benchmark("\(name) \(implementation)") { benchmark in
            for _ in benchmark.scaledIterations {
                for index in 0..<64 { blackHole(verify(index, index)) }
            }
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 5,
        maxDuration: .seconds(3),
        maxIterations: 100_000
    )

    guard let p256 = try? makeP256Fixture(), let p384 = try? makeP384Fixture() else {
        fatalError("could not make the ECDSA fixtures")
    }
    register(
        "p256-verify",
        this: { p256.pureKey.isValidSignature(p256.pureSignatures[$0], for: p256.pureDigests[$1]) },
        swiftCrypto: { p256.key.isValidSignature(p256.signatures[$0], for: p256.digests[$1]) }
    )
    register(
        "p384-verify",
        this: { p384.pureKey.isValidSignature(p384.pureSignatures[$0], for: p384.pureDigests[$1]) },
        swiftCrypto: { p384.key.isValidSignature(p384.signatures[$0], for: p384.digests[$1]) }
    )
}
