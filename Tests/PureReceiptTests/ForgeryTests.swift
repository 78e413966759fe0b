import Foundation
import PureCrypto
import PureDER
import PurePKCS7
import PureReceipt
import PureX509
import Testing
import VectorSupport

/// The forgery suite (TestVectors/forgery, made by make-forgery.sh with openssl): receipts a forger can make
/// without Apple's keys, signed by an "Apple look-alike" PKI that copies Apple's names, serial numbers, key
/// identifiers and marker extensions. Each case is validated end to end through ``ReceiptValidator`` and must
/// stop at the expected step for the expected reason; the positive controls prove the files are otherwise
/// well formed. No file validates under the bundled genuine Apple root.
@Suite struct ForgeryTests {
    struct Case: Decodable, CustomTestStringConvertible {
        let name: String
        let file: String
        let anchors: [String]
        let requiresAppleMarkers: Bool
        let validationTime: String
        let expectedValid: Bool
        let expectedStep: String?
        let expectedPKCS7Code: String?
        let expectedPathCode: String?
        let expectedPolicyReason: String?
        let expectedPathCertificateIndex: Int?
        var testDescription: String { name }
    }

    struct Signer: Decodable {
        let digestAlgorithm: String?
        let signedAttributes: [String]?
    }

    struct File: Decodable {
        let file: String
        let certificates: [String]
        let signers: [Signer]
        let sha256: String
        let bytes: Int
    }

    struct Purchase: Decodable {
        let quantity: Int64
        let productIdentifier: String
        let transactionIdentifier: String
        let purchaseDate: String
    }

    struct Payload: Decodable {
        let file: String
        let sha256: String
        let receiptType: String
        let bundleIdentifier: String
        let applicationVersion: String
        let originalApplicationVersion: String
        let creationDate: String
        let opaqueValueHex: String
        let deviceIdentifierHex: String
        let sha1HashHex: String
        let inAppPurchase: Purchase
    }

    struct Manifest: Decodable {
        let validationInstant: Int64
        let payload: Payload
        let cases: [Case]
        let files: [File]
    }

    static let folder = ProjectVectors.folder("forgery/out")

