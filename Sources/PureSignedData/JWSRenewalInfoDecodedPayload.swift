public import PureJSON

/// A subscription's renewal information (Apple, App Store Server API, "JWSRenewalInfoDecodedPayload"): what
/// `signedRenewalInfo` and a StoreKit `Product.SubscriptionInfo.RenewalInfo`'s `jwsRepresentation` carry.
///
/// Every documented field, with Apple's name and type: strings, `Int64` and `Int32` numbers, dates in
/// milliseconds since 1970, the open sets of `Values/`. Absent fields are `nil`. The whole object is kept in
/// ``json`` and the members not documented here in ``otherFields``: nothing is dropped.
public struct JWSRenewalInfoDecodedPayload: SignedPayload, Equatable {
    /// Why the subscription expired.
    public var expirationIntent: ExpirationIntent? { json.field("expirationIntent", as: ExpirationIntent.self) }
    /// The original transaction identifier of the subscription's purchase.
    public var originalTransactionId: String? { json.stringField("originalTransactionId") }
    /// The product identifier of the product that renews at the next billing period.
    public var autoRenewProductId: String? { json.stringField("autoRenewProductId") }
    /// The product identifier set in App Store Connect.
    public var productId: String? { json.stringField("productId") }
    /// Whether the subscription renews automatically.
    public var autoRenewStatus: AutoRenewStatus? { json.field("autoRenewStatus", as: AutoRenewStatus.self) }
    /// Whether the App Store is trying to renew an expired subscription.
    public var isInBillingRetryPeriod: Bool? { json.boolField("isInBillingRetryPeriod") }
    /// Whether a price increase awaits the customer's answer.
    public var priceIncreaseStatus: PriceIncreaseStatus? {
        json.field("priceIncreaseStatus", as: PriceIncreaseStatus.self)
    }
    /// When the billing grace period ends, in milliseconds.
    public var gracePeriodExpiresDate: Int64? { json.dateField("gracePeriodExpiresDate") }
    /// The kind of offer that applies at the next renewal.
    public var offerType: OfferType? { json.field("offerType", as: OfferType.self) }
    /// The offer code or promotional offer identifier.
    public var offerIdentifier: String? { json.stringField("offerIdentifier") }
    /// When the App Store signed this JWS, in milliseconds.
    public var signedDate: Int64? { json.dateField("signedDate") }
    /// The server environment.
    public var environment: AppStoreEnvironment? { json.field("environment", as: AppStoreEnvironment.self) }
    /// The earliest start of a series of subscription purchases without lapses over 60 days, in milliseconds.
    public var recentSubscriptionStartDate: Int64? { json.dateField("recentSubscriptionStartDate") }
    /// When the subscription renews next, in milliseconds.
    public var renewalDate: Int64? { json.dateField("renewalDate") }
    /// The ISO 4217 currency code of ``renewalPrice``.
    public var currency: String? { json.stringField("currency") }
    /// The renewal price in milliunits of ``currency``.
    public var renewalPrice: Int64? { json.int64Field("renewalPrice") }
    /// The payment mode of the offer at the next renewal.
    public var offerDiscountType: OfferDiscountType? { json.field("offerDiscountType", as: OfferDiscountType.self) }
    /// The win-back offers the customer is eligible for.
    public var eligibleWinBackOfferIds: [String]? { json.stringsField("eligibleWinBackOfferIds") }
    /// The UUID the app set on the purchase, as written.
    public var appAccountToken: String? { json.stringField("appAccountToken") }
    /// The identifier of the app download transaction.
    public var appTransactionId: String? { json.stringField("appTransactionId") }
    /// The duration of the offer, ISO 8601 (`P1M`).
    public var offerPeriod: String? { json.stringField("offerPeriod") }
    /// Advanced Commerce renewal information (`advancedCommerceInfo`), kept as its JSON object.
    public var advancedCommerceInfo: JSONValue? { json.field("advancedCommerceInfo") }
    /// Commitment information (`commitmentInfo`), kept as its JSON object.
    public var commitmentInfo: JSONValue? { json.field("commitmentInfo") }
    /// How an Advanced Commerce subscription is billed at the next renewal.
    public var renewalBillingPlanType: BillingPlanType? {
        json.field("renewalBillingPlanType", as: BillingPlanType.self)
    }

    /// The payload object, every member in the order written.
    public let json: JSONValue

    /// ``SignedDataKind/renewalInfo``.
    public var kind: SignedDataKind { .renewalInfo }

    /// The members this type does not model, in the order written.
    public var otherFields: [(String, JSONValue)] {
        FieldChecker.undocumented(json, Self.documentedFields)
    }

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = fields.map { $0.name }

    /// The documented fields with the JSON type Apple documents for each, in Apple's order.
    static let fields: [DocumentedField] = [
        DocumentedField("expirationIntent", .int32),
        DocumentedField("originalTransactionId", .string),
        DocumentedField("autoRenewProductId", .string),
        DocumentedField("productId", .string),
        DocumentedField("autoRenewStatus", .int32),
        DocumentedField("isInBillingRetryPeriod", .bool),
        DocumentedField("priceIncreaseStatus", .int32),
        DocumentedField("gracePeriodExpiresDate", .date),
        DocumentedField("offerType", .int32),
        DocumentedField("offerIdentifier", .string),
        DocumentedField("signedDate", .date),
        DocumentedField("environment", .string),
        DocumentedField("recentSubscriptionStartDate", .date),
        DocumentedField("renewalDate", .date),
        DocumentedField("currency", .string),
        DocumentedField("renewalPrice", .int64),
        DocumentedField("offerDiscountType", .string),
        DocumentedField("eligibleWinBackOfferIds", .strings),
        DocumentedField("appAccountToken", .string),
        DocumentedField("appTransactionId", .string),
        DocumentedField("offerPeriod", .string),
        DocumentedField("advancedCommerceInfo", .object),
        DocumentedField("commitmentInfo", .object),
        DocumentedField("renewalBillingPlanType", .string),
    ]

    /// Decodes a renewal info; a payload that carries only the marks of another kind is
    /// ``SignedDataError/Code/kindMismatch``.
    public init(payload: JSONValue) throws(SignedDataError) {
        try FieldChecker.check(payload, fields: Self.fields, as: .renewalInfo)
        json = payload
    }
}
