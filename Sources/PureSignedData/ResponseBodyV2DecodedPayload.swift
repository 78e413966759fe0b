public import PureJSON

/// An App Store Server Notification V2 (Apple, "responseBodyV2DecodedPayload"): what a notification's
/// `signedPayload` carries.
///
/// Exactly one of ``data``, ``summary``, ``externalPurchaseToken`` and ``appData`` is present in what Apple
/// sends, depending on ``notificationType``; this type reads whichever are there and requires none. The signed
/// transaction and renewal info inside ``data`` stay JWS strings here, to be decoded (and, by a verifier,
/// verified) on their own: ``NotificationData/signedTransactionInfo``.
public struct ResponseBodyV2DecodedPayload: SignedPayload, Equatable {
    /// The event the notification reports.
    public private(set) var notificationType: NotificationTypeV2?
    /// What more the notification says about its event.
    public private(set) var subtype: Subtype?
    /// The notification's unique identifier: a notification Apple resends keeps it.
    public private(set) var notificationUUID: String?
    /// The app and the signed transaction and renewal info the event concerns.
    public private(set) var data: NotificationData?
    /// The notification's version (`2.0`).
    public private(set) var version: String?
    /// When the App Store signed this JWS, in milliseconds. Early notifications (2022) have none.
    public private(set) var signedDate: Int64?
    /// The result of a renewal extension for all eligible subscribers (`RENEWAL_EXTENSION` with subtype
    /// `SUMMARY`).
    public private(set) var summary: Summary?
    /// An external purchase token (`EXTERNAL_PURCHASE_TOKEN`).
    public private(set) var externalPurchaseToken: ExternalPurchaseToken?
    /// The app and its signed app transaction (`RESCIND_CONSENT`).
    public private(set) var appData: AppData?

    /// The payload object, every member in the order written.
    public let json: JSONValue

    /// ``SignedDataKind/notification``.
    public var kind: SignedDataKind { .notification }

    /// The members this type does not model, in the order written (those of ``data`` and the other nested
    /// objects are in theirs).
    public var otherFields: [(String, JSONValue)] {
        FieldReader.undocumented(json, Self.documentedFields)
    }

    /// The documented fields' names, as Apple writes them.
    public static let documentedFields = [
        "notificationType", "subtype", "notificationUUID", "data", "version", "signedDate", "summary",
        "externalPurchaseToken", "appData",
    ]

    /// Decodes a notification; a payload that carries only the marks of another kind is
    /// ``SignedDataError/Code/kindMismatch``. A nested object's field of the wrong type is named by its path
    /// (`data.status`).
    public init(payload: JSONValue) throws(SignedDataError) {
        json = payload
        try FieldReader.readMembers(of: payload, as: .notification) { read, name, value throws(SignedDataError) in
            switch name {
            case "notificationType": notificationType = try read.value(value, name, as: NotificationTypeV2.self)
            case "subtype": subtype = try read.value(value, name, as: Subtype.self)
            case "notificationUUID": notificationUUID = try read.string(value, name)
            case "data": data = value.isNull ? nil : try NotificationData(object: value, path: name)
            case "version": version = try read.string(value, name)
            case "signedDate": signedDate = try read.date(value, name)
            case "summary": summary = value.isNull ? nil : try Summary(object: value, path: name)
            case "externalPurchaseToken":
                externalPurchaseToken = value.isNull ? nil : try ExternalPurchaseToken(object: value, path: name)
            case "appData": appData = value.isNull ? nil : try AppData(object: value, path: name)
            default: break
            }
        }
    }
}
