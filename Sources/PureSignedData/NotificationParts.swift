public import PureJSON

// The objects nested in a notification (Apple, App Store Server Notifications V2: "data", "summary",
// "externalPurchaseToken", "appData"). Each keeps its whole object in `json`; errors name fields by their path
// from the payload (`data.status`).

/// The app and the signed data a notification concerns (Apple: `data`).
public struct NotificationData: Sendable, Equatable {
    /// The server environment of the notification.
    public var environment: AppStoreEnvironment? { json.field("environment", as: AppStoreEnvironment.self) }
    /// The app's identifier in the App Store (absent for Sandbox).
    public var appAppleId: Int64? { json.int64Field("appAppleId") }
    /// The app's bundle identifier.
    public var bundleId: String? { json.stringField("bundleId") }
    /// The app's build version.
    public var bundleVersion: String? { json.stringField("bundleVersion") }
    /// The transaction, a JWS of its own (``JWSTransactionDecodedPayload``), as written: unverified.
    public var signedTransactionInfo: String? { json.stringField("signedTransactionInfo") }
    /// The subscription's renewal information, a JWS of its own (``JWSRenewalInfoDecodedPayload``), as
    /// written: unverified.
    public var signedRenewalInfo: String? { json.stringField("signedRenewalInfo") }
    /// The subscription's status.
    public var status: SubscriptionStatus? { json.field("status", as: SubscriptionStatus.self) }
    /// Why the customer asked for a refund (`CONSUMPTION_REQUEST`).
    public var consumptionRequestReason: ConsumptionRequestReason? {
        json.field("consumptionRequestReason", as: ConsumptionRequestReason.self)
    }
    /// The object, every member in the order written.
    public let json: JSONValue

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = fields.map { $0.name }

    /// The documented fields with the JSON type Apple documents for each, in Apple's order.
    static let fields: [DocumentedField] = [
        DocumentedField("environment", .string),
        DocumentedField("appAppleId", .int64),
        DocumentedField("bundleId", .string),
        DocumentedField("bundleVersion", .string),
        DocumentedField("signedTransactionInfo", .string),
        DocumentedField("signedRenewalInfo", .string),
        DocumentedField("status", .int32),
        DocumentedField("consumptionRequestReason", .string),
    ]

    /// Wraps an object its payload checked (``DocumentedField/ValueType/nested(_:)``).
    init(checked object: JSONValue) { json = object }
}

/// The result of a renewal-date extension requested for all eligible subscribers (Apple: `summary`).
public struct Summary: Sendable, Equatable {
    /// The server environment.
    public var environment: AppStoreEnvironment? { json.field("environment", as: AppStoreEnvironment.self) }
    /// The app's identifier in the App Store.
    public var appAppleId: Int64? { json.int64Field("appAppleId") }
    /// The app's bundle identifier.
    public var bundleId: String? { json.stringField("bundleId") }
    /// The subscription's product identifier.
    public var productId: String? { json.stringField("productId") }
    /// The identifier the requester gave the extension request.
    public var requestIdentifier: String? { json.stringField("requestIdentifier") }
    /// The storefronts (ISO 3166-1 alpha-3) the request covered.
    public var storefrontCountryCodes: [String]? { json.stringsField("storefrontCountryCodes") }
    /// How many subscriptions were extended.
    public var succeededCount: Int64? { json.int64Field("succeededCount") }
    /// How many subscriptions could not be extended.
    public var failedCount: Int64? { json.int64Field("failedCount") }
    /// The object, every member in the order written.
    public let json: JSONValue

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = fields.map { $0.name }

    /// The documented fields with the JSON type Apple documents for each, in Apple's order.
    static let fields: [DocumentedField] = [
        DocumentedField("environment", .string),
        DocumentedField("appAppleId", .int64),
        DocumentedField("bundleId", .string),
        DocumentedField("productId", .string),
        DocumentedField("requestIdentifier", .string),
        DocumentedField("storefrontCountryCodes", .strings),
        DocumentedField("succeededCount", .int64),
        DocumentedField("failedCount", .int64),
    ]

    /// Wraps an object its payload checked (``DocumentedField/ValueType/nested(_:)``).
    init(checked object: JSONValue) { json = object }
}

/// A token of a purchase made outside the App Store (Apple: `externalPurchaseToken`).
public struct ExternalPurchaseToken: Sendable, Equatable {
    /// The identifier of the external purchase.
    public var externalPurchaseId: String? { json.stringField("externalPurchaseId") }
    /// When the system created the token, in milliseconds.
    public var tokenCreationDate: Int64? { json.dateField("tokenCreationDate") }
    /// The app's identifier in the App Store.
    public var appAppleId: Int64? { json.int64Field("appAppleId") }
    /// The app's bundle identifier.
    public var bundleId: String? { json.stringField("bundleId") }
    /// The object, every member in the order written.
    public let json: JSONValue

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = fields.map { $0.name }

    /// The documented fields with the JSON type Apple documents for each, in Apple's order.
    static let fields: [DocumentedField] = [
        DocumentedField("externalPurchaseId", .string),
        DocumentedField("tokenCreationDate", .date),
        DocumentedField("appAppleId", .int64),
        DocumentedField("bundleId", .string),
    ]

    /// Wraps an object its payload checked (``DocumentedField/ValueType/nested(_:)``).
    init(checked object: JSONValue) { json = object }
}

/// The app and its signed app transaction (Apple: `appData`).
public struct AppData: Sendable, Equatable {
    /// The app's identifier in the App Store.
    public var appAppleId: Int64? { json.int64Field("appAppleId") }
    /// The app's bundle identifier.
    public var bundleId: String? { json.stringField("bundleId") }
    /// The server environment.
    public var environment: AppStoreEnvironment? { json.field("environment", as: AppStoreEnvironment.self) }
    /// The app transaction, a JWS of its own (``AppTransaction``), as written: unverified.
    public var signedAppTransactionInfo: String? { json.stringField("signedAppTransactionInfo") }
    /// The object, every member in the order written.
    public let json: JSONValue

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = fields.map { $0.name }

    /// The documented fields with the JSON type Apple documents for each, in Apple's order.
    static let fields: [DocumentedField] = [
        DocumentedField("appAppleId", .int64),
        DocumentedField("bundleId", .string),
        DocumentedField("environment", .string),
        DocumentedField("signedAppTransactionInfo", .string),
    ]

    /// Wraps an object its payload checked (``DocumentedField/ValueType/nested(_:)``).
    init(checked object: JSONValue) { json = object }
}
