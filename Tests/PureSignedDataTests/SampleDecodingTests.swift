import Foundation
import PureJSON
import PureSignedData
import Testing
import VectorSupport

/// Every StoreKit 2 sample of TestVectors/jws (and the unlicensed ones of the shared collection, when present)
/// decodes, unverified, into the kind and the field values its `.expected.json` records; the malformed ones
/// fail at the step they should.
@Suite struct SampleDecodingTests {
    /// The well-formed samples: real Apple data, Apple's library mocks with an `x5c` of three, the negative
    /// samples that are well-formed JWS.
    static let carried: [String] =
        (try? ProjectVectors.files(in: "jws/apple-signed", suffix: ".jws").map {
            "apple-signed/" + $0.lastPathComponent
        })
        ?? []

    @Test func theRepositoryCarriesTheTenLicensedAppleSamples() {
        #expect(Self.carried.count == 10)
    }

    @Test(arguments: carried)
    func anAppleSampleDecodesToItsExpectedFields(name: String) throws {
        try checkSample(ProjectVectors.file("jws/" + name), layout: .appStore)
    }

    @Test(.needsOptionalVectors)
    func everyUnlicensedAppleSampleDecodesToItsExpectedFields() throws {
        let files = try OptionalVectors.jwsFiles(suffix: ".jws")
        #expect(files.count == 33)
        for file in files { try checkSample(file, layout: .appStore) }
    }

    @Test(arguments: ["testNotification", "wrongBundleId"])
    func anAppleLibraryMockNotificationDecodesToItsExpectedFields(name: String) throws {
        try checkSample(ProjectVectors.file("jws/apple-library-mocks/\(name).jws"), layout: .appStore)
    }

