import PureDER
import Testing

@testable import PureX509

/// A Name keeps only its encoding and decodes its attributes on use, so every value must be checked when the
/// Name is read: its string type against what the attribute type allows, its size, and its characters.
struct NameParsingTests {
    /// A TLV with a short- or two-octet long-form length.
    static func tlv(_ identifier: UInt8, _ contents: [UInt8]) -> [UInt8] {
        let length: [UInt8] =
            contents.count < 0x80
            ? [UInt8(contents.count)] : [0x81, UInt8(contents.count)]
        return [identifier] + length + contents
    }

    /// A Name of one relative name holding one attribute of `type` (its OID contents) with `value`.
    static func name(_ value: [UInt8], type: [UInt8] = commonName) -> [UInt8] {
        tlv(0x30, tlv(0x31, tlv(0x30, tlv(0x06, type) + value)))
    }

    static func read(_ bytes: [UInt8]) throws(DERError) -> DistinguishedName {
        try DERReader.parse(bytes[...]) { reader throws(DERError) in try DistinguishedName(from: &reader) }
    }

    /// The error reading a Name of one attribute of `type` with `value` gives, or `nil` when it is accepted.
    static func error(reading value: [UInt8], type: [UInt8] = commonName) -> DERError.Code? {
        do {
            _ = try read(name(value, type: type))
            return nil
        } catch {
            return error.code
        }
    }

    // MARK: - Attribute types

