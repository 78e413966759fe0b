import Benchmark
import CLibcryptoReceipt
import Foundation
import PureDER
import PureReceipt
import PureX509
import SwiftASN1
@_spi(CMS) @_spi(FixedExpiryValidationTime) import X509

// Whole-receipt validation on real App Store receipts, read at run time from the repository's TestVectors/:
// this package's ReceiptValidator against OpenSSL's libcrypto (d2i_PKCS7 + PKCS7_verify,
// in-process) and swift-certificates' CMS verification, each with the Apple Inc. Root as its only anchor and
// the receipt's creation date as the validation time; and parsing a whole receipt as a tree against
// swift-asn1. Every measured call starts from the receipt's bytes; only the trust anchor is prepared once.
// Before anything is measured, every implementation must accept the real receipt and refuse a copy with one
// byte flipped, so that no benchmark can be timing a failure. The exception is receipt-validate-worst, which
// times a failure on purpose: the most work a hostile container can cause, read from the project's own
// TestVectors/, its verdict checked in setup.

/// The repository's `TestVectors/`, found from this file's path.
enum TestVectors {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ReceiptBenchmarks
        .deletingLastPathComponent()  // Benchmarks (the targets)
        .deletingLastPathComponent()  // Benchmarks (the package)
        .deletingLastPathComponent()  // the repository
        .appendingPathComponent("TestVectors", isDirectory: true)

    static func bytes(_ relativePath: String) -> [UInt8] {
        let url = directory.appendingPathComponent(relativePath)
        guard let data = try? Data(contentsOf: url) else {
            fatalError("cannot read \(url.path)")
        }
        return [UInt8](data)
    }

    /// `receipt.receipt_creation_date_epoch` of a receipt's `.expected.json`: seconds since 1970.
    static func creationDate(_ receiptName: String) -> Int64 {
        let json = bytes("receipts/apple/\(receiptName).expected.json")
        guard let object = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
            let receipt = object["receipt"] as? [String: Any],
            let epoch = (receipt["receipt_creation_date_epoch"] as? NSNumber)?.int64Value
        else {
            fatalError("no receipt.receipt_creation_date_epoch in \(receiptName).expected.json")
        }
        return epoch
    }
}

/// The project's own vectors, TestVectors/ in the repository, found from this file's path.
enum ProjectVectors {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ReceiptBenchmarks
        .deletingLastPathComponent()  // Benchmarks (the targets)
        .deletingLastPathComponent()  // Benchmarks (the package)
        .deletingLastPathComponent()  // the repository
        .appendingPathComponent("TestVectors", isDirectory: true)

    static func bytes(_ relativePath: String) -> [UInt8] {
        let url = directory.appendingPathComponent(relativePath)
        guard let data = try? Data(contentsOf: url) else { fatalError("cannot read \(url.path)") }
        return [UInt8](data)
    }
}

/// One receipt: its bytes, a copy with its last byte (inside the signature) flipped, and its creation date.
struct ReceiptSample: Sendable {
    let name: String
    let bytes: [UInt8]
    let tampered: [UInt8]
    let creationDate: Int64

    init(_ name: String) {
        self.name = name
        bytes = TestVectors.bytes("receipts/apple/\(name).der")
        var tampered = bytes
        tampered[tampered.count - 1] ^= 0x01
        self.tampered = tampered
        creationDate = TestVectors.creationDate(name)
    }
}

/// An OpenSSL X509_STORE holding the Apple root, verifying at one instant; built once, outside the measurement.
final class LibcryptoStore: @unchecked Sendable {
    let store: OpaquePointer

    init(root: [UInt8], at time: Int64) {
        guard let store = root.withUnsafeBufferPointer({ lc_store_new($0.baseAddress, $0.count, time) }) else {
            fatalError("OpenSSL refused the Apple root")
        }
        self.store = store
    }

    deinit { lc_store_free(store) }

    func verify(_ receipt: [UInt8]) -> Bool {
        receipt.withUnsafeBufferPointer { lc_verify_receipt_with_store(store, $0.baseAddress, $0.count) } == 1
    }
}

