import Foundation
import PureCrypto
import PureDER
import PurePKCS7
import Testing
import VectorSupport

@testable import PureReceipt

/// Every field of every real receipt, decoded and compared with its expected.json (made independently with
/// openssl and a Python decoder).
@Suite struct PayloadDecodingTests {
    struct Sample {
        let name: String
        let receipt: AppReceipt
        let expected: [String: Any]
    }

    static func samples(_ vectors: [ReceiptVector], rules: EncodingRules) throws -> [Sample] {
        try vectors.map { vector in
            let signedData = try SignedData(berEncoded: vector.bytes)
            let receipt = try AppReceipt(payload: signedData.content, rules: rules)
            return Sample(name: vector.name, receipt: receipt, expected: vector.expected)
        }
    }

    /// The carried App Store receipts (DER) and Xcode receipts (BER).
    static func allSamples() throws -> [Sample] {
        try samples(ProjectVectors.receipts(in: "receipts/apple"), rules: .der)
            + samples(ProjectVectors.receipts(in: "receipts/xcode"), rules: .ber)
    }

    /// Seconds since 1970 of an expected RFC 3339 string; nil for null or "".
    static func epoch(_ value: Any?) -> Int64? {
        guard let text = value as? String, !text.isEmpty else { return nil }
        let formatter = ISO8601DateFormatter()
        let normalised = text.replacingOccurrences(
            of: #"([+-]\d\d)(\d\d)$"#,
            with: "$1:$2",
            options: .regularExpression
        )
        return formatter.date(from: normalised).map { Int64($0.timeIntervalSince1970) }
    }

    static func hex(_ bytes: ArraySlice<UInt8>?) -> String? {
        bytes.map { Hex.encode($0) }
    }

    @Test func everyAppFieldMatchesItsExpectedValue() throws {
        let samples = try Self.allSamples()
        #expect(samples.count == 25)
        try Self.expectAppFields(samples)
    }

    @Test func everyInAppPurchaseFieldMatchesItsExpectedValue() throws {
        #expect(try Self.expectInAppPurchaseFields(Self.allSamples()) > 200)
    }

    @Test func theDeviceHashMatchesWhereTheDeviceIdentifierIsKnown() throws {
        #expect(try Self.expectDeviceHashes(Self.allSamples()) >= 3)
    }

    @Test func unknownAttributesAreKeptNotDropped() throws {
        try Self.expectUnknownAttributes(Self.allSamples())
    }

    /// The four checks above on the receipt the repository does not carry.
    @Test(.needsOptionalVectors) func theOptionalReceiptDecodesToItsExpectedValues() throws {
        let samples = try Self.samples(OptionalVectors.appStoreReceipts(), rules: .der)
        try Self.expectAppFields(samples)
        #expect(try Self.expectInAppPurchaseFields(samples) == 1)
        _ = try Self.expectDeviceHashes(samples)
        try Self.expectUnknownAttributes(samples)
    }

