import PureDER

/// The values a Name may give one attribute type: which universal string types, and how many octets. The one
/// place that maps an attribute type to its syntax (``of(_:)``), after RFC 5280 Appendix A.1 and X.520:
///
/// ```
/// DirectoryString ::= CHOICE {
///     teletexString       TeletexString (SIZE (1..MAX)),
///     printableString     PrintableString (SIZE (1..MAX)),
///     universalString     UniversalString (SIZE (1..MAX)),
///     utf8String          UTF8String (SIZE (1..MAX)),
///     bmpString           BMPString (SIZE (1..MAX)) }
/// X520countryName ::=     PrintableString (SIZE (2))
/// X520SerialNumber ::=    PrintableString (SIZE (1..ub-serial-number))
/// X520dnQualifier ::=     PrintableString
/// EmailAddress ::=        IA5String (SIZE (1..ub-emailaddress-length))
/// DomainComponent ::=     IA5String
/// ```
///
/// The upper bounds (`ub-common-name` and the rest) are not enforced: X.520 dropped them from these attribute
/// types (its current edition defines them over an unbounded DirectoryString), RFC 5280 counts them in characters,
/// and certificates exceed them. The bounds that are enforced are the same in octets and characters: at least one,
/// and a country name's two PrintableString characters. An attribute type not in the table takes any of the
/// character string types both X.520 and OpenSSL accept in names: the DirectoryString choices, IA5String and
/// NumericString. Every value's characters are then checked as ``PureDER/DERElement/string()`` checks them.
struct AttributeSyntax: Sendable {
    /// The universal string types allowed: bit `n` set for tag number `n`.
    let tags: UInt32
    /// The least and the greatest number of contents octets.
    let sizes: ClosedRange<Int>
    /// The syntax's ASN.1 name, for errors.
    let name: String

    private static let utf8String: UInt32 = 1 << 12
    private static let numericString: UInt32 = 1 << 18
    private static let printableString: UInt32 = 1 << 19
    private static let teletexString: UInt32 = 1 << 20
    private static let ia5String: UInt32 = 1 << 22
    private static let universalString: UInt32 = 1 << 28
    private static let bmpString: UInt32 = 1 << 30
    private static let directoryStringChoices =
        teletexString | printableString | universalString | utf8String | bmpString

    static let directoryString = AttributeSyntax(
        tags: directoryStringChoices,
        sizes: 1...Int.max,
        name: "DirectoryString (SIZE (1..MAX))"
    )
    static let countryName = AttributeSyntax(tags: printableString, sizes: 2...2, name: "PrintableString (SIZE (2))")
    static let serialNumber = AttributeSyntax(
        tags: printableString,
        sizes: 1...Int.max,
        name: "PrintableString (SIZE (1..MAX))"
    )
    static let dnQualifier = AttributeSyntax(tags: printableString, sizes: 0...Int.max, name: "PrintableString")
    static let emailAddress = AttributeSyntax(tags: ia5String, sizes: 1...Int.max, name: "IA5String (SIZE (1..MAX))")
    static let domainComponent = AttributeSyntax(tags: ia5String, sizes: 0...Int.max, name: "IA5String")
    static let unknownType = AttributeSyntax(
        tags: directoryStringChoices | ia5String | numericString,
        sizes: 0...Int.max,
        name: "character string"
    )

    /// The syntax of `type`'s values.
    static func of(_ type: OID) -> AttributeSyntax {
        if let arc = type.attributeTypeArc {
            switch arc {
            case 3, 7, 8, 10, 11, 12:  // commonName, localityName, stateOrProvinceName, organizationName,
                return .directoryString  // organizationalUnitName, title
            case 4, 41, 42, 43, 44, 65:  // surname, name, givenName, initials, generationQualifier, pseudonym
                return .directoryString
            case 6: return .countryName
            case 5: return .serialNumber
            case 46: return .dnQualifier
            default: return .unknownType
            }
        }
        if type == .emailAddress { return .emailAddress }
        if type == .domainComponent { return .domainComponent }
        return .unknownType
    }

    /// Checks that `value` is of this syntax: a primitive universal string of an allowed type, of an allowed
    /// size, whose characters its type allows.
    func check(_ value: DERElement) throws(DERError) {
        let tag = value.tag
        guard tag.tagClass == .universal, tag.number < 32, tags & (1 << tag.number) != 0 else {
            throw DERError(.unexpectedTag, at: value.offset, "\(tag) where the attribute takes a \(name)")
        }
        guard !tag.isConstructed else {  // X.690 §10.2: DER encodes strings primitive
            throw DERError(.invalidConstruction, at: value.offset, "constructed \(tag) in a Name")
        }
        guard sizes.contains(value.contentLength) else {
            throw DERError(
                .invalidString,
                at: value.offset,
                "\(value.contentLength) octets where the attribute takes a \(name)"
            )
        }
        try value.checkString()
    }
}
