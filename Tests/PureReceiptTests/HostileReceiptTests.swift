import Foundation
import PureCrypto
import PurePKCS7
import PureReceipt
import PureX509
import Testing
import VectorSupport

/// Receipt-shaped hostile containers (TestVectors/x509/worst-bags/receipts, made by make.py) validated end to end
/// under Apple's rules with a test anchor (``ReceiptTrust/replacingAnchors(with:)``: the marked path of 3,
/// RSA 2048–4096), and the reproductions of issue 25 (TestVectors/repro): each stops at its step, for its reason,
/// and the chain search of the worst shapes stays within bounds derived from the design.
@Suite struct HostileReceiptTests {
    struct Expected: Decodable {
        let valid: Bool
        let step: String?
        let pkcs7Code: String?
        let pathCode: String?
        let pathCertificateIndex: Int?
        let rule: String?
        let receiptCode: String?
    }

    struct Case: Decodable, CustomTestStringConvertible {
        let name: String
        let file: String
        let anchor: String
        let certificates: Int
        let expected: Expected
        var testDescription: String { name }
    }

    struct Manifest: Decodable {
        let validationInstant: Int64
        let receipts: [Case]
    }

    static let folder = ProjectVectors.folder("x509/worst-bags")
    static let repro = ProjectVectors.folder("repro")