/// A copy of an App Store receipt in the form swift-certificates' CMS verification accepts, which differs in
/// places that the signature does not cover (the receipt signs its content, without signed attributes):
/// 1. the CertificateSet in DER order: swift-certificates requires SET OF elements sorted (X.690 §11.6),
///    and Apple lists leaf, intermediate, root;
/// 2. the SignerInfo's signatureAlgorithm shaNNNWithRSAEncryption (1.2.840.113549.1.1.11 for SHA-256, .5 for
///    SHA-1) in place of rsaEncryption (1.2.840.113549.1.1.1), which RFC 5652 allows and Apple uses but
///    swift-certificates refuses; the OIDs have the same length;
/// 3. for SHA-256, the digest AlgorithmIdentifiers (SignedData.digestAlgorithms and the SignerInfo's) without
///    their NULL parameters: swift-certificates compares them with its own parameterless sha256 identifier
///    (its SHA-1 identifier has the NULL, as Apple's SHA-1 receipts do).
/// Certificates, content and signature are copied byte for byte; only the enclosing lengths change.
enum SwiftCertificatesForm {
    static let rsaEncryption: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
    static let null: [UInt8] = [0x05, 0x00]

    /// The signer's digest algorithm: its OID, the matching RSA signature algorithm, and whether
    /// swift-certificates wants the NULL parameters gone.
    struct DigestForm {
        let oid: [UInt8]
        let signatureAlgorithm: [UInt8]
        let dropsNullParameters: Bool
        /// How much shorter the copy is: one NULL (2 octets) dropped from digestAlgorithms, one from the SignerInfo.
        var droppedOctets: Int { dropsNullParameters ? 4 : 0 }
    }
    static let digestForms = [
        DigestForm(
            oid: [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01],
            signatureAlgorithm: [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B],
            dropsNullParameters: true
        ),
        DigestForm(
            oid: [0x06, 0x05, 0x2B, 0x0E, 0x03, 0x02, 0x1A],
            signatureAlgorithm: [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x05],
            dropsNullParameters: false
        ),
    ]

