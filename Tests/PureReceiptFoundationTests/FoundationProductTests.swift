import Foundation
import PureReceipt
import PureX509
import Testing
import VectorSupport

@testable import PureReceiptFoundation

/// The Foundation product on the real receipts: `Data` in, `Date` out, files, and the entitlement questions at
/// a `Date`, compared with the receipts' expected files (dates read here with ISO8601DateFormatter) and with
/// TestVectors/entitlements/expected.json.
@Suite struct FoundationProductTests {
    static let appleReceipts = ProjectVectors.folder("receipts/apple")
    static let g5 = appleReceipts.appendingPathComponent("TPInAppReceipt_receipt-sandbox-g5.der")
    static let g5Device = UUID(uuidString: "956328D9-CC6A-47F4-BE40-6953FB0AB6C7")

    /// Every App Store receipt carried in TestVectors, with its expected file.
    static func receipts() throws -> [(url: URL, expected: [String: Any])] {
        let urls = try FileManager.default.contentsOfDirectory(at: appleReceipts, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "der" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try urls.map { url in
            let expectedURL = url.deletingPathExtension().appendingPathExtension("expected.json")
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: expectedURL))
            return (url, try #require(object as? [String: Any]))
        }
    }

    /// An expected RFC 3339 date as a `Date`; nil for null or "".
    static func date(_ value: Any?) -> Date? {
        guard let text = value as? String, !text.isEmpty else { return nil }
        return ISO8601DateFormatter().date(from: text)
    }

    @Test func dataValidatesLikeBytesAndEveryDateAccessorMatchesTheExpectedFile() throws {
        let receipts = try Self.receipts()
        #expect(receipts.count == 22)
        var purchases = 0
        for (url, expected) in receipts {
            let name = url.lastPathComponent
            let validated = try ReceiptValidator().validate(try Data(contentsOf: url))
            let fields = try #require(expected["receipt"] as? [String: Any])
            let receipt = validated.receipt
            #expect(receipt.createdAt == Self.date(fields["receipt_creation_date"]), "\(name)")
            #expect(receipt.createdAt != nil, "\(name)")
            #expect(validated.validatedAt == receipt.createdAt, "\(name)")
            #expect(receipt.originallyPurchasedAt == Self.date(fields["original_purchase_date"]), "\(name)")
            #expect(validated.originallyPurchasedAt == receipt.originallyPurchasedAt, "\(name)")
            #expect(receipt.expiresAt == Self.date(fields["expiration_date"]), "\(name)")
            let records = try #require(expected["in_app"] as? [[String: Any]])
            #expect(receipt.inAppPurchases.count == records.count, "\(name)")
            for (purchase, record) in zip(receipt.inAppPurchases, records) {
                #expect(purchase.purchasedAt == Self.date(record["purchase_date"]), "\(name)")
                #expect(purchase.originallyPurchasedAt == Self.date(record["original_purchase_date"]), "\(name)")
                #expect(purchase.expiresAt == Self.date(record["expires_date"]), "\(name)")
                #expect(purchase.cancelledAt == Self.date(record["cancellation_date"]), "\(name)")
                purchases += 1
            }
        }
        #expect(purchases > 200)
    }

