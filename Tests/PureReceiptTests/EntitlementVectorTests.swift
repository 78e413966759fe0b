import Foundation
import PureDER
import PureX509
import Testing
import VectorSupport

@testable import PureReceipt

/// The entitlement answers of every real receipt, at the instants of TestVectors/entitlements/expected.json,
/// equal the answers a separate Python reading of the rules computed from the receipts' purchase lists.
@Suite struct EntitlementVectorTests {
    static let vectors = Result { try EntitlementVectors.load() }

    /// The receipt validated at its creation date, with the bundled Apple root or the vector's anchor.
    static func validate(_ vector: EntitlementVectors.Receipt) throws -> ValidatedReceipt {
        let trust: ReceiptTrust
        if let anchor = vector.anchor {
            trust = .storeKitTesting(try Certificate(derEncoded: try EntitlementVectors.bytes(anchor)))
        } else {
            trust = .apple
        }
        return try ReceiptValidator(trust: trust).validate(try EntitlementVectors.bytes(vector.file))
    }

    static func seconds(_ text: String) throws -> Int64 {
        try #require(RFC3339.seconds(text), "\(text) is not RFC 3339")
    }

    static func text(_ seconds: Int64) -> String { UTCDateTime.rfc3339(secondsSince1970: seconds) }

    static func subscriptions(_ answer: [ActiveSubscription]) -> [EntitlementVectors.Subscription] {
        answer.map {
            EntitlementVectors.Subscription(
                productId: $0.productIdentifier,
                transactionId: $0.transactionIdentifier,
                originalTransactionId: $0.originalTransactionIdentifier,
                purchaseDate: text($0.purchaseDate),
                expiresDate: text($0.expirationDate)
            )
        }
    }

    static func products(_ answer: [PurchasedProduct]) -> [EntitlementVectors.Product] {
        answer.map {
            EntitlementVectors.Product(
                productId: $0.productIdentifier,
                latestTransactionId: $0.latestTransactionIdentifier,
                latestPurchaseDate: $0.latestPurchaseDate.map(text) ?? "",
                quantity: $0.quantity,
                transactionCount: $0.transactionCount
            )
        }
    }

    @Test func theVectorsCoverEveryCarriedReceiptAndTheRichPurchaseLists() throws {
        let files = try Self.vectors.get().receipts.map(\.file)
        #expect(files.count == 25)
        for name in [
            "RevenueCat_base64encodedreceiptsample1", "TPInAppReceipt_receipt-sandbox-legacy",
            "TPInAppReceipt_receipt-production", "TPInAppReceipt_receipt-sandbox-g5", "Kvitto_sandboxReceipt",
            "AppReceiptValidator_hannes_bear_introductory_1_week_trial_receipt",
        ] {
            #expect(files.contains("receipts/apple/\(name).der"), "\(name)")
        }
        let instants = try Self.vectors.get().receipts.reduce(0) { $0 + $1.at.count }
        #expect(instants > 100)
    }

    @Test func activeSubscriptionsAndPurchasedProductsMatchAtEveryInstant() throws {
        for vector in try Self.vectors.get().receipts {
            let validated = try Self.validate(vector)
            for expected in vector.at {
                let at = try Self.seconds(expected.at)
                let where_ = "\(vector.file) at \(expected.at)"
                #expect(
                    Self.subscriptions(validated.activeSubscriptions(at: at)) == expected.activeSubscriptions,
                    "\(where_)"
                )
                #expect(Self.products(validated.purchasedProducts(at: at)) == expected.purchasedProducts, "\(where_)")
                for product in expected.purchasedProducts {
                    let one = validated.purchasedProduct(product.productId, at: at)
                    #expect(one.map { Self.products([$0]) } == [product], "\(where_) \(product.productId)")
                }
                let whole = validated.entitlements(at: at)
                #expect(whole.instant == at)
                #expect(Self.subscriptions(whole.activeSubscriptions) == expected.activeSubscriptions, "\(where_)")
                #expect(Self.products(whole.purchasedProducts) == expected.purchasedProducts, "\(where_)")
            }
        }
    }

    @Test func theDefaultInstantIsTheCreationDateAndItIsAmongTheVectorsInstants() throws {
        for vector in try Self.vectors.get().receipts {
            let validated = try Self.validate(vector)
            #expect(validated.receipt.creationDate.map(Self.text) == vector.receiptCreationDate, "\(vector.file)")
            #expect(vector.at.contains { $0.at == vector.receiptCreationDate }, "\(vector.file)")
        }
    }

    @Test func purchasesOfEachProductAreListedLatestFirst() throws {
        for vector in try Self.vectors.get().receipts {
            let validated = try Self.validate(vector)
            for expected in vector.purchasesLatestFirst {
                let answer = validated.purchases(of: expected.productId).map(\.transactionIdentifier)
                #expect(answer == expected.transactionIds, "\(vector.file) \(expected.productId)")
            }
            #expect(validated.purchases(of: "com.example.not-in-this-receipt").isEmpty)
        }
    }

    @Test func introductoryOfferEligibilityMatchesForEveryGroup() throws {
        var ineligible = 0
        for vector in try Self.vectors.get().receipts {
            let validated = try Self.validate(vector)
            for expected in vector.introOfferEligibility {
                let answer = validated.isEligibleForIntroductoryOffer(group: expected.group)
                #expect(answer == expected.eligible, "\(vector.file) \(expected.group)")
                if !answer { ineligible += 1 }
            }
        }
        #expect(ineligible >= 8)
    }

    @Test func theOriginalApplicationVersionAndDateMatch() throws {
        for vector in try Self.vectors.get().receipts {
            let validated = try Self.validate(vector)
            #expect(validated.originalApplicationVersion == vector.originalApplicationVersion, "\(vector.file)")
            #expect(validated.originalPurchaseDate.map(Self.text) == vector.originalPurchaseDate, "\(vector.file)")
            let whole = validated.entitlements(at: 0)
            #expect(whole.originalApplicationVersion == vector.originalApplicationVersion, "\(vector.file)")
            #expect(whole.originalPurchaseDate == validated.originalPurchaseDate, "\(vector.file)")
        }
    }

    /// Hand-checked against the receipt's purchase list: a crossgrade from lite to optimum and back within one
    /// original transaction leaves three overlapping periods at the creation date; only the latest is active.
    @Test func overlappingPeriodsOfOneOriginalTransactionCollapseToTheLatest() throws {
        let vector = try #require(
            try Self.vectors.get().receipts.first { $0.file.hasSuffix("TPInAppReceipt_InAppReceiptTests_17d3d7c.der") }
        )
        let validated = try Self.validate(vector)
        let at = try Self.seconds("2019-07-22T20:26:39Z")
        let overlapping = validated.receipt.inAppPurchases.filter { ActiveSubscription.isActive($0, at: at) }
        #expect(overlapping.count == 3)
        let active = validated.activeSubscriptions(at: at)
        #expect(active.count == 1)
        #expect(active.first?.transactionIdentifier == "1000000549508087")
        #expect(active.first?.productIdentifier == "com.nutcall.inapp.lite")
    }
}
