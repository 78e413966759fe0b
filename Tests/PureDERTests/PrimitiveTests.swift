import Testing

@testable import PureDER

/// Typed primitives: values decoded, and each X.690 content rule enforced with its exact error.
@Suite struct PrimitiveTests {
    // MARK: - BOOLEAN and NULL

    @Test func booleanIsReadFromFFAndZero() throws {
        #expect(try read([0x01, 0x01, 0xFF]) { r throws(DERError) in try r.readBoolean() } == true)
        #expect(try read([0x01, 0x01, 0x00]) { r throws(DERError) in try r.readBoolean() } == false)
    }

    @Test func booleanOtherThanZeroOrFFIsRejected() {
        expectReadError(.invalidBoolean, at: 0, [0x01, 0x01, 0x01]) { r throws(DERError) in try r.readBoolean() }
        expectReadError(.invalidBoolean, at: 0, [0x01, 0x02, 0xFF, 0xFF]) { r throws(DERError) in try r.readBoolean() }
        expectReadError(.invalidBoolean, at: 0, [0x01, 0x00]) { r throws(DERError) in try r.readBoolean() }
        expectTreeError(.invalidBoolean, at: 2, [UInt8](hex: "30 03 01 01 7F"))
    }

    @Test func booleanEqualToItsDefaultMustBeOmitted() throws {
        #expect(try read([]) { r throws(DERError) in try r.readBoolean(default: false) } == false)
        #expect(try read([0x01, 0x01, 0xFF]) { r throws(DERError) in try r.readBoolean(default: false) } == true)
        expectReadError(.invalidBoolean, at: 0, [0x01, 0x01, 0x00]) { r throws(DERError) in
            try r.readBoolean(default: false)
        }
    }

    @Test func nullWithContentsIsRejected() {
        expectReadError(.invalidNull, at: 0, [0x05, 0x01, 0x00]) { r throws(DERError) in try r.readNull() }
    }

    // MARK: - INTEGER

