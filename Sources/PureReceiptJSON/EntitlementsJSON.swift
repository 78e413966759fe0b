package import PureJSON
package import PureReceipt

extension ReceiptJSON {
    /// The entitlements of one validated receipt (`receipt entitlements --json`): `valid`, `error` (as
    /// ``verificationMembers(_:into:)`` has it), `at`, `active_subscriptions`, `purchased_products`,
    /// `original_application_version` and `original_purchase_date`; the last five are null when the receipt is
    /// invalid. docs/entitlements.md has the rules.
    package static func entitlementsMembers(
        _ result: Result<ReceiptEntitlements, ReceiptValidationError>,
        into writer: inout JSONWriter
    ) {
        switch result {
        case .success(let entitlements):
            writer.key("valid")
            writer.bool(true)
            writer.key("error")
            writer.null()
            writer.key("at")
            writer.date(entitlements.instant)
            writer.key("active_subscriptions")
            writer.beginArray()
            for subscription in entitlements.activeSubscriptions { write(subscription, into: &writer) }
            writer.endArray()
            writer.key("purchased_products")
            writer.beginArray()
            for product in entitlements.purchasedProducts { write(product, into: &writer) }
            writer.endArray()
            writer.key("original_application_version")
            writer.string(entitlements.originalApplicationVersion)
            writer.key("original_purchase_date")
            writer.date(entitlements.originalPurchaseDate)
        case .failure(let error):
            entitlementsFailureMembers(
                code: code(error),
                step: error.step.rawValue,
                message: error.description,
                into: &writer
            )
        }
    }

    /// The members of entitlements that could not be answered: `valid` false and `error`, as verify prints
    /// them; then this shape's own members, null.
    package static func entitlementsFailureMembers(
        code: String,
        step: String,
        message: String,
        into writer: inout JSONWriter
    ) {
        errorMembers(code: code, step: step, message: message, into: &writer)
        for name: StaticString in [
            "at", "active_subscriptions", "purchased_products", "original_application_version",
            "original_purchase_date",
        ] {
            writer.key(name)
            writer.null()
        }
    }

    /// An active subscription: `product_id`, `transaction_id`, `original_transaction_id` (the record's own field
    /// 1705, null when absent), `purchase_date`, `expires_date`.
    private static func write(_ subscription: ActiveSubscription, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("product_id")
        writer.string(subscription.productIdentifier)
        writer.key("transaction_id")
        writer.string(subscription.transactionIdentifier)
        writer.key("original_transaction_id")
        writer.string(subscription.originalTransactionIdentifier)
        writer.key("purchase_date")
        writer.date(subscription.purchaseDate)
        writer.key("expires_date")
        writer.date(subscription.expirationDate)
        writer.endObject()
    }

    /// A purchased product: `product_id`, `latest_transaction_id`, `latest_purchase_date`, `quantity` (the sum
    /// over the counted transactions) and `transaction_count`.
    private static func write(_ product: PurchasedProduct, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("product_id")
        writer.string(product.productIdentifier)
        writer.key("latest_transaction_id")
        writer.string(product.latestTransactionIdentifier)
        writer.key("latest_purchase_date")
        writer.date(product.latestPurchaseDate)
        writer.key("quantity")
        writer.integer(product.quantity)
        writer.key("transaction_count")
        writer.integer(Int64(product.transactionCount))
        writer.endObject()
    }
}
