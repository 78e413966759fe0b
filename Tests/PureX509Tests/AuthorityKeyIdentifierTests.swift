import PureDER
import Testing

@testable import PureX509

/// The authorityKeyIdentifier value: the key identifier is read, and the two fields path building does not use
/// are still held to their syntax (RFC 5280 §4.2.1.1).
@Suite struct AuthorityKeyIdentifierTests {
    /// `SEQUENCE { fields }` as DER (every test value is shorter than 128 bytes).
    static func value(_ fields: [UInt8]) -> ArraySlice<UInt8> {
        ([0x30, UInt8(fields.count)] + fields)[...]
    }

    static let keyIdentifier: [UInt8] = [0x80, 0x02, 0xAB, 0xCD]
    /// [1] GeneralNames holding one dNSName "a".
    static let issuer: [UInt8] = [0xA1, 0x03, 0x82, 0x01, 0x61]
    /// [2] serial number 5.
    static let serial: [UInt8] = [0x82, 0x01, 0x05]

    @Test func allThreeFieldsInOrderAreAccepted() throws {
        let full = try AuthorityKeyIdentifier(value: Self.value(Self.keyIdentifier + Self.issuer + Self.serial))
        #expect(full.keyIdentifier.map(Array.init) == [0xAB, 0xCD])
        let withoutKeyIdentifier = try AuthorityKeyIdentifier(value: Self.value(Self.issuer + Self.serial))
        #expect(withoutKeyIdentifier.keyIdentifier == nil)
        #expect(try AuthorityKeyIdentifier(value: Self.value(Self.issuer)).keyIdentifier == nil)
        #expect(try AuthorityKeyIdentifier(value: Self.value(Self.keyIdentifier + Self.serial)).keyIdentifier != nil)
        #expect(try AuthorityKeyIdentifier(value: Self.value([])).keyIdentifier == nil)
    }

    @Test(arguments: [
        ("a field after the serial", keyIdentifier + serial + [0x83, 0x00], DERError.Code.trailingBytes),
        ("the serial before the issuer", keyIdentifier + serial + issuer, .trailingBytes),
        ("the key identifier twice", keyIdentifier + keyIdentifier, .trailingBytes),
        ("a primitive [1]", keyIdentifier + [0x81, 0x01, 0x61], .trailingBytes),
        ("a non-minimal serial", keyIdentifier + [0x82, 0x02, 0x00, 0x05], .invalidInteger),
        ("issuer names that are not elements", keyIdentifier + [0xA1, 0x02, 0x82, 0x05], .lengthExceedsInput),
        ("no issuer names", keyIdentifier + [0xA1, 0x00], .truncated),
        ("a constructed [2]", keyIdentifier + [0xA2, 0x03, 0x02, 0x01, 0x05], .trailingBytes),
    ])
    func malformedFieldsAreRefused(_ testCase: (String, [UInt8], DERError.Code)) {
        let (what, fields, code) = testCase
        do {
            let parsed = try AuthorityKeyIdentifier(value: Self.value(fields))
            Issue.record("\(what): accepted, key identifier \(parsed.keyIdentifier.map(Array.init) ?? [])")
        } catch {
            #expect(error.code == code, "\(what): \(error)")
        }
    }
}