    static let commonName: [UInt8] = [0x55, 0x04, 0x03]
    static let countryName: [UInt8] = [0x55, 0x04, 0x06]
    static let emailAddress: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x01]
    static let domainComponent: [UInt8] = [0x09, 0x92, 0x26, 0x89, 0x93, 0xF2, 0x2C, 0x64, 0x01, 0x19]
    static let dnQualifier: [UInt8] = [0x55, 0x04, 0x2E]
    static let serialNumber: [UInt8] = [0x55, 0x04, 0x05]
    static let unknownType: [UInt8] = [0x2A, 0x03, 0x04]  // 1.2.3.4

    /// The string types a value can be tagged with, each with two characters in it ("US" where the type allows).
    static let candidates: [(name: String, value: [UInt8])] = [
        ("UTF8String", tlv(0x0C, Array("US".utf8))),
        ("NumericString", tlv(0x12, Array("12".utf8))),
        ("PrintableString", tlv(0x13, Array("US".utf8))),
        ("TeletexString", tlv(0x14, Array("US".utf8))),
        ("IA5String", tlv(0x16, Array("US".utf8))),
        ("VisibleString", tlv(0x1A, Array("US".utf8))),
        ("GeneralString", tlv(0x1B, Array("US".utf8))),
        ("GraphicString", tlv(0x19, Array("US".utf8))),
        ("UniversalString", tlv(0x1C, [0, 0, 0, 0x55, 0, 0, 0, 0x53])),
        ("BMPString", tlv(0x1E, [0, 0x55, 0, 0x53])),
        ("[APPLICATION 19]", tlv(0x53, Array("US".utf8))),
        ("[0] IMPLICIT", tlv(0x80, Array("US".utf8))),
        ("OCTET STRING", tlv(0x04, Array("US".utf8))),
        ("BIT STRING", tlv(0x03, [0x00, 0x55])),
        ("INTEGER", tlv(0x02, [0x05])),
        ("UTCTime", tlv(0x17, Array("250101000000Z".utf8))),
        ("SEQUENCE", tlv(0x30, tlv(0x13, Array("US".utf8)))),
    ]

    static let directoryString: Set = [
        "TeletexString", "PrintableString", "UniversalString", "UTF8String", "BMPString",
    ]

    /// Each attribute type with the string types X.520 and RFC 5280 Appendix A.1 allow it (the others are under
    /// id-at, 2.5.4), and for a type outside the table the rule docs/x509.md states.
    static let allowed: [(type: String, oid: [UInt8], tags: Set<String>)] = [
        ("commonName", commonName, directoryString),
        ("surname", [0x55, 0x04, 0x04], directoryString),
        ("localityName", [0x55, 0x04, 0x07], directoryString),
        ("stateOrProvinceName", [0x55, 0x04, 0x08], directoryString),
        ("organizationName", [0x55, 0x04, 0x0A], directoryString),
        ("organizationalUnitName", [0x55, 0x04, 0x0B], directoryString),
        ("title", [0x55, 0x04, 0x0C], directoryString),
        ("name", [0x55, 0x04, 0x29], directoryString),
        ("givenName", [0x55, 0x04, 0x2A], directoryString),
        ("initials", [0x55, 0x04, 0x2B], directoryString),
        ("generationQualifier", [0x55, 0x04, 0x2C], directoryString),
        ("pseudonym", [0x55, 0x04, 0x41], directoryString),
        ("countryName", countryName, ["PrintableString"]),
        ("serialNumber", serialNumber, ["PrintableString"]),
        ("dnQualifier", dnQualifier, ["PrintableString"]),
        ("emailAddress", emailAddress, ["IA5String"]),
        ("domainComponent", domainComponent, ["IA5String"]),
        ("1.2.3.4 (not in the table)", unknownType, directoryString.union(["IA5String", "NumericString"])),
        (
            "streetAddress (not in the table)", [0x55, 0x04, 0x09],
            directoryString.union(["IA5String", "NumericString"])
        ),
    ]

    struct Case: CustomTestStringConvertible, Sendable {
        let type: String
        let oid: [UInt8]
        let tag: String
        let value: [UInt8]
        let accepted: Bool
        var testDescription: String { "\(type) as \(tag): \(accepted ? "accepted" : "refused")" }
    }

    static let cases: [Case] = allowed.flatMap { type in
        candidates.map { candidate in
            Case(
                type: type.type,
                oid: type.oid,
                tag: candidate.name,
                value: candidate.value,
                accepted: type.tags.contains(candidate.name)
            )
        }
    }

    @Test(arguments: cases)
    func eachAttributeTypeTakesExactlyItsStringTypes(_ test: Case) {
        #expect(Self.error(reading: test.value, type: test.oid) == (test.accepted ? nil : .unexpectedTag))
    }

    @Test func everyRefusedValueIsNamedWhereItLies() {
        // Name 30 0E, RDN 31 0C, attribute 30 0A, type 06 03 55 04 03: the value starts at offset 11.
        do {
            _ = try Self.read(Self.name(Self.tlv(0x1B, Array("US".utf8))))
            Issue.record("a GeneralString commonName was accepted")
        } catch {
            #expect(error.code == .unexpectedTag)
            #expect(error.offset == 11)
        }
    }

    // MARK: - Sizes

    static let sizes: [(what: String, type: [UInt8], value: [UInt8], code: DERError.Code?)] = [
        ("an empty PrintableString commonName", commonName, tlv(0x13, []), .invalidString),
        ("an empty UTF8String commonName", commonName, tlv(0x0C, []), .invalidString),
        ("an empty BMPString commonName", commonName, tlv(0x1E, []), .invalidString),
        (
            "a commonName of 65 characters (ub-common-name is not enforced)", commonName,
            tlv(0x13, Array(repeating: 0x41, count: 65)), nil
        ),
        ("a commonName of 200 characters", commonName, tlv(0x0C, Array(repeating: 0x41, count: 200)), nil),
        ("a one-letter countryName", countryName, tlv(0x13, Array("U".utf8)), .invalidString),
        ("a three-letter countryName", countryName, tlv(0x13, Array("USA".utf8)), .invalidString),
        ("an empty countryName", countryName, tlv(0x13, []), .invalidString),
        ("an empty serialNumber", serialNumber, tlv(0x13, []), .invalidString),
        ("an empty emailAddress", emailAddress, tlv(0x16, []), .invalidString),
        ("an empty dnQualifier (no SIZE constraint)", dnQualifier, tlv(0x13, []), nil),
        ("an empty domainComponent (no SIZE constraint)", domainComponent, tlv(0x16, []), nil),
        ("an empty value of a type not in the table", unknownType, tlv(0x0C, []), nil),
    ]

    @Test(arguments: sizes.indices)
    func sizesAreThoseOfTheAttributeType(_ index: Int) {
        let test = Self.sizes[index]
        #expect(Self.error(reading: test.value, type: test.type) == test.code, "\(test.what)")
    }

    // MARK: - Characters and encodings

    static let refusedValues: [(what: String, type: [UInt8], value: [UInt8], code: DERError.Code)] = [
        ("PrintableString \"a@b\"", commonName, [0x13, 0x03, 0x61, 0x40, 0x62], .invalidString),
        ("UTF8String, not UTF-8", commonName, [0x0C, 0x01, 0xFF], .invalidString),
        ("UTF8String with an overlong form", commonName, [0x0C, 0x02, 0xC1, 0x81], .invalidString),
        ("UTF8String with a surrogate", commonName, [0x0C, 0x03, 0xED, 0xA0, 0x80], .invalidString),
        ("BMPString of an odd number of octets", commonName, [0x1E, 0x03, 0x00, 0x41, 0x00], .invalidString),
        ("BMPString with a surrogate", commonName, [0x1E, 0x02, 0xD8, 0x00], .invalidString),
        ("UniversalString of three octets", commonName, [0x1C, 0x03, 0x00, 0x00, 0x41], .invalidString),
        ("UniversalString above U+10FFFF", commonName, [0x1C, 0x04, 0x00, 0x11, 0x00, 0x00], .invalidString),
        ("UniversalString with a surrogate", commonName, [0x1C, 0x04, 0x00, 0x00, 0xDF, 0xFF], .invalidString),
        ("IA5String above 0x7F", emailAddress, [0x16, 0x01, 0x80], .invalidString),
        ("NumericString with a letter", unknownType, [0x12, 0x02, 0x31, 0x41], .invalidString),
        ("a constructed PrintableString", commonName, tlv(0x33, tlv(0x13, Array("US".utf8))), .invalidConstruction),
        ("a constructed IA5String", emailAddress, tlv(0x36, tlv(0x16, Array("a".utf8))), .invalidConstruction),
        ("INTEGER with a redundant leading zero", unknownType, [0x02, 0x02, 0x00, 0x01], .unexpectedTag),
        ("the same inside a SEQUENCE", unknownType, [0x30, 0x04, 0x02, 0x02, 0x00, 0x01], .unexpectedTag),
    ]

    @Test(arguments: refusedValues.indices)
    func aMalformedValueIsRefusedWhenTheNameIsRead(_ index: Int) {
        let test = Self.refusedValues[index]
        #expect(Self.error(reading: test.value, type: test.type) == test.code, "\(test.what)")
    }

    @Test func anEmptyRelativeNameIsRefused() {
        do {
            _ = try Self.read(Self.tlv(0x30, Self.tlv(0x31, [])))
            Issue.record("an empty RelativeDistinguishedName was accepted")
        } catch {
            #expect(error.code == .truncated)
        }
    }

    @Test func wellFormedValuesDecodeOnUse() throws {
        let printable = try Self.read(Self.name([0x13, 0x03, 0x61, 0x62, 0x63]))  // PrintableString "abc"
        #expect(printable.commonName == "abc")
        #expect(!printable.isEmpty)
        let bmp = try Self.read(Self.name([0x1E, 0x04, 0x00, 0xE9, 0x20, 0xAC]))  // BMPString "é€"
        #expect(bmp.commonName == "é€")
        let universal = try Self.read(Self.name([0x1C, 0x04, 0x00, 0x01, 0xF6, 0x00]))  // UniversalString "😀"
        #expect(universal.commonName == "😀")
        let teletex = try Self.read(Self.name([0x14, 0x02, 0x61, 0xE9]))  // TeletexString, read as Latin-1
        #expect(teletex.commonName == "aé")
        let email = try Self.read(Self.name(Self.tlv(0x16, Array("a@b".utf8)), type: Self.emailAddress))
        #expect(email.values(of: .emailAddress) == ["a@b"])
        let component = try Self.read(Self.name(Self.tlv(0x16, Array("example".utf8)), type: Self.domainComponent))
        #expect(component.values(of: .domainComponent) == ["example"])
        #expect(component.relativeNames.flatMap { $0 }.map(\.value) == [Self.tlv(0x16, Array("example".utf8))[...]])
        #expect(try Self.read(Self.tlv(0x30, [])).isEmpty)
    }

    @Test func theTableDispatchesOnTheLastArcUnderIdAt() {
        #expect(OID.commonName.attributeTypeArc == 3)
        #expect(OID.countryName.attributeTypeArc == 6)
        #expect(OID(2, 5, 4, 200).attributeTypeArc == nil)  // two octets of subidentifier
        #expect(OID(2, 5, 29, 3).attributeTypeArc == nil)
        #expect(OID(2, 5, 4, 3, 1).attributeTypeArc == nil)
        #expect(OID.emailAddress.attributeTypeArc == nil)
    }

    /// A value's RFC 4514 specials are escaped in the description, so that a value cannot pass for attributes.
    @Test func theDescriptionEscapesWhatWouldReadAsAnotherAttribute() throws {
        for (value, expected) in [
            ("Evil, CN=Apple Root CA - G3", #"CN=Evil\, CN=Apple Root CA - G3"#),
            ("a+b;c<d>e\"f\\g", #"CN=a\+b\;c\<d\>e\"f\\g"#),
            ("#1 ", ##"CN=\#1 "##),
            (" x#", ##"CN= x\#"##),
            ("plain", "CN=plain"),
        ] {
            let name = try Self.read(Self.name(Self.tlv(0x0C, Array(value.utf8))))
            #expect(name.description == expected, "\(value)")
            #expect(name.commonName == value)
        }
    }
}
