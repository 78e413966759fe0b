package import PureDER

/// The decoded payload of an App Store receipt (Apple, "Receipt Fields"). Absent fields are `nil`; every
/// attribute not decoded is kept in ``otherAttributes``, never dropped.
public struct AppReceipt: Sendable, Hashable {
    /// 0: the environment, e.g. `Production`, `ProductionSandbox`, `Xcode`.
    public private(set) var receiptType: String?
    /// 1: the App Store identifier of the app (0 in sandbox).
    public private(set) var appItemIdentifier: Int64?
    /// 2: the bundle identifier.
    public private(set) var bundleIdentifier: String?
    /// 2, raw: the value's DER (tag, length, UTF8String bytes), which the device hash covers.
    public private(set) var bundleIdentifierData: ArraySlice<UInt8>?
    /// 3: the app version (CFBundleVersion on iOS, CFBundleShortVersionString on macOS).
    public private(set) var applicationVersion: String?
    /// 4: the opaque value that goes into the device hash.
    public private(set) var opaqueValue: ArraySlice<UInt8>?
    /// 5: the SHA-1 device hash.
    public private(set) var sha1Hash: ArraySlice<UInt8>?
    /// 10: the age rating, e.g. `4+`.
    public private(set) var ageRating: String?
    /// 12: when the receipt was created, in seconds since 1970: the instant its chain is validated at.
    public private(set) var creationDate: Int64?
    /// 15: the download identifier.
    public private(set) var downloadIdentifier: Int64?
    /// 16: the version external identifier.
    public private(set) var versionExternalIdentifier: Int64?
    /// 17: the in-app purchase records, in encoded order.
    public private(set) var inAppPurchases: [InAppPurchase] = []
    /// 18: the original purchase date of the app.
    public private(set) var originalPurchaseDate: Int64?
    /// 19: the version of the app originally purchased.
    public private(set) var originalApplicationVersion: String?
    /// 21: when a Volume Purchase Program receipt expires.
    public private(set) var expirationDate: Int64?
    /// Every attribute not decoded above, kept as it is.
    public private(set) var otherAttributes: [ReceiptAttribute] = []

    /// Decodes a payload (the signed content of the receipt's PKCS#7 container). `rules` are
    /// ``EncodingRules/der`` for App Store receipts; Xcode's payloads need ``EncodingRules/allowsUnsortedSetOf``.
    /// `quickly: false` reads every attribute with the DER reader, for the tests that compare the two ways
    /// (ReceiptAttribute.swift).
    package init(payload: ArraySlice<UInt8>, rules: EncodingRules = .der, quickly: Bool = true) throws(ReceiptError) {
        do throws(DERError) {
            try ReceiptAttribute.forEach(inPayload: payload, rules: rules, quickly: quickly, into: &self) {
                receipt,
                attribute,
                bytes throws(DERError) in
                try receipt.decode(attribute, in: bytes, rules: rules, quickly: quickly)
            }
        } catch {
            throw ReceiptError(.malformedPayload, "the receipt payload is malformed", der: error)
        }
    }

    private mutating func decode(
        _ attribute: ReceiptAttribute.Location,
        in bytes: ArraySlice<UInt8>,
        rules: EncodingRules,
        quickly: Bool
    ) throws(DERError) {
        let value = attribute.value
        switch attribute.type {
        case 0: receiptType = try FieldValue.string(in: bytes, at: value, field: 0, quickly: quickly)
        case 1: appItemIdentifier = try FieldValue.integer(in: bytes, at: value)
        case 2:
            bundleIdentifier = try FieldValue.string(in: bytes, at: value, field: 2, quickly: quickly)
            bundleIdentifierData = bytes[value]
        case 3: applicationVersion = try FieldValue.string(in: bytes, at: value, field: 3, quickly: quickly)
        case 4: opaqueValue = bytes[value]
        case 5: sha1Hash = bytes[value]
        case 10: ageRating = try FieldValue.string(in: bytes, at: value, field: 10, quickly: quickly)
        case 12: creationDate = try FieldValue.date(in: bytes, at: value, field: 12, quickly: quickly)
        case 15: downloadIdentifier = try FieldValue.integer(in: bytes, at: value)
        case 16: versionExternalIdentifier = try FieldValue.integer(in: bytes, at: value)
        case 17:
            // Room for several at once: growing one by one moved every purchase decoded so far each time.
            if inAppPurchases.isEmpty { inAppPurchases.reserveCapacity(8) }
            inAppPurchases.append(try InAppPurchase(bytes[value], rules: rules, quickly: quickly))
        case 18: originalPurchaseDate = try FieldValue.date(in: bytes, at: value, field: 18, quickly: quickly)
        case 19: originalApplicationVersion = try FieldValue.string(in: bytes, at: value, field: 19, quickly: quickly)
        case 21: expirationDate = try FieldValue.date(in: bytes, at: value, field: 21, quickly: quickly)
        default:
            // App Store payloads carry about ten undocumented attributes: room for them in one allocation.
            if otherAttributes.isEmpty { otherAttributes.reserveCapacity(16) }
            otherAttributes.append(ReceiptAttribute(attribute, in: bytes))
        }
    }
}
