import Benchmark
import Foundation
import PureCrypto
import PureReceipt
import PureX509
@_spi(FixedExpiryValidationTime) import X509

/// A real StoreKit 2 x5c chain: the P-256 leaf and WWDR G6 as DER, with Apple Root CA - G3 the anchor, checked at
/// the JWS's signedDate (2024-10-17).
struct ECDSAChainSample {
    let leaf: [UInt8]
    let intermediate: [UInt8]
    let root: [UInt8]
    let time: Int64

    static func load() -> ECDSAChainSample {
        let name = "jws/apple-signed/iap-service_notification-TEST_2024-10-17_31dc3629.jws"
        let text = String(decoding: TestVectors.bytes(name), as: UTF8.self)
        var header = String(text.prefix { $0 != "." }).replacingOccurrences(of: "-", with: "+")
            .replacingOccurrences(of: "_", with: "/")
        header += String(repeating: "=", count: (4 - header.count % 4) % 4)
        guard let json = Data(base64Encoded: header),
            let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let x5c = object["x5c"] as? [String],
            x5c.count == 3,
            let leaf = Data(base64Encoded: x5c[0]),
            let intermediate = Data(base64Encoded: x5c[1])
        else { fatalError("cannot read the x5c of \(name)") }
        return ECDSAChainSample(
            leaf: [UInt8](leaf),
            intermediate: [UInt8](intermediate),
            root: TestVectors.bytes("certs/apple-roots/AppleRootCA-G3.cer"),
            time: 1_729_136_651  // the payload's signedDate, 1729136651128 ms
        )
    }
}

/// chain-validate-ecdsa: leaf ← WWDR G6 ← Apple Root CA - G3, the leaf and G6 parsed from DER in each call and the
/// anchor once; two P-384 verifications (G6's ecdsa-with-SHA384 signature by G3, the leaf's by G6).
func registerChainValidationECDSA() {
    let sample = ECDSAChainSample.load()
    precondition(sample.root == BundledCertificates.appleRootCAG3, "TestVectors' G3 differs from the bundled one")
    let validator = PathValidator.appleSignedData
    func validate(_ leafBytes: [UInt8]) throws -> ValidatedChain {
        let leaf = try PureX509.Certificate(derEncoded: leafBytes)
        let intermediate = try PureX509.Certificate(derEncoded: sample.intermediate)
        return try validator.validate(
            leaf: leaf,
            intermediates: [intermediate],
            at: sample.time,
            policy: .appleSignedData
        )
    }
    var forged = sample.leaf
    forged[forged.count - 1] ^= 1
    precondition((try? validate(sample.leaf))?.certificates.count == 3, "PureX509 refused the G3 chain")
    precondition((try? validate(forged)) == nil, "PureX509 accepted a forged leaf")

    Benchmark(
        "chain-validate-ecdsa this",
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try validate(sample.leaf))
            }
        }
    )

    registerSwiftCertificatesChain(
        "chain-validate-ecdsa",
        leaf: sample.leaf,
        intermediate: sample.intermediate,
        root: sample.root,
        time: sample.time,
        forged: forged
    )
}

/// The receipt-signing chain in use since July 2024: the RSA-2048 leaf under Apple Worldwide Developer Relations
/// G5 under the Apple Inc. Root, checked on 2025-06-01, inside both certificates' validity.
struct RSAChainSample {
    let leaf = TestVectors.bytes(
        "certs/receipt-signing-leaves/MacAppStoreAndiTunesStoreReceiptSigning_2024-07-24_2026-08-23_under-WWDR-G5.cer"
    )
    let intermediate = TestVectors.bytes("certs/wwdr/AppleWWDRCAG5.cer")
    let root = TestVectors.bytes("certs/apple-roots/AppleIncRootCertificate.cer")
    let time: Int64 = 1_748_736_000
}

/// cert-parse: the WWDR G5 intermediate (1,113 bytes of DER, RSA-2048, SHA-256) parsed into a certificate, for this
/// package and swift-certificates.
func registerCertificateParsing() {
    let der = RSAChainSample().intermediate
    precondition((try? PureX509.Certificate(derEncoded: der)) != nil, "PureX509 refused WWDR G5")
    precondition((try? X509.Certificate(derEncoded: der)) != nil, "swift-certificates refused WWDR G5")
    Benchmark("cert-parse this") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try PureX509.Certificate(derEncoded: der))
        }
    }
    Benchmark("cert-parse swift-certificates") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try X509.Certificate(derEncoded: der))
        }
    }
}

