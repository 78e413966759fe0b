import PureDER
import Testing

@testable import PureX509

/// A Name keeps only its encoding and decodes its attributes on use, so every value must be checked when the
/// Name is read: strings against their type's repertoire, any other value as strict DER, nested elements included.
struct NameParsingTests {
    /// A short-form TLV (contents under 128 octets).
    static func tlv(_ identifier: UInt8, _ contents: [UInt8]) -> [UInt8] {
        [identifier, UInt8(contents.count)] + contents
    }

    /// A Name of one relative name holding one commonName attribute with `value`.
    static func name(_ value: [UInt8]) -> [UInt8] {
        tlv(0x30, tlv(0x31, tlv(0x30, [0x06, 0x03, 0x55, 0x04, 0x03] + value)))
    }

    static func read(_ bytes: [UInt8]) throws(DERError) -> DistinguishedName {
        try DERReader.parse(bytes[...]) { reader throws(DERError) in try DistinguishedName(from: &reader) }
    }

    static let refusedValues: [([UInt8], DERError.Code)] = [
        ([0x13, 0x03, 0x61, 0x40, 0x62], .invalidString),  // PrintableString "a@b"
        ([0x0C, 0x01, 0xFF], .invalidString),  // UTF8String, not UTF-8
        ([0x16, 0x01, 0x80], .invalidString),  // IA5String above 0x7F
        ([0x02, 0x02, 0x00, 0x01], .invalidInteger),  // INTEGER with a redundant leading zero
        ([0x30, 0x04, 0x02, 0x02, 0x00, 0x01], .invalidInteger),  // the same inside a SEQUENCE
    ]

    @Test(arguments: refusedValues)
    func aMalformedValueIsRefusedWhenTheNameIsRead(_ value: [UInt8], _ code: DERError.Code) {
        do {
            _ = try Self.read(Self.name(value))
            Issue.record("a malformed value was accepted")
        } catch {
            #expect(error.code == code)
        }
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
        let text = try Self.read(Self.name([0x13, 0x03, 0x61, 0x62, 0x63]))  // PrintableString "abc"
        #expect(text.commonName == "abc")
        #expect(!text.isEmpty)
        let other = try Self.read(Self.name([0x02, 0x01, 0x05]))  // INTEGER 5: kept as bytes, no text
        #expect(other.relativeNames.flatMap { $0 }.map(\.value) == [[0x02, 0x01, 0x05][...]])
        #expect(other.commonName == nil)
        #expect(try Self.read(Self.tlv(0x30, [])).isEmpty)
    }
}