    /// The rewritten receipt, and the form of its signer's digest.
    static func of(_ receipt: [UInt8]) throws -> (bytes: [UInt8], form: DigestForm) {
        let contentInfo = try DER.parse(receipt)
        let outer = try children(contentInfo)  // contentType, [0] EXPLICIT content
        guard outer.count == 2, outer[1].identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)
        else { throw ASN1Error.invalidASN1Object(reason: "not a ContentInfo") }
        let signedData = try children(outer[1])
        guard signedData.count == 1 else { throw ASN1Error.invalidASN1Object(reason: "not [0] { SignedData }") }
        var fields = try children(signedData[0]).map { [UInt8]($0.encodedBytes) }
        let nodes = try children(signedData[0])
        guard nodes.count >= 4 else { throw ASN1Error.invalidASN1Object(reason: "SignedData too short") }
        // version, digestAlgorithms, encapContentInfo, [0] certificates, [1] crls, signerInfos
        let signerInfos = nodes[nodes.count - 1]
        guard let signer = try children(signerInfos).first, try children(signer).count > 2,
            let digestOID = try children(try children(signer)[2]).first.map({ [UInt8]($0.encodedBytes) }),
            let form = digestForms.first(where: { $0.oid == digestOID })
        else { throw ASN1Error.invalidASN1Object(reason: "no SignerInfo with a SHA-1 or SHA-256 digest") }
        if form.dropsNullParameters {
            fields[1] = try constructed(nodes[1], try children(nodes[1]).map(withoutNullParameters))
        }
        for (index, node) in nodes.enumerated()
        where index > 2 && node.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) {
            let certificates = try children(node).map { [UInt8]($0.encodedBytes) }
            fields[index] = try constructed(node, certificates.sorted { $0.lexicographicallyPrecedes($1) })
        }
        fields[nodes.count - 1] = try constructed(
            signerInfos,
            try children(signerInfos).map { try signerInfo($0, form) }
        )
        let newSignedData = try constructed(signedData[0], fields)
        let bytes = try constructed(
            contentInfo,
            [[UInt8](outer[0].encodedBytes), try constructed(outer[1], [newSignedData])]
        )
        return (bytes, form)
    }

    /// version, sid, digestAlgorithm, [0] signedAttrs?, signatureAlgorithm, signature, [1] unsignedAttrs?
    static func signerInfo(_ node: ASN1Node, _ form: DigestForm) throws -> [UInt8] {
        let nodes = try children(node)
        var fields = nodes.map { [UInt8]($0.encodedBytes) }
        guard nodes.count >= 5 else { throw ASN1Error.invalidASN1Object(reason: "SignerInfo too short") }
        if form.dropsNullParameters { fields[2] = try withoutNullParameters(nodes[2]) }
        let signatureIndex = nodes[3].identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) ? 4 : 3
        let algorithm = try children(nodes[signatureIndex]).map { [UInt8]($0.encodedBytes) }
        guard algorithm.first == rsaEncryption else {
            throw ASN1Error.invalidASN1Object(reason: "the SignerInfo's signatureAlgorithm is not rsaEncryption")
        }
        fields[signatureIndex] = try constructed(
            nodes[signatureIndex],
            [form.signatureAlgorithm] + algorithm.dropFirst()
        )
        return try constructed(node, fields)
    }

    /// An AlgorithmIdentifier whose parameters are NULL, without them; any other element unchanged.
    static func withoutNullParameters(_ node: ASN1Node) throws -> [UInt8] {
        let fields = try children(node).map { [UInt8]($0.encodedBytes) }
        guard fields.count == 2, fields[1] == null else { return [UInt8](node.encodedBytes) }
        return try constructed(node, [fields[0]])
    }

    static func children(_ node: ASN1Node) throws -> [ASN1Node] {
        guard case .constructed(let nodes) = node.content else {
            throw ASN1Error.invalidASN1Object(reason: "expected a constructed element")
        }
        return Array(nodes)
    }

    /// `node`'s identifier octet (a low tag number, as everywhere in CMS) with new contents and a DER length.
    static func constructed(_ node: ASN1Node, _ contents: [[UInt8]]) throws -> [UInt8] {
        guard let identifier = node.encodedBytes.first, identifier & 0x1F != 0x1F else {
            throw ASN1Error.invalidASN1Object(reason: "high tag numbers are not handled")
        }
        let body = contents.flatMap { $0 }
        var length: [UInt8] = []
        if body.count < 0x80 {
            length = [UInt8(body.count)]
        } else {
            var remaining = body.count
            while remaining > 0 {
                length.insert(UInt8(truncatingIfNeeded: remaining), at: 0)
                remaining >>= 8
            }
            length.insert(0x80 | UInt8(length.count), at: 0)
        }
        return [identifier] + length + body
    }
}

/// swift-certificates' verification of an attached CMS signature, the Apple root the only trust root, at a
/// fixed validation time.
struct SwiftCertificatesVerifier: Sendable {
    let trustRoots: CertificateStore
    let validationTime: Date

    init(root: [UInt8], at time: Int64) {
        guard let certificate = try? X509.Certificate(derEncoded: root) else {
            fatalError("swift-certificates refused the Apple root")
        }
        trustRoots = CertificateStore([certificate])
        validationTime = Date(timeIntervalSince1970: TimeInterval(time))
    }

    func verify(_ receipt: [UInt8]) async -> CMS.SignatureVerificationResult {
        let time = validationTime
        return await CMS.isValidAttachedSignature(signatureBytes: receipt, trustRoots: trustRoots) {
            RFC5280Policy(fixedExpiryValidationTime: time)
        }
    }
}

/// swift-asn1's tree: how many elements, the root included.
func elementCount(_ node: ASN1Node) -> Int {
    guard case .constructed(let children) = node.content else { return 1 }
    var count = 1
    for child in children { count += elementCount(child) }
    return count
}