/// chain-validate: leaf ← WWDR G5 ← Apple Inc. Root, the leaf and intermediate parsed from DER in each call and the
/// anchor once; two RSA-2048 verifications with SHA-256. This package applies Apple's receipt policy
/// (``CertificatePolicy/appleReceipt``), swift-certificates RFC 5280's.
func registerChainValidationRSA() {
    let sample = RSAChainSample()
    guard let anchor = try? PureX509.Certificate(derEncoded: sample.root) else {
        fatalError("PureX509 refused the Apple Inc. Root")
    }
    let validator = PathValidator(anchors: [anchor], algorithms: .appleReceipts)
    func validate(_ leafBytes: [UInt8]) throws -> ValidatedChain {
        let leaf = try PureX509.Certificate(derEncoded: leafBytes)
        let intermediate = try PureX509.Certificate(derEncoded: sample.intermediate)
        return try validator.validate(leaf: leaf, intermediates: [intermediate], at: sample.time, policy: .appleReceipt)
    }
    var forged = sample.leaf
    forged[forged.count - 1] ^= 1
    precondition((try? validate(sample.leaf))?.certificates.count == 3, "PureX509 refused the G5 chain")
    precondition((try? validate(forged)) == nil, "PureX509 accepted a forged leaf")

    Benchmark("chain-validate this") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try validate(sample.leaf))
        }
    }

    registerChainFloor(sample)

    registerSwiftCertificatesChain(
        "chain-validate",
        leaf: sample.leaf,
        intermediate: sample.intermediate,
        root: sample.root,
        time: sample.time,
        forged: forged
    )
}

/// chain-validate-floor: what `chain-validate` cannot do without, and nothing else: the two TBS hashes (SHA-256,
/// 1,202 and 833 bytes) and the two RSA-2048 verifications, with the keys parsed once and no parsing, path building
/// or policy. swift-certificates' `chain-validate` over this is the most `chain-validate` could reach against it
/// were everything else free (report.py).
func registerChainFloor(_ sample: RSAChainSample) {
    guard let leaf = try? PureX509.Certificate(derEncoded: sample.leaf),
        let intermediate = try? PureX509.Certificate(derEncoded: sample.intermediate),
        let root = try? PureX509.Certificate(derEncoded: sample.root),
        case .rsa(let intermediateKey) = intermediate.publicKey,
        case .rsa(let rootKey) = root.publicKey
    else { fatalError("PureX509 refused the G5 chain's certificates or keys") }
    let padding = PureCrypto.RSASignaturePadding.pkcs1v15(.sha256)
    func verify(_ leafTBS: ArraySlice<UInt8>) -> Bool {
        intermediateKey.isValidSignature(leaf.signature, for: leafTBS, padding: padding)
            && rootKey.isValidSignature(intermediate.signature, for: intermediate.tbsCertificate, padding: padding)
    }
    var forged = leaf.tbsCertificate
    forged[forged.endIndex - 1] ^= 1
    precondition(verify(leaf.tbsCertificate), "the G5 chain's signatures do not verify")
    precondition(!verify(forged), "a forged leaf TBS verified")

    Benchmark("chain-validate-floor this") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(verify(leaf.tbsCertificate))
        }
    }
}

/// `name swift-certificates`: swift-certificates' `Verifier` under RFC 5280's policy at `time`, `root` its one trust
/// root, the leaf and intermediate parsed from DER in each call; its setup checks that the chain validates and that
/// `forged` does not.
func registerSwiftCertificatesChain(
    _ name: String,
    leaf leafDER: [UInt8],
    intermediate intermediateDER: [UInt8],
    root rootDER: [UInt8],
    time: Int64,
    forged: [UInt8]
) {
    guard let root = try? X509.Certificate(derEncoded: rootDER) else {
        fatalError("swift-certificates refused the root of \(name)")
    }
    let roots = CertificateStore([root])
    let date = Date(timeIntervalSince1970: TimeInterval(time))
    func validate(_ leafBytes: [UInt8]) async throws -> Bool {
        let leaf = try X509.Certificate(derEncoded: leafBytes)
        let intermediate = try X509.Certificate(derEncoded: intermediateDER)
        var verifier = Verifier(rootCertificates: roots) { RFC5280Policy(fixedExpiryValidationTime: date) }
        let result = await verifier.validate(leaf: leaf, intermediates: CertificateStore([intermediate]))
        if case .validCertificate = result { return true }
        return false
    }

    Benchmark(
        "\(name) swift-certificates",
        closure: { benchmark async throws in
            for _ in benchmark.scaledIterations {
                blackHole(try await validate(leafDER))
            }
        },
        setup: {
            guard try await validate(leafDER) else { fatalError("swift-certificates refused the chain of \(name)") }
            guard try await !validate(forged) else { fatalError("swift-certificates accepted a forged leaf") }
        }
    )
}
