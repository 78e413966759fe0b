import PureDER
import Testing

@testable import PureReceipt

/// The payload and its field values follow the DER rules and Apple's documented types: one rule per test, on
/// small payloads built here, each failure with its exact DER error code and offset.
@Suite struct FieldDecodingTests {
    /// One attribute: SEQUENCE { type INTEGER, version INTEGER 1, value OCTET STRING }.
    static func attribute(_ type: Int, _ value: [UInt8]) -> [UInt8] {
        var writer = DERWriter()
        writer.appendSequence { attribute in
            attribute.appendInteger(type)
            attribute.appendInteger(1)
            attribute.appendOctetString(value)
        }
        return writer.bytes
    }

    /// A SET OF the given attribute encodings, in DER order.
    static func payload(_ attributes: [UInt8]...) -> [UInt8] {
        var writer = DERWriter()
        do {
            try writer.appendSetOf { set throws(DERError) in
                for attribute in attributes { set.appendEncoded(attribute) }
            }
        } catch {
            Issue.record("not attributes: \(error)")
        }
        return writer.bytes
    }

    /// A SET OF the given attribute encodings, in the order given.
    static func payload(inOrder attributes: [UInt8]...) -> [UInt8] {
        var writer = DERWriter()
        writer.appendConstructed(tag: .set) { set in
            for attribute in attributes { set.appendEncoded(attribute) }
        }
        return writer.bytes
    }

    /// A value's DER: `identifier`, a short length, `text`'s octets.
    static func value(_ identifier: UInt8, _ text: String) -> [UInt8] {
        [identifier, UInt8(text.utf8.count)] + Array(text.utf8)
    }

