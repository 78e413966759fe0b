import PureDER

@testable import PureReceipt

/// One in-app purchase record to encode: dates as the RFC 3339 text the receipt carries ("" for Apple's empty
/// strings), `nil` fields left out.
struct SyntheticPurchase {
    var product: String? = "com.example.pro"
    var transaction: String?
    var original: String?
    var purchase: String?
    var expires: String?
    var cancellation: String?
    var quantity: Int64? = 1
    var trial: Bool?
    var intro: Bool?
}

/// The records decoded from a real payload built with `DERWriter`: one type-17 attribute per record, written in
/// the order given (a SET OF left unsorted, as in Xcode's payloads, so that encoded order is the list's order).
func decodedPurchases(_ records: [SyntheticPurchase]) throws -> [InAppPurchase] {
    var payload = DERWriter()
    try payload.appendConstructed(tag: .set) { set throws(DERError) in
        for record in records {
            let value = try encodedRecord(record)
            attribute(17, in: &set) { $0.appendOctetString(value) }
        }
    }
    let receipt = try AppReceipt(payload: payload.bytes[...], rules: EncodingRules(allowsUnsortedSetOf: true))
    return receipt.inAppPurchases
}

private func encodedRecord(_ record: SyntheticPurchase) throws(DERError) -> [UInt8] {
    var writer = DERWriter()
    try writer.appendSetOf { set throws(DERError) in
        func text(_ type: Int, _ value: String?, _ kind: DERTag) throws(DERError) {
            guard let value else { return }
            var element = DERWriter()
            try element.appendString(value, tag: kind)
            attribute(type, in: &set) { $0.appendOctetString(element.bytes) }
        }
        func integer(_ type: Int, _ value: Int64?) {
            guard let value else { return }
            var element = DERWriter()
            element.appendInteger(value)
            attribute(type, in: &set) { $0.appendOctetString(element.bytes) }
        }
        integer(1701, record.quantity)
        try text(1702, record.product, .utf8String)
        try text(1703, record.transaction, .utf8String)
        try text(1704, record.purchase, .ia5String)
        try text(1705, record.original, .utf8String)
        try text(1708, record.expires, .ia5String)
        try text(1712, record.cancellation, .ia5String)
        integer(1713, record.trial.map { $0 ? 1 : 0 })
        integer(1719, record.intro.map { $0 ? 1 : 0 })
    }
    return writer.bytes
}

/// ReceiptAttribute ::= SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING }
private func attribute(_ type: Int, in writer: inout DERWriter, value: (inout DERWriter) -> Void) {
    writer.appendSequence { sequence in
        sequence.appendInteger(type)
        sequence.appendInteger(1)
        value(&sequence)
    }
}
