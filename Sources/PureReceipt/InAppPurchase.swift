import PureDER

/// One in-app purchase record: the decoded fields of a type-17 attribute's nested payload (Apple, "Receipt
/// Fields", in-app purchase receipt fields). Absent fields, and dates given as empty strings, are `nil`.
public struct InAppPurchase: Sendable, Hashable {
    /// 1701: the number of items purchased.
    public private(set) var quantity: Int64?
    /// 1702: the product identifier.
    public private(set) var productIdentifier: String?
    /// 1703: the transaction identifier.
    public private(set) var transactionIdentifier: String?
    /// 1704: the purchase date, in seconds since 1970.
    public private(set) var purchaseDate: Int64?
    /// 1705: the original transaction identifier (for restored purchases and renewals).
    public private(set) var originalTransactionIdentifier: String?
    /// 1706: the original purchase date.
    public private(set) var originalPurchaseDate: Int64?
    /// 1707: the product type (Apple does not document the values).
    public private(set) var productType: Int64?
    /// 1708: an auto-renewable subscription's expiration date.
    public private(set) var subscriptionExpirationDate: Int64?
    /// 1711: the web order line item identifier.
    public private(set) var webOrderLineItemIdentifier: Int64?
    /// 1712: when Apple support cancelled the transaction.
    public private(set) var cancellationDate: Int64?
    /// 1713: whether the subscription is in its free trial period.
    public private(set) var isInTrialPeriod: Bool?
    /// 1719: whether the subscription is in an introductory price period.
    public private(set) var isInIntroductoryOfferPeriod: Bool?
    /// 1721: the promotional offer identifier.
    public private(set) var promotionalOfferIdentifier: String?
    /// Every attribute not decoded above, kept as it is.
    public private(set) var otherAttributes: [ReceiptAttribute] = []

    /// Decodes a type-17 attribute's value (`quickly` as in ``AppReceipt/init(payload:rules:quickly:)``).
    init(_ value: ArraySlice<UInt8>, rules: EncodingRules, quickly: Bool = true) throws(DERError) {
        try ReceiptAttribute.forEach(inPayload: value, rules: rules, quickly: quickly, into: &self) {
            purchase,
            attribute,
            bytes throws(DERError) in
            try purchase.decode(attribute, in: bytes, quickly: quickly)
        }
    }

    private mutating func decode(
        _ attribute: ReceiptAttribute.Location,
        in bytes: ArraySlice<UInt8>,
        quickly: Bool
    ) throws(DERError) {
        let value = attribute.value
        switch attribute.type {
        case 1701: quantity = try FieldValue.integer(in: bytes, at: value)
        case 1702: productIdentifier = try FieldValue.string(in: bytes, at: value, field: 1702, quickly: quickly)
        case 1703: transactionIdentifier = try FieldValue.string(in: bytes, at: value, field: 1703, quickly: quickly)
        case 1704: purchaseDate = try FieldValue.date(in: bytes, at: value, field: 1704, quickly: quickly)
        case 1705:
            originalTransactionIdentifier = try FieldValue.string(in: bytes, at: value, field: 1705, quickly: quickly)
        case 1706: originalPurchaseDate = try FieldValue.date(in: bytes, at: value, field: 1706, quickly: quickly)
        case 1707: productType = try FieldValue.integer(in: bytes, at: value)
        case 1708: subscriptionExpirationDate = try FieldValue.date(in: bytes, at: value, field: 1708, quickly: quickly)
        case 1711: webOrderLineItemIdentifier = try FieldValue.integer(in: bytes, at: value)
        case 1712: cancellationDate = try FieldValue.date(in: bytes, at: value, field: 1712, quickly: quickly)
        case 1713: isInTrialPeriod = try FieldValue.integer(in: bytes, at: value) != 0
        case 1719: isInIntroductoryOfferPeriod = try FieldValue.integer(in: bytes, at: value) != 0
        case 1721:
            let text = try FieldValue.string(in: bytes, at: value, field: 1721, quickly: quickly)
            promotionalOfferIdentifier = text.isEmpty ? nil : text
        default:
            // Each App Store purchase carries about seven undocumented attributes: one allocation for them.
            if otherAttributes.isEmpty { otherAttributes.reserveCapacity(8) }
            otherAttributes.append(ReceiptAttribute(attribute, in: bytes))
        }
    }
}