/// Registers `name` for this package, libcrypto and (unless `swiftCertificates` is false) swift-certificates on
/// one receipt, after checking that each accepts the receipt, with all its `purchases` decoded, and refuses its
/// tampered copy (so that no benchmark times a failure or a decoding that stopped early).
func registerValidation(
    _ name: String,
    _ sample: ReceiptSample,
    purchases: Int,
    swiftCertificates: Bool = true,
    validator: ReceiptValidator,
    root: [UInt8]
) {
    precondition(
        (try? validator.validate(sample.bytes))?.receipt.inAppPurchases.count == purchases,
        "PureReceipt refused \(sample.name), or did not decode its \(purchases) purchases"
    )
    precondition((try? validator.validate(sample.tampered)) == nil, "PureReceipt accepted a tampered \(sample.name)")
    let store = LibcryptoStore(root: root, at: sample.creationDate)
    precondition(store.verify(sample.bytes), "libcrypto refused \(sample.name)")
    precondition(!store.verify(sample.tampered), "libcrypto accepted a tampered \(sample.name)")

    Benchmark(
        "\(name) this",
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try validator.validate(sample.bytes))
            }
        }
    )

    Benchmark(
        "\(name) libcrypto",
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                guard store.verify(sample.bytes) else { fatalError("libcrypto refused \(sample.name)") }
            }
        }
    )

    guard swiftCertificates else { return }
    let verifier = SwiftCertificatesVerifier(root: root, at: sample.creationDate)
    guard let copy = try? SwiftCertificatesForm.of(sample.bytes),
        let rewrittenTampered = try? SwiftCertificatesForm.of(sample.tampered).bytes
    else {
        fatalError("cannot rewrite \(sample.name) for swift-certificates")
    }
    let (rewritten, form) = copy
    // Still DER, with the same content, certificates and signature (only the enclosing lengths moved).
    precondition((try? DERTree(parsing: rewritten)) != nil, "the rewritten \(sample.name) is not DER")
    precondition(rewritten.count == sample.bytes.count - form.droppedOctets, "the rewrite changed more than it should")

    Benchmark(
        "\(name) swift-certificates",
        closure: { benchmark async throws in
            for _ in benchmark.scaledIterations {
                blackHole(try await verifier.verify(rewritten).get())
            }
        },
        setup: {
            // swift-certificates' entry points are async: check here what the measured calls will see.
            if case .success = await verifier.verify(sample.bytes) {
                print("note: swift-certificates now accepts the unmodified \(sample.name); measure it as it is")
            }
            if case .failure(let error) = await verifier.verify(rewritten) {
                fatalError("swift-certificates refused its form of \(sample.name): \(error)")
            }
            if case .success = await verifier.verify(rewrittenTampered) {
                fatalError("swift-certificates accepted a tampered \(sample.name)")
            }
        }
    )
}

