public import Foundation
public import PureReceipt

// `Date` accessors beside the `Int64` fields of the core types. Each is named for the moment it gives
// (`purchasedAt` beside `purchaseDate`), since a property cannot be overloaded by its type alone.

extension AppReceipt {
    /// When the receipt was created (field 12): the instant its chain is validated at by default.
    public var createdAt: Date? { creationDate.map(SecondsSince1970.date) }
    /// When the app was first bought or downloaded (field 18).
    public var originallyPurchasedAt: Date? { originalPurchaseDate.map(SecondsSince1970.date) }
    /// When a Volume Purchase Program receipt expires (field 21).
    public var expiresAt: Date? { expirationDate.map(SecondsSince1970.date) }
}

extension InAppPurchase {
    /// When the item was bought, or the subscription period began (field 1704).
    public var purchasedAt: Date? { purchaseDate.map(SecondsSince1970.date) }
    /// When the original transaction was made (field 1706).
    public var originallyPurchasedAt: Date? { originalPurchaseDate.map(SecondsSince1970.date) }
    /// When an auto-renewable subscription period ends (field 1708).
    public var expiresAt: Date? { subscriptionExpirationDate.map(SecondsSince1970.date) }
    /// When Apple refunded the transaction, or the plan was upgraded (field 1712).
    public var cancelledAt: Date? { cancellationDate.map(SecondsSince1970.date) }
}

extension ValidatedReceipt {
    /// The instant the chain was validated at.
    public var validatedAt: Date { SecondsSince1970.date(validationTime) }
    /// When the app was first bought or downloaded (field 18).
    public var originallyPurchasedAt: Date? { originalPurchaseDate.map(SecondsSince1970.date) }
}

extension ActiveSubscription {
    /// When the active period began.
    public var purchasedAt: Date { SecondsSince1970.date(purchaseDate) }
    /// When the active period ends: the subscription is active before it.
    public var expiresAt: Date { SecondsSince1970.date(expirationDate) }
}

extension PurchasedProduct {
    /// When the latest transaction was made.
    public var latestPurchasedAt: Date? { latestPurchaseDate.map(SecondsSince1970.date) }
}

extension ReceiptEntitlements {
    /// The instant the answers hold at.
    public var evaluatedAt: Date { SecondsSince1970.date(instant) }
    /// When the app was first bought or downloaded (field 18).
    public var originallyPurchasedAt: Date? { originalPurchaseDate.map(SecondsSince1970.date) }
}
