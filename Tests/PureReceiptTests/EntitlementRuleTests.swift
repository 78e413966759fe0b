import PureDER
import Testing

@testable import PureReceipt

/// Each rule of docs/entitlements.md on purchase lists built for it, encoded as real payloads and decoded.
@Suite struct EntitlementRuleTests {
    static let january = "2024-01-01T00:00:00Z"
    static let february = "2024-02-01T00:00:00Z"
    static let march = "2024-03-01T00:00:00Z"
    static let april = "2024-04-01T00:00:00Z"

    static func at(_ text: String) throws -> Int64 { try #require(RFC3339.seconds(text)) }

    static func monthly(
        _ transaction: String,
        original: String? = "100",
        from start: String,
        to end: String?,
        product: String = "com.example.pro"
    ) -> SyntheticPurchase {
        SyntheticPurchase(product: product, transaction: transaction, original: original, purchase: start, expires: end)
    }

    static func active(_ records: [SyntheticPurchase], at text: String) throws -> [String?] {
        ActiveSubscription.active(in: try decodedPurchases(records), at: try at(text)).map(\.transactionIdentifier)
    }

    // MARK: - Active subscriptions

    @Test func aSubscriptionIsActiveFromItsPurchaseDateUntilJustBeforeItsExpirationDate() throws {
        let records = [Self.monthly("100", from: Self.january, to: Self.february)]
        #expect(try Self.active(records, at: "2023-12-31T23:59:59Z") == [])
        #expect(try Self.active(records, at: Self.january) == ["100"])
        #expect(try Self.active(records, at: "2024-01-31T23:59:59Z") == ["100"])
        #expect(try Self.active(records, at: Self.february) == [])
    }

    @Test func renewalsOfOneOriginalTransactionCollapseToTheOneWhosePeriodContainsTheInstant() throws {
        let records = [
            Self.monthly("102", from: Self.march, to: Self.april),
            Self.monthly("100", from: Self.january, to: Self.february),
            Self.monthly("101", from: Self.february, to: Self.march),
        ]
        #expect(try Self.active(records, at: "2024-01-15T00:00:00Z") == ["100"])
        #expect(try Self.active(records, at: Self.february) == ["101"])
        #expect(try Self.active(records, at: "2024-03-15T00:00:00Z") == ["102"])
        #expect(try Self.active(records, at: Self.april) == [])
    }

    @Test func overlappingPeriodsOfOneOriginalTransactionKeepOnlyTheLatestPurchase() throws {
        // An upgrade starts at once, before the old period ends: both records cover mid-January.
        let records = [
            Self.monthly("100", from: Self.january, to: Self.february, product: "com.example.basic"),
            Self.monthly("101", from: "2024-01-10T00:00:00Z", to: "2024-02-10T00:00:00Z"),
        ]
        let answer = ActiveSubscription.active(
            in: try decodedPurchases(records),
            at: try Self.at("2024-01-15T00:00:00Z")
        )
        #expect(answer.map(\.transactionIdentifier) == ["101"])
        #expect(answer.first?.productIdentifier == "com.example.pro")
        #expect(answer.first?.purchaseDate == (try Self.at("2024-01-10T00:00:00Z")))
        #expect(answer.first?.expirationDate == (try Self.at("2024-02-10T00:00:00Z")))
        #expect(answer.first?.originalTransactionIdentifier == "100")
    }

    @Test func differentOriginalTransactionsAreEachActiveOrderedByProductThenLatestFirst() throws {
        let records = [
            Self.monthly("300", original: "300", from: Self.january, to: Self.march, product: "com.example.b"),
            Self.monthly("100", original: "100", from: Self.january, to: Self.march, product: "com.example.b"),
            Self.monthly("200", original: "200", from: Self.february, to: Self.march, product: "com.example.b"),
            Self.monthly("400", original: "400", from: Self.january, to: Self.march, product: "com.example.a"),
            // Byte order, not a locale's: "Z" (0x5A) sorts before "a" (0x61).
            Self.monthly("500", original: "500", from: Self.january, to: Self.march, product: "Z.example"),
        ]
        #expect(try Self.active(records, at: "2024-02-15T00:00:00Z") == ["500", "400", "200", "300", "100"])
    }

    @Test func aCancelledRecordNeverGrantsEvenBeforeItsCancellationDate() throws {
        var refunded = Self.monthly("100", from: Self.january, to: Self.march)
        refunded.cancellation = Self.february
        #expect(try Self.active([refunded], at: "2024-01-15T00:00:00Z") == [])
        #expect(try Self.active([refunded], at: "2024-02-15T00:00:00Z") == [])
        // A cancelled latest record leaves an earlier one of the same original transaction that still covers the
        // instant (a refunded upgrade).
        let earlier = Self.monthly("99", from: "2023-12-20T00:00:00Z", to: "2024-01-20T00:00:00Z")
        #expect(try Self.active([earlier, refunded], at: "2024-01-15T00:00:00Z") == ["99"])
    }

    @Test func anEmptyCancellationDateIsNoCancellation() throws {
        var record = Self.monthly("100", from: Self.january, to: Self.february)
        record.cancellation = ""
        #expect(try Self.active([record], at: Self.january) == ["100"])
        #expect(
            PurchasedProduct.purchased(in: try decodedPurchases([record]), by: try Self.at(Self.january)).count == 1
        )
    }