let benchmarks: @Sendable () -> Void = {
    // RECEIPT_BENCHMARK_SECONDS shortens a run when only checking that the benchmarks work.
    let seconds = ProcessInfo.processInfo.environment["RECEIPT_BENCHMARK_SECONDS"].flatMap(Int.init) ?? 3
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 10,
        maxDuration: .seconds(seconds),
        maxIterations: 100_000
    )

    let root = TestVectors.bytes("certs/apple-roots/AppleIncRootCertificate.cer")
    precondition(root == BundledCertificates.appleIncRoot, "TestVectors' Apple root differs from the bundled one")
    let validator = ReceiptValidator()  // the bundled Apple root, at the receipt's creation date

    // MARK: receipt-validate: the 7–8 KB App Store receipt (7,244 bytes, 7 purchases, SHA-1 chain of three
    // certificates); receipt-validate-g5: a 5.7 KB receipt of the current G5 chain (SHA-256), 2 purchases.

    registerValidation(
        "receipt-validate",
        ReceiptSample("AppReceiptValidator_grandUnifiedExpiredAppleCert_receipt"),
        purchases: 7,
        validator: validator,
        root: root
    )
    let g5 = ReceiptSample("TPInAppReceipt_receipt-sandbox-g5")
    registerValidation("receipt-validate-g5", g5, purchases: 2, validator: validator, root: root)

    // MARK: receipt-validate-warm: receipt-validate's receipt in a batch whose earlier receipts had the same leaf
    // and intermediate: a SignatureMemo warmed by one validation spares their parsing and signature arithmetic;
    // every check still runs, and the receipt's own signature is verified each time. OpenSSL has no such memo:
    // its row repeats receipt-validate's work on the same store.

    let warmSample = ReceiptSample("AppReceiptValidator_grandUnifiedExpiredAppleCert_receipt")
    let warmStore = LibcryptoStore(root: root, at: warmSample.creationDate)
    Benchmark(
        "receipt-validate-warm this",
        closure: { benchmark in
            var memo = SignatureMemo()
            _ = try validator.validate(warmSample.bytes, memo: &memo)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try validator.validate(warmSample.bytes, memo: &memo))
            }
            benchmark.stopMeasurement()
        },
        setup: {
            // A warm memo changes no verdict: the tampered copy is refused with it too.
            var memo = SignatureMemo()
            _ = try validator.validate(warmSample.bytes, memo: &memo)
            precondition(
                (try? validator.validate(warmSample.tampered, memo: &memo)) == nil,
                "PureReceipt accepted a tampered receipt with a warm memo"
            )
        }
    )
    Benchmark(
        "receipt-validate-warm libcrypto",
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                guard warmStore.verify(warmSample.bytes) else { fatalError("libcrypto refused \(warmSample.name)") }
            }
        }
    )

    // MARK: receipt-validate-legacy-79k: 79 KB, 187 in-app purchases, SHA-1 chain.

    // swift-certificates is not measured here: this receipt shows the cost of a large payload, which it does not
    // decode.
    registerValidation(
        "receipt-validate-legacy-79k",
        ReceiptSample("TPInAppReceipt_receipt-sandbox-legacy"),
        purchases: 187,
        swiftCertificates: false,
        validator: validator,
        root: root
    )

    // MARK: receipt-validate-worst: the most work a receipt-shaped container can cause within the cap of 10
    // certificates (TestVectors/x509/worst-bags/receipts/worst-anchor-named-4096.der, 15 KB): a signer with a
    // 4096-bit key, the largest Apple's algorithm policy allows, that names the anchor as its issuer, and 9
    // self-issued decoys with the anchor's name and key identifier and the key that signed the signer. Under
    // Apple's rules with the test anchor, the signer's signature verifies, then the signer's and each decoy's
    // edge to the anchor is checked (10 verifications with the anchor's 2048-bit key) and the chain fails. The
    // time to that verdict, against receipt-validate's (report.py prints the ratio; the goal is at most 5x).

    guard
        let worstAnchor = try? PureX509.Certificate(
            derEncoded: ProjectVectors.bytes("x509/worst-bags/certs/receipt-root.der")
        )
    else { fatalError("the worst-bags anchor does not parse") }
    let worst = ProjectVectors.bytes("x509/worst-bags/receipts/worst-anchor-named-4096.der")
    let worstValidator = ReceiptValidator(trust: .replacingAnchors(with: [worstAnchor]))

    Benchmark(
        "receipt-validate-worst this",
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(Result { () throws(ReceiptValidationError) in try worstValidator.validate(worst) })
            }
        },
        setup: {
            // The verdict the measured calls reach: the chain fails on the first signature the anchor checks.
            do throws(ReceiptValidationError) {
                _ = try worstValidator.validate(worst)
                fatalError("the worst container validated")
            } catch {
                let path = error.pkcs7?.path
                guard error.step == .chain, path?.code == .badSignature, path?.certificateIndex == 0 else {
                    fatalError("the worst container failed otherwise: \(error)")
                }
            }
        }
    )

    // MARK: der-parse-receipt: the whole 5.7 KB G5 receipt as a tree of elements.

    guard let ourTree = try? DERTree(parsing: g5.bytes), let theirTree = try? DER.parse(g5.bytes) else {
        fatalError("a DER parser refused \(g5.name)")
    }
    // Both walk the same elements (neither descends into OCTET STRINGs).
    precondition(
        ourTree.nodes.count == elementCount(theirTree),
        "PureDER found \(ourTree.nodes.count) elements, swift-asn1 \(elementCount(theirTree))"
    )

    Benchmark(
        "der-parse-receipt this",
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try DERTree(parsing: g5.bytes))
            }
        }
    )

    Benchmark(
        "der-parse-receipt swift-asn1",
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try DER.parse(g5.bytes))
            }
        }
    )
    registerCertificateParsing()
    registerChainValidationRSA()
    registerChainValidationECDSA()
}
