public import PureJSON

// The objects nested in a notification (Apple, App Store Server Notifications V2: "data", "summary",
// "externalPurchaseToken", "appData"). Each keeps its whole object in `json`; errors name fields by their path
// from the payload (`data.status`).

/// The app and the signed data a notification concerns (Apple: `data`).
public struct NotificationData: Sendable, Equatable {
    /// The server environment of the notification.
    public private(set) var environment: AppStoreEnvironment?
    /// The app's identifier in the App Store (absent for Sandbox).
    public private(set) var appAppleId: Int64?
    /// The app's bundle identifier.
    public private(set) var bundleId: String?
    /// The app's build version.
    public private(set) var bundleVersion: String?
    /// The transaction, a JWS of its own (``JWSTransactionDecodedPayload``), as written: unverified.
    public private(set) var signedTransactionInfo: String?
    /// The subscription's renewal information, a JWS of its own (``JWSRenewalInfoDecodedPayload``), as
    /// written: unverified.
    public private(set) var signedRenewalInfo: String?
    /// The subscription's status.
    public private(set) var status: SubscriptionStatus?
    /// Why the customer asked for a refund (`CONSUMPTION_REQUEST`).
    public private(set) var consumptionRequestReason: ConsumptionRequestReason?
    /// The object, every member in the order written.
    public let json: JSONValue

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = [
        "environment", "appAppleId", "bundleId", "bundleVersion", "signedTransactionInfo", "signedRenewalInfo",
        "status", "consumptionRequestReason",
    ]

    init(object: JSONValue, path: String) throws(SignedDataError) {
        json = object
        try FieldReader.readMembers(of: object, path: path) { read, name, value throws(SignedDataError) in
            switch name {
            case "environment": environment = try read.value(value, name, as: AppStoreEnvironment.self)
            case "appAppleId": appAppleId = try read.int64(value, name)
            case "bundleId": bundleId = try read.string(value, name)
            case "bundleVersion": bundleVersion = try read.string(value, name)
            case "signedTransactionInfo": signedTransactionInfo = try read.string(value, name)
            case "signedRenewalInfo": signedRenewalInfo = try read.string(value, name)
            case "status": status = try read.value(value, name, as: SubscriptionStatus.self)
            case "consumptionRequestReason":
                consumptionRequestReason = try read.value(value, name, as: ConsumptionRequestReason.self)
            default: break
            }
        }
    }
}

/// The result of a renewal-date extension requested for all eligible subscribers (Apple: `summary`).
public struct Summary: Sendable, Equatable {
    /// The server environment.
    public private(set) var environment: AppStoreEnvironment?
    /// The app's identifier in the App Store.
    public private(set) var appAppleId: Int64?
    /// The app's bundle identifier.
    public private(set) var bundleId: String?
    /// The subscription's product identifier.
    public private(set) var productId: String?
    /// The identifier the requester gave the extension request.
    public private(set) var requestIdentifier: String?
    /// The storefronts (ISO 3166-1 alpha-3) the request covered.
    public private(set) var storefrontCountryCodes: [String]?
    /// How many subscriptions were extended.
    public private(set) var succeededCount: Int64?
    /// How many subscriptions could not be extended.
    public private(set) var failedCount: Int64?
    /// The object, every member in the order written.
    public let json: JSONValue

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = [
        "environment", "appAppleId", "bundleId", "productId", "requestIdentifier", "storefrontCountryCodes",
        "succeededCount", "failedCount",
    ]

    init(object: JSONValue, path: String) throws(SignedDataError) {
        json = object
        try FieldReader.readMembers(of: object, path: path) { read, name, value throws(SignedDataError) in
            switch name {
            case "environment": environment = try read.value(value, name, as: AppStoreEnvironment.self)
            case "appAppleId": appAppleId = try read.int64(value, name)
            case "bundleId": bundleId = try read.string(value, name)
            case "productId": productId = try read.string(value, name)
            case "requestIdentifier": requestIdentifier = try read.string(value, name)
            case "storefrontCountryCodes": storefrontCountryCodes = try read.strings(value, name)
            case "succeededCount": succeededCount = try read.int64(value, name)
            case "failedCount": failedCount = try read.int64(value, name)
            default: break
            }
        }
    }
}

/// A token of a purchase made outside the App Store (Apple: `externalPurchaseToken`).
public struct ExternalPurchaseToken: Sendable, Equatable {
    /// The identifier of the external purchase.
    public private(set) var externalPurchaseId: String?
    /// When the system created the token, in milliseconds.
    public private(set) var tokenCreationDate: Int64?
    /// The app's identifier in the App Store.
    public private(set) var appAppleId: Int64?
    /// The app's bundle identifier.
    public private(set) var bundleId: String?
    /// The object, every member in the order written.
    public let json: JSONValue

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = ["externalPurchaseId", "tokenCreationDate", "appAppleId", "bundleId"]

    init(object: JSONValue, path: String) throws(SignedDataError) {
        json = object
        try FieldReader.readMembers(of: object, path: path) { read, name, value throws(SignedDataError) in
            switch name {
            case "externalPurchaseId": externalPurchaseId = try read.string(value, name)
            case "tokenCreationDate": tokenCreationDate = try read.date(value, name)
            case "appAppleId": appAppleId = try read.int64(value, name)
            case "bundleId": bundleId = try read.string(value, name)
            default: break
            }
        }
    }
}

/// The app and its signed app transaction (Apple: `appData`).
public struct AppData: Sendable, Equatable {
    /// The app's identifier in the App Store.
    public private(set) var appAppleId: Int64?
    /// The app's bundle identifier.
    public private(set) var bundleId: String?
    /// The server environment.
    public private(set) var environment: AppStoreEnvironment?
    /// The app transaction, a JWS of its own (``AppTransaction``), as written: unverified.
    public private(set) var signedAppTransactionInfo: String?
    /// The object, every member in the order written.
    public let json: JSONValue

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = ["appAppleId", "bundleId", "environment", "signedAppTransactionInfo"]

    init(object: JSONValue, path: String) throws(SignedDataError) {
        json = object
        try FieldReader.readMembers(of: object, path: path) { read, name, value throws(SignedDataError) in
            switch name {
            case "appAppleId": appAppleId = try read.int64(value, name)
            case "bundleId": bundleId = try read.string(value, name)
            case "environment": environment = try read.value(value, name, as: AppStoreEnvironment.self)
            case "signedAppTransactionInfo": signedAppTransactionInfo = try read.string(value, name)
            default: break
            }
        }
    }
}