    @Test func aRecordWithoutAnExpirationDateIsNotASubscription() throws {
        let absent = SyntheticPurchase(product: "com.example.lifetime", transaction: "1", purchase: Self.january)
        let empty = SyntheticPurchase(
            product: "com.example.lifetime",
            transaction: "2",
            purchase: Self.january,
            expires: ""
        )
        #expect(try Self.active([absent, empty], at: Self.february) == [])
        let purchased = PurchasedProduct.purchased(
            in: try decodedPurchases([absent, empty]),
            by: try Self.at(Self.february)
        )
        #expect(purchased.map(\.productIdentifier) == ["com.example.lifetime"])
    }

    @Test func aRecordWithoutAPurchaseDateOrAProductAnswersNoTimedQuestion() throws {
        let undated = SyntheticPurchase(transaction: "1", original: "1", expires: Self.april)
        let unnamed = SyntheticPurchase(
            product: nil,
            transaction: "2",
            original: "2",
            purchase: Self.january,
            expires: Self.april
        )
        let records = try decodedPurchases([undated, unnamed])
        #expect(ActiveSubscription.active(in: records, at: try Self.at(Self.february)).isEmpty)
        #expect(PurchasedProduct.purchased(in: records, by: try Self.at(Self.february)).isEmpty)
        // Listed, but after every dated record.
        let dated = SyntheticPurchase(transaction: "0", purchase: Self.january)
        let listed = PurchasedProduct.purchases(of: "com.example.pro", in: try decodedPurchases([undated, dated]))
        #expect(listed.map(\.transactionIdentifier) == ["0", "1"])
    }

    @Test func theOriginalTransactionDefaultsToTheTransactionAndRecordsWithNeitherStandAlone() throws {
        // Xcode's records carry no original transaction identifier: the transaction identifier stands in.
        let first = Self.monthly("0", original: nil, from: Self.january, to: Self.march)
        let second = Self.monthly("0", original: nil, from: Self.february, to: Self.march)
        #expect(try Self.active([first, second], at: "2024-02-15T00:00:00Z") == ["0"])
        var anonymous = Self.monthly("x", original: nil, from: Self.january, to: Self.march)
        anonymous.transaction = nil
        let answer = ActiveSubscription.active(
            in: try decodedPurchases([anonymous, anonymous]),
            at: try Self.at("2024-02-15T00:00:00Z")
        )
        #expect(answer.count == 2)
    }

    // MARK: - Ties

    @Test func equalPurchaseDatesAreOrderedByTransactionIdentifierAsANumber() throws {
        // "999" is greater than "1000" byte by byte, smaller as a number; a leading zero changes nothing.
        let records = [
            Self.monthly("1000", from: Self.january, to: Self.march),
            Self.monthly("999", from: Self.january, to: Self.march),
            Self.monthly("0998", from: Self.january, to: Self.march),
        ]
        #expect(try Self.active(records, at: Self.february) == ["1000"])
        let listed = PurchasedProduct.purchases(of: "com.example.pro", in: try decodedPurchases(records))
        #expect(listed.map(\.transactionIdentifier) == ["1000", "999", "0998"])
    }

    @Test func identifiersThatAreNotNumbersCompareByBytesAndAnAbsentOneIsSmallest() throws {
        #expect(PurchaseOrder.compareTransactionIdentifiers("b", "a") == 1)
        #expect(PurchaseOrder.compareTransactionIdentifiers("10", "9a") == -1)  // "1" < "9" as bytes
        #expect(PurchaseOrder.compareTransactionIdentifiers(nil, "0") == -1)
        #expect(PurchaseOrder.compareTransactionIdentifiers("0", nil) == 1)
        #expect(PurchaseOrder.compareTransactionIdentifiers(nil, nil) == 0)
        #expect(PurchaseOrder.compareTransactionIdentifiers("007", "7") == 0)
        #expect(PurchaseOrder.compareTransactionIdentifiers("", "0") == -1)
    }

    @Test func fullTiesGoToTheRecordEncodedLater() throws {
        var first = Self.monthly("5", from: Self.january, to: Self.march)
        first.quantity = 1
        var second = first
        second.quantity = 2
        let records = try decodedPurchases([first, second])
        let answer = ActiveSubscription.active(in: records, at: try Self.at(Self.february))
        #expect(answer.map(\.purchase.quantity) == [2])
        let purchased = PurchasedProduct.purchased(in: records, by: try Self.at(Self.february))
        #expect(purchased.first?.latestPurchase.quantity == 2)
        #expect(PurchasedProduct.purchases(of: "com.example.pro", in: records).map(\.quantity) == [2, 1])
    }

