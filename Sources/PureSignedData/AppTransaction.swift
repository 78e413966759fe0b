public import PureJSON

/// The app's own transaction (Apple, App Store Server API, "AppTransaction"): what StoreKit's
/// `AppTransaction.jwsRepresentation` and a notification's `appData.signedAppTransactionInfo` carry.
///
/// Every documented field, with Apple's name and type. Absent fields are `nil`. The whole object is kept in
/// ``json`` and the members not documented here in ``otherFields``: nothing is dropped.
public struct AppTransaction: SignedPayload, Equatable {
    /// The server environment that signed the app transaction.
    public var receiptType: AppStoreEnvironment? { json.field("receiptType", as: AppStoreEnvironment.self) }
    /// The app's identifier in the App Store.
    public var appAppleId: Int64? { json.int64Field("appAppleId") }
    /// The app's bundle identifier.
    public var bundleId: String? { json.stringField("bundleId") }
    /// The app version the app transaction is for (`CFBundleVersion` on iOS).
    public var applicationVersion: String? { json.stringField("applicationVersion") }
    /// The identifier of the app version in the App Store.
    public var versionExternalIdentifier: Int64? { json.int64Field("versionExternalIdentifier") }
    /// When the App Store created the app transaction, in milliseconds.
    public var receiptCreationDate: Int64? { json.dateField("receiptCreationDate") }
    /// When the customer first bought the app, in milliseconds.
    public var originalPurchaseDate: Int64? { json.dateField("originalPurchaseDate") }
    /// The app version the customer first bought.
    public var originalApplicationVersion: String? { json.stringField("originalApplicationVersion") }
    /// The device verification value, base64, for the app to check against its device.
    public var deviceVerification: String? { json.stringField("deviceVerification") }
    /// The UUID used to compute ``deviceVerification``, as written.
    public var deviceVerificationNonce: String? { json.stringField("deviceVerificationNonce") }
    /// When the customer pre-ordered the app, in milliseconds.
    public var preorderDate: Int64? { json.dateField("preorderDate") }
    /// The identifier of the app download transaction.
    public var appTransactionId: String? { json.stringField("appTransactionId") }
    /// The platform on which the customer first bought the app.
    public var originalPlatform: PurchasePlatform? { json.field("originalPlatform", as: PurchasePlatform.self) }

    /// The payload object, every member in the order written.
    public let json: JSONValue

    /// ``SignedDataKind/appTransaction``.
    public var kind: SignedDataKind { .appTransaction }

    /// ``receiptCreationDate``: Apple's library validates an app transaction at its creation, not at the
    /// `signedDate` member newer ones also carry (kept in ``json``).
    public var signedDate: Int64? { receiptCreationDate }

    /// The members this type does not model, in the order written.
    public var otherFields: [(String, JSONValue)] {
        FieldChecker.undocumented(json, Self.documentedFields)
    }

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = fields.map { $0.name }

    /// The documented fields with the JSON type Apple documents for each, in Apple's order.
    static let fields: [DocumentedField] = [
        DocumentedField("receiptType", .string),
        DocumentedField("appAppleId", .int64),
        DocumentedField("bundleId", .string),
        DocumentedField("applicationVersion", .string),
        DocumentedField("versionExternalIdentifier", .int64),
        DocumentedField("receiptCreationDate", .date),
        DocumentedField("originalPurchaseDate", .date),
        DocumentedField("originalApplicationVersion", .string),
        DocumentedField("deviceVerification", .string),
        DocumentedField("deviceVerificationNonce", .string),
        DocumentedField("preorderDate", .date),
        DocumentedField("appTransactionId", .string),
        DocumentedField("originalPlatform", .string),
    ]

    /// Decodes an app transaction; a payload that carries only the marks of another kind is
    /// ``SignedDataError/Code/kindMismatch``.
    public init(payload: JSONValue) throws(SignedDataError) {
        try FieldChecker.check(payload, fields: Self.fields, as: .appTransaction)
        json = payload
    }
}
