public import PureJSON

/// An App Store Server Notification V2 (Apple, "responseBodyV2DecodedPayload"): what a notification's
/// `signedPayload` carries.
///
/// At most one of ``data``, ``summary``, ``externalPurchaseToken`` and ``appData`` is present: Apple documents them
/// as mutually exclusive and sends one, depending on ``notificationType``, and decoding refuses a payload with two
/// (``SignedDataError/Code/exclusiveFields``), whose claims of whose data it is could differ. The signed
/// transaction and renewal info inside ``data`` stay JWS strings here, to be decoded (and, by a verifier,
/// verified) on their own: ``NotificationData/signedTransactionInfo``.
public struct ResponseBodyV2DecodedPayload: SignedPayload, Equatable {
    /// The event the notification reports.
    public var notificationType: NotificationTypeV2? { json.field("notificationType", as: NotificationTypeV2.self) }
    /// What more the notification says about its event.
    public var subtype: Subtype? { json.field("subtype", as: Subtype.self) }
    /// The notification's unique identifier: a notification Apple resends keeps it.
    public var notificationUUID: String? { json.stringField("notificationUUID") }
    /// The app and the signed transaction and renewal info the event concerns.
    public var data: NotificationData? { json.field("data").map(NotificationData.init(checked:)) }
    /// The notification's version (`2.0`).
    public var version: String? { json.stringField("version") }
    /// When the App Store signed this JWS, in milliseconds. Early notifications (2022) have none.
    public var signedDate: Int64? { json.dateField("signedDate") }
    /// The result of a renewal extension for all eligible subscribers (`RENEWAL_EXTENSION` with subtype
    /// `SUMMARY`).
    public var summary: Summary? { json.field("summary").map(Summary.init(checked:)) }
    /// An external purchase token (`EXTERNAL_PURCHASE_TOKEN`).
    public var externalPurchaseToken: ExternalPurchaseToken? {
        json.field("externalPurchaseToken").map(ExternalPurchaseToken.init(checked:))
    }
    /// The app and its signed app transaction (`RESCIND_CONSENT`).
    public var appData: AppData? { json.field("appData").map(AppData.init(checked:)) }

    /// The payload object, every member in the order written.
    public let json: JSONValue

    /// ``SignedDataKind/notification``.
    public var kind: SignedDataKind { .notification }

    /// The members this type does not model, in the order written (those of ``data`` and the other nested
    /// objects are in theirs).
    public var otherFields: [(String, JSONValue)] {
        FieldChecker.undocumented(json, Self.documentedFields)
    }

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = fields.map { $0.name }

    /// The documented fields with the JSON type Apple documents for each, in Apple's order.
    static let fields: [DocumentedField] = [
        DocumentedField("notificationType", .string),
        DocumentedField("subtype", .string),
        DocumentedField("notificationUUID", .string),
        DocumentedField("data", .exclusive(NotificationData.fields)),
        DocumentedField("version", .string),
        DocumentedField("signedDate", .date),
        DocumentedField("summary", .exclusive(Summary.fields)),
        DocumentedField("externalPurchaseToken", .exclusive(ExternalPurchaseToken.fields)),
        DocumentedField("appData", .exclusive(AppData.fields)),
    ]

    /// Decodes a notification; a payload that carries only the marks of another kind is
    /// ``SignedDataError/Code/kindMismatch``. A nested object's field of the wrong type is named by its path
    /// (`data.status`).
    public init(payload: JSONValue) throws(SignedDataError) {
        try FieldChecker.check(payload, fields: Self.fields, as: .notification)
        json = payload
    }
}
