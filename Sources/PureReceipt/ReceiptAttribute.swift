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
        try forEach(inPayload: bytes, rules: rules, into: &attributes) {
            attributes,
            attribute,
            bytes throws(DERError) in
            attributes.append(ReceiptAttribute(attribute, in: bytes))
        }
        return attributes
    }

    /// Where one attribute lies: its type, its version and the indices of its value's octets in the bytes it was
    /// read from. It holds no view of them, so the decoders take each of a payload's hundred-odd attributes
    /// without a reference count (a view apiece was 187 of the 930 retains of a whole validation of a 7 KB
    /// receipt); they make a view of the value only to keep it.
    struct Location {
        let type: Int
        let version: Int
        let value: Range<Int>
    }

    /// A component of the payload's SET OF as read: located in the payload (the common shape), or read by the
    /// general readers, whose value may be octets of its own (a constructed OCTET STRING joined under BER).
    private enum Component {
        case located(Location)
        case read(ReceiptAttribute)
    }

    /// Reads a payload as ``readPayload(_:rules:)`` does, handing `body` each attribute in encoded order with the
    /// bytes its value's indices refer to, instead of collecting them (the decoders keep most attributes only as
    /// the fields they become), and `state` to decode them into. Passed in, not captured: a decoder whose result
    /// a closure captured copied it out at the end, a reference count for each string and array in it.
    static func forEach<State>(
        inPayload bytes: ArraySlice<UInt8>,
        rules: EncodingRules,
        into state: inout State,
        _ body: (inout State, Location, ArraySlice<UInt8>) throws(DERError) -> Void
    ) throws(DERError) {
        let payload: ArraySlice<UInt8>
        if bytes.first == 0x04 {  // an OCTET STRING identifier, where a SET (0x31) belongs
            payload = try DERReader.parse(bytes, rules: rules) { reader throws(DERError) in
                try reader.readOctetString()
            }
        } else {
            payload = bytes
        }
        try DERReader.parse(payload, rules: rules) { reader throws(DERError) -> Void in
            try reader.readSetOf(
                eachConstructed: .sequence,
                commonShape: commonShape,
                reading: { attribute throws(DERError) in
                    .read(
                        ReceiptAttribute(
                            type: try attribute.readInteger(as: Int.self),
                            version: try attribute.readInteger(as: Int.self),
                            value: try attribute.readOctetString()
                        )
                    )
                }
            ) { component throws(DERError) in
                switch component {
                case .located(let location):
                    try body(&state, location, payload)
                case .read(let attribute):
                    let location = Location(
                        type: attribute.type,
                        version: attribute.version,
                        value: attribute.value.indices
                    )
                    try body(&state, location, attribute.value)
                }
            }
        }
    }

    /// The attribute at the start of `bytes` and the length of its encoding, when it has the shape of every
    /// attribute of a real payload: definite lengths in minimal form, two INTEGERs that fit `Int`, a primitive
    /// OCTET STRING, nothing after it. `nil` otherwise, for the general readers to read or refuse: a payload
    /// has more than a hundred attributes, and taking them apart over raw bytes saves most of the readers' cost.
    private static func commonShape(_ bytes: ArraySlice<UInt8>) -> (component: Component, length: Int)? {
        bytes.withUnsafeBufferPointer { buffer -> (component: Component, length: Int)? in
            guard let sequence = DERReader.commonShapeContents(0x30, in: buffer, at: 0),
                let type = DERReader.commonShapeContents(0x02, in: buffer, at: sequence.lowerBound),
                let version = DERReader.commonShapeContents(0x02, in: buffer, at: type.upperBound),
                let value = DERReader.commonShapeContents(0x04, in: buffer, at: version.upperBound),
                value.upperBound == sequence.upperBound,
                let typeValue = DERElement.integer(UnsafeBufferPointer(rebasing: buffer[type]), as: Int.self),
                let versionValue = DERElement.integer(UnsafeBufferPointer(rebasing: buffer[version]), as: Int.self)
            else { return nil }
            let base = bytes.startIndex
            let location = Location(
                type: typeValue,
                version: versionValue,
                value: (base + value.lowerBound)..<(base + value.upperBound)
            )
            // The SEQUENCE's contents end where the value ends.
            return (.located(location), value.upperBound)
        }
    }
}

extension ReceiptAttribute {
    /// The attribute at `location` in `bytes`, its value a view of them.
    init(_ location: Location, in bytes: ArraySlice<UInt8>) {
        self.init(type: location.type, version: location.version, value: bytes[location.value])
    }
}
