public import PureJSON

/// A transaction (Apple, App Store Server API, "JWSTransactionDecodedPayload"): what `signedTransactionInfo`
/// and a StoreKit `Transaction`'s `jwsRepresentation` carry.
///
/// Every documented field, with Apple's name and type: strings, `Int64` and `Int32` numbers, dates in
/// milliseconds since 1970, the open sets of `Values/`. Absent fields are `nil`. The whole object is kept in
/// ``json`` and the members not documented here in ``otherFields``: nothing is dropped.
public struct JWSTransactionDecodedPayload: SignedPayload, Equatable {
    /// The original transaction identifier of a purchase: the same for every renewal and restore.
    public private(set) var originalTransactionId: String?
    /// The transaction's identifier.
    public private(set) var transactionId: String?
    /// The identifier of subscription purchase events across devices, renewals included.
    public private(set) var webOrderLineItemId: String?
    /// The app's bundle identifier.
    public private(set) var bundleId: String?
    /// The product identifier set in App Store Connect.
    public private(set) var productId: String?
    /// The subscription group of a subscription.
    public private(set) var subscriptionGroupIdentifier: String?
    /// When the App Store charged the customer (or restored, or renewed after a lapse), in milliseconds.
    public private(set) var purchaseDate: Int64?
    /// The purchase date of the original transaction, in milliseconds.
    public private(set) var originalPurchaseDate: Int64?
    /// When a subscription expires or renews, in milliseconds.
    public private(set) var expiresDate: Int64?
    /// The number of consumables bought.
    public private(set) var quantity: Int32?
    /// The type of in-app purchase.
    public private(set) var type: ProductType?
    /// The UUID the app set on the purchase to map it to its own account, as written.
    public private(set) var appAccountToken: String?
    /// Bought, or shared through Family Sharing.
    public private(set) var inAppOwnershipType: InAppOwnershipType?
    /// When the App Store signed this JWS, in milliseconds.
    public private(set) var signedDate: Int64?
    /// Why the transaction was refunded or revoked.
    public private(set) var revocationReason: RevocationReason?
    /// When the transaction was refunded or revoked, in milliseconds.
    public private(set) var revocationDate: Int64?
    /// Whether the customer upgraded to another subscription.
    public private(set) var isUpgraded: Bool?
    /// The kind of offer applied.
    public private(set) var offerType: OfferType?
    /// The offer code or promotional offer identifier.
    public private(set) var offerIdentifier: String?
    /// The server environment.
    public private(set) var environment: AppStoreEnvironment?
    /// The three-letter code of the storefront's country or region.
    public private(set) var storefront: String?
    /// Apple's identifier of the storefront.
    public private(set) var storefrontId: String?
    /// A purchase by the customer, or a renewal by the system.
    public private(set) var transactionReason: TransactionReason?
    /// The ISO 4217 currency code of ``price``.
    public private(set) var currency: String?
    /// The price in milliunits of ``currency``.
    public private(set) var price: Int64?
    /// The payment mode of the offer.
    public private(set) var offerDiscountType: OfferDiscountType?
    /// The identifier of the app download transaction.
    public private(set) var appTransactionId: String?
    /// The duration of the offer, ISO 8601 (`P1M`).
    public private(set) var offerPeriod: String?
    /// The kind of refund or revocation.
    public private(set) var revocationType: RevocationType?
    /// The share refunded or revoked, in milliunits (100000 is all of it).
    public private(set) var revocationPercentage: Int32?
    /// Advanced Commerce information (`advancedCommerceInfo`), kept as its JSON object.
    public private(set) var advancedCommerceInfo: JSONValue?
    /// How an Advanced Commerce subscription is billed.
    public private(set) var billingPlanType: BillingPlanType?
    /// Commitment information (`commitmentInfo`), kept as its JSON object.
    public private(set) var commitmentInfo: JSONValue?

    /// The payload object, every member in the order written.
    public let json: JSONValue

    /// ``SignedDataKind/transaction``.
    public var kind: SignedDataKind { .transaction }

    /// The members this type does not model, in the order written.
    public var otherFields: [(String, JSONValue)] {
        FieldReader.undocumented(json, Self.documentedFields)
    }

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = [
        "originalTransactionId", "transactionId", "webOrderLineItemId", "bundleId", "productId",
        "subscriptionGroupIdentifier", "purchaseDate", "originalPurchaseDate", "expiresDate", "quantity", "type",
        "appAccountToken", "inAppOwnershipType", "signedDate", "revocationReason", "revocationDate", "isUpgraded",
        "offerType", "offerIdentifier", "environment", "storefront", "storefrontId", "transactionReason",
        "currency", "price", "offerDiscountType", "appTransactionId", "offerPeriod", "revocationType",
        "revocationPercentage", "advancedCommerceInfo", "billingPlanType", "commitmentInfo",
    ]

    /// Decodes a transaction; a payload that carries only the marks of another kind is
    /// ``SignedDataError/Code/kindMismatch``.
    public init(payload: JSONValue) throws(SignedDataError) {
        json = payload
        try FieldReader.readMembers(of: payload, as: .transaction) { read, name, value throws(SignedDataError) in
            switch name {
            case "originalTransactionId": originalTransactionId = try read.string(value, name)
            case "transactionId": transactionId = try read.string(value, name)
            case "webOrderLineItemId": webOrderLineItemId = try read.string(value, name)
            case "bundleId": bundleId = try read.string(value, name)
            case "productId": productId = try read.string(value, name)
            case "subscriptionGroupIdentifier": subscriptionGroupIdentifier = try read.string(value, name)
            case "purchaseDate": purchaseDate = try read.date(value, name)
            case "originalPurchaseDate": originalPurchaseDate = try read.date(value, name)
            case "expiresDate": expiresDate = try read.date(value, name)
            case "quantity": quantity = try read.int32(value, name)
            case "type": type = try read.value(value, name, as: ProductType.self)
            case "appAccountToken": appAccountToken = try read.string(value, name)
            case "inAppOwnershipType": inAppOwnershipType = try read.value(value, name, as: InAppOwnershipType.self)
            case "signedDate": signedDate = try read.date(value, name)
            case "revocationReason": revocationReason = try read.value(value, name, as: RevocationReason.self)
            case "revocationDate": revocationDate = try read.date(value, name)
            case "isUpgraded": isUpgraded = try read.bool(value, name)
            case "offerType": offerType = try read.value(value, name, as: OfferType.self)
            case "offerIdentifier": offerIdentifier = try read.string(value, name)
            case "environment": environment = try read.value(value, name, as: AppStoreEnvironment.self)
            case "storefront": storefront = try read.string(value, name)
            case "storefrontId": storefrontId = try read.string(value, name)
            case "transactionReason": transactionReason = try read.value(value, name, as: TransactionReason.self)
            case "currency": currency = try read.string(value, name)
            case "price": price = try read.int64(value, name)
            case "offerDiscountType": offerDiscountType = try read.value(value, name, as: OfferDiscountType.self)
            case "appTransactionId": appTransactionId = try read.string(value, name)
            case "offerPeriod": offerPeriod = try read.string(value, name)
            case "revocationType": revocationType = try read.value(value, name, as: RevocationType.self)
            case "revocationPercentage": revocationPercentage = try read.int32(value, name)
            case "advancedCommerceInfo": advancedCommerceInfo = try read.object(value, name)
            case "billingPlanType": billingPlanType = try read.value(value, name, as: BillingPlanType.self)
            case "commitmentInfo": commitmentInfo = try read.object(value, name)
            default: break
            }
        }
    }
}
