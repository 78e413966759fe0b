public import PureDER

/// One attribute of a receipt payload (Apple, "Receipt Fields"):
///
/// ```
/// ReceiptAttribute ::= SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING }
/// Payload ::= SET OF ReceiptAttribute
/// ```
///
/// `value` holds the DER of the field's actual value: an INTEGER, a UTF8String or IA5String, a date as
/// IA5String, a nested payload (in-app purchases), or opaque bytes.
public struct ReceiptAttribute: Sendable, Hashable {
    /// The field type, e.g. 2 for the bundle identifier.
    public let type: Int
    /// The attribute version (undocumented; kept).
    public let version: Int
    /// The contents of the value OCTET STRING.
    public let value: ArraySlice<UInt8>

    /// Reads a payload: a SET OF ReceiptAttribute. App Store payloads are DER (the SET OF sorted); Xcode's
    /// are not sorted, which `rules` with ``EncodingRules/allowsUnsortedSetOf`` accepts. A payload wrapped in
    /// one more OCTET STRING, as some generated receipts are, is unwrapped.
    public static func readPayload(
        _ bytes: ArraySlice<UInt8>,
        rules: EncodingRules
    ) throws(DERError) -> [ReceiptAttribute] {
        var attributes: [ReceiptAttribute] = []
        try forEach(inPayload: bytes, rules: rules) { attribute throws(DERError) in attributes.append(attribute) }
        return attributes
    }

    /// Reads a payload as ``readPayload(_:rules:)`` does, handing `body` each attribute in encoded order
    /// instead of collecting them (the decoders keep most attributes only as the fields they become).
    static func forEach(
        inPayload bytes: ArraySlice<UInt8>,
        rules: EncodingRules,
        _ body: (ReceiptAttribute) throws(DERError) -> Void
    ) throws(DERError) {
        var payload = bytes
        if payload.first == 0x04 {  // an OCTET STRING identifier, where a SET (0x31) belongs
            payload = try DERReader.parse(payload, rules: rules) { reader throws(DERError) in
                try reader.readOctetString()
            }
        }
        try DERReader.parse(payload, rules: rules) { reader throws(DERError) -> Void in
            try reader.readSetOf(eachConstructed: .sequence) { attribute throws(DERError) in
                try body(
                    ReceiptAttribute(
                        type: try attribute.readInteger(as: Int.self),
                        version: try attribute.readInteger(as: Int.self),
                        value: try attribute.readOctetString()
                    )
                )
            }
        }
    }
}