    @Test func theEntitlementQuestionsAtADateMatchTheIndependentAnswers() throws {
        let formatter = ISO8601DateFormatter()
        for vector in try EntitlementVectors.load().receipts where vector.anchor == nil {
            let validated = try ReceiptValidator().validate(
                contentsOf: ProjectVectors.directory.appendingPathComponent(vector.file)
            )
            for answers in vector.at {
                let date = try #require(formatter.date(from: answers.at))
                // Within the second: the same answers as at the second itself.
                let within = date.addingTimeInterval(0.75)
                let granted = validated.entitlements(at: within)
                #expect(granted.evaluatedAt == date)
                let subscriptions = granted.activeSubscriptions.map { subscription in
                    EntitlementVectors.Subscription(
                        productId: subscription.productIdentifier,
                        transactionId: subscription.transactionIdentifier,
                        originalTransactionId: subscription.originalTransactionIdentifier,
                        purchaseDate: formatter.string(from: subscription.purchasedAt),
                        expiresDate: formatter.string(from: subscription.expiresAt)
                    )
                }
                #expect(subscriptions == answers.activeSubscriptions, "\(vector.file) at \(answers.at)")
                let products = validated.purchasedProducts(at: within).map { product in
                    EntitlementVectors.Product(
                        productId: product.productIdentifier,
                        latestTransactionId: product.latestTransactionIdentifier,
                        latestPurchaseDate: product.latestPurchasedAt.map(formatter.string) ?? "",
                        quantity: product.quantity,
                        transactionCount: product.transactionCount
                    )
                }
                #expect(products == answers.purchasedProducts, "\(vector.file) at \(answers.at)")
                #expect(validated.activeSubscriptions(at: within) == granted.activeSubscriptions)
                for product in granted.purchasedProducts {
                    #expect(validated.purchasedProduct(product.productIdentifier, at: within) == product)
                }
                #expect(granted.originallyPurchasedAt == validated.originallyPurchasedAt)
            }
        }
    }

    @Test func theValidationTimeAndTheDeviceCanBeGivenAsFoundationValues() throws {
        let data = try Data(contentsOf: Self.g5)
        let creation = try #require(ISO8601DateFormatter().date(from: "2025-12-26T18:39:47Z"))
        let atCreation = ReceiptValidator(validationTime: .at(creation.addingTimeInterval(0.5)))
        #expect(try atCreation.validate(data).validatedAt == creation)
        let later = ReceiptValidator(validationTime: .at(Date(timeIntervalSince1970: 1_900_000_000)))
        #expect(throws: ReceiptValidationError.self) { try later.validate(data) }
        do throws(ReceiptValidationError) {
            _ = try later.validate(data)
        } catch {
            #expect(error.step == .chain)
        }

        let device = try #require(Self.g5Device)
        let matching = ReceiptValidator(expectations: .init(bundleIdentifier: "dev.bonzer.weeka.app", device: device))
        #expect(try matching.validate(data).receipt.bundleIdentifier == "dev.bonzer.weeka.app")
        let other = ReceiptValidator(
            expectations: .init(device: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        )
        do throws(ReceiptValidationError) {
            _ = try other.validate(data)
            Issue.record("another device's identifier validated")
        } catch {
            #expect(error.step == .deviceHash)
        }
    }

    @Test func datesBecomeWholeSecondsTowardThePastWithinTheBoundsOfInt64() {
        #expect(SecondsSince1970.seconds(Date(timeIntervalSince1970: 1.5)) == 1)
        #expect(SecondsSince1970.seconds(Date(timeIntervalSince1970: -0.5)) == -1)
        #expect(SecondsSince1970.seconds(Date(timeIntervalSince1970: 0)) == 0)
        #expect(SecondsSince1970.seconds(Date(timeIntervalSince1970: 1e300)) == .max)
        #expect(SecondsSince1970.seconds(Date(timeIntervalSince1970: 0x1p63)) == .max)
        #expect(SecondsSince1970.seconds(Date(timeIntervalSince1970: -0x1p63)) == .min)
        #expect(SecondsSince1970.seconds(Date(timeIntervalSince1970: -1e300)) == .min)
        #expect(SecondsSince1970.seconds(Date(timeIntervalSince1970: .infinity)) == .max)
        #expect(SecondsSince1970.seconds(Date(timeIntervalSince1970: .nan)) == .min)
        #expect(SecondsSince1970.seconds(Date.distantFuture) > 0)
        #expect(SecondsSince1970.date(1_595_439_548) == Date(timeIntervalSince1970: 1_595_439_548))
    }
}
