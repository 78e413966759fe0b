public import Foundation
public import PureReceipt

// The entitlement questions at a `Date` (docs/entitlements.md). A date is taken to the whole second that
// contains it, rounded toward the past, as the receipt's own dates are whole seconds.

extension ValidatedReceipt {
    /// Everything the receipt grants at `date`: active subscriptions, products bought, original application
    /// version and purchase date.
    ///
    /// ```swift
    /// let granted = validated.entitlements(at: Date())
    /// let isPro = granted.activeSubscriptions.contains { $0.productIdentifier == "com.example.pro.monthly" }
    /// ```
    public func entitlements(at date: Date) -> ReceiptEntitlements {
        entitlements(at: SecondsSince1970.seconds(date))
    }

    /// The auto-renewable subscriptions active at `date`.
    public func activeSubscriptions(at date: Date) -> [ActiveSubscription] {
        activeSubscriptions(at: SecondsSince1970.seconds(date))
    }

    /// The products bought by `date` and not refunded.
    public func purchasedProducts(at date: Date) -> [PurchasedProduct] {
        purchasedProducts(at: SecondsSince1970.seconds(date))
    }

    /// Whether `productIdentifier` was bought by `date` and not refunded: its latest transaction, or `nil`.
    public func purchasedProduct(_ productIdentifier: String, at date: Date) -> PurchasedProduct? {
        purchasedProduct(productIdentifier, at: SecondsSince1970.seconds(date))
    }
}
