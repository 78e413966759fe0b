import Benchmark
import BigInt
import Crypto
import Foundation
import PureCrypto
import _CryptoExtras

// RSA PKCS#1 v1.5 verification with e = 65537, the key parsed once and the SHA-256 digest precomputed: this
// package against swift-crypto (BoringSSL) and attaswift/BigInt's modular power (the pure-Swift alternative;
// it measures sᵉ mod n alone, without the padding check). Each benchmark cycles through 64 different
// signatures: with one fixed input the branch predictor learns the carries and flatters slow code.

/// Keys and signatures made by swift-crypto before anything is measured.
struct RSAFixture: Sendable {
    static let count = 64

    let publicKeyDER: [UInt8]
    let digests: [[UInt8]]
    let signatures: [[UInt8]]
    let cryptoKey: _RSA.Signing.PublicKey
    let cryptoDigests: [Crypto.SHA256Digest]
    let cryptoSignatures: [_RSA.Signing.RSASignature]
    let bigIntModulus: BigUInt
    let bigIntSignatures: [BigUInt]

    init(bits: Int) throws {
        let privateKey = try _RSA.Signing.PrivateKey(keySize: bits == 4096 ? .bits4096 : .bits2048)
        cryptoKey = privateKey.publicKey
        publicKeyDER = [UInt8](cryptoKey.derRepresentation)
        var digests: [[UInt8]] = []
        var cryptoDigests: [Crypto.SHA256Digest] = []
        var signatures: [_RSA.Signing.RSASignature] = []
        for index in 0..<Self.count {
            let digest = Crypto.SHA256.hash(data: Array("message \(index)".utf8))
            cryptoDigests.append(digest)
            digests.append(Array(digest))
            signatures.append(try privateKey.signature(for: digest, padding: .insecurePKCS1v1_5))
        }
        self.digests = digests
        self.cryptoDigests = cryptoDigests
        cryptoSignatures = signatures
        self.signatures = signatures.map { [UInt8]($0.rawRepresentation) }
        let primitives = try cryptoKey.getKeyPrimitives()
        bigIntModulus = BigUInt(primitives.modulus)
        bigIntSignatures = self.signatures.map { BigUInt(Data($0)) }
    }
}

let benchmarks: @Sendable () -> Void = {
    // RECEIPT_BENCHMARK_SECONDS shortens a run: run.sh's paired rounds, which measure RSA-2048 beside
    // chain-validate-floor, set it.
    let seconds = ProcessInfo.processInfo.environment["RECEIPT_BENCHMARK_SECONDS"].flatMap(Int.init) ?? 3
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 10,
        maxDuration: .seconds(seconds),
        maxIterations: 100_000
    )

    for bits in [2048, 4096] {
        // swift-crypto's key generation is the slow part of setting up; it happens once per size.
        guard let fixture = try? RSAFixture(bits: bits) else {
            fatalError("could not make RSA-\(bits) fixtures")
        }
        let name = "rsa\(bits)-verify"

        guard let key = try? RSAPublicKey(subjectPublicKeyInfoDER: fixture.publicKeyDER[...]) else {
            fatalError("PureCrypto refused the key")
        }
        // The two verifications timed below: signature `signature` against digest `digest`.
        let verifyThis = { (signature: Int, digest: Int) in
            key.isValidSignature(
                fixture.signatures[signature],
                forDigest: fixture.digests[digest],
                padding: .pkcs1v15(.sha256)
            )
        }
        let verifySwiftCrypto = { (signature: Int, digest: Int) in
            fixture.cryptoKey.isValidSignature(
                fixture.cryptoSignatures[signature],
                for: fixture.cryptoDigests[digest],
                padding: .insecurePKCS1v1_5
            )
        }
        // Every signature must verify with both implementations, and fail against the next message's digest, so
        // that neither is timed answering early either way.
        for index in 0..<RSAFixture.count {
            let other = (index + 1) % RSAFixture.count
            precondition(verifyThis(index, index), "PureCrypto refused signature \(index)")
            precondition(!verifyThis(index, other), "PureCrypto accepted signature \(index) for another digest")
            precondition(verifySwiftCrypto(index, index), "swift-crypto refused signature \(index)")
            precondition(
                !verifySwiftCrypto(index, other),
                "swift-crypto accepted signature \(index) for another digest"
            )
        }
        // One measured iteration verifies all 64 signatures (report.py divides by 64).
        for (implementation, verify) in [("this", verifyThis), ("swift-crypto", verifySwiftCrypto)] {
            Benchmark("\(name) \(implementation)") { benchmark in
                for _ in benchmark.scaledIterations {
                    for index in 0..<RSAFixture.count { blackHole(verify(index, index)) }
                }
            }
        }

        Benchmark("\(name) attaswift-bigint") { benchmark in
            let exponent = BigUInt(65537)
            for _ in benchmark.scaledIterations {
                for index in 0..<RSAFixture.count {
                    blackHole(fixture.bigIntSignatures[index].power(exponent, modulus: fixture.bigIntModulus))
                }
            }
        }
    }
}