    static func expectAppFields(_ samples: [Sample]) throws {
        for sample in samples {
            let receipt = sample.receipt
            let expected = try #require(sample.expected["receipt"] as? [String: Any])
            let name = sample.name
            #expect(receipt.receiptType == expected["receipt_type"] as? String, "\(name)")
            #expect(receipt.appItemIdentifier == (expected["app_item_id"] as? Int).map(Int64.init), "\(name)")
            #expect(receipt.bundleIdentifier == expected["bundle_id"] as? String, "\(name)")
            #expect(Self.hex(receipt.bundleIdentifierData) == expected["bundle_id_field_der_hex"] as? String, "\(name)")
            #expect(receipt.applicationVersion == expected["application_version"] as? String, "\(name)")
            #expect(
                receipt.originalApplicationVersion == expected["original_application_version"] as? String,
                "\(name)"
            )
            #expect(Self.hex(receipt.opaqueValue) == expected["opaque_value_hex"] as? String, "\(name)")
            #expect(Self.hex(receipt.sha1Hash) == expected["sha1_hash_hex"] as? String, "\(name)")
            #expect(
                receipt.creationDate == (expected["receipt_creation_date_epoch"] as? Int).map(Int64.init),
                "\(name)"
            )
            #expect(receipt.expirationDate == Self.epoch(expected["expiration_date"]), "\(name)")
            #expect(receipt.originalPurchaseDate == Self.epoch(expected["original_purchase_date"]), "\(name)")
            #expect(
                receipt.versionExternalIdentifier == (expected["version_external_identifier"] as? Int).map(Int64.init),
                "\(name)"
            )
            #expect(receipt.downloadIdentifier == (expected["download_id"] as? Int).map(Int64.init), "\(name)")
            #expect(receipt.ageRating == expected["age_rating"] as? String, "\(name)")
            #expect(receipt.inAppPurchases.count == expected["in_app_count"] as? Int, "\(name)")
        }
    }

    /// Checks every in-app purchase record and returns how many there were.
    static func expectInAppPurchaseFields(_ samples: [Sample]) throws -> Int {
        var records = 0
        for sample in samples {
            let expectedRecords = try #require(sample.expected["in_app"] as? [[String: Any]])
            #expect(sample.receipt.inAppPurchases.count == expectedRecords.count, "\(sample.name)")
            for (purchase, expected) in zip(sample.receipt.inAppPurchases, expectedRecords) {
                let name = "\(sample.name) \(expected["transaction_id"] ?? "?")"
                #expect(purchase.quantity == (expected["quantity"] as? Int).map(Int64.init), "\(name)")
                #expect(purchase.productIdentifier == expected["product_id"] as? String, "\(name)")
                #expect(purchase.transactionIdentifier == expected["transaction_id"] as? String, "\(name)")
                #expect(
                    purchase.originalTransactionIdentifier == expected["original_transaction_id"] as? String,
                    "\(name)"
                )
                #expect(purchase.purchaseDate == Self.epoch(expected["purchase_date"]), "\(name)")
                #expect(purchase.originalPurchaseDate == Self.epoch(expected["original_purchase_date"]), "\(name)")
                #expect(purchase.subscriptionExpirationDate == Self.epoch(expected["expires_date"]), "\(name)")
                #expect(purchase.cancellationDate == Self.epoch(expected["cancellation_date"]), "\(name)")
                #expect(
                    purchase.webOrderLineItemIdentifier == (expected["web_order_line_item_id"] as? Int).map(Int64.init),
                    "\(name)"
                )
                #expect(
                    purchase.isInIntroductoryOfferPeriod
                        == (expected["is_in_intro_offer_period"] as? Int).map { $0 != 0 },
                    "\(name)"
                )
                #expect(purchase.promotionalOfferIdentifier == expected["promotional_offer_id"] as? String, "\(name)")
                records += 1
            }
        }
        return records
    }

    /// Checks the receipt hash of every receipt whose device identifier is known and returns how many.
    static func expectDeviceHashes(_ samples: [Sample]) throws -> Int {
        var checked = 0
        for sample in samples {
            guard let check = sample.expected["hash_check"] as? [String: Any],
                let guidHex = check["device_guid_hex"] as? String, check["matches"] as? Bool == true
            else { continue }
            let guid = try #require(Hex.decode(guidHex))
            let receipt = sample.receipt
            var hasher = Insecure.SHA1()
            hasher.update(guid)
            hasher.update(try #require(receipt.opaqueValue))
            hasher.update(try #require(receipt.bundleIdentifierData))
            #expect(Array(hasher.finalize().bytes)[...] == receipt.sha1Hash, "\(sample.name)")
            checked += 1
        }
        return checked
    }

    static func expectUnknownAttributes(_ samples: [Sample]) throws {
        for sample in samples {
            let all = try #require(sample.expected["all_receipt_fields"] as? [[String: Any]])
            let known: Set<Int> = [0, 1, 2, 3, 4, 5, 10, 12, 15, 16, 17, 18, 19, 21]
            let unknown = all.compactMap { $0["type"] as? Int }.filter { !known.contains($0) }
            #expect(sample.receipt.otherAttributes.map(\.type).sorted() == unknown.sorted(), "\(sample.name)")
        }
    }

    @Test func rfc3339DatesInEveryFormReceiptsUse() {
        #expect(RFC3339.seconds("2015-09-22T08:55:28Z") == 1_442_912_128)
        #expect(RFC3339.seconds("2020-07-22T18:33:15+0100") == RFC3339.seconds("2020-07-22T17:33:15Z"))
        #expect(RFC3339.seconds("2020-07-22T18:33:15+01:00") == RFC3339.seconds("2020-07-22T17:33:15Z"))
        #expect(RFC3339.seconds("2020-07-22T18:33:15-0300") == RFC3339.seconds("2020-07-22T21:33:15Z"))
        #expect(RFC3339.seconds("2015-09-22T08:55:28.123Z") == 1_442_912_128)
        for bad in ["", "2015-09-22", "2015-09-22T08:55:28", "2015-02-30T00:00:00Z", "2015-09-22T08:55:28+1", "x"] {
            #expect(RFC3339.seconds(bad) == nil, "\(bad)")
        }
    }

    @Test func xcodePayloadsNeedTheUnsortedSetOfRelaxation() throws {
        for url in try ProjectVectors.files(in: "receipts/xcode", suffix: ".der") {
            let signedData = try SignedData(berEncoded: try ProjectVectors.bytes(url))
            #expect(throws: ReceiptError.self) { try AppReceipt(payload: signedData.content, rules: .der) }
        }
    }
}
