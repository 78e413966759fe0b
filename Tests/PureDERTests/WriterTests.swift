import Testing

@testable import PureDER

/// The writer: headers, length fix-up across the short/long boundary, SET OF sorting, and reading back.
@Suite struct WriterTests {
    @Test func lengthsUseTheFewestOctets() {
        for (length, header) in [
            (0, [0x04, 0x00]), (127, [0x04, 0x7F]), (128, [0x04, 0x81, 0x80]),
            (255, [0x04, 0x81, 0xFF]), (256, [0x04, 0x82, 0x01, 0x00]), (65_536, [0x04, 0x83, 0x01, 0x00, 0x00]),
        ] as [(Int, [UInt8])] {
            var writer = DERWriter()
            writer.appendHeader(tag: .octetString, length: length)
            #expect(writer.bytes == header)
        }
    }

    @Test func constructedLengthsAreFixedUpWhenTheContentsOutgrowTheShortForm() throws {
        for size in [0, 1, 125, 126, 127, 128, 300, 70_000] {
            var writer = DERWriter()
            writer.appendSequence { outer in
                outer.appendSequence { $0.appendOctetString([UInt8](repeating: 0x5A, count: size)) }
                outer.appendNull()
            }
            let (count, null) = try read(writer.bytes) { reader throws(DERError) in
                try reader.readSequence { outer throws(DERError) in
                    let inner = try outer.readSequence { r throws(DERError) in try r.readOctetString().count }
                    try outer.readNull()
                    return (inner, true)
                }
            }
            #expect(count == size && null)
            #expect(try DERTree(parsing: writer.bytes).reencoded() == writer.bytes)
        }
    }

    @Test func setOfComponentsAreSortedByTheirEncodings() throws {
        var writer = DERWriter()
        try writer.appendSetOf { set throws(DERError) in
            set.appendInteger(300)
            set.appendOctetString([1])
            set.appendInteger(2)
            set.appendInteger(1)
        }
        #expect(writer.bytes == [UInt8](hex: "31 0D 02 01 01 02 01 02 02 02 01 2C 04 01 01"))
        _ = try read(writer.bytes) { reader throws(DERError) in
            try reader.readSetOf { r throws(DERError) in try r.skipAll() }
        }
    }

    @Test func setOfRejectsContentsThatAreNotElements() {
        var writer = DERWriter()
        #expect(throws: DERError.self) {
            try writer.appendSetOf { $0.appendEncoded([0x02, 0x05]) }
        }
    }

    @Test func explicitTagsWrapTheirValue() throws {
        var writer = DERWriter()
        writer.appendExplicit(0) { $0.appendInteger(2) }
        #expect(writer.bytes == [0xA0, 0x03, 0x02, 0x01, 0x02])
        #expect(
            try read(writer.bytes) { reader throws(DERError) in
                try reader.readExplicit(0) { r throws(DERError) in try r.readInteger(as: Int.self) }
            } == 2
        )
        let absent = try read([]) { reader throws(DERError) in
            try reader.readOptionalExplicit(0) { r throws(DERError) in try r.readInteger(as: Int.self) }
        }
        #expect(absent == nil)
    }

    @Test func writtenPrimitivesReadBack() throws {
        var writer = DERWriter()
        try writer.appendSequence { seq throws(DERError) in
            seq.appendBoolean(true)
            seq.appendObjectIdentifier(OID(1, 2, 840, 113_549, 1, 1, 11))
            seq.appendBitString(BitString(bytes: [0xA0], unusedBitCount: 5)!)
            seq.appendGeneralizedTime(secondsSince1970: 0)
            try seq.appendString("Apple Inc.", tag: .printableString)
        }
        try read(writer.bytes) { reader throws(DERError) in
            try reader.readSequence { seq throws(DERError) in
                #expect(try seq.readBoolean())
                #expect(try seq.readObjectIdentifier().description == "1.2.840.113549.1.1.11")
                #expect(try seq.readBitString().bitCount == 3)
                #expect(try seq.readGeneralizedTime() == 0)
                #expect(try seq.readString(.printableString) == "Apple Inc.")
            }
        }
    }

    @Test func bitStringsThatDERForbidsCannotBeMade() {
        #expect(BitString(bytes: [0xA1], unusedBitCount: 1) == nil)
        #expect(BitString(bytes: [0xA0], unusedBitCount: 8) == nil)
        #expect(BitString(bytes: [], unusedBitCount: 1) == nil)
        #expect(BitString(bytes: [], unusedBitCount: 0)?.bitCount == 0)
    }
}
