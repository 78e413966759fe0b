import Foundation
import PureCrypto
import PureDER
import PurePKCS7
import PureX509
import Testing
import VectorSupport

@testable import PureReceipt

/// The validator end to end: every real receipt, every step's failure, and a third party's synthetic
/// receipts under a fake Apple PKI.
@Suite struct ReceiptValidatorTests {
    static func certificate(_ path: String) throws -> Certificate {
        try Certificate(derEncoded: ProjectVectors.bytes(path))
    }

    static func expectStep(
        _ step: ReceiptValidationError.Step,
        _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws(ReceiptValidationError) -> ValidatedReceipt
    ) -> ReceiptValidationError? {
        do {
            _ = try body()
            Issue.record("validated; expected a failure at \(step)", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(error.step == step, "\(error) \(comment?.description ?? "")", sourceLocation: sourceLocation)
            return error
        }
    }

    @Test func theBundledRootIsApplesPublishedCertificate() throws {
        #expect(
            SHA256.hash(BundledCertificates.appleIncRoot).description.uppercased()
                == "B0B1730ECBC7FF4505142C49F1295E6EDA6BCAED7E2C68C5BE91B5A11001F024"
        )
        #expect(ReceiptTrust.apple.anchors.first?.subject.commonName == "Apple Root CA")
    }

    @Test func everyAppStoreReceiptValidatesAtItsCreationDateWithItsBundleAndVersion() throws {
        let samples = try ProjectVectors.receipts(in: "receipts/apple")
        #expect(samples.count == 22)
        try Self.expectValidAtCreationDate(samples)
    }

    @Test(.needsOptionalVectors) func theOptionalReceiptValidatesAtItsCreationDateWithItsBundleAndVersion() throws {
        try Self.expectValidAtCreationDate(try OptionalVectors.appStoreReceipts())
    }

    /// Each receipt validates at its creation date under its expected bundle identifier and version, with a
    /// chain of three.
    static func expectValidAtCreationDate(_ samples: [ReceiptVector]) throws {
        for sample in samples {
            let fields = try #require(sample.expected["receipt"] as? [String: Any])
            let validator = ReceiptValidator(
                expectations: .init(
                    bundleIdentifier: fields["bundle_id"] as? String,
                    applicationVersion: fields["application_version"] as? String
                )
            )
            let validated = try validator.validate(sample.bytes)
            #expect(validated.validationTime == (fields["receipt_creation_date_epoch"] as? Int).map(Int64.init))
            #expect(validated.chain.certificates.count == 3, "\(sample.name)")
        }
    }

