public import PureJSON

/// A transaction (Apple, App Store Server API, "JWSTransactionDecodedPayload"): what `signedTransactionInfo`
/// and a StoreKit `Transaction`'s `jwsRepresentation` carry.
///
/// Every documented field, with Apple's name and type: strings, `Int64` and `Int32` numbers, dates in
/// milliseconds since 1970, the open sets of `Values/`. Absent fields are `nil`. The whole object is kept in
/// ``json`` and the members not documented here in ``otherFields``: nothing is dropped.
public struct JWSTransactionDecodedPayload: SignedPayload, Equatable {
    /// The original transaction identifier of a purchase: the same for every renewal and restore.
    public var originalTransactionId: String? { json.stringField("originalTransactionId") }
    /// The transaction's identifier.
    public var transactionId: String? { json.stringField("transactionId") }
    /// The identifier of subscription purchase events across devices, renewals included.
    public var webOrderLineItemId: String? { json.stringField("webOrderLineItemId") }
    /// The app's bundle identifier.
    public var bundleId: String? { json.stringField("bundleId") }
    /// The product identifier set in App Store Connect.
    public var productId: String? { json.stringField("productId") }
    /// The subscription group of a subscription.
    public var subscriptionGroupIdentifier: String? { json.stringField("subscriptionGroupIdentifier") }
    /// When the App Store charged the customer (or restored, or renewed after a lapse), in milliseconds.
    public var purchaseDate: Int64? { json.dateField("purchaseDate") }
    /// The purchase date of the original transaction, in milliseconds.
    public var originalPurchaseDate: Int64? { json.dateField("originalPurchaseDate") }
    /// When a subscription expires or renews, in milliseconds.
    public var expiresDate: Int64? { json.dateField("expiresDate") }
    /// The number of consumables bought.
    public var quantity: Int32? { json.int32Field("quantity") }
    /// The type of in-app purchase.
    public var type: ProductType? { json.field("type", as: ProductType.self) }
    /// The UUID the app set on the purchase to map it to its own account, as written.
    public var appAccountToken: String? { json.stringField("appAccountToken") }
    /// Bought, or shared through Family Sharing.
    public var inAppOwnershipType: InAppOwnershipType? { json.field("inAppOwnershipType", as: InAppOwnershipType.self) }
    /// When the App Store signed this JWS, in milliseconds.
    public var signedDate: Int64? { json.dateField("signedDate") }
    /// Why the transaction was refunded or revoked.
    public var revocationReason: RevocationReason? { json.field("revocationReason", as: RevocationReason.self) }
    /// When the transaction was refunded or revoked, in milliseconds.
    public var revocationDate: Int64? { json.dateField("revocationDate") }
    /// Whether the customer upgraded to another subscription.
    public var isUpgraded: Bool? { json.boolField("isUpgraded") }
    /// The kind of offer applied.
    public var offerType: OfferType? { json.field("offerType", as: OfferType.self) }
    /// The offer code or promotional offer identifier.
    public var offerIdentifier: String? { json.stringField("offerIdentifier") }
    /// The server environment.
    public var environment: AppStoreEnvironment? { json.field("environment", as: AppStoreEnvironment.self) }
    /// The three-letter code of the storefront's country or region.
    public var storefront: String? { json.stringField("storefront") }
    /// Apple's identifier of the storefront.
    public var storefrontId: String? { json.stringField("storefrontId") }
    /// A purchase by the customer, or a renewal by the system.
    public var transactionReason: TransactionReason? { json.field("transactionReason", as: TransactionReason.self) }
    /// The ISO 4217 currency code of ``price``.
    public var currency: String? { json.stringField("currency") }
    /// The price in milliunits of ``currency``.
    public var price: Int64? { json.int64Field("price") }
    /// The payment mode of the offer.
    public var offerDiscountType: OfferDiscountType? { json.field("offerDiscountType", as: OfferDiscountType.self) }
    /// The identifier of the app download transaction.
    public var appTransactionId: String? { json.stringField("appTransactionId") }
    /// The duration of the offer, ISO 8601 (`P1M`).
    public var offerPeriod: String? { json.stringField("offerPeriod") }
    /// The kind of refund or revocation.
    public var revocationType: RevocationType? { json.field("revocationType", as: RevocationType.self) }
    /// The share refunded or revoked, in milliunits (100000 is all of it).
    public var revocationPercentage: Int32? { json.int32Field("revocationPercentage") }
    /// Advanced Commerce information (`advancedCommerceInfo`), kept as its JSON object.
    public var advancedCommerceInfo: JSONValue? { json.field("advancedCommerceInfo") }
    /// How an Advanced Commerce subscription is billed.
    public var billingPlanType: BillingPlanType? { json.field("billingPlanType", as: BillingPlanType.self) }
    /// Commitment information (`commitmentInfo`), kept as its JSON object.
    public var commitmentInfo: JSONValue? { json.field("commitmentInfo") }

    /// The payload object, every member in the order written.
    public let json: JSONValue

    /// ``SignedDataKind/transaction``.
    public var kind: SignedDataKind { .transaction }

    /// The members this type does not model, in the order written.
    public var otherFields: [(String, JSONValue)] {
        FieldChecker.undocumented(json, Self.documentedFields)
    }

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = fields.map { $0.name }

    /// The documented fields with the JSON type Apple documents for each, in Apple's order.
    static let fields: [DocumentedField] = [
        DocumentedField("originalTransactionId", .string),
        DocumentedField("transactionId", .string),
        DocumentedField("webOrderLineItemId", .string),
        DocumentedField("bundleId", .string),
        DocumentedField("productId", .string),
        DocumentedField("subscriptionGroupIdentifier", .string),
        DocumentedField("purchaseDate", .date),
        DocumentedField("originalPurchaseDate", .date),
        DocumentedField("expiresDate", .date),
        DocumentedField("quantity", .int32),
        DocumentedField("type", .string),
        DocumentedField("appAccountToken", .string),
        DocumentedField("inAppOwnershipType", .string),
        DocumentedField("signedDate", .date),
        DocumentedField("revocationReason", .int32),
        DocumentedField("revocationDate", .date),
        DocumentedField("isUpgraded", .bool),
        DocumentedField("offerType", .int32),
        DocumentedField("offerIdentifier", .string),
        DocumentedField("environment", .string),
        DocumentedField("storefront", .string),
        DocumentedField("storefrontId", .string),
        DocumentedField("transactionReason", .string),
        DocumentedField("currency", .string),
        DocumentedField("price", .int64),
        DocumentedField("offerDiscountType", .string),
        DocumentedField("appTransactionId", .string),
        DocumentedField("offerPeriod", .string),
        DocumentedField("revocationType", .string),
        DocumentedField("revocationPercentage", .int32),
        DocumentedField("advancedCommerceInfo", .object),
        DocumentedField("billingPlanType", .string),
        DocumentedField("commitmentInfo", .object),
    ]

    /// Decodes a transaction; a payload that carries only the marks of another kind is
    /// ``SignedDataError/Code/kindMismatch``.
    public init(payload: JSONValue) throws(SignedDataError) {
        try FieldChecker.check(payload, fields: Self.fields, as: .transaction)
        json = payload
    }
}
