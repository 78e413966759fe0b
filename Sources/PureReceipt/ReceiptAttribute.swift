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
            try reader.readSetOf(
                eachConstructed: .sequence,
                commonShape: commonShape,
                reading: { attribute throws(DERError) in
                    ReceiptAttribute(
                        type: try attribute.readInteger(as: Int.self),
                        version: try attribute.readInteger(as: Int.self),
                        value: try attribute.readOctetString()
                    )
                },
                body
            )
        }
    }

    /// The attribute at the start of `bytes` and the length of its encoding, when it has the shape of every
    /// attribute of a real payload: definite lengths in minimal form, two INTEGERs that fit `Int`, a primitive
    /// OCTET STRING, nothing after it. `nil` otherwise, for the general readers to read or refuse: a payload
    /// has more than a hundred attributes, and taking them apart over raw bytes saves most of the readers' cost.
    private static func commonShape(_ bytes: ArraySlice<UInt8>) -> (component: ReceiptAttribute, length: Int)? {
        let parts = bytes.withUnsafeBufferPointer { buffer -> (type: Int, version: Int, value: Range<Int>)? in
            guard let sequence = DERReader.commonShapeContents(0x30, in: buffer, at: 0),
                let type = DERReader.commonShapeContents(0x02, in: buffer, at: sequence.lowerBound),
                let version = DERReader.commonShapeContents(0x02, in: buffer, at: type.upperBound),
                let value = DERReader.commonShapeContents(0x04, in: buffer, at: version.upperBound),
                value.upperBound == sequence.upperBound,
                let typeValue = DERElement.integer(UnsafeBufferPointer(rebasing: buffer[type]), as: Int.self),
                let versionValue = DERElement.integer(UnsafeBufferPointer(rebasing: buffer[version]), as: Int.self)
            else { return nil }
            return (typeValue, versionValue, value)
        }
        guard let parts else { return nil }
        let base = bytes.startIndex
        // The SEQUENCE's contents end where the value ends.
        let length = parts.value.upperBound
        let attribute = ReceiptAttribute(
            type: parts.type,
            version: parts.version,
            value: bytes[(base + parts.value.lowerBound)..<(base + parts.value.upperBound)]
        )
        return (attribute, length)
    }
}
