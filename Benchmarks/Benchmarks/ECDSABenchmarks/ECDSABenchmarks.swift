import Benchmark
import Crypto
import Foundation
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

/// A fixture of 64 signatures by a new key: `sign` hashes and signs a message with swift-crypto and gives the
/// signature's DER; the `pure` closures read the key, the signature and hash the message with PureCrypto. The
/// closures are what differs between the curves.
func makeFixture<Key, Signature, Digest, PureKey, PureSignature, PureDigest>(
    key: Key,
    x963Representation: [UInt8],
    sign: ([UInt8]) throws -> (Signature, Digest, der: [UInt8]),
    pureKey: ([UInt8]) throws -> PureKey,
    pureSignature: ([UInt8]) throws -> PureSignature,
    pureHash: ([UInt8]) -> PureDigest
) throws -> ECDSAFixture<Key, Signature, Digest, PureKey, PureSignature, PureDigest> {
    var signatures: [Signature] = []
    var digests: [Digest] = []
    var pureSignatures: [PureSignature] = []
    var pureDigests: [PureDigest] = []
    for index in 0..<ECDSAFixture<Key, Signature, Digest, PureKey, PureSignature, PureDigest>.count {
        let message = Array("message \(index)".utf8)
        let (signature, digest, der) = try sign(message)
        signatures.append(signature)
        digests.append(digest)
        pureSignatures.append(try pureSignature(der))
        pureDigests.append(pureHash(message))
    }
    return ECDSAFixture(
        key: key,
        signatures: signatures,
        digests: digests,
        pureKey: try pureKey(x963Representation),
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
    // RECEIPT_BENCHMARK_SECONDS shortens a run: run.sh's paired rounds, which judge the ECDSA goals too, set it.
    let seconds = ProcessInfo.processInfo.environment["RECEIPT_BENCHMARK_SECONDS"].flatMap(Int.init) ?? 3
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 5,
        maxDuration: .seconds(seconds),
        maxIterations: 100_000
    )

    let key256 = Crypto.P256.Signing.PrivateKey()
    let key384 = Crypto.P384.Signing.PrivateKey()
    guard
        let p256 = try? makeFixture(
            key: key256.publicKey,
            x963Representation: [UInt8](key256.publicKey.x963Representation),
            sign: { message in
                let digest = Crypto.SHA256.hash(data: message)
                let signature = try key256.signature(for: digest)
                return (signature, digest, [UInt8](signature.derRepresentation))
            },
            pureKey: { try PureCrypto.P256.Signing.PublicKey(x963Representation: $0) },
            pureSignature: { try PureCrypto.P256.Signing.ECDSASignature(derRepresentation: $0) },
            pureHash: { PureCrypto.SHA256.hash($0) }
        ),
        let p384 = try? makeFixture(
            key: key384.publicKey,
            x963Representation: [UInt8](key384.publicKey.x963Representation),
            sign: { message in
                let digest = Crypto.SHA384.hash(data: message)
                let signature = try key384.signature(for: digest)
                return (signature, digest, [UInt8](signature.derRepresentation))
            },
            pureKey: { try PureCrypto.P384.Signing.PublicKey(x963Representation: $0) },
            pureSignature: { try PureCrypto.P384.Signing.ECDSASignature(derRepresentation: $0) },
            pureHash: { PureCrypto.SHA384.hash($0) }
        )
    else {
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
