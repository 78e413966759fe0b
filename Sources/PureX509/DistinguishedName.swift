public import PureDER

/// An X.501 `Name` (RFC 5280 §4.1.2.4): its original DER, which path building compares byte for byte, and
/// its attributes in order.
///
/// ```
/// Name ::= SEQUENCE OF RelativeDistinguishedName
/// RelativeDistinguishedName ::= SET SIZE (1..MAX) OF AttributeTypeAndValue
/// AttributeTypeAndValue ::= SEQUENCE { type OBJECT IDENTIFIER, value ANY }
/// ```
public struct DistinguishedName: Sendable, Hashable, CustomStringConvertible {
    /// One attribute: its type and its value, as text when it is a character string.
    public struct Attribute: Sendable, Hashable {
        /// The attribute type, e.g. ``OID/commonName``.
        public let type: OID
        /// The whole DER of the value.
        public let value: ArraySlice<UInt8>
        /// The value as text, for the character string types; `nil` otherwise.
        public let text: String?
    }

    /// The whole DER of the Name, tag and length included.
    public let encoded: ArraySlice<UInt8>
    /// The relative distinguished names, outermost first, each a set of one or more attributes.
    public let relativeNames: [[Attribute]]

    /// Reads a Name from `reader`.
    init(from reader: inout DERReader) throws(DERError) {
        let element = try reader.readElement(.sequence)
        var names = try reader.reader(forContentsOf: element)
        var relativeNames: [[Attribute]] = []
        relativeNames.reserveCapacity(8)  // one allocation for the usual number, not three or four
        while !names.isAtEnd {
            var attributes: [Attribute] = []
            let count = try names.readSetOf(eachConstructed: .sequence) { pair throws(DERError) in
                let type = try pair.readObjectIdentifier()
                // A string is decoded (which checks it); any other value is kept as bytes, checked as strictly.
                let isString = try pair.peekTag()?.isCharacterString == true
                let value = try isString ? pair.readElement() : pair.readCheckedElement()
                let text = isString ? try value.string() : nil
                attributes.append(Attribute(type: type, value: value.encoded, text: text))
            }
            guard count > 0 else {
                throw DERError(.truncated, at: names.offset, "empty RelativeDistinguishedName")
            }
            relativeNames.append(attributes)
        }
        self.encoded = element.encoded
        self.relativeNames = relativeNames
    }

    /// The texts of every attribute of `type`, outermost first.
    public func values(of type: OID) -> [String] {
        relativeNames.flatMap { $0 }.filter { $0.type == type }.compactMap { $0.text }
    }

    /// The first common name, if any.
    public var commonName: String? { values(of: .commonName).first }

    /// `CN=…, OU=…, O=…, C=…` in encoded order, with short names for the usual attribute types.
    public var description: String {
        relativeNames.map { set in
            set.map { attribute in
                let key = Self.shortNames[attribute.type] ?? attribute.type.description
                return "\(key)=\(attribute.text ?? "#" + Hex.encode(attribute.value))"
            }.joined(separator: "+")
        }.joined(separator: ", ")
    }

    private static let shortNames: [OID: String] = [
        .commonName: "CN", .organizationName: "O", .organizationalUnitName: "OU", .countryName: "C",
        .localityName: "L", .stateOrProvinceName: "ST", .serialNumberAttribute: "serialNumber",
        .emailAddress: "emailAddress",
    ]
}
