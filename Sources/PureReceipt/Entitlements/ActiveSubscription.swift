/// An auto-renewable subscription that is active at an instant: the latest record of its original transaction
/// whose period contains the instant (docs/entitlements.md).
public struct ActiveSubscription: Sendable, Hashable {
    /// The product identifier (field 1702).
    public let productIdentifier: String
    /// When the record's period began (field 1704), in seconds since 1970.
    public let purchaseDate: Int64
    /// When the record's period ends (field 1708), in seconds since 1970: the subscription is active before it.
    public let expirationDate: Int64
    /// The record itself, with every decoded field.
    public let purchase: InAppPurchase

    /// The record's transaction identifier (field 1703).
    public var transactionIdentifier: String? { purchase.transactionIdentifier }
    /// The record's original transaction identifier (field 1705), shared by every renewal of the subscription.
    public var originalTransactionIdentifier: String? { purchase.originalTransactionIdentifier }
}

extension ActiveSubscription {
    /// The active subscriptions among `purchases` (a receipt's records, in encoded order) at `instant`.
    ///
    /// A record counts when it names a product, has an expiration date (only auto-renewable subscriptions do),
    /// has no cancellation date (refunds, and plans replaced by an upgrade, never grant access), and its
    /// purchase date ≤ `instant` < its expiration date. Of the records counted, only the latest
    /// (``PurchaseOrder``) of each original transaction is kept: renewals, upgrades and crossgrades all share
    /// theirs. A record without an original transaction identifier stands for its own transaction identifier;
    /// one with neither stands alone. The answer is ordered by product identifier (UTF-8 bytes), then latest
    /// first.
    static func active(in purchases: [InAppPurchase], at instant: Int64) -> [ActiveSubscription] {
        var counted: [(index: Int, purchase: InAppPurchase)] = []
        for (index, purchase) in purchases.enumerated() where isActive(purchase, at: instant) {
            counted.append((index, purchase))
        }
        var seen: Set<String> = []
        var kept: [(index: Int, purchase: InAppPurchase)] = []
        for record in PurchaseOrder.latestFirst(counted) {
            if let key = originalTransactionKey(record.purchase), !seen.insert(key).inserted { continue }
            kept.append(record)
        }
        kept.sort { first, second in
            let byProduct = PurchaseOrder.compareBytes(
                (first.purchase.productIdentifier ?? "").utf8,
                (second.purchase.productIdentifier ?? "").utf8
            )
            if byProduct != 0 { return byProduct < 0 }
            return PurchaseOrder.isLater(first.purchase, at: first.index, than: second.purchase, at: second.index)
        }
        var answer: [ActiveSubscription] = []
        answer.reserveCapacity(kept.count)
        for record in kept {
            // Present: isActive checked each of them.
            guard let product = record.purchase.productIdentifier, let start = record.purchase.purchaseDate,
                let end = record.purchase.subscriptionExpirationDate
            else { continue }
            answer.append(
                ActiveSubscription(
                    productIdentifier: product,
                    purchaseDate: start,
                    expirationDate: end,
                    purchase: record.purchase
                )
            )
        }
        return answer
    }

    static func isActive(_ purchase: InAppPurchase, at instant: Int64) -> Bool {
        guard purchase.productIdentifier != nil, purchase.cancellationDate == nil,
            let start = purchase.purchaseDate, let end = purchase.subscriptionExpirationDate
        else { return false }
        return start <= instant && instant < end
    }

    /// The original transaction a record belongs to: field 1705, else field 1703 (Apple's first transaction of a
    /// subscription is its own original), `nil` when neither is present or both are empty.
    static func originalTransactionKey(_ purchase: InAppPurchase) -> String? {
        if let original = purchase.originalTransactionIdentifier, !original.isEmpty { return original }
        if let transaction = purchase.transactionIdentifier, !transaction.isEmpty { return transaction }
        return nil
    }
}