    @Test func integersDecodeAcrossTheirRange() throws {
        let cases: [([UInt8], Int64)] = [
            ([0x00], 0), ([0x7F], 127), ([0x00, 0x80], 128), ([0xFF], -1), ([0x80], -128), ([0xFF, 0x7F], -129),
            ([0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], .max), ([0x80, 0, 0, 0, 0, 0, 0, 0], .min),
        ]
        for (content, value) in cases {
            #expect(
                try read([0x02, UInt8(content.count)] + content) { r throws(DERError) in
                    try r.readInteger(as: Int64.self)
                } == value
            )
            var writer = DERWriter()
            writer.appendInteger(value)
            #expect(writer.bytes == [0x02, UInt8(content.count)] + content)
        }
    }

    @Test func unsignedIntegersUseTheirFullWidth() throws {
        let max = [UInt8](hex: "02 09 00 FF FF FF FF FF FF FF FF")
        #expect(try read(max) { r throws(DERError) in try r.readInteger(as: UInt64.self) } == .max)
        var writer = DERWriter()
        writer.appendInteger(UInt64.max)
        #expect(writer.bytes == max)
        writer = DERWriter()
        writer.appendInteger(UInt8(200))
        #expect(writer.bytes == [0x02, 0x02, 0x00, 0xC8])
    }

    @Test func emptyIntegerIsRejected() {
        expectReadError(.invalidInteger, at: 0, [0x02, 0x00]) { r throws(DERError) in try r.readIntegerBytes() }
    }

    @Test func nonMinimalIntegersAreRejected() {
        expectReadError(.invalidInteger, at: 0, [0x02, 0x02, 0x00, 0x7F]) { r throws(DERError) in
            try r.readIntegerBytes()
        }
        expectReadError(.invalidInteger, at: 0, [0x02, 0x02, 0xFF, 0x80]) { r throws(DERError) in
            try r.readIntegerBytes()
        }
        expectReadError(.invalidInteger, at: 0, [0x0A, 0x02, 0x00, 0x01]) { r throws(DERError) in
            try r.readEnumerated(as: Int.self)
        }
    }

    @Test func theTreeRefusesEmptyAndNonMinimalIntegersWhereverTheyLie() {
        // After a valid INTEGER, inside a SEQUENCE: the whole-tree walk checks INTEGER and ENUMERATED contents.
        expectTreeError(.invalidInteger, at: 5, [0x30, 0x05, 0x02, 0x01, 0x80, 0x02, 0x00])
        expectTreeError(.invalidInteger, at: 5, [0x30, 0x07, 0x02, 0x01, 0x7F, 0x02, 0x02, 0x00, 0x7F])
        expectTreeError(.invalidInteger, at: 2, [0x30, 0x04, 0x0A, 0x02, 0xFF, 0x80])
        expectReadError(.invalidInteger, at: 4, [0x30, 0x04, 0x30, 0x02, 0x02, 0x00]) { r throws(DERError) in
            try r.readCheckedElement()
        }
    }

    @Test func integersOutsideTheRequestedTypeAreRejected() {
        expectReadError(.integerOutOfRange, at: 0, [0x02, 0x01, 0xFF]) { r throws(DERError) in
            try r.readInteger(as: UInt64.self)
        }
        expectReadError(.integerOutOfRange, at: 0, [0x02, 0x02, 0x01, 0x00]) { r throws(DERError) in
            try r.readInteger(as: UInt8.self)
        }
        expectReadError(.integerOutOfRange, at: 0, [0x02, 0x09, 0x01, 0, 0, 0, 0, 0, 0, 0, 0]) { r throws(DERError) in
            try r.readInteger(as: Int64.self)
        }
        expectReadError(.integerOutOfRange, at: 0, [0x02, 0x02, 0xFF, 0x7F]) { r throws(DERError) in
            try r.readInteger(as: Int8.self)
        }
    }

    @Test func largeIntegersAreReadAsTheirBytes() throws {
        let modulus = [UInt8](repeating: 0xAB, count: 256)
        var writer = DERWriter()
        writer.appendUnsignedInteger(bigEndian: [0, 0] + modulus)
        let bytes = try read(writer.bytes) { r throws(DERError) in try r.readIntegerBytes() }
        #expect(Array(bytes) == [0] + modulus)
    }

    @Test func implicitlyTaggedIntegerIsReadWithItsTag() throws {
        let value = try read([0x81, 0x01, 0x05]) { reader throws(DERError) in
            try reader.readInteger(as: Int.self, tag: .contextSpecific(1, constructed: false))
        }
        #expect(value == 5)
        expectReadError(.unexpectedTag, at: 0, [0x82, 0x01, 0x05]) { reader throws(DERError) in
            try reader.readInteger(as: Int.self, tag: .contextSpecific(1, constructed: false))
        }
    }

    // MARK: - OBJECT IDENTIFIER

    @Test func objectIdentifiersDecodeToDottedText() throws {
        let oid = try read([UInt8](hex: "06 09 2A 86 48 86 F7 0D 01 07 02")) { r throws(DERError) in
            try r.readObjectIdentifier()
        }
        #expect(oid.description == "1.2.840.113549.1.7.2")
        #expect(oid == OID(1, 2, 840, 113_549, 1, 7, 2))
        #expect(OID(dotted: "1.2.840.113549.1.7.2") == oid)
        #expect(OID(dotted: "2.999.1")?.arcs == [2, 999, 1])
        #expect(OID(dotted: "1.2.") == nil)
        #expect(OID(dotted: "3.1") == nil)
        #expect(OID(dotted: "1.40") == nil)
        #expect(OID(dotted: "1.2.99999999999999999999") == nil)
    }

    @Test func objectIdentifierSubidentifierWithALeadingZeroOctetIsRejected() {
        expectReadError(.invalidObjectIdentifier, at: 0, [0x06, 0x03, 0x2A, 0x80, 0x01]) { r throws(DERError) in
            try r.readObjectIdentifier()
        }
    }

    @Test func emptyOrUnterminatedObjectIdentifiersAreRejected() {
        expectReadError(.invalidObjectIdentifier, at: 0, [0x06, 0x00]) { r throws(DERError) in
            try r.readObjectIdentifier()
        }
        expectReadError(.invalidObjectIdentifier, at: 0, [0x06, 0x02, 0x2A, 0x86]) { r throws(DERError) in
            try r.readObjectIdentifier()
        }
    }

    @Test func objectIdentifierArcsAreBoundedToNineOctets() throws {
        let nine = [0x2A] + [UInt8](repeating: 0xFF, count: 8) + [0x7F]
        let oid = try read([0x06, UInt8(nine.count)] + nine) { r throws(DERError) in try r.readObjectIdentifier() }
        #expect(oid.arcs == [1, 2, (1 << 63) - 1])
        let ten = [0x2A] + [UInt8](repeating: 0x81, count: 9) + [0x01]
        expectReadError(.objectIdentifierArcTooLarge, at: 0, [0x06, UInt8(ten.count)] + ten) { r throws(DERError) in
            try r.readObjectIdentifier()
        }
    }

    // MARK: - BIT STRING

    @Test func bitStringsKeepTheirUnusedBitCount() throws {
        let bits = try read([0x03, 0x02, 0x07, 0x80]) { r throws(DERError) in try r.readBitString() }
        #expect(bits.unusedBitCount == 7)
        #expect(bits.bitCount == 1)
        #expect(bits.isSet(0))
        #expect(!bits.isSet(1))
        #expect(try read([0x03, 0x01, 0x00]) { r throws(DERError) in try r.readBitString() }.bitCount == 0)
    }

    @Test func bitStringWithMoreThanSevenUnusedBitsIsRejected() {
        expectReadError(.invalidBitString, at: 0, [0x03, 0x02, 0x08, 0x00]) { r throws(DERError) in
            try r.readBitString()
        }
    }

    @Test func bitStringWithNonZeroPaddingIsRejected() {
        expectReadError(.invalidBitString, at: 0, [0x03, 0x02, 0x01, 0x01]) { r throws(DERError) in
            try r.readBitString()
        }
    }

    @Test func emptyBitStringsMustDeclareNoUnusedBits() {
        expectReadError(.invalidBitString, at: 0, [0x03, 0x00]) { r throws(DERError) in try r.readBitString() }
        expectReadError(.invalidBitString, at: 0, [0x03, 0x01, 0x03]) { r throws(DERError) in try r.readBitString() }
    }

    // MARK: - Strings

    @Test func stringsDecodeByType() throws {
        #expect(
            try read([0x0C, 0x03, 0xE2, 0x82, 0xAC]) { r throws(DERError) in try r.readString(.utf8String) } == "€"
        )
        #expect(
            try read([0x13, 0x02, 0x55, 0x53]) { r throws(DERError) in try r.readString(.printableString) } == "US"
        )
        #expect(try read([0x16, 0x01, 0x40]) { r throws(DERError) in try r.readString(.ia5String) } == "@")
        #expect(try read([0x1A, 0x01, 0x7E]) { r throws(DERError) in try r.readString(.visibleString) } == "~")
        #expect(try read([0x12, 0x02, 0x31, 0x20]) { r throws(DERError) in try r.readString(.numericString) } == "1 ")
        #expect(try read([0x14, 0x01, 0xE9]) { r throws(DERError) in try r.readString(.t61String) } == "é")
        #expect(
            try read([0x1E, 0x04, 0x00, 0x41, 0x00, 0xE9]) { r throws(DERError) in try r.readString(.bmpString) }
                == "Aé"
        )
        #expect(
            try read([0x1C, 0x04, 0x00, 0x01, 0xF6, 0x00]) { r throws(DERError) in try r.readString(.universalString) }
                == "😀"
        )
        let any = try read([0x13, 0x02, 0x55, 0x53]) { r throws(DERError) in try r.readAnyString() }
        #expect(any.tag == .printableString && any.text == "US")
    }

    @Test func stringsOutsideTheirCharacterSetAreRejected() {
        expectReadError(.invalidString, at: 0, [0x0C, 0x02, 0xC3, 0x28]) { r throws(DERError) in
            try r.readString(.utf8String)
        }
        expectReadError(.invalidString, at: 0, [0x13, 0x01, 0x40]) { r throws(DERError) in
            try r.readString(.printableString)
        }
        expectReadError(.invalidString, at: 0, [0x16, 0x01, 0x80]) { r throws(DERError) in try r.readString(.ia5String)
        }
        expectReadError(.invalidString, at: 0, [0x1A, 0x01, 0x0A]) { r throws(DERError) in
            try r.readString(.visibleString)
        }
        expectReadError(.invalidString, at: 0, [0x12, 0x01, 0x41]) { r throws(DERError) in
            try r.readString(.numericString)
        }
        expectReadError(.invalidString, at: 0, [0x1E, 0x01, 0x41]) { r throws(DERError) in try r.readString(.bmpString)
        }
        // BMPString is UCS-2: surrogates, even correctly paired, are not characters of it.
        expectReadError(.invalidString, at: 0, [0x1E, 0x02, 0xD8, 0x3D]) { r throws(DERError) in
            try r.readString(.bmpString)
        }
        expectReadError(.invalidString, at: 0, [0x1E, 0x04, 0xD8, 0x3D, 0xDE, 0x00]) { r throws(DERError) in
            try r.readString(.bmpString)
        }
        expectReadError(.invalidString, at: 0, [0x1C, 0x04, 0x00, 0x11, 0x00, 0x00]) { r throws(DERError) in
            try r.readString(.universalString)
        }
    }

    @Test func stringsRoundTripThroughTheWriter() throws {
        for (tag, text) in [
            (DERTag.utf8String, "Grüße"), (.bmpString, "Aé€"), (.universalString, "😀x"), (.ia5String, "a@b"),
        ] {
            var writer = DERWriter()
            try writer.appendString(text, tag: tag)
            #expect(try read(writer.bytes) { r throws(DERError) in try r.readString(tag) } == text)
        }
    }

    @Test func writerRefusesTextItsTypeCannotHold() {
        for (tag, text) in [
            (DERTag.printableString, "a@b"), (.ia5String, "é"), (.bmpString, "😀"), (.numericString, "1a"),
        ] {
            var writer = DERWriter()
            #expect(throws: DERError.self, "\(tag)") { try writer.appendString(text, tag: tag) }
            #expect(writer.bytes.isEmpty)
        }
    }

    @Test func implicitlyTaggedStringsAreReadAsTheirUniversalType() throws {
        // GeneralName's rfc822Name: [1] IMPLICIT IA5String.
        let bytes: [UInt8] = [0x81, 0x03, 0x61, 0x40, 0x62]
        let text = try read(bytes) { r throws(DERError) in
            try r.readString(as: .ia5String, tag: .contextSpecific(1, constructed: false))
        }
        #expect(text == "a@b")
        expectReadError(.invalidString, at: 0, [0x81, 0x01, 0x80]) { r throws(DERError) in
            try r.readString(as: .ia5String, tag: .contextSpecific(1, constructed: false))
        }
    }

    @Test func integersOfAnyWidthAreReadExactly() throws {
        // Int128 is above the package's Apple floor (docs/platforms.md); the tests build at that floor too.
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            let max128 = [UInt8](hex: "02 10 7F FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF")
            #expect(try read(max128) { r throws(DERError) in try r.readInteger(as: Int128.self) } == .max)
            let min128 = [UInt8](hex: "02 10 80 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00")
            #expect(try read(min128) { r throws(DERError) in try r.readInteger(as: Int128.self) } == .min)
        }
        #expect(try read([0x02, 0x01, 0x80]) { r throws(DERError) in try r.readInteger(as: Int8.self) } == -128)
        expectReadError(.integerOutOfRange, at: 0, [0x02, 0x02, 0x00, 0x80]) { r throws(DERError) in
            try r.readInteger(as: Int8.self)
        }
        expectReadError(.integerOutOfRange, at: 0, [0x02, 0x02, 0xFF, 0x7F]) { r throws(DERError) in
            try r.readInteger(as: Int8.self)
        }
        #expect(try read([0x02, 0x02, 0x00, 0xFF]) { r throws(DERError) in try r.readInteger(as: UInt8.self) } == 255)
    }

    // MARK: - Times (X.690 §11.7, §11.8; RFC 5280 §4.1.2.5)

    private func utcTime(_ text: String) -> [UInt8] { [0x17, UInt8(text.utf8.count)] + Array(text.utf8) }
    private func generalizedTime(_ text: String) -> [UInt8] { [0x18, UInt8(text.utf8.count)] + Array(text.utf8) }

    @Test func utcTimeIsReadAsSecondsSince1970() throws {
        #expect(try read(utcTime("150922170721Z")) { r throws(DERError) in try r.readTime() } == 1_442_941_641)
        #expect(try read(utcTime("491231235959Z")) { r throws(DERError) in try r.readTime() } == 2_524_607_999)
        #expect(try read(utcTime("500101000000Z")) { r throws(DERError) in try r.readTime() } == -631_152_000)
        #expect(try read(utcTime("000229000000Z")) { r throws(DERError) in try r.readTime() } == 951_782_400)
    }

    @Test func generalizedTimeIsReadAsSecondsSince1970() throws {
        #expect(
            try read(generalizedTime("20350209214036Z")) { r throws(DERError) in try r.readTime() } == 2_054_670_036
        )
        #expect(try read(generalizedTime("19700101000000Z")) { r throws(DERError) in try r.readTime() } == 0)
        #expect(try read(generalizedTime("19691231235959Z")) { r throws(DERError) in try r.readTime() } == -1)
        #expect(
            try read(generalizedTime("20150922170721.5Z")) { r throws(DERError) in try r.readTime() } == 1_442_941_641
        )
        #expect(
            try read(generalizedTime("99991231235959Z")) { r throws(DERError) in try r.readTime() } == 253_402_300_799
        )
    }

    @Test func timesWithoutSecondsAreRejected() {
        expectReadError(.invalidTime, at: 0, utcTime("1509221707Z")) { r throws(DERError) in try r.readTime() }
        expectReadError(.invalidTime, at: 0, generalizedTime("201509221707Z")) { r throws(DERError) in try r.readTime()
        }
    }

    @Test func timesWithoutZAreRejected() {
        expectReadError(.invalidTime, at: 0, utcTime("150922170721")) { r throws(DERError) in try r.readTime() }
        expectReadError(.invalidTime, at: 0, utcTime("150922170721+0100")) { r throws(DERError) in try r.readTime() }
        expectReadError(.invalidTime, at: 0, generalizedTime("20150922170721")) { r throws(DERError) in try r.readTime()
        }
        expectReadError(.invalidTime, at: 0, generalizedTime("20150922170721-0500")) { r throws(DERError) in
            try r.readTime()
        }
    }

    @Test func nonDERFractionsAreRejected() {
        expectReadError(.invalidTime, at: 0, generalizedTime("20150922170721.50Z")) { r throws(DERError) in
            try r.readTime()
        }
        expectReadError(.invalidTime, at: 0, generalizedTime("20150922170721.Z")) { r throws(DERError) in
            try r.readTime()
        }
        expectReadError(.invalidTime, at: 0, generalizedTime("20150922170721,5Z")) { r throws(DERError) in
            try r.readTime()
        }
    }

    @Test func impossibleCalendarInstantsAreRejected() {
        for text in [
            "150230000000Z", "151301000000Z", "150922240000Z", "150922236000Z", "150922235960Z", "1509221707 1Z",
        ] {
            expectReadError(.invalidTime, at: 0, utcTime(text)) { r throws(DERError) in try r.readTime() }
        }
        for text in ["21000229000000Z", "20150922240000Z", "20150922235960Z", "20151322000000Z"] {
            expectReadError(.invalidTime, at: 0, generalizedTime(text)) { r throws(DERError) in try r.readTime() }
        }
    }

    @Test func timeOfTheWrongTypeIsAnUnexpectedTag() {
        expectReadError(.unexpectedTag, at: 0, [0x05, 0x00]) { r throws(DERError) in try r.readTime() }
    }

    @Test func calendarConversionRoundTripsAcrossTheRepresentableYears() {
        for seconds in stride(from: Int64(-62_167_219_200), through: 253_402_300_799, by: 86_400 * 37 + 3_601) {
            let instant = UTCDateTime(secondsSince1970: seconds)
            #expect(instant?.secondsSince1970 == seconds)
        }
        #expect(UTCDateTime(secondsSince1970: -62_167_219_201) == nil)
        #expect(UTCDateTime(secondsSince1970: .min) == nil)
        #expect(UTCDateTime(secondsSince1970: .max) == nil)
        #expect(UTCDateTime(secondsSince1970: 1_442_941_641)?.rfc3339 == "2015-09-22T17:07:21Z")
    }

    @Test func writerChoosesUTCTimeInsideItsCenturyAndGeneralizedTimeOutside() throws {
        for seconds: Int64 in [-631_152_000, 1_442_941_641, 2_524_607_999, 2_524_608_000, -631_152_001] {
            var writer = DERWriter()
            writer.appendTime(secondsSince1970: seconds)
            let inUTCRange = seconds >= -631_152_000 && seconds <= 2_524_607_999
            #expect(writer.bytes.first == (inUTCRange ? 0x17 : 0x18))
            #expect(try read(writer.bytes) { r throws(DERError) in try r.readTime() } == seconds)
        }
    }
}
