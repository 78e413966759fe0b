public import PureJSON

/// The app's own transaction (Apple, App Store Server API, "AppTransaction"): what StoreKit's
/// `AppTransaction.jwsRepresentation` and a notification's `appData.signedAppTransactionInfo` carry.
///
/// Every documented field, with Apple's name and type. Absent fields are `nil`. The whole object is kept in
/// ``json`` and the members not documented here in ``otherFields``: nothing is dropped.
public struct AppTransaction: SignedPayload, Equatable {
    /// The server environment that signed the app transaction.
    public private(set) var receiptType: AppStoreEnvironment?
    /// The app's identifier in the App Store.
    public private(set) var appAppleId: Int64?
    /// The app's bundle identifier.
    public private(set) var bundleId: String?
    /// The app version the app transaction is for (`CFBundleVersion` on iOS).
    public private(set) var applicationVersion: String?
    /// The identifier of the app version in the App Store.
    public private(set) var versionExternalIdentifier: Int64?
    /// When the App Store created the app transaction, in milliseconds.
    public private(set) var receiptCreationDate: Int64?
    /// When the customer first bought the app, in milliseconds.
    public private(set) var originalPurchaseDate: Int64?
    /// The app version the customer first bought.
    public private(set) var originalApplicationVersion: String?
    /// The device verification value, base64, for the app to check against its device.
    public private(set) var deviceVerification: String?
    /// The UUID used to compute ``deviceVerification``, as written.
    public private(set) var deviceVerificationNonce: String?
    /// When the customer pre-ordered the app, in milliseconds.
    public private(set) var preorderDate: Int64?
    /// The identifier of the app download transaction.
    public private(set) var appTransactionId: String?
    /// The platform on which the customer first bought the app.
    public private(set) var originalPlatform: PurchasePlatform?

    /// The payload object, every member in the order written.
    public let json: JSONValue

    /// ``SignedDataKind/appTransaction``.
    public var kind: SignedDataKind { .appTransaction }

    /// ``receiptCreationDate``: an app transaction has no `signedDate` field, and Apple's library validates it
    /// at its creation.
    public var signedDate: Int64? { receiptCreationDate }

    /// The members this type does not model, in the order written.
    public var otherFields: [(String, JSONValue)] {
        FieldReader.undocumented(json, Self.documentedFields)
    }

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = [
        "receiptType", "appAppleId", "bundleId", "applicationVersion", "versionExternalIdentifier",
        "receiptCreationDate", "originalPurchaseDate", "originalApplicationVersion", "deviceVerification",
        "deviceVerificationNonce", "preorderDate", "appTransactionId", "originalPlatform",
    ]

    /// Decodes an app transaction; a payload that carries only the marks of another kind is
    /// ``SignedDataError/Code/kindMismatch``.
    public init(payload: JSONValue) throws(SignedDataError) {
        json = payload
        try FieldReader.readMembers(of: payload, as: .appTransaction) { read, name, value throws(SignedDataError) in
            switch name {
            case "receiptType": receiptType = try read.value(value, name, as: AppStoreEnvironment.self)
            case "appAppleId": appAppleId = try read.int64(value, name)
            case "bundleId": bundleId = try read.string(value, name)
            case "applicationVersion": applicationVersion = try read.string(value, name)
            case "versionExternalIdentifier": versionExternalIdentifier = try read.int64(value, name)
            case "receiptCreationDate": receiptCreationDate = try read.date(value, name)
            case "originalPurchaseDate": originalPurchaseDate = try read.date(value, name)
            case "originalApplicationVersion": originalApplicationVersion = try read.string(value, name)
            case "deviceVerification": deviceVerification = try read.string(value, name)
            case "deviceVerificationNonce": deviceVerificationNonce = try read.string(value, name)
            case "preorderDate": preorderDate = try read.date(value, name)
            case "appTransactionId": appTransactionId = try read.string(value, name)
            case "originalPlatform": originalPlatform = try read.value(value, name, as: PurchasePlatform.self)
            default: break
            }
        }
    }
}