    /// Expects the payload to be refused with the DER error `code` at `offset`.
    static func expectRefused(
        _ code: DERError.Code,
        at offset: Int,
        _ payload: [UInt8],
        rules: EncodingRules = .der,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            let receipt = try AppReceipt(payload: payload[...], rules: rules)
            Issue.record("decoded \(receipt); expected \(code) at \(offset)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == .malformedPayload, sourceLocation: sourceLocation)
            #expect(error.der?.code == code, "\(error)", sourceLocation: sourceLocation)
            #expect(error.der?.offset == offset, "\(error)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Text

    @Test func textFieldsAreUTF8IA5OrPrintableStrings() throws {
        let receipt = try AppReceipt(
            payload: Self.payload(
                Self.attribute(0, Self.value(0x0C, "Production")),
                Self.attribute(2, Self.value(0x0C, "com.exämple.app")),
                Self.attribute(3, Self.value(0x16, "1.0")),
                Self.attribute(10, Self.value(0x13, "4+"))
            )[...]
        )
        #expect(receipt.receiptType == "Production")
        #expect(receipt.bundleIdentifier == "com.exämple.app")
        #expect(receipt.applicationVersion == "1.0")
        #expect(receipt.ageRating == "4+")
    }

    @Test func aTextFieldOfAnotherTypeIsRefusedAtItsValue() {
        for value in [Self.value(0x12, "123"), Self.value(0x04, "abc"), [0x02, 0x01, 0x05]] {
            let payload = Self.payload(Self.attribute(2, value))
            Self.expectRefused(.unexpectedTag, at: payload.count - value.count, payload)
        }
    }

    @Test func textThatItsTypeDoesNotAllowIsRefused() {
        for value: [UInt8] in [[0x0C, 0x02, 0xC3, 0x28], [0x16, 0x01, 0xE9], [0x13, 0x01, 0x2A]] {
            let payload = Self.payload(Self.attribute(2, value))
            Self.expectRefused(.invalidString, at: payload.count - value.count, payload)
        }
    }

    @Test func aValueIsExactlyOneElement() {
        let trailing = Self.value(0x0C, "hi") + [0x00]
        let payload = Self.payload(Self.attribute(2, trailing))
        Self.expectRefused(.trailingBytes, at: payload.count - 1, payload)
        let empty = Self.payload(Self.attribute(2, []))
        Self.expectRefused(.truncated, at: empty.count, empty)
    }

    @Test func aValueWithANonMinimalLengthIsRefused() {
        let value: [UInt8] = [0x0C, 0x81, 0x02, 0x68, 0x69]
        let payload = Self.payload(Self.attribute(2, value))
        Self.expectRefused(.nonMinimalLength, at: payload.count - value.count, payload)
    }

    // MARK: - Integers

    @Test func integerFieldsFitInt64() throws {
        let receipt = try AppReceipt(
            payload: Self.payload(
                Self.attribute(1, [0x02, 0x01, 0x05]),
                Self.attribute(15, [0x02, 0x08, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
            )[...]
        )
        #expect(receipt.appItemIdentifier == 5)
        #expect(receipt.downloadIdentifier == Int64.max)
        let tooLarge: [UInt8] = [0x02, 0x09, 0x00, 0x80, 0, 0, 0, 0, 0, 0, 0]
        let payload = Self.payload(Self.attribute(1, tooLarge))
        Self.expectRefused(.integerOutOfRange, at: payload.count - tooLarge.count, payload)
    }

    @Test func anIntegerFieldIsAMinimalInteger() {
        for (value, code) in [
            ([0x02, 0x02, 0x00, 0x05] as [UInt8], DERError.Code.invalidInteger), ([0x02, 0x00], .invalidInteger),
            (Self.value(0x0C, "5"), .unexpectedTag),
        ] {
            let payload = Self.payload(Self.attribute(1, value))
            Self.expectRefused(code, at: payload.count - value.count, payload)
        }
    }

    // MARK: - Dates

    @Test func datesAreRFC3339TextAndTheEmptyStringIsAbsent() throws {
        let receipt = try AppReceipt(
            payload: Self.payload(
                Self.attribute(12, Self.value(0x16, "2015-09-22T08:55:28Z")),
                Self.attribute(18, Self.value(0x0C, "2020-07-22T18:33:15+01:00")),
                Self.attribute(21, Self.value(0x16, ""))
            )[...]
        )
        #expect(receipt.creationDate == 1_442_912_128)
        #expect(receipt.originalPurchaseDate == RFC3339.seconds("2020-07-22T17:33:15Z"))
        #expect(receipt.expirationDate == nil)
        let notADate = Self.value(0x16, "yesterday")
        let payload = Self.payload(Self.attribute(12, notADate))
        Self.expectRefused(.invalidTime, at: payload.count - notADate.count, payload)
    }

    // MARK: - Attributes and the payload

    @Test func anAttributeIsTwoIntegersAndAnOctetStringAndNothingMore() {
        // A type beyond Int, at the first INTEGER (offset 4: SET and SEQUENCE headers).
        var writer = DERWriter()
        writer.appendConstructed(tag: .set) { set in
            set.appendSequence { attribute in
                attribute.appendUnsignedInteger(bigEndian: [0x80, 0, 0, 0, 0, 0, 0, 0, 0])
                attribute.appendInteger(1)
                attribute.appendOctetString([UInt8]())
            }
        }
        Self.expectRefused(.integerOutOfRange, at: 4, writer.bytes)
        // An element after the value (of an undocumented type, 99, kept as it is), refused where it starts.
        let extra = [UInt8](hex: "31 0C 30 0A 02 01 63 02 01 01 04 00 05 00")
        Self.expectRefused(.trailingBytes, at: 12, extra)
        // A value that is not an OCTET STRING.
        let notOctets = [UInt8](hex: "31 0A 30 08 02 01 02 02 01 01 0C 00")
        Self.expectRefused(.unexpectedTag, at: 10, notOctets)
    }

    @Test func appStorePayloadsAreInDEROrderAndXcodePayloadsNeedNotBe() throws {
        // Type 2 sorts before type 3: the encodings differ first at the type's octet.
        let bundle = Self.attribute(2, Self.value(0x0C, "b"))
        let version = Self.attribute(3, Self.value(0x0C, "1"))
        let sorted = Self.payload(inOrder: bundle, version)
        let unsorted = Self.payload(inOrder: version, bundle)
        let receipt = try AppReceipt(payload: sorted[...])
        #expect(receipt.bundleIdentifier == "b" && receipt.applicationVersion == "1")
        Self.expectRefused(.setOfNotSorted, at: 2 + version.count, unsorted)
        #expect(try AppReceipt(payload: unsorted[...], rules: .ber) == receipt)
    }

    @Test func aPayloadWrappedInAnOctetStringIsUnwrapped() throws {
        var writer = DERWriter()
        writer.appendOctetString(Self.payload(Self.attribute(2, Self.value(0x0C, "hi"))))
        #expect(try AppReceipt(payload: writer.bytes[...]).bundleIdentifier == "hi")
    }

    /// A value that BER rules join into a buffer of their own, an attribute's constructed OCTET STRING, is decoded
    /// from that buffer: the decoders take each value as indices into the bytes they are handed with it, which
    /// are then not the payload's.
    @Test func joinedValuesAreDecodedFromTheirOwnBytes() throws {
        // Attribute 2 (bundle identifier): `0C 02 68 69`, the UTF8String "hi".
        let segmentedValue = [UInt8](hex: "31 14 30 12 02 01 02 02 01 01 24 80 04 02 0C 02 04 02 68 69 00 00")
        let plain = [UInt8](hex: "31 0E 30 0C 02 01 02 02 01 01 04 04 0C 02 68 69")
        for payload in [segmentedValue, plain] {
            let receipt = try AppReceipt(payload: payload[...], rules: .ber)
            #expect(receipt.bundleIdentifier == "hi", "\(Hex.encode(payload))")
            #expect(receipt.bundleIdentifierData.map(Array.init) == [0x0C, 0x02, 0x68, 0x69], "\(Hex.encode(payload))")
            let attributes = try ReceiptAttribute.readPayload(payload[...], rules: .ber)
            #expect(attributes.map { Array($0.value) } == [[0x0C, 0x02, 0x68, 0x69]], "\(Hex.encode(payload))")
        }
        // Under DER, the segmented value's indefinite length is refused first.
        Self.expectRefused(.indefiniteLength, at: 10, segmentedValue)
    }
}

extension Array where Element == UInt8 {
    /// Bytes from hex text with spaces: `"30 03 02 01 01"`.
    init(hex: String) {
        self = Hex.decode(hex.filter { $0 != " " }) ?? []
    }
}
