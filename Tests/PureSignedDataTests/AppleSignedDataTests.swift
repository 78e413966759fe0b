import Foundation
import PureJSON
import PureSignedData
import PureX509
import Testing
import VectorSupport

/// Real App Store signed data (TestVectors/jws/apple-signed, and the unlicensed samples of ../shared when
/// present): each verifies at its signing instant under the bundled Apple Root CA - G3, its decoded fields are
/// those its `.expected.json` lists (computed with OpenSSL and python, independently of this code), and each
/// whose leaf has expired since fails at 2026-11-25T12:00:00Z.
@Suite struct AppleSignedDataTests {
    /// The instant the expected files call "now".
    static let now: Int64 = 1_795_608_000

    struct Sample: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let expected: [String: any Sendable]

        var testDescription: String { name }

        var verdict: [String: any Sendable] { expected["expected_verdict"] as? [String: any Sendable] ?? [:] }
        var payload: [String: any Sendable] { expected["payload"] as? [String: any Sendable] ?? [:] }
        var fields: [String: any Sendable] { payload["fields"] as? [String: any Sendable] ?? [:] }
    }

    static func samples(_ files: [URL]) -> [Sample] {
        files.compactMap { url in
            let expectedURL = url.deletingPathExtension().appendingPathExtension("expected.json")
            guard let text = try? String(contentsOf: url, encoding: .utf8),
                let data = try? Data(contentsOf: expectedURL),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: any Sendable]
            else { return nil }
            return Sample(name: url.deletingPathExtension().lastPathComponent, text: text, expected: object)
        }
    }

    static let carried = samples((try? ProjectVectors.files(in: "jws/apple-signed", suffix: ".jws")) ?? [])
    static let optional = samples((try? OptionalVectors.jwsFiles(suffix: ".jws")) ?? [])

    @Test func theCarriedSamplesAreAllHere() {
        #expect(Self.carried.count == 10)
    }

    @Test(arguments: carried)
    func aCarriedSampleVerifiesAtItsSigningInstant(_ sample: Sample) throws {
        try Self.checkVerifiesAtSigningInstant(sample)
    }

    @Test(.needsOptionalVectors, arguments: optional)
    func anOptionalSampleVerifiesAtItsSigningInstant(_ sample: Sample) throws {
        try Self.checkVerifiesAtSigningInstant(sample)
    }

    @Test(arguments: carried)
    func aCarriedSampleHasTodaysVerdict(_ sample: Sample) throws {
        try Self.checkVerdictNow(sample)
    }

    @Test(.needsOptionalVectors, arguments: optional)
    func anOptionalSampleHasTodaysVerdict(_ sample: Sample) throws {
        try Self.checkVerdictNow(sample)
    }

    static func checkVerifiesAtSigningInstant(_ sample: Sample) throws {
        #expect(sample.verdict["overall_valid_at_signedDate"] as? Bool == true)
        let verified = try SignedDataVerifier().verify(sample.text)
        #expect(verified.kind.rawValue == sample.payload["kind"] as? String)
        #expect(Array(verified.chain.anchor.encoded) == BundledCertificates.appleRootCAG3)
        let fields = sample.fields
        let json = verified.payload.json
        for name in ["bundleId", "productId", "transactionId", "originalTransactionId", "notificationType"] {
            if let expected = fields[name] as? String {
                #expect(json[name]?.stringValue == expected, "\(name)")
            }
        }
        if let expected = fields["environment"] as? String {
            #expect(verified.payload.appClaims.environment?.rawValue == expected)
        }
        if let signedDate = (fields["signedDate"] as? NSNumber)?.int64Value {
            #expect(verified.payload.signedDate == signedDate)
            #expect(verified.validationTime == signedDate / 1000)
        }
        if case .notification(let notification) = verified.payload, let data = notification.data {
            let expected = fields["data"] as? [String: any Sendable] ?? [:]
            #expect(data.bundleId == expected["bundleId"] as? String)
            #expect((data.signedTransactionInfo != nil) == (expected["has_signedTransactionInfo"] as? Bool ?? false))
            #expect(verified.nested.count == notification.nestedSignedData.count)
        }
    }

    static func checkVerdictNow(_ sample: Sample) throws {
        let verifier = SignedDataVerifier(validationTime: .instant(now))
        if sample.verdict["overall_valid_at_now"] as? Bool == true {
            _ = try verifier.verify(sample.text)
        } else {
            let error = try #require(throws: SignedDataError.self) { try verifier.verify(sample.text) }
            #expect(error.step == .chain)
            #expect(error.path?.code == .expired, "\(error)")
        }
    }

    /// Apple's DID_RENEW of 2022 has no `signedDate`: it is validated at its nested transaction's.
    @Test func aNotificationWithoutSignedDateIsValidatedAtItsNestedTransactions() throws {
        let text = try ProjectVectors.text("jws/apple-signed/gopay_notification-DID_RENEW_2022-03-04_9d61db45.jws")
        let verified = try SignedDataVerifier().verify(text, as: ResponseBodyV2DecodedPayload.self)
        #expect(verified.payload.signedDate == nil)
        guard case .transaction(let transaction)? = verified.nested(at: "data.signedTransactionInfo")?.payload,
            let signedDate = transaction.signedDate
        else {
            Issue.record("no nested transaction with a signedDate")
            return
        }
        #expect(verified.validationTime == signedDate / 1000)
    }

    /// A third-party suite's tampered copies of real notifications, each refused where its change is.
    @Test func theTamperedSamplesOfAThirdPartySuiteAreRefused() throws {
        let expected: [String: (SignedDataError.Step, SignedDataError.Code, PathValidationError.Code?)] = [
            // alg changed to HS256.
            "mimo-dotnet_alg-HS256": (.header, .unsupportedAlgorithm, nil),
            // x5c[0] is WWDR G6, a CA, in the leaf's place: its key usage does not sign data.
            "mimo-dotnet_chain-certificate-compromised": (.chain, .pathValidation, .keyUsage),
            "mimo-dotnet_missing-part": (.compactSerialization, .partCount, nil),
            // x5c is an empty array.
            "mimo-dotnet_no-x5c": (.header, .certificateCount, nil),
        ]
        let files = try ProjectVectors.files(in: "jws/negative", suffix: ".jws")
        #expect(Set(files.map { $0.deletingPathExtension().lastPathComponent }) == Set(expected.keys))
        for url in files {
            let name = url.deletingPathExtension().lastPathComponent
            let text = try String(contentsOf: url, encoding: .utf8)
            let error = try #require(throws: SignedDataError.self, "\(name)") {
                try SignedDataVerifier(validationTime: .instant(1_700_000_000)).verify(text)
            }
            #expect(error.step == expected[name]?.0, "\(name): \(error)")
            #expect(error.code == expected[name]?.1, "\(name): \(error)")
            #expect(error.path?.code == expected[name]?.2, "\(name): \(error)")
        }
    }
}

