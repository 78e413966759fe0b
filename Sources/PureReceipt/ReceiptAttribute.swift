package import PureDER

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
    package static func readPayload(
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
    /// read from. It holds no view of them (a view shares ownership of the input buffer), so the decoders make a
    /// view of a value only to keep it.
    struct Location {
        let type: Int
        let version: Int
        let value: Range<Int>
    }

    /// Reads a payload as ``readPayload(_:rules:)`` does, handing `body` each attribute in encoded order with the
    /// bytes its value's indices refer to, instead of collecting them, and `state` to decode them into (passed
    /// in rather than captured, so that the decoded value is not copied out of the closure). Each attribute is read
    /// whole, and its place in the SET OF order checked, before `body` decodes its value.
    static func forEach<State>(
        inPayload bytes: ArraySlice<UInt8>,
        rules: EncodingRules,
        quickly: Bool = true,
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
            try reader.readConstructed(.set) { set throws(DERError) in
                var previous = 0..<0  // the previous attribute's encoding; none yet
                while !set.isAtEnd {
                    let attribute = try readAttribute(&set, after: previous, quickly: quickly)
                    if let segments = attribute.segments {
                        try body(&state, attribute.location, segments)
                    } else {
                        try body(&state, attribute.location, payload)
                    }
                    previous = attribute.encoding
                }
            }
        }
    }

    /// Reads the next attribute of the payload SET OF that `set` is narrowed to, whose previous attribute is encoded
    /// at `previous`: its encoding, and where its value lies, in the payload or, for a constructed OCTET STRING, in
    /// `segments`, the joined bytes of its segments.
    ///
    /// An attribute in the shape App Store payloads use throughout (short lengths, integers as wide as an `Int`, a
    /// primitive OCTET STRING) is read by a ``ShortFormScanner``; any other by the DER reader, which also decides
    /// every error. `quickly: false` reads every attribute with the DER reader, for the tests that compare the two.
    @inline(__always)
    private static func readAttribute(
        _ set: inout DERReader,
        after previous: Range<Int>,
        quickly: Bool
    ) throws(DERError) -> (encoding: Range<Int>, location: Location, segments: ArraySlice<UInt8>?) {
        if quickly, let quick = set.withShortFormScanner(scan) {
            try set.acceptSetOfComponent(quick.encoding, after: previous)
            return (quick.encoding, quick.location, nil)
        }
        var location = Location(type: 0, version: 0, value: 0..<0)
        var segments: ArraySlice<UInt8>? = nil
        let encoding = try set.readSetOfComponent(.sequence, after: previous) { attribute throws(DERError) in
            let type = try attribute.readInteger(as: Int.self)
            let version = try attribute.readInteger(as: Int.self)
            if let value = try attribute.readBounds(.octetString) {
                location = Location(type: type, version: version, value: value.contents)
            } else {
                // A constructed OCTET STRING, whose segments BER rules join into bytes of their own; or the error
                // that says why there is no value.
                let joined = try attribute.readOctetString()
                location = Location(type: type, version: version, value: joined.indices)
                segments = joined
            }
        }
        return (encoding, location, segments)
    }

    /// The next attribute, `SEQUENCE { INTEGER, INTEGER, OCTET STRING }` in short forms throughout, as the DER
    /// reader would read it: its encoding and where it lies; `nil` for anything else.
    @inline(__always)
    static func scan(_ scanner: inout ShortFormScanner) -> (encoding: Range<Int>, location: Location)? {
        let start = scanner.position
        guard let contents = scanner.read(.sequence) else { return nil }
        var attribute = scanner.scanner(over: contents)
        guard let type = attribute.readInteger(), let version = attribute.readInteger(),
            let value = attribute.read(.octetString), attribute.isAtEnd
        else { return nil }
        return (start..<contents.upperBound, Location(type: type, version: version, value: value))
    }
}

extension ReceiptAttribute {
    /// The attribute at `location` in `bytes`, its value a view of them.
    init(_ location: Location, in bytes: ArraySlice<UInt8>) {
        self.init(type: location.type, version: location.version, value: bytes[location.value])
    }
}
