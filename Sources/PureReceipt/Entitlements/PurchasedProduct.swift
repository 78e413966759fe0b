/// A product bought and not refunded by an instant, with its latest transaction (docs/entitlements.md). For
/// non-consumables and non-renewing subscriptions, this is the "was it ever bought" answer.
public struct PurchasedProduct: Sendable, Hashable {
    /// The product identifier (field 1702).
    public let productIdentifier: String
    /// The latest of the product's counted records (``PurchaseOrder``).
    public let latestPurchase: InAppPurchase
    /// The sum of the counted records' quantities (field 1701; a record without one counts 1), held at the
    /// bounds of `Int64` rather than overflowing.
    public let quantity: Int64
    /// How many records were counted: one per transaction, so every renewal of a subscription is one.
    public let transactionCount: Int

    /// The latest transaction's identifier (field 1703).
    public var latestTransactionIdentifier: String? { latestPurchase.transactionIdentifier }
    /// The latest transaction's purchase date (field 1704), in seconds since 1970.
    public var latestPurchaseDate: Int64? { latestPurchase.purchaseDate }
}

extension PurchasedProduct {
    /// The products bought among `purchases` (a receipt's records, in encoded order) by `instant`.
    ///
    /// A record counts when it names a product, has a purchase date ≤ `instant`, and has no cancellation date.
    /// Every kind of product counts (the receipt does not say which kind a product is: field 1707 is
    /// undocumented), auto-renewable subscriptions included, whether or not they are active. The answer is
    /// ordered by product identifier (UTF-8 bytes).
    static func purchased(in purchases: [InAppPurchase], by instant: Int64) -> [PurchasedProduct] {
        var slots: [String: Int] = [:]
        var products: [(latestIndex: Int, product: PurchasedProduct)] = []
        for (index, purchase) in purchases.enumerated() {
            guard let product = purchase.productIdentifier, purchase.cancellationDate == nil,
                let date = purchase.purchaseDate, date <= instant
            else { continue }
            let quantity = purchase.quantity ?? 1
            guard let slot = slots[product] else {
                slots[product] = products.count
                products.append(
                    (index, PurchasedProduct(product, latest: purchase, quantity: quantity, transactionCount: 1))
                )
                continue
            }
            let current = products[slot]
            let (sum, overflow) = current.product.quantity.addingReportingOverflow(quantity)
            let isLater = PurchaseOrder.isLater(
                purchase,
                at: index,
                than: current.product.latestPurchase,
                at: current.latestIndex
            )
            products[slot] = (
                isLater ? index : current.latestIndex,
                PurchasedProduct(
                    product,
                    latest: isLater ? purchase : current.product.latestPurchase,
                    quantity: overflow ? (quantity < 0 ? Int64.min : Int64.max) : sum,
                    transactionCount: current.product.transactionCount + 1
                )
            )
        }
        return products.map { $0.product }.sorted {
            PurchaseOrder.compareBytes($0.productIdentifier.utf8, $1.productIdentifier.utf8) < 0
        }
    }

    /// The records of `product` among `purchases`, latest first (``PurchaseOrder``), refunded ones included.
    static func purchases(of product: String, in purchases: [InAppPurchase]) -> [InAppPurchase] {
        var records: [(index: Int, purchase: InAppPurchase)] = []
        for (index, purchase) in purchases.enumerated() where purchase.productIdentifier == product {
            records.append((index, purchase))
        }
        return PurchaseOrder.latestFirst(records).map { $0.purchase }
    }

    private init(_ product: String, latest: InAppPurchase, quantity: Int64, transactionCount: Int) {
        self.productIdentifier = product
        self.latestPurchase = latest
        self.quantity = quantity
        self.transactionCount = transactionCount
    }
}
