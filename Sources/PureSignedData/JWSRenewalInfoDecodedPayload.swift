public import PureJSON

/// A subscription's renewal information (Apple, App Store Server API, "JWSRenewalInfoDecodedPayload"): what
/// `signedRenewalInfo` and a StoreKit `Product.SubscriptionInfo.RenewalInfo`'s `jwsRepresentation` carry.
///
/// Every documented field, with Apple's name and type: strings, `Int64` and `Int32` numbers, dates in
/// milliseconds since 1970, the open sets of `Values/`. Absent fields are `nil`. The whole object is kept in
/// ``json`` and the members not documented here in ``otherFields``: nothing is dropped.
public struct JWSRenewalInfoDecodedPayload: SignedPayload, Equatable {
    /// Why the subscription expired.
    public private(set) var expirationIntent: ExpirationIntent?
    /// The original transaction identifier of the subscription's purchase.
    public private(set) var originalTransactionId: String?
    /// The product identifier of the product that renews at the next billing period.
    public private(set) var autoRenewProductId: String?
    /// The product identifier set in App Store Connect.
    public private(set) var productId: String?
    /// Whether the subscription renews automatically.
    public private(set) var autoRenewStatus: AutoRenewStatus?
    /// Whether the App Store is trying to renew an expired subscription.
    public private(set) var isInBillingRetryPeriod: Bool?
    /// Whether a price increase awaits the customer's answer.
    public private(set) var priceIncreaseStatus: PriceIncreaseStatus?
    /// When the billing grace period ends, in milliseconds.
    public private(set) var gracePeriodExpiresDate: Int64?
    /// The kind of offer that applies at the next renewal.
    public private(set) var offerType: OfferType?
    /// The offer code or promotional offer identifier.
    public private(set) var offerIdentifier: String?
    /// When the App Store signed this JWS, in milliseconds.
    public private(set) var signedDate: Int64?
    /// The server environment.
    public private(set) var environment: AppStoreEnvironment?
    /// The earliest start of a series of subscription purchases without lapses over 60 days, in milliseconds.
    public private(set) var recentSubscriptionStartDate: Int64?
    /// When the subscription renews next, in milliseconds.
    public private(set) var renewalDate: Int64?
    /// The ISO 4217 currency code of ``renewalPrice``.
    public private(set) var currency: String?
    /// The renewal price in milliunits of ``currency``.
    public private(set) var renewalPrice: Int64?
    /// The payment mode of the offer at the next renewal.
    public private(set) var offerDiscountType: OfferDiscountType?
    /// The win-back offers the customer is eligible for.
    public private(set) var eligibleWinBackOfferIds: [String]?
    /// The UUID the app set on the purchase, as written.
    public private(set) var appAccountToken: String?
    /// The identifier of the app download transaction.
    public private(set) var appTransactionId: String?
    /// The duration of the offer, ISO 8601 (`P1M`).
    public private(set) var offerPeriod: String?
    /// Advanced Commerce renewal information (`advancedCommerceInfo`), kept as its JSON object.
    public private(set) var advancedCommerceInfo: JSONValue?
    /// Commitment information (`commitmentInfo`), kept as its JSON object.
    public private(set) var commitmentInfo: JSONValue?
    /// How an Advanced Commerce subscription is billed at the next renewal.
    public private(set) var renewalBillingPlanType: BillingPlanType?

    /// The payload object, every member in the order written.
    public let json: JSONValue

    /// ``SignedDataKind/renewalInfo``.
    public var kind: SignedDataKind { .renewalInfo }

    /// The members this type does not model, in the order written.
    public var otherFields: [(String, JSONValue)] {
        FieldReader.undocumented(json, Self.documentedFields)
    }

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = [
        "expirationIntent", "originalTransactionId", "autoRenewProductId", "productId", "autoRenewStatus",
        "isInBillingRetryPeriod", "priceIncreaseStatus", "gracePeriodExpiresDate", "offerType", "offerIdentifier",
        "signedDate", "environment", "recentSubscriptionStartDate", "renewalDate", "currency", "renewalPrice",
        "offerDiscountType", "eligibleWinBackOfferIds", "appAccountToken", "appTransactionId", "offerPeriod",
        "advancedCommerceInfo", "commitmentInfo", "renewalBillingPlanType",
    ]

    /// Decodes a renewal info; a payload that carries only the marks of another kind is
    /// ``SignedDataError/Code/kindMismatch``.
    public init(payload: JSONValue) throws(SignedDataError) {
        json = payload
        try FieldReader.readMembers(of: payload, as: .renewalInfo) { read, name, value throws(SignedDataError) in
            switch name {
            case "expirationIntent": expirationIntent = try read.value(value, name, as: ExpirationIntent.self)
            case "originalTransactionId": originalTransactionId = try read.string(value, name)
            case "autoRenewProductId": autoRenewProductId = try read.string(value, name)
            case "productId": productId = try read.string(value, name)
            case "autoRenewStatus": autoRenewStatus = try read.value(value, name, as: AutoRenewStatus.self)
            case "isInBillingRetryPeriod": isInBillingRetryPeriod = try read.bool(value, name)
            case "priceIncreaseStatus":
                priceIncreaseStatus = try read.value(value, name, as: PriceIncreaseStatus.self)
            case "gracePeriodExpiresDate": gracePeriodExpiresDate = try read.date(value, name)
            case "offerType": offerType = try read.value(value, name, as: OfferType.self)
            case "offerIdentifier": offerIdentifier = try read.string(value, name)
            case "signedDate": signedDate = try read.date(value, name)
            case "environment": environment = try read.value(value, name, as: AppStoreEnvironment.self)
            case "recentSubscriptionStartDate": recentSubscriptionStartDate = try read.date(value, name)
            case "renewalDate": renewalDate = try read.date(value, name)
            case "currency": currency = try read.string(value, name)
            case "renewalPrice": renewalPrice = try read.int64(value, name)
            case "offerDiscountType": offerDiscountType = try read.value(value, name, as: OfferDiscountType.self)
            case "eligibleWinBackOfferIds": eligibleWinBackOfferIds = try read.strings(value, name)
            case "appAccountToken": appAccountToken = try read.string(value, name)
            case "appTransactionId": appTransactionId = try read.string(value, name)
            case "offerPeriod": offerPeriod = try read.string(value, name)
            case "advancedCommerceInfo": advancedCommerceInfo = try read.object(value, name)
            case "commitmentInfo": commitmentInfo = try read.object(value, name)
            case "renewalBillingPlanType":
                renewalBillingPlanType = try read.value(value, name, as: BillingPlanType.self)
            default: break
            }
        }
    }
}
