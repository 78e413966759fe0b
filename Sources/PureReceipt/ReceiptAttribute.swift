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
        var payload = bytes
        if payload.first == 0x04 {  // an OCTET STRING identifier, where a SET (0x31) belongs
            payload = try DERReader.parse(payload, rules: rules) { reader throws(DERError) in
                try reader.readOctetString()
            }
        }
        return try DERReader.parse(payload, rules: rules) { reader throws(DERError) in
            try reader.readSetOf { set throws(DERError) in
                var attributes: [ReceiptAttribute] = []
                while !set.isAtEnd {
                    attributes.append(
                        try set.readSequence { attribute throws(DERError) in
                            ReceiptAttribute(
                                type: try attribute.readInteger(as: Int.self),
                                version: try attribute.readInteger(as: Int.self),
                                value: try attribute.readOctetString()
                            )
                        }
                    )
                }
                return attributes
            }
        }
    }
}