    @Test func theBundleIdentifierIsComparedByItsBytesNotByCanonicalEquivalence() throws {
        let sample = try #require(
            try ProjectVectors.receipts(in: "receipts/apple").first {
                $0.name.hasPrefix("in-app-purchase_test_apple_js")
            }
        )
        let bundle = try #require((sample.expected["receipt"] as? [String: Any])?["bundle_id"] as? String)
        #expect(bundle == "com.mustafadur.Kargotakip")
        _ = try ReceiptValidator(expectations: .init(bundleIdentifier: bundle)).validate(sample.bytes)
        // U+212A KELVIN SIGN is canonically equivalent to "K": Swift's `==` calls the two identifiers equal.
        let lookalike = "com.mustafadur.\u{212A}argotakip"
        #expect(lookalike == bundle)
        _ = Self.expectStep(.bundleIdentifier) { () throws(ReceiptValidationError) in
            try ReceiptValidator(expectations: .init(bundleIdentifier: lookalike)).validate(sample.bytes)
        }
    }

    @Test func everyStepFailsForItsOwnReason() throws {
        let sample = try #require(
            try ProjectVectors.receipts(in: "receipts/apple").first {
                $0.name.hasPrefix("TPInAppReceipt_receipt-sandbox-g5")
            }
        )
        let fields = try #require(sample.expected["receipt"] as? [String: Any])
        let bundle = try #require(fields["bundle_id"] as? String)
        _ = Self.expectStep(.container) { () throws(ReceiptValidationError) in
            try ReceiptValidator().validate(Array("NOT A RECEIPT".utf8))
        }
        var tampered = sample.bytes
        let content = try PurePKCS7.SignedData(berEncoded: sample.bytes).content
        tampered[content.startIndex + content.count / 2] ^= 0x01
        let broken = Self.expectStep(.signature) { () throws(ReceiptValidationError) in
            try ReceiptValidator().validate(tampered)
        }
        #expect(broken?.pkcs7?.code == .badSignature)
        let atToday = Self.expectStep(.chain) { () throws(ReceiptValidationError) in
            try ReceiptValidator(validationTime: .instant(1_795_219_200)).validate(sample.bytes)
        }
        #expect(atToday?.pkcs7?.path?.code == .expired)
        _ = Self.expectStep(.bundleIdentifier) { () throws(ReceiptValidationError) in
            try ReceiptValidator(expectations: .init(bundleIdentifier: bundle + ".other")).validate(sample.bytes)
        }
        _ = Self.expectStep(.applicationVersion) { () throws(ReceiptValidationError) in
            try ReceiptValidator(expectations: .init(bundleIdentifier: bundle, applicationVersion: "999")).validate(
                sample.bytes
            )
        }
        // The device identifier from TPInAppReceipt's tests matches; any other does not.
        let device: [UInt8] = [
            0x95, 0x63, 0x28, 0xD9, 0xCC, 0x6A, 0x47, 0xF4, 0xBE, 0x40, 0x69, 0x53, 0xFB, 0x0A, 0xB6, 0xC7,
        ]
        _ = try ReceiptValidator(expectations: .init(bundleIdentifier: bundle, deviceIdentifier: device)).validate(
            sample.bytes
        )
        _ = Self.expectStep(.deviceHash) { () throws(ReceiptValidationError) in
            try ReceiptValidator(expectations: .init(deviceIdentifier: [UInt8](repeating: 0, count: 16))).validate(
                sample.bytes
            )
        }
    }

    /// The environment and the app Apple ID as a receipt carries them (fields 0 and 1): a real Production receipt
    /// passes with its own and fails at each step with another; the app item ID is not compared where the type says
    /// there is none (0 in sandbox and Xcode receipts), but is where the type is missing or unknown.
    @Test func theReceiptTypeAndTheAppItemIdentifierAreCheckedWhenExpected() throws {
        let production = try ProjectVectors.bytes("receipts/apple/TPInAppReceipt_receipt-production.der")
        let validated = try ReceiptValidator(
            expectations: .init(receiptType: "Production", appItemIdentifier: 690_661_663)
        ).validate(production)
        #expect(validated.receipt.receiptType == "Production")
        let sandbox = Self.expectStep(.receiptType) { () throws(ReceiptValidationError) in
            try ReceiptValidator(expectations: .init(receiptType: "ProductionSandbox")).validate(production)
        }
        #expect(sandbox?.reason == "receipt type Production, expected ProductionSandbox")
        let otherApp = Self.expectStep(.appItemIdentifier) { () throws(ReceiptValidationError) in
            try ReceiptValidator(expectations: .init(appItemIdentifier: 690_661_664)).validate(production)
        }
        #expect(otherApp?.reason == "the app item identifier is not the expected one")
        // Sandbox: the type is checked, the app item ID (0) is not.
        let g5 = try ProjectVectors.bytes("receipts/apple/TPInAppReceipt_receipt-sandbox-g5.der")
        let inSandbox = try ReceiptValidator(
            expectations: .init(receiptType: "ProductionSandbox", appItemIdentifier: 690_661_663)
        ).validate(g5)
        #expect(inSandbox.receipt.appItemIdentifier == 0)
        _ = Self.expectStep(.receiptType) { () throws(ReceiptValidationError) in
            try ReceiptValidator(expectations: .init(receiptType: "Production")).validate(g5)
        }
        // Xcode: the same, under its StoreKit certificate.
        let storeKit = try Self.certificate("certs/storekit/StoreKitTestCertificate.cer")
        let xcode = try ProjectVectors.bytes("receipts/xcode/TPInAppReceipt_receipt-xcode.der")
        _ = try ReceiptValidator(
            trust: .storeKitTesting(storeKit),
            expectations: .init(receiptType: "Xcode", appItemIdentifier: 1)
        ).validate(xcode)
        // A receipt whose type is neither sandbox's nor Xcode's has its app item ID compared.
        for type in [nil, "Production", "productionsandbox", "Sandbox", "ProductionSandbox "] {
            #expect(!AppReceipt.carriesNoAppItemIdentifier(receiptType: type), "\(type ?? "nil")")
        }
        #expect(AppReceipt.carriesNoAppItemIdentifier(receiptType: "ProductionSandbox"))
        #expect(AppReceipt.carriesNoAppItemIdentifier(receiptType: "Xcode"))
    }

    @Test func xcodeReceiptsValidateOnlyAgainstTheirStoreKitCertificate() throws {
        let storeKit = try Self.certificate("certs/storekit/StoreKitTestCertificate.cer")
        for sample in try ProjectVectors.receipts(in: "receipts/xcode") {
            let validated = try ReceiptValidator(trust: .storeKitTesting(storeKit)).validate(sample.bytes)
            #expect(validated.receipt.receiptType == "Xcode")
            _ = Self.expectStep(.chain, "\(sample.name)") { () throws(ReceiptValidationError) in
                try ReceiptValidator().validate(sample.bytes)
            }
        }
    }

    @Test func aForeignRootIsAChainFailure() throws {
        let foreign = try Self.certificate("certs/other/frank4dd-cacert.der")
        let trust = ReceiptTrust.replacingAnchors(with: [foreign])
        let sample = try #require(try ProjectVectors.receipts(in: "receipts/apple").first)
        _ = Self.expectStep(.chain) { () throws(ReceiptValidationError) in
            try ReceiptValidator(trust: trust).validate(sample.bytes)
        }
    }

    /// The policy of the third-party generator's verifier, composed from this library's rules.
    static let leafMarkerOnly = CertificatePolicy([
        .receiptSigningLeaf, .appleReceiptChain(requiringIntermediateMarker: false),
    ])

    /// The third-party synthetic receipts (BouncyCastle, under fake Apple PKIs): each verdict of their
    /// manifest, with their own roots as the anchors, under the policy their generator's verifier applies —
    /// the leaf's receipt-signing marker required, the WWDR marker and RFC 5280 §4's issuance rules not (their
    /// certificates have neither, nor key identifiers). Under this library's full Apple policy every one of
    /// them fails at the chain step, which the test checks too.
    @Test func thirdPartySyntheticReceiptsGetTheirManifestVerdicts() throws {
        let folder = "receipts/synthetic-thirdparty/emindeniz99/"
        enum Verdict {
            case valid(receiptType: String?)
            case fails(PathValidationError.Code)
        }
        let cases: [(file: String, root: String, verdict: Verdict)] = [
            ("receipt", "receipt-root", .valid(receiptType: "ProductionSandbox")),
            ("receipt-double-wrapped", "receipt-root", .valid(receiptType: "ProductionSandbox")),
            ("receipt-no-type", "receipt-root", .valid(receiptType: nil)),
            ("receipt-type-production", "receipt-root", .valid(receiptType: "Production")),
            ("receipt-type-vpp", "receipt-root", .valid(receiptType: "ProductionVPP")),
            ("receipt-type-vpp-sandbox", "receipt-root", .valid(receiptType: "ProductionVPPSandbox")),
            ("receipt-expired-historical", "receipt-expired-root", .valid(receiptType: "ProductionSandbox")),
            ("receipt-expired-fresh", "receipt-expired-root", .fails(.expired)),
            ("receipt-foreign", "receipt-root", .fails(.badSignature)),
            ("receipt-no-signer-oid", "receipt-no-signer-oid-root", .fails(.policy)),
        ]
        let device: [UInt8] = [
            0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF, 0x00,
        ]
        for (file, root, verdict) in cases {
            let bytes = try ProjectVectors.bytes(folder + file + ".der")
            let anchor = try Self.certificate(folder + root + ".der")
            let trust = ReceiptTrust(anchors: [anchor], algorithms: .standard, policy: Self.leafMarkerOnly)
            let validator = ReceiptValidator(trust: trust, expectations: .init(bundleIdentifier: "com.example.app"))
            _ = Self.expectStep(.chain, "\(file) under the full Apple policy") { () throws(ReceiptValidationError) in
                try ReceiptValidator(trust: .replacingAnchors(with: [anchor])).validate(bytes)
            }
            switch verdict {
            case .valid(let receiptType):
                let validated = try validator.validate(bytes)
                #expect(validated.receipt.receiptType == receiptType, "\(file)")
                #expect(validated.receipt.applicationVersion == "1.2.3", "\(file)")
                // BouncyCastle signs attributes, unlike Apple: the messageDigest path on third-party data.
                #expect(validated.signedData.hadSignedAttributes, "\(file)")
            case .fails(let code):
                let error = Self.expectStep(.chain, "\(file)") { () throws(ReceiptValidationError) in
                    try validator.validate(bytes)
                }
                #expect(error?.pkcs7?.path?.code == code, "\(file): \(String(describing: error))")
            }
        }
        // The plain receipt: two purchases, and the device hash of the manifest's device GUID.
        let plain = try ProjectVectors.bytes(folder + "receipt.der")
        let trust = ReceiptTrust(
            anchors: [try Self.certificate(folder + "receipt-root.der")],
            algorithms: .standard,
            policy: Self.leafMarkerOnly
        )
        let validated = try ReceiptValidator(trust: trust, expectations: .init(deviceIdentifier: device)).validate(
            plain
        )
        #expect(
            validated.receipt.inAppPurchases.compactMap(\.productIdentifier).sorted() == [
                "com.example.app.coins100", "com.example.app.vip",
            ]
        )
        var other = device
        other[15] ^= 0x01
        _ = Self.expectStep(.deviceHash) { () throws(ReceiptValidationError) in
            try ReceiptValidator(trust: trust, expectations: .init(deviceIdentifier: other)).validate(plain)
        }
        // The bundled Apple root trusts none of them.
        _ = Self.expectStep(.chain) { () throws(ReceiptValidationError) in try ReceiptValidator().validate(plain) }
    }

    /// Apple's markers: our own CMS vectors (TestVectors/pkcs7) are signed by a three-certificate PKI without
    /// them, over a receipt-like payload with no creation date.
    @Test func applesMarkersAreRequiredWhenAsked() throws {
        let folder = ProjectVectors.folder("pkcs7/out")
        let root = try Certificate(derEncoded: ProjectVectors.bytes(folder.appendingPathComponent("root.der")))
        let bytes = try ProjectVectors.bytes(folder.appendingPathComponent("no-attrs-sha256.der"))
        let at = ReceiptValidator.ValidationTime.instant(1_717_200_000)
        let plain = ReceiptTrust(anchors: [root], algorithms: .standard, policy: .storeKitTesting)
        let validated = try ReceiptValidator(trust: plain, validationTime: at).validate(bytes)
        #expect(validated.receipt.bundleIdentifier == "com.example.receipt-tests")
        let marked = ReceiptTrust(anchors: [root], algorithms: .standard, policy: .appleReceipt)
        let refused = Self.expectStep(.chain) { () throws(ReceiptValidationError) in
            try ReceiptValidator(trust: marked, validationTime: at).validate(bytes)
        }
        #expect(refused?.pkcs7?.path?.code == .policy)
        #expect(refused?.pkcs7?.path?.rule == "Apple receipt chain")
        #expect(refused?.pkcs7?.path?.reason == "the leaf lacks Apple's receipt-signing marker")
        // Without an instant, a receipt with no creation date cannot be validated.
        _ = Self.expectStep(.payload) { () throws(ReceiptValidationError) in
            try ReceiptValidator(trust: plain).validate(bytes)
        }
    }
}