    static let manifest: Manifest? = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")) else { return nil }
        return try? JSONDecoder().decode(Manifest.self, from: data)
    }()

    static func bytes(_ file: String) throws -> [UInt8] {
        try ProjectVectors.bytes(folder.appendingPathComponent(file))
    }

    static let steps: [String: ReceiptValidationError.Step] = [
        "container": .container, "signature": .signature, "chain": .chain,
        "bundleIdentifier": .bundleIdentifier, "applicationVersion": .applicationVersion, "deviceHash": .deviceHash,
    ]

    static let pkcs7Codes: [String: PKCS7Error.Code] = [
        "malformed": .malformed, "notSignedData": .notSignedData, "missingContent": .missingContent,
        "unsupportedSignerCount": .unsupportedSignerCount, "signerNotFound": .signerNotFound,
        "unsupportedAlgorithm": .unsupportedAlgorithm, "algorithmMismatch": .algorithmMismatch,
        "missingAttribute": .missingAttribute, "messageDigestMismatch": .messageDigestMismatch,
        "contentTypeMismatch": .contentTypeMismatch, "badSignature": .badSignature,
        "untrustedSigner": .untrustedSigner,
    ]

    static let pathCodes: [String: PathValidationError.Code] = [
        "noPath": .noPath, "expired": .expired, "notYetValid": .notYetValid,
        "notCertificateAuthority": .notCertificateAuthority, "pathLengthExceeded": .pathLengthExceeded,
        "keyUsage": .keyUsage, "unknownCriticalExtension": .unknownCriticalExtension, "badSignature": .badSignature,
        "algorithmNotAllowed": .algorithmNotAllowed, "profileViolation": .profileViolation, "policy": .policy,
        "searchLimitReached": .searchLimitReached,
    ]

    /// "apple" is the bundled genuine root (``ReceiptTrust/apple``); anything else names certificates in out/.
    static func trust(for forgery: Case) throws -> ReceiptTrust {
        if forgery.anchors == ["apple"] {
            #expect(forgery.requiresAppleMarkers)
            return .apple
        }
        let anchors = try forgery.anchors.map { try Certificate(derEncoded: bytes($0)) }
        return ReceiptTrust(
            anchors: anchors,
            algorithms: .appleReceipts,
            policy: forgery.requiresAppleMarkers ? .appleReceipt : .storeKitTesting
        )
    }

    static func validator(for forgery: Case, expectations: ReceiptValidator.Expectations) throws -> ReceiptValidator {
        let time: ReceiptValidator.ValidationTime
        if forgery.validationTime == "receiptCreationDate" {
            time = .receiptCreationDate
        } else {
            time = .instant(try #require(Int64(forgery.validationTime)))
        }
        return ReceiptValidator(trust: try trust(for: forgery), validationTime: time, expectations: expectations)
    }

    @Test func theManifestIsCompleteAndMatchesTheFiles() throws {
        let manifest = try #require(Self.manifest, "TestVectors/forgery/out/manifest.json is missing or unreadable")
        let names = Set(manifest.cases.map(\.name))
        #expect(names.count == manifest.cases.count)
        for required in [
            "lookalike-apple-default-trust", "lookalike-with-genuine-root", "lookalike-apple-own-anchor",
            "lookalike-sha1-own-anchor", "lookalike-signed-attrs-own-anchor", "leaf-without-receipt-oid",
            "intermediate-without-wwdr-oid", "sha1-declared-sha256", "wrong-message-digest",
            "signature-over-implicit-tag", "signer-not-embedded", "two-signers",
        ] {
            #expect(names.contains(required), "\(required)")
        }
        for forgery in manifest.cases {
            #expect(forgery.expectedValid == (forgery.expectedStep == nil), "\(forgery.name)")
            if let step = forgery.expectedStep { #expect(Self.steps[step] != nil, "\(forgery.name): \(step)") }
            if let code = forgery.expectedPKCS7Code {
                #expect(Self.pkcs7Codes[code] != nil, "\(forgery.name): \(code)")
            }
            if let code = forgery.expectedPathCode { #expect(Self.pathCodes[code] != nil, "\(forgery.name): \(code)") }
            #expect((forgery.expectedPolicyReason != nil) == (forgery.expectedPathCode == "policy"), "\(forgery.name)")
            #expect(manifest.files.contains { $0.file == forgery.file }, "\(forgery.name)")
        }
        // A stale manifest (files regenerated, manifest not, or the reverse) shows here.
        for file in manifest.files {
            let bytes = try Self.bytes(file.file)
            #expect(bytes.count == file.bytes, "\(file.file)")
            #expect(SHA256.hash(bytes).description.lowercased() == file.sha256, "\(file.file)")
        }
        let payload = try Self.bytes(manifest.payload.file)
        #expect(SHA256.hash(payload).description.lowercased() == manifest.payload.sha256)
    }

    @Test(arguments: manifest?.cases ?? [])
    func forgeryGetsItsExactVerdict(_ forgery: Case) throws {
        let manifest = try #require(Self.manifest)
        let validator = try Self.validator(
            for: forgery,
            expectations: .init(bundleIdentifier: manifest.payload.bundleIdentifier)
        )
        let input = try Self.bytes(forgery.file)
        do throws(ReceiptValidationError) {
            let validated = try validator.validate(input)
            #expect(
                forgery.expectedValid,
                "validated; expected \(forgery.expectedStep ?? "?") \(forgery.expectedPKCS7Code ?? "")"
            )
            #expect(validated.receipt.bundleIdentifier == manifest.payload.bundleIdentifier)
            #expect(validated.validationTime == manifest.validationInstant)
            #expect(validated.chain.certificates.count == 3)
        } catch {
            #expect(!forgery.expectedValid, "expected valid: \(error)")
            guard !forgery.expectedValid else { return }
            #expect(error.step == Self.steps[forgery.expectedStep ?? ""], "\(error)")
            #expect(error.pkcs7?.code == Self.pkcs7Codes[forgery.expectedPKCS7Code ?? ""], "\(error)")
            let path = error.pkcs7?.path
            if let expected = forgery.expectedPathCode {
                #expect(path?.code == Self.pathCodes[expected], "\(error)")
                #expect(path?.certificateIndex == forgery.expectedPathCertificateIndex, "\(error)")
            } else {
                #expect(path == nil, "\(error)")
            }
            if let reason = forgery.expectedPolicyReason {
                #expect(path?.reason == reason, "\(error)")
            }
        }
    }

    /// Whatever a case's own anchors, no file of the suite validates against the genuine Apple root: a forger
    /// cannot choose the caller's trust.
    @Test func noForgeryValidatesUnderTheGenuineAppleRoot() throws {
        let manifest = try #require(Self.manifest)
        for file in manifest.files {
            let input = try Self.bytes(file.file)
            do throws(ReceiptValidationError) {
                _ = try ReceiptValidator().validate(input)
                Issue.record("\(file.file) validated under ReceiptTrust.apple")
            } catch {
                #expect([.container, .signature, .chain].contains(error.step), "\(file.file): \(error)")
            }
        }
    }

    /// The look-alike root is indistinguishable from the bundled Apple root by name and key identifier; only
    /// its key (and so its signatures) differ.
    @Test func theLookalikeRootCopiesApplesNameButNotItsKey() throws {
        let genuine = try #require(ReceiptTrust.apple.anchors.first)
        let lookalike = try Certificate(derEncoded: Self.bytes("apple-lookalike-root.der"))
        #expect(lookalike.subject.encoded == genuine.subject.encoded)
        #expect(lookalike.issuer.encoded == genuine.issuer.encoded)
        #expect(lookalike.serialNumber == genuine.serialNumber)
        #expect(lookalike.subjectKeyIdentifier == genuine.subjectKeyIdentifier)
        #expect(lookalike.subjectPublicKeyInfo != genuine.subjectPublicKeyInfo)
        let wwdr = try Certificate(derEncoded: Self.bytes("apple-lookalike-wwdr.der"))
        let signer = try Certificate(derEncoded: Self.bytes("apple-lookalike-receipt-signer.der"))
        #expect(wwdr.findExtension(.appleWWDRIntermediate) != nil)
        #expect(signer.findExtension(.appleReceiptSigning) != nil)
        #expect(signer.issuer.encoded == wwdr.subject.encoded)
    }

    /// The positive controls decode the synthetic payload completely, and its device hash checks.
    @Test func thePositiveControlsDecodeThePayload() throws {
        let manifest = try #require(Self.manifest)
        let payload = manifest.payload
        let controls = manifest.cases.filter(\.expectedValid)
        #expect(controls.count >= 3)
        for control in controls {
            let file = try #require(manifest.files.first { $0.file == control.file })
            let device = try #require(Hex.decode(payload.deviceIdentifierHex))
            let validator = try Self.validator(
                for: control,
                expectations: .init(
                    bundleIdentifier: payload.bundleIdentifier,
                    applicationVersion: payload.applicationVersion,
                    deviceIdentifier: device
                )
            )
            let input = try Self.bytes(control.file)
            let validated = try validator.validate(input)
            let receipt = validated.receipt
            #expect(receipt.receiptType == payload.receiptType)
            #expect(receipt.originalApplicationVersion == payload.originalApplicationVersion)
            #expect(receipt.creationDate == RFC3339.seconds(payload.creationDate))
            let opaque: [UInt8] = try #require(Hex.decode(payload.opaqueValueHex))
            let hash: [UInt8] = try #require(Hex.decode(payload.sha1HashHex))
            #expect(receipt.opaqueValue.map { Array($0) } == opaque)
            #expect(receipt.sha1Hash.map { Array($0) } == hash)
            #expect(receipt.inAppPurchases.count == 1)
            let purchase = try #require(receipt.inAppPurchases.first)
            #expect(purchase.quantity == payload.inAppPurchase.quantity)
            #expect(purchase.productIdentifier == payload.inAppPurchase.productIdentifier)
            #expect(purchase.transactionIdentifier == payload.inAppPurchase.transactionIdentifier)
            #expect(purchase.purchaseDate == RFC3339.seconds(payload.inAppPurchase.purchaseDate))
            #expect(validated.signedData.hadSignedAttributes == (file.signers.first?.signedAttributes != nil))
            let digest: RSADigestAlgorithm = file.signers.first?.digestAlgorithm == "sha1" ? .sha1 : .sha256
            #expect(validated.signedData.digestAlgorithm == digest)
            let anchor = try Certificate(derEncoded: Self.bytes(control.anchors[0]))
            #expect(validated.chain.anchor.encoded == anchor.encoded)
            // Another device's identifier does not match the hash.
            var other = device
            other[0] ^= 0x01
            let wrongDevice = try Self.validator(for: control, expectations: .init(deviceIdentifier: other))
            do throws(ReceiptValidationError) {
                _ = try wrongDevice.validate(input)
                Issue.record("\(control.name): another device's identifier matched")
            } catch {
                #expect(error.step == .deviceHash)
            }
        }
    }

    /// A real receipt carrying another real receipt's signature, made by the same Apple key: the signature is
    /// genuine, the signer is genuine, but it signs other content.
    @Test func aRealReceiptWithAnotherReceiptsSignatureIsRefused() throws {
        func load(_ name: String) throws -> (bytes: [UInt8], signedData: PurePKCS7.SignedData) {
            let bytes = try ProjectVectors.bytes("receipts/apple/\(name).der")
            return (bytes, try PurePKCS7.SignedData(berEncoded: bytes))
        }
        // Both signed by the 2015–2023 receipt-signing leaf under WWDR G1.
        let first = try load("AppReceiptValidator_hannes_mac_mindnode_receipt")
        let second = try load("AppStoreReceiptChecker_samplereceipt")
        #expect(first.signedData.certificates[0].encoded == second.signedData.certificates[0].encoded)
        let slot = first.signedData.signer.signature
        let donor = second.signedData.signer.signature
        try #require(slot.count == donor.count && slot != donor)
        var forged = first.bytes
        forged.replaceSubrange(slot.startIndex..<slot.endIndex, with: donor)
        do throws(ReceiptValidationError) {
            _ = try ReceiptValidator().validate(forged)
            Issue.record("a receipt carrying another receipt's signature validated")
        } catch {
            #expect(error.step == .signature)
            #expect(error.pkcs7?.code == .badSignature)
        }
        // The donor's own bytes still validate: the signature itself is genuine.
        _ = try ReceiptValidator().validate(second.bytes)
    }
}