    // MARK: - Purchased products

    @Test func aProductIsPurchasedFromItsPurchaseDateWithItsLatestTransactionAndSummedQuantity() throws {
        let records = [
            SyntheticPurchase(product: "com.example.coins", transaction: "1", purchase: Self.january, quantity: 5),
            SyntheticPurchase(product: "com.example.coins", transaction: "3", purchase: Self.march, quantity: nil),
            SyntheticPurchase(product: "com.example.coins", transaction: "2", purchase: Self.february, quantity: 3),
            SyntheticPurchase(
                product: "com.example.coins",
                transaction: "4",
                purchase: Self.february,
                cancellation: Self.march,
                quantity: 100
            ),
        ]
        let decoded = try decodedPurchases(records)
        #expect(PurchasedProduct.purchased(in: decoded, by: try Self.at("2023-12-31T23:59:59Z")).isEmpty)
        let inFebruary = try #require(PurchasedProduct.purchased(in: decoded, by: try Self.at(Self.february)).first)
        #expect(inFebruary.latestTransactionIdentifier == "2")
        #expect(inFebruary.latestPurchaseDate == (try Self.at(Self.february)))
        #expect(inFebruary.quantity == 8)
        #expect(inFebruary.transactionCount == 2)
        // A record without a quantity counts one; the refunded record never counts.
        let inApril = try #require(PurchasedProduct.purchased(in: decoded, by: try Self.at(Self.april)).first)
        #expect(inApril.latestTransactionIdentifier == "3")
        #expect(inApril.quantity == 9)
        #expect(inApril.transactionCount == 3)
        // The listing keeps the refunded record.
        let listed = PurchasedProduct.purchases(of: "com.example.coins", in: decoded)
        #expect(listed.map(\.transactionIdentifier) == ["3", "4", "2", "1"])
    }

    @Test func aProductRefundedInEveryRecordWasNeverPurchased() throws {
        let refunded = SyntheticPurchase(
            product: "com.example.lifetime",
            transaction: "1",
            purchase: Self.january,
            cancellation: Self.february
        )
        let decoded = try decodedPurchases([refunded])
        #expect(PurchasedProduct.purchased(in: decoded, by: try Self.at(Self.january)).isEmpty)
        #expect(PurchasedProduct.purchases(of: "com.example.lifetime", in: decoded).count == 1)
    }

    @Test func quantitiesHoldAtTheBoundsOfInt64() throws {
        let huge = SyntheticPurchase(transaction: "1", purchase: Self.january, quantity: Int64.max)
        var more = huge
        more.transaction = "2"
        more.quantity = 1
        let answer = PurchasedProduct.purchased(in: try decodedPurchases([huge, more]), by: try Self.at(Self.january))
        #expect(answer.first?.quantity == Int64.max)
        var low = huge
        low.quantity = Int64.min
        var lower = low
        lower.quantity = -1
        let negative = PurchasedProduct.purchased(
            in: try decodedPurchases([low, lower]),
            by: try Self.at(Self.january)
        )
        #expect(negative.first?.quantity == Int64.min)
    }

    // MARK: - Introductory offers

    @Test func aTrialOrAnIntroductoryPeriodInTheGroupEndsEligibility() throws {
        var trial = Self.monthly("1", from: Self.january, to: Self.february, product: "com.example.monthly")
        trial.trial = true
        var intro = Self.monthly("2", from: Self.january, to: Self.february, product: "com.example.yearly")
        intro.intro = true
        var plain = Self.monthly("3", from: Self.january, to: Self.february, product: "com.example.other")
        plain.trial = false
        plain.intro = false
        let records = try decodedPurchases([trial, intro, plain])
        let group = ["com.example.monthly", "com.example.yearly"]
        #expect(!IntroductoryOfferEligibility.isEligible(records, group: group))
        #expect(!IntroductoryOfferEligibility.isEligible(records, group: ["com.example.yearly"]))
        #expect(IntroductoryOfferEligibility.isEligible(records, group: ["com.example.other"]))
        #expect(IntroductoryOfferEligibility.isEligible(records, group: ["com.example.unknown"]))
        #expect(IntroductoryOfferEligibility.isEligible(records, group: []))
        // Fields absent: nothing says there was an offer.
        let silent = try decodedPurchases([Self.monthly("4", from: Self.january, to: Self.february)])
        #expect(IntroductoryOfferEligibility.isEligible(silent, group: ["com.example.pro"]))
    }

    @Test func aRefundedTrialStillEndsEligibility() throws {
        var trial = Self.monthly("1", from: Self.january, to: Self.february)
        trial.trial = true
        trial.cancellation = "2024-01-02T00:00:00Z"
        let records = try decodedPurchases([trial])
        #expect(!IntroductoryOfferEligibility.isEligible(records, group: ["com.example.pro"]))
    }
}
