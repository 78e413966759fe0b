import Foundation
import PureDER
import PurePKCS7
import PureReceipt
import PureX509
import Testing
import VectorSupport

/// ``SignatureMemo`` spares only the arithmetic of certificate signatures verified before: every verdict, step
/// and error is what a validation without it gives, whatever warmed it, and a certificate whose bytes differ in
/// any way from a verified one is verified anew.
@Suite struct SignatureMemoTests {
    /// A validation's outcome, comparable: the chain's encodings and the instant, or the step and codes.
    enum Outcome: Equatable {
        case valid(chain: [[UInt8]], time: Int64, bundle: String?)
        case invalid(step: ReceiptValidationError.Step, pkcs7: PKCS7Error.Code?, path: PathValidationError.Code?)
    }

    static func outcome(_ body: () throws(ReceiptValidationError) -> ValidatedReceipt) -> Outcome {
        do throws(ReceiptValidationError) {
            let validated = try body()
            return .valid(
                chain: validated.chain.certificates.map { Array($0.encoded) },
                time: validated.validationTime,
                bundle: validated.receipt.bundleIdentifier
            )
        } catch {
            return .invalid(step: error.step, pkcs7: error.pkcs7?.code, path: error.pkcs7?.path?.code)
        }
    }

    /// Every carried App Store and Xcode receipt, with the trust it validates under, and every forgery with its own.
    static func inputs() throws -> [(name: String, bytes: [UInt8], validator: ReceiptValidator)] {
        var inputs: [(String, [UInt8], ReceiptValidator)] = []
        for receipt in try ProjectVectors.receipts(in: "receipts/apple") {
            inputs.append((receipt.name, receipt.bytes, ReceiptValidator()))
        }
        let storeKit = try Certificate(derEncoded: ProjectVectors.bytes("certs/storekit/StoreKitTestCertificate.cer"))
        for receipt in try ProjectVectors.receipts(in: "receipts/xcode") {
            inputs.append((receipt.name, receipt.bytes, ReceiptValidator(trust: .storeKitTesting(storeKit))))
            inputs.append((receipt.name + " (Apple trust)", receipt.bytes, ReceiptValidator()))
        }
        let forgeries = ProjectVectors.folder("forgery/out")
        let lookalikeRoot = try Certificate(
            derEncoded: ProjectVectors.bytes(forgeries.appendingPathComponent("apple-lookalike-root.der"))
        )
        for url in try ProjectVectors.files(in: "forgery/out", suffix: ".der") {
            let bytes = try ProjectVectors.bytes(url)
            inputs.append((url.lastPathComponent, bytes, ReceiptValidator()))
            inputs.append(
                (
                    url.lastPathComponent + " (look-alike anchor)", bytes,
                    ReceiptValidator(trust: .replacingAnchors(with: [lookalikeRoot]))
                )
            )
        }
        return inputs
    }

    @Test func aWarmMemoNeverChangesAVerdict() throws {
        let inputs = try Self.inputs()
        #expect(inputs.count > 60)
        let cold = inputs.map { input in
            Self.outcome { () throws(ReceiptValidationError) in try input.validator.validate(input.bytes) }
        }
        // Warmed by everything once, then every input again, in order and in reverse: the same outcomes.
        var memo = SignatureMemo(capacity: 256)
        for input in inputs {
            _ = Self.outcome { () throws(ReceiptValidationError) in
                try input.validator.validate(input.bytes, memo: &memo)
            }
        }
        let hitsBefore = memo.hits
        for (index, input) in inputs.enumerated() {
            let warm = Self.outcome { () throws(ReceiptValidationError) in
                try input.validator.validate(input.bytes, memo: &memo)
            }
            #expect(warm == cold[index], "\(input.name)")
        }
        for (index, input) in inputs.enumerated().reversed() {
            let warm = Self.outcome { () throws(ReceiptValidationError) in
                try input.validator.validate(input.bytes, memo: &memo)
            }
            #expect(warm == cold[index], "\(input.name)")
        }
        // The valid App Store receipts' leaf and intermediate signatures were spared on the second passes.
        #expect(memo.hits - hitsBefore >= 2 * 2 * 22)
    }

