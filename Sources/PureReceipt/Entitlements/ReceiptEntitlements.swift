/// What a validated receipt grants at an instant: the answers of docs/entitlements.md together.
public struct ReceiptEntitlements: Sendable, Hashable {
    /// The instant the answers hold at, in seconds since 1970.
    public let instant: Int64
    /// The auto-renewable subscriptions active at ``instant``, by product identifier, then latest first.
    public let activeSubscriptions: [ActiveSubscription]
    /// The products bought and not refunded by ``instant``, by product identifier.
    public let purchasedProducts: [PurchasedProduct]
    /// The version of the app first bought or downloaded (field 19), for paid-to-free migrations.
    public let originalApplicationVersion: String?
    /// When the app was first bought or downloaded (field 18), in seconds since 1970.
    public let originalPurchaseDate: Int64?
}

extension ValidatedReceipt {
    /// Everything the receipt grants at `instant` (seconds since 1970): the active subscriptions, the products
    /// bought, and the original application version and purchase date.
    ///
    /// ```swift
    /// let validated = try ReceiptValidator().validate(receiptBytes)
    /// let now = validated.receipt.creationDate ?? validated.validationTime
    /// let granted = validated.entitlements(at: now)
    /// let isPro = granted.activeSubscriptions.contains { $0.productIdentifier == "com.example.pro.monthly" }
    /// ```
    public func entitlements(at instant: Int64) -> ReceiptEntitlements {
        ReceiptEntitlements(
            instant: instant,
            activeSubscriptions: activeSubscriptions(at: instant),
            purchasedProducts: purchasedProducts(at: instant),
            originalApplicationVersion: receipt.originalApplicationVersion,
            originalPurchaseDate: receipt.originalPurchaseDate
        )
    }

    /// The auto-renewable subscriptions active at `instant` (seconds since 1970): purchase date ≤ `instant` <
    /// expiration date, not cancelled, the latest record of each original transaction; ordered by product
    /// identifier, then latest first.
    public func activeSubscriptions(at instant: Int64) -> [ActiveSubscription] {
        ActiveSubscription.active(in: receipt.inAppPurchases, at: instant)
    }

    /// The products bought by `instant` (seconds since 1970) and not refunded, each with its latest transaction;
    /// ordered by product identifier.
    public func purchasedProducts(at instant: Int64) -> [PurchasedProduct] {
        PurchasedProduct.purchased(in: receipt.inAppPurchases, by: instant)
    }

    /// Whether `productIdentifier` was bought by `instant` (seconds since 1970) and not refunded: its latest
    /// transaction, or `nil`. The question to ask of non-consumables and non-renewing subscriptions.
    public func purchasedProduct(_ productIdentifier: String, at instant: Int64) -> PurchasedProduct? {
        // Its own records only: the order among them is the same as among all (PurchaseOrder's last step keeps
        // their relative encoded order).
        let records = receipt.inAppPurchases.filter { $0.productIdentifier == productIdentifier }
        return PurchasedProduct.purchased(in: records, by: instant).first
    }

    /// Every record of `productIdentifier`, latest first, refunded ones included (check
    /// ``InAppPurchase/cancellationDate``).
    public func purchases(of productIdentifier: String) -> [InAppPurchase] {
        PurchasedProduct.purchases(of: productIdentifier, in: receipt.inAppPurchases)
    }

    /// Whether the user may be offered the introductory offer of the subscription group whose product
    /// identifiers are `group`: no record of those products was in a free trial or an introductory price
    /// period, refunded records included.
    public func isEligibleForIntroductoryOffer(group: [String]) -> Bool {
        IntroductoryOfferEligibility.isEligible(receipt.inAppPurchases, group: group)
    }

    /// The version of the app first bought or downloaded (field 19): compare it with the version that became
    /// free to grant what earlier buyers paid for.
    public var originalApplicationVersion: String? { receipt.originalApplicationVersion }

    /// When the app was first bought or downloaded (field 18), in seconds since 1970.
    public var originalPurchaseDate: Int64? { receipt.originalPurchaseDate }
}