    static let manifest: Manifest? = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")) else { return nil }
        return try? JSONDecoder().decode(Manifest.self, from: data)
    }()

    static func bytes(_ file: String, in folder: URL = folder) throws -> [UInt8] {
        try ProjectVectors.bytes(folder.appendingPathComponent(file))
    }

    static func anchor() throws -> Certificate {
        try Certificate(derEncoded: bytes("certs/receipt-root.der"))
    }

    static func validate(
        _ bytes: [UInt8],
        trust: ReceiptTrust,
        at time: ReceiptValidator.ValidationTime = .receiptCreationDate
    ) -> Result<ValidatedReceipt, ReceiptValidationError> {
        let validator = ReceiptValidator(trust: trust, validationTime: time)
        return Result { () throws(ReceiptValidationError) in try validator.validate(bytes) }
    }

    /// The chain search of a container's signer under Apple's rules with the test anchor, with its work.
    static func searchChain(_ file: String) throws -> (Result<ValidatedChain, PathValidationError>, PathSearchWork) {
        let signedData = try SignedData(berEncoded: try bytes(file))
        let signer = try signedData.signerCertificate()
        let others = signedData.certificates.filter { $0.encoded != signer.encoded }
        let trust = ReceiptTrust.replacingAnchors(with: [try anchor()])
        let validator = PathValidator(anchors: trust.anchors, algorithms: trust.algorithms)
        var work = PathSearchWork()
        let time = try #require(manifest?.validationInstant)
        let result = Result { () throws(PathValidationError) in
            try validator.validate(leaf: signer, intermediates: others, at: time, policy: trust.policy, work: &work)
        }
        return (result, work)
    }

    @Test func theManifestHoldsEveryContainer() throws {
        let manifest = try #require(Self.manifest, "TestVectors/x509/worst-bags/manifest.json is missing")
        let names = Set(manifest.receipts.map(\.name))
        for required in [
            "valid-apple-shape", "valid-10-certificates", "eleven-certificates", "worst-issuer-named",
            "worst-anchor-named", "valid-4096", "worst-issuer-named-4096", "worst-anchor-named-4096", "signer-1024",
            "signer-1024-bad-signature", "signer-2047", "signer-4097", "payload-not-a-set",
            "payload-without-creation-date",
        ] {
            #expect(names.contains(required), "\(required)")
        }
    }

    @Test(arguments: manifest?.receipts ?? [])
    func everyContainerStopsAtItsStep(_ item: Case) throws {
        let trust = ReceiptTrust.replacingAnchors(with: [try Certificate(derEncoded: Self.bytes(item.anchor))])
        switch Self.validate(try Self.bytes(item.file), trust: trust) {
        case .success(let receipt):
            #expect(item.expected.valid, "validated")
            #expect(receipt.chain.certificates.count == 3)
            #expect(receipt.receipt.bundleIdentifier == "com.example.worstbag")
        case .failure(let error):
            #expect(!item.expected.valid, "\(error)")
            #expect(error.step.rawValue == item.expected.step, "\(error)")
            #expect(error.pkcs7?.code.rawValue == item.expected.pkcs7Code, "\(error)")
            #expect(error.pkcs7?.path?.code.rawValue == item.expected.pathCode, "\(error)")
            #expect(error.pkcs7?.path?.certificateIndex == item.expected.pathCertificateIndex, "\(error)")
            #expect(error.pkcs7?.path?.rule == item.expected.rule, "\(error)")
            #expect(error.receipt?.code.rawValue == item.expected.receiptCode, "\(error)")
        }
    }

    /// The worst shapes within ``SignedData/maximumCertificates``. With Apple's rules a path has 3 certificates
    /// (leaf, intermediate, anchor), so with the signer, C = 9 other certificates and A anchors, the edges that can
    /// be checked are the signer's to each candidate and each anchor (9 + A) and each candidate's to each anchor
    /// (9A): signature checks ≤ 10A + 9 = 19 with one anchor. Signatures are checked from the anchor down, so a
    /// candidate's edge to the signer is checked only once the anchor verified the candidate: with no candidate
    /// the anchor issued, only the edges to the anchor are, 9 (+1 when the signer names the anchor as issuer).
    /// Examinations: each of the signer's ≤ 9 + A candidates once, then only anchors behind each of the 9:
    /// ≤ 9 + A + 9A = 19. Names: the signer's and the 9 candidates' issuers, each against the 10 others: ≤ 100.
    /// Duplicates: 10 certificates besides the signer, each against those before it: ≤ 45.
    @Test(arguments: [
        ("worst-issuer-named.der", 9, 1), ("worst-issuer-named-4096.der", 9, 1),
        ("worst-anchor-named.der", 10, 0), ("worst-anchor-named-4096.der", 10, 0),
    ])
    func theWorstContainerWithinTheCapChecksOnlyEdgesToTheAnchor(_ file: String, _ checks: Int, _ index: Int) throws {
        let (result, work) = try Self.searchChain("receipts/\(file)")
        let error = try #require(result.failure)
        #expect(error.code == .badSignature && error.certificateIndex == index && error.rule == "signature")
        #expect(work.signatureChecks == checks)
        #expect(work.signatureChecks <= 10 * 1 + 9)
        #expect(work.examinations <= 9 + 1 + 9 * 1)
        #expect(work.nameComparisons <= 10 * 10)
        #expect(work.duplicateComparisons <= 10 * 9 / 2)
    }

    /// Ten certificates, the genuine intermediate last behind 8 decoys with its name, key and marker: each decoy
    /// costs its edge to the anchor, then the intermediate's and the signer's verify: 10 checks.
    @Test func theGenuineIntermediateBehindEightDecoysIsFound() throws {
        let (result, work) = try Self.searchChain("receipts/valid-10-certificates.der")
        #expect((try? result.get())?.certificates.count == 3)
        #expect(work.signatureChecks == 8 + 2)
    }

    /// Issue 25's reproduction: 8 self-issued certificates repeated to fill 1 MB. Refused at the container, before
    /// any path is looked for, under the bundled Apple trust.
    @Test func theOneMegabyteBagIsRefusedAtTheContainer() throws {
        let error = try #require(
            Self.validate(try Self.bytes("pathsearch-1MB.der", in: Self.repro), trust: .apple).failure
        )
        #expect(error.step == .container)
        #expect(error.pkcs7?.code == .tooManyCertificates)
    }

    /// Issue 25, defect 6: StoreKit-testing trust uses ``AlgorithmPolicy/standard``, which refuses SHA-1, and so
    /// does the signer's digest now.
    @Test func aSHA1SignerIsRefusedUnderStoreKitTestingTrust() throws {
        let anchor = try Certificate(derEncoded: Self.bytes("sk-anchor.der", in: Self.repro))
        let trust = ReceiptTrust.storeKitTesting(anchor)
        let error = try #require(Self.validate(try Self.bytes("sk-sha1.der", in: Self.repro), trust: trust).failure)
        #expect(error.step == .signature)
        #expect(error.pkcs7?.code == .unsupportedAlgorithm)
        let valid = try Self.validate(try Self.bytes("sk-sha256.der", in: Self.repro), trust: trust).get()
        #expect(valid.chain.certificates.map(\.encoded) == [anchor.encoded])
        #expect(valid.signedData.digestAlgorithm == .sha256)
    }

    /// Issue 25, defect 7: a 1024-bit signer fails at the signature step as an unsupported algorithm, not at the
    /// chain; its signature is invalid too, so it was refused before use.
    @Test func aSmallSignerKeyIsRefusedAtTheSignatureStepBeforeUse() throws {
        let trust = ReceiptTrust.replacingAnchors(with: [try Self.anchor()])
        let error = try #require(
            Self.validate(try Self.bytes("receipts/signer-1024-bad-signature.der"), trust: trust).failure
        )
        #expect(error.step == .signature)
        #expect(error.pkcs7?.code == .unsupportedAlgorithm)
        #expect(error.reason == "the signer's RSA key has 1024 bits, below the policy's 2048")
    }

    /// Issue 24: a payload that does not decode fails at its own step, with the receipt error underneath.
    @Test func aSignedPayloadThatIsNotAReceiptFailsAtThePayloadStep() throws {
        let trust = ReceiptTrust.replacingAnchors(with: [try Self.anchor()])
        let error = try #require(Self.validate(try Self.bytes("receipts/payload-not-a-set.der"), trust: trust).failure)
        #expect(error.step == .payload)
        #expect(error.pkcs7 == nil)
        #expect(error.receipt?.code == .malformedPayload)
        #expect(error.receipt?.der != nil)
    }

    /// Without field 12 there is no instant to validate at; given one, the same receipt validates.
    @Test func aPayloadWithoutCreationDateFailsAtThePayloadStepUnlessGivenAnInstant() throws {
        let trust = ReceiptTrust.replacingAnchors(with: [try Self.anchor()])
        let bytes = try Self.bytes("receipts/payload-without-creation-date.der")
        let error = try #require(Self.validate(bytes, trust: trust).failure)
        #expect(error.step == .payload)
        #expect(error.receipt == nil && error.pkcs7 == nil)
        #expect(error.reason == "no receipt creation date (field 12) to validate at")
        let instant = try #require(Self.manifest?.validationInstant)
        let valid = try Self.validate(bytes, trust: trust, at: .instant(instant)).get()
        #expect(valid.receipt.creationDate == nil && valid.validationTime == instant)
    }
}

extension Result {
    /// The error, or `nil` on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