    @Test func aSmallMemoEvictsAndStillAgrees() throws {
        let inputs = try Self.inputs()
        var memo = SignatureMemo(capacity: 2)
        for _ in 0..<2 {
            for input in inputs {
                let cold = Self.outcome { () throws(ReceiptValidationError) in try input.validator.validate(input.bytes)
                }
                let warm = Self.outcome { () throws(ReceiptValidationError) in
                    try input.validator.validate(input.bytes, memo: &memo)
                }
                #expect(warm == cold, "\(input.name)")
                #expect(memo.certificates.count <= 2)
            }
        }
    }

    /// The memo holds copies: no certificate it keeps is a view of a receipt it was given.
    @Test func theMemoKeepsNoInputAlive() throws {
        var memo = SignatureMemo()
        let receipt = try #require(try ProjectVectors.receipts(in: "receipts/apple").first)
        _ = try ReceiptValidator().validate(receipt.bytes, memo: &memo)
        #expect(memo.certificates.count == 2)  // the leaf and the intermediate; the anchor is the validator's
        #expect(memo.certificates.allSatisfy { $0.encoded.startIndex == 0 })
    }

    /// A receipt whose leaf keeps its TBSCertificate but carries another signature: the receipt's own signature
    /// still verifies (the leaf's key is unchanged), so only the memo could wrongly vouch for the leaf.
    @Test func aLeafWithTheSameTBSAndAnotherSignatureIsNotTakenAsVerified() throws {
        for receipt in try ProjectVectors.receipts(in: "receipts/apple") {
            var memo = SignatureMemo()
            _ = try ReceiptValidator().validate(receipt.bytes, memo: &memo)
            let signedData = try SignedData(berEncoded: receipt.bytes)
            let leaf = try signedData.signerCertificate()
            var forged = receipt.bytes
            forged[leaf.signature.startIndex + 7] ^= 0x01  // a view into the receipt: the offset is the receipt's
            for memo in [memo, SignatureMemo()] {
                var memo = memo
                let outcome = Self.outcome { () throws(ReceiptValidationError) in
                    try ReceiptValidator().validate(forged, memo: &memo)
                }
                #expect(
                    outcome == .invalid(step: .chain, pkcs7: .untrustedSigner, path: .badSignature),
                    "\(receipt.name)"
                )
            }
        }
    }

    /// The same certificate under another issuer key is another entry: TestVectors/x509/repeated-candidates has a
    /// root and an impostor with the same name and another key, and a leaf the root issued.
    @Test func anEntryIsForOneIssuerKey() throws {
        let folder = "x509/repeated-candidates/"
        let root = try Certificate(derEncoded: ProjectVectors.bytes(folder + "root.der"))
        let impostor = try Certificate(derEncoded: ProjectVectors.bytes(folder + "impostor.der"))
        let leaf = try Certificate(derEncoded: ProjectVectors.bytes(folder + "leaf.der"))
        var memo = SignatureMemo()
        _ = try PathValidator(anchors: [root]).validate(
            leaf: leaf,
            intermediates: [],
            at: leaf.notBefore,
            policy: .none,
            memo: &memo
        )
        #expect(memo.hits == 0)
        _ = try PathValidator(anchors: [root]).validate(
            leaf: leaf,
            intermediates: [],
            at: leaf.notBefore,
            policy: .none,
            memo: &memo
        )
        #expect(memo.hits == 1)
        do throws(PathValidationError) {
            _ = try PathValidator(anchors: [impostor]).validate(
                leaf: leaf,
                intermediates: [],
                at: leaf.notBefore,
                policy: .none,
                memo: &memo
            )
            Issue.record("the impostor's key was taken for the root's")
        } catch {
            #expect(error.code == .badSignature)
        }
        #expect(memo.hits == 1)
    }
}
