package import PureJSON
package import PureReceipt

extension ReceiptJSON {
    /// The entitlements of one validated receipt (`receipt entitlements --json`): `file` when given, `valid`,
    /// `error` (as ``verification(_:file:)`` has it), `at`, `active_subscriptions`, `purchased_products`,
    /// `original_application_version` and `original_purchase_date`; the last five are null when the receipt is
    /// invalid. docs/entitlements.md has the rules.
    package static func entitlements(
        _ result: Result<ReceiptEntitlements, ReceiptValidationError>,
        file: String? = nil
    ) -> JSONValue {
        var members: [(String, JSONValue)] = file.map { [("file", .string($0))] } ?? []
        switch result {
        case .success(let entitlements):
            members += [
                ("valid", .bool(true)), ("error", .null),
                ("at", date(entitlements.instant)),
                ("active_subscriptions", .array(entitlements.activeSubscriptions.map(activeSubscription))),
                ("purchased_products", .array(entitlements.purchasedProducts.map(purchasedProduct))),
                ("original_application_version", string(entitlements.originalApplicationVersion)),
                ("original_purchase_date", date(entitlements.originalPurchaseDate)),
            ]
        case .failure(let error):
            let failure = failureMembers(code: code(error), step: error.step.rawValue, message: error.description)
            // `valid` and `error`, as verify prints them; then this shape's own members, null.
            members += failure.prefix(2)
            members += [
                ("at", .null), ("active_subscriptions", .null), ("purchased_products", .null),
                ("original_application_version", .null), ("original_purchase_date", .null),
            ]
        }
        return .object(members)
    }

    /// An active subscription: `product_id`, `transaction_id`, `original_transaction_id` (the record's own field
    /// 1705, null when absent), `purchase_date`, `expires_date`.
    package static func activeSubscription(_ subscription: ActiveSubscription) -> JSONValue {
        .object([
            ("product_id", .string(subscription.productIdentifier)),
            ("transaction_id", string(subscription.transactionIdentifier)),
            ("original_transaction_id", string(subscription.originalTransactionIdentifier)),
            ("purchase_date", date(subscription.purchaseDate)),
            ("expires_date", date(subscription.expirationDate)),
        ])
    }

    /// A purchased product: `product_id`, `latest_transaction_id`, `latest_purchase_date`, `quantity` (the sum
    /// over the counted transactions) and `transaction_count`.
    package static func purchasedProduct(_ product: PurchasedProduct) -> JSONValue {
        .object([
            ("product_id", .string(product.productIdentifier)),
            ("latest_transaction_id", string(product.latestTransactionIdentifier)),
            ("latest_purchase_date", date(product.latestPurchaseDate)),
            ("quantity", .integer(product.quantity)),
            ("transaction_count", .integer(Int64(product.transactionCount))),
        ])
    }
}
