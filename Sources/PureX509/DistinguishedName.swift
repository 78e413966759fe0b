public import PureDER

/// An X.501 `Name` (RFC 5280 §4.1.2.4): its original DER, which path building compares byte for byte, and
/// its attributes in order.
///
/// ```
/// Name ::= SEQUENCE OF RelativeDistinguishedName
/// RelativeDistinguishedName ::= SET SIZE (1..MAX) OF AttributeTypeAndValue
/// AttributeTypeAndValue ::= SEQUENCE { type OBJECT IDENTIFIER, value ANY -- DEFINED BY type }
/// ```
///
/// Every value is a character string of a type its attribute type allows (X.520 and RFC 5280 Appendix A.1 for
/// the types they define, a DirectoryString choice, IA5String or NumericString for the others), checked when the
/// Name is read; `docs/x509.md` has the table and how OpenSSL differs.
public struct DistinguishedName: Sendable, Hashable, CustomStringConvertible {
    /// One attribute: its type and its value, as text when it is a character string.
    public struct Attribute: Sendable, Hashable {
        /// The attribute type, e.g. ``OID/commonName``.
        public let type: OID
        /// The whole DER of the value.
        public let value: ArraySlice<UInt8>
        /// The value as text. Every value a Name holds is a character string, so a Name that was read gives
        /// every attribute its text.
        public let text: String?
    }

    /// The whole DER of the Name, tag and length included.
    public let encoded: ArraySlice<UInt8>

    /// The relative distinguished names, outermost first, each a set of one or more attributes. Decoded from
    /// ``encoded`` on each use: path validation needs only the encoding, so names nobody reads are never
    /// decoded.
    public var relativeNames: [[Attribute]] {
        var relativeNames: [[Attribute]] = []
        // The reading that the initializer completed, so it cannot fail here.
        _ = try? DERReader.parse(encoded) { reader throws(DERError) in
            var names = try reader.reader(forContentsOf: try reader.readElement(.sequence))
            try Self.read(&names, decodingText: true) { index, attribute in
                if index == relativeNames.count { relativeNames.append([]) }
                relativeNames[index].append(attribute)
            }
        }
        return relativeNames
    }

    /// Whether the Name has no relative distinguished name: its encoding is `30 00`.
    public var isEmpty: Bool { encoded.count == 2 }

    /// Reads a Name from `reader`, checking every attribute: its value must be a string of a type the attribute
    /// type allows (``AttributeSyntax``), of an allowed size, with characters its string type allows.
    init(from reader: inout DERReader) throws(DERError) {
        encoded = try reader.readConstructedWithEncoding(.sequence) { names throws(DERError) in
            try Self.read(&names, decodingText: false) { _, _ in }
        }.encoded
    }

    /// Reads the relative distinguished names of a Name's contents, handing `body` each attribute with the index
    /// of its relative distinguished name; the text of string values is decoded only if `decodingText`.
    private static func read(
        _ names: inout DERReader,
        decodingText: Bool,
        _ body: (Int, Attribute) -> Void
    ) throws(DERError) {
        var index = 0
        while !names.isAtEnd {
            let count = try names.readSetOf(eachConstructed: .sequence) { pair throws(DERError) in
                let type = try pair.readObjectIdentifier()
                let value = try pair.readElement()
                try AttributeSyntax.of(type).check(value)
                let text = decodingText ? try value.string() : nil
                body(index, Attribute(type: type, value: value.encoded, text: text))
            }
            guard count > 0 else {
                throw DERError(.truncated, at: names.offset, "empty RelativeDistinguishedName")
            }
            index += 1
        }
    }

    /// The texts of every attribute of `type`, outermost first.
    public func values(of type: OID) -> [String] {
        relativeNames.flatMap { $0 }.filter { $0.type == type }.compactMap { $0.text }
    }

    /// The first common name, if any.
    public var commonName: String? { values(of: .commonName).first }

    /// `CN=…, OU=…, O=…, C=…` in encoded order, with short names for the usual attribute types; the attributes of
    /// one relative distinguished name joined by `+`. Values are escaped as RFC 4514 §2.4 says (but for spaces at
    /// their ends), so that a value holding `, CN=` cannot pass for another attribute.
    public var description: String {
        var text: [UInt8] = []
        text.reserveCapacity(encoded.count)
        var current = 0
        // The reading that the initializer completed, so it cannot fail here.
        _ = try? DERReader.parse(encoded) { reader throws(DERError) in
            var names = try reader.reader(forContentsOf: try reader.readElement(.sequence))
            try Self.read(&names, decodingText: true) { index, attribute in
                if !text.isEmpty { text += index == current ? [UInt8(ascii: "+")] : [UInt8(ascii: ","), 0x20] }
                current = index
                text += Self.shortName(attribute.type).utf8
                text.append(UInt8(ascii: "="))
                if let value = attribute.text {
                    Self.append(escaping: value, to: &text)
                } else {
                    text.append(UInt8(ascii: "#"))
                    text += Hex.encode(attribute.value).utf8
                }
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `value` with a backslash before `"`, `+`, `,`, `;`, `<`, `>` and `\`, which RFC 4514 §2.4 escapes,
    /// and `#`, which it escapes at the start (where it would begin a hex value) and allows escaped anywhere.
    private static func append(escaping value: String, to text: inout [UInt8]) {
        for byte in value.utf8 {
            switch byte {
            case 0x22, 0x23, 0x2B, 0x2C, 0x3B, 0x3C, 0x3E, 0x5C: text.append(0x5C)
            default: break
            }
            text.append(byte)
        }
    }

    /// The short name of the usual attribute types, and the dotted OID of the others.
    private static func shortName(_ type: OID) -> String {
        switch type {
        case .commonName: "CN"
        case .organizationName: "O"
        case .organizationalUnitName: "OU"
        case .countryName: "C"
        case .localityName: "L"
        case .stateOrProvinceName: "ST"
        case .serialNumberAttribute: "serialNumber"
        case .emailAddress: "emailAddress"
        default: type.description
        }
    }
}