/// Apple's App Store Server Library mocks: signed by a test PKI of Apple's shape, verified with its root
/// (`testCA.der`) as the anchor, as Apple's own tests do.
@Suite struct AppleLibraryMockTests {
    static func verifier(_ expectations: SignedDataVerifier.Expectations = .init()) throws -> SignedDataVerifier {
        let anchor = try Certificate(derEncoded: try ProjectVectors.bytes("jws/apple-library-mocks/testCA.der"))
        return SignedDataVerifier(
            trust: .replacingAnchors(with: [anchor]),
            validationTime: .instant(AppleSignedDataTests.now),
            expectations: expectations
        )
    }

    static func text(_ name: String) throws -> String {
        try ProjectVectors.text("jws/apple-library-mocks/\(name).jws")
    }

    @Test func theMockTransactionVerifiesWithTheTestRoot() throws {
        let verified = try Self.verifier().verify(
            try Self.text("transactionInfo"),
            as: JWSTransactionDecodedPayload.self
        )
        #expect(verified.chain.certificates.count == 3)
    }

    @Test func theMockRenewalInfoVerifiesWithTheTestRoot() throws {
        _ = try Self.verifier().verify(try Self.text("renewalInfo"), as: JWSRenewalInfoDecodedPayload.self)
    }

    @Test func theMockNotificationVerifiesWithTheTestRoot() throws {
        let verified = try Self.verifier().verify(try Self.text("testNotification"))
        #expect(verified.kind == .notification)
    }

    @Test func theMockForAnotherBundleIsRefusedByItsExpectations() throws {
        let verifier = try Self.verifier(.init(bundleIdentifier: "com.example"))
        let error = try #require(throws: SignedDataError.self) { try verifier.verify(try Self.text("wrongBundleId")) }
        #expect(error.step == .expectations)
        #expect(error.code == .bundleIdMismatch)
    }

    @Test func theMocksDoNotVerifyUnderApplesRoot() throws {
        let error = try #require(throws: SignedDataError.self) {
            try SignedDataVerifier(validationTime: .instant(AppleSignedDataTests.now)).verify(
                try Self.text("transactionInfo"),
                as: JWSTransactionDecodedPayload.self
            )
        }
        #expect(error.step == .chain)
    }
}

/// Data signed by Xcode's StoreKit testing: refused as App Store data, verified when the caller trusts the
/// Xcode certificate it was signed with.
@Suite struct XcodeSignedDataTests {
    static let files = (try? ProjectVectors.files(in: "jws/xcode", suffix: ".jws")) ?? []

    @Test func thereAreXcodeSamples() {
        #expect(Self.files.count == 4)
    }

    @Test(arguments: files)
    func xcodeDataIsNotAppStoreData(_ url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        let error = try #require(throws: SignedDataError.self) { try SignedDataVerifier().verify(text) }
        #expect(error.step == .header)
        #expect(error.code == .certificateCount)
    }

    @Test(arguments: files)
    func xcodeDataVerifiesWithItsCertificateTrusted(_ url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        let unverified = try UnverifiedSignedData<DecodedPayload>(unverified: text, layout: .xcode)
        let certificate = unverified.header.certificates[0]
        let verifier = SignedDataVerifier(trust: .xcode(certificate), validationTime: .instant(certificate.notBefore))
        let verified = try verifier.verify(text)
        #expect(verified.payload.appClaims.environment == .xcode)
        // Trusting Xcode's certificate does not make its data the App Store's.
        let strict = SignedDataVerifier(
            trust: .xcode(certificate),
            validationTime: .instant(certificate.notBefore),
            expectations: .init(environment: .sandbox)
        )
        let error = try #require(throws: SignedDataError.self) { try strict.verify(text) }
        #expect(error.code == .environmentMismatch)
    }
}