    @Test(arguments: [("transactionInfo", SignedDataKind.transaction), ("renewalInfo", .renewalInfo)])
    func aMinimalMockDecodesAsTheKindTheCallerNamesAndNoKindIsDetected(name: String, kind: SignedDataKind) throws {
        let url = ProjectVectors.file("jws/apple-library-mocks/\(name).jws")
        try checkSample(url, layout: .appStore, as: kind)
        let error = #expect(throws: SignedDataError.self) {
            try UnverifiedSignedData<DecodedPayload>(unverified: try ProjectVectors.bytes(url))
        }
        #expect(error?.code == .kindUndetermined)
    }

    @Test(arguments: [
        "xcode-signed-app-transaction", "xcode-signed-renewal-info", "xcode-signed-transaction",
        "verify-storekit2-nodejs_xcode-signed-transaction_2024-12-11",
    ])
    func anXcodeSampleDecodesWithTheXcodeLayoutOnly(name: String) throws {
        let url = ProjectVectors.file("jws/xcode/\(name).jws")
        try checkSample(url, layout: .xcode)
        let error = #expect(throws: SignedDataError.self) {
            try UnverifiedSignedData<DecodedPayload>(unverified: try ProjectVectors.bytes(url), layout: .appStore)
        }
        #expect(error?.code == .certificateCount)
    }

    @Test func xcodeFractionalMillisecondsAreFlooredAndKeptInTheJSON() throws {
        let bytes = try ProjectVectors.bytes("jws/xcode/xcode-signed-app-transaction.jws")
        let decoded = try UnverifiedSignedData<AppTransaction>(unverified: bytes, layout: .xcode)
        #expect(decoded.payload.receiptCreationDate == 1_697_680_122_257)
        #expect(decoded.payload.json["receiptCreationDate"] == .double(1_697_680_122_257.447))
        #expect(decoded.payload.originalPurchaseDate == -62_135_769_600_000)
        #expect(decoded.payload.receiptType == .xcode)
        #expect(decoded.payload.otherFields.map(\.0) == ["requestDate"])
    }

    @Test func aNotificationKeepsItsNestedJWSAsWrittenAndTheyDecodeToo() throws {
        let bytes = try ProjectVectors.bytes("jws/apple-signed/gopay_notification-DID_RENEW_2022-03-04_9d61db45.jws")
        let notification = try UnverifiedSignedData<ResponseBodyV2DecodedPayload>(unverified: bytes).payload
        #expect(notification.notificationType == .didRenew)
        #expect(notification.signedDate == nil)
        let data = try #require(notification.data)
        #expect(data.environment == .sandbox)
        let transaction = try UnverifiedSignedData<JWSTransactionDecodedPayload>(
            unverified: try #require(data.signedTransactionInfo)
        ).payload
        let separate = try ProjectVectors.bytes("jws/apple-signed/gopay_transaction_2022-03-04_6600cd6e.jws")
        #expect(Array(try #require(data.signedTransactionInfo).utf8) == separate)
        #expect(transaction.bundleId == data.bundleId)
        let renewal = try UnverifiedSignedData<JWSRenewalInfoDecodedPayload>(
            unverified: try #require(data.signedRenewalInfo)
        ).payload
        #expect(renewal.autoRenewStatus == .on)
    }

    @Test func theSigningInputAndTheCertificatesAreThoseOfTheInput() throws {
        let text = try ProjectVectors.text("jws/apple-signed/gopay_transaction_2022-11-04_0cd9c84b.jws")
        let decoded = try UnverifiedSignedData<JWSTransactionDecodedPayload>(unverified: text)
        let parts = text.split(separator: ".")
        #expect(Array(decoded.signingInput) == Array((parts[0] + "." + parts[1]).utf8))
        #expect(decoded.signature.count == 64)
        let root = try ProjectVectors.bytes("certs/apple-roots/AppleRootCA-G3.cer")
        let wwdr = try ProjectVectors.bytes("certs/wwdr/AppleWWDRCAG6.cer")
        #expect(Array(decoded.header.certificates[2].encoded) == root)
        #expect(Array(decoded.header.certificates[1].encoded) == wwdr)
        #expect(decoded.header.algorithm == "ES256")
        #expect(decoded.header.keyIdentifier == nil)
        #expect(decoded.payload.price == nil)
        #expect(decoded.payload.type == .autoRenewableSubscription)
    }

    @Test(arguments: [
        ("apple-library-mocks/missingX5CHeaderClaim", SignedDataError.Code.missingCertificateChain),
        ("apple-library-mocks/malformed-too-many-parts", .partCount),
        // "a.b.c": a base64url group of one character encodes no byte.
        ("apple-library-mocks/malformed-data", .invalidBase64URL),
        ("apple-library-mocks/legacyTransaction", .partCount),
        ("negative/mimo-dotnet_alg-HS256", .unsupportedAlgorithm),
        ("negative/mimo-dotnet_no-x5c", .certificateCount),
        ("negative/mimo-dotnet_missing-part", .partCount),
    ])
    func aMalformedSampleFailsWithItsCode(name: String, code: SignedDataError.Code) throws {
        let bytes = try ProjectVectors.bytes("jws/\(name).jws")
        let error = #expect(throws: SignedDataError.self) {
            try UnverifiedSignedData<DecodedPayload>(unverified: bytes)
        }
        #expect(error?.code == code)
    }

    @Test func theCompromisedChainSampleDecodesForItIsWellFormed() throws {
        // x5c = [G6, G6, G3]: its refusal is the verifier's (no leaf marker, signature), not the decoder's.
        let bytes = try ProjectVectors.bytes("jws/negative/mimo-dotnet_chain-certificate-compromised.jws")
        let decoded = try UnverifiedSignedData<DecodedPayload>(unverified: bytes)
        #expect(decoded.payload.kind == .notification)
    }

    // MARK: - Comparing with .expected.json

    private func checkSample(_ url: URL, layout: CertificateChainLayout, as named: SignedDataKind? = nil) throws {
        let name = url.lastPathComponent
        let expectedURL = url.deletingPathExtension().appendingPathExtension("expected.json")
        let expected = try JSONValue(parsing: try ProjectVectors.bytes(expectedURL))
        let fields = try #require(expected["payload"]?["fields"], "\(name)")
        let bytes = try ProjectVectors.bytes(url)
        let payload: DecodedPayload
        switch named {
        case .transaction?:
            payload = .transaction(try UnverifiedSignedData(unverified: bytes, layout: layout).payload)
        case .renewalInfo?:
            payload = .renewalInfo(try UnverifiedSignedData(unverified: bytes, layout: layout).payload)
        case .appTransaction?:
            payload = .appTransaction(try UnverifiedSignedData(unverified: bytes, layout: layout).payload)
        case .notification?:
            payload = .notification(try UnverifiedSignedData(unverified: bytes, layout: layout).payload)
        case nil:
            let decoded = try UnverifiedSignedData<DecodedPayload>(unverified: bytes, layout: layout)
            #expect(decoded.header.certificates.count == layout.certificateCount)
            let kind = try #require(expected["payload"]?["kind"]?.stringValue)
            #expect(decoded.payload.kind.rawValue == kind, "\(name)")
            payload = decoded.payload
        }
        for (field, value) in try #require(fields.members) where field != "signedDate_iso" {
            if field == "data" {
                try checkData(payload, value, name)
                continue
            }
            let actual = typedField(payload, field)
            #expect(actual != nil && actual == scalarText(value), "\(name): \(field)")
        }
        let topLevel = try #require(expected["payload"]?["top_level_keys"]?.elements).compactMap(\.stringValue)
        #expect(payload.json.members?.map(\.0) == topLevel, "\(name)")
    }

    private func checkData(_ payload: DecodedPayload, _ expected: JSONValue, _ name: String) throws {
        guard case .notification(let notification) = payload else {
            Issue.record("\(name): data in a \(payload.kind)")
            return
        }
        let data = try #require(notification.data, "\(name)")
        for (field, value) in try #require(expected.members) {
            let actual: String?
            switch field {
            case "bundleId": actual = data.bundleId
            case "bundleVersion": actual = data.bundleVersion
            case "environment": actual = data.environment?.rawValue
            case "appAppleId": actual = data.appAppleId.map { "\($0)" }
            case "status": actual = data.status.map { "\($0.rawValue)" }
            case "has_signedTransactionInfo": actual = "\(data.signedTransactionInfo != nil)"
            case "has_signedRenewalInfo": actual = "\(data.signedRenewalInfo != nil)"
            case "has_signedAppTransactionInfo": actual = "false"
            default: actual = nil
            }
            #expect(actual != nil && actual == scalarText(value), "\(name): data.\(field)")
        }
    }

    private func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .integer(let number): return "\(number)"
        // Xcode's fractional milliseconds, which the decoder floors (all these are positive).
        case .double(let number): return "\(Int64(number))"
        case .bool(let flag): return "\(flag)"
        default: return nil
        }
    }

    /// The typed value of `field`, as text: what the typed decoding made of it, not the JSON.
    private func typedField(_ payload: DecodedPayload, _ field: String) -> String? {
        switch payload {
        case .transaction(let p):
            switch field {
            case "bundleId": return p.bundleId
            case "environment": return p.environment?.rawValue
            case "signedDate": return p.signedDate.map { "\($0)" }
            case "productId": return p.productId
            case "transactionId": return p.transactionId
            case "originalTransactionId": return p.originalTransactionId
            case "webOrderLineItemId": return p.webOrderLineItemId
            case "type": return p.type?.rawValue
            case "purchaseDate": return p.purchaseDate.map { "\($0)" }
            case "expiresDate": return p.expiresDate.map { "\($0)" }
            case "appAccountToken": return p.appAccountToken
            case "inAppOwnershipType": return p.inAppOwnershipType?.rawValue
            case "storefront": return p.storefront
            case "transactionReason": return p.transactionReason?.rawValue
            default: return nil
            }
        case .renewalInfo(let p):
            switch field {
            case "environment": return p.environment?.rawValue
            case "signedDate": return p.signedDate.map { "\($0)" }
            case "productId": return p.productId
            case "originalTransactionId": return p.originalTransactionId
            case "autoRenewProductId": return p.autoRenewProductId
            case "autoRenewStatus": return p.autoRenewStatus.map { "\($0.rawValue)" }
            default: return nil
            }
        case .appTransaction(let p):
            switch field {
            case "bundleId": return p.bundleId
            case "receiptType": return p.receiptType?.rawValue
            case "signedDate": return p.signedDate.map { "\($0)" }
            default: return nil
            }
        case .notification(let p):
            switch field {
            case "notificationType": return p.notificationType?.rawValue
            case "subtype": return p.subtype?.rawValue
            case "notificationUUID": return p.notificationUUID
            case "version": return p.version
            case "signedDate": return p.signedDate.map { "\($0)" }
            default: return nil
            }
        }
    }
}
