import PureDER
import Testing

/// The examples of the README and of PureDER's documentation, kept compiling and true: each test holds one
/// example as it is written there.
@Suite struct DocumentationExampleTests {
    @Test func readmeExampleReadsAnAlgorithmIdentifier() throws {
        let bytes: [UInt8] = [0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B, 0x05, 0x00]
        let algorithm = try DERReader.parse(bytes[...]) { reader throws(DERError) in
            try reader.readSequence { sequence throws(DERError) in
                let oid = try sequence.readObjectIdentifier()
                if try sequence.peekTag() == .null { try sequence.readNull() }
                return oid
            }
        }
        #expect(algorithm.description == "1.2.840.113549.1.1.11")
    }

    @Test func readmeExampleReportsANonMinimalLength() {
        let bytes: [UInt8] = [0x30, 0x81, 0x01, 0x05]
        #expect(throws: DERError(.nonMinimalLength, at: 0, "long-form length 1, which fits the short form")) {
            try DERReader.parse(bytes[...]) { reader throws(DERError) in try reader.readSequence { _ in } }
        }
    }

    /// `DERReader`'s doc comment.
    @Test func readerDocExampleReadsTheVersionOfASequence() throws {
        let bytes: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x02]
        let version = try DERReader.parse(bytes[...]) { reader throws(DERError) in
            try reader.readSequence { sequence throws(DERError) in
                try sequence.readInteger(as: Int.self)
            }
        }
        #expect(version == 2)
    }

    /// The overview of the DocC catalog (`PureDER.md`).
    @Test func catalogExampleReadsASerialNumber() throws {
        // SEQUENCE { [0] { INTEGER 2 }, INTEGER 0x1234, NULL }
        let bytes: [UInt8] = [0x30, 0x0B, 0xA0, 0x03, 0x02, 0x01, 0x02, 0x02, 0x02, 0x12, 0x34, 0x05, 0x00]
        let serial = try DERReader.parse(bytes[...]) { reader throws(DERError) in
            try reader.readSequence { tbs throws(DERError) in
                _ = try tbs.readOptionalExplicit(0) { v throws(DERError) in try v.readInteger(as: Int.self) }
                let serial = try tbs.readIntegerBytes()
                while !tbs.isAtEnd { _ = try tbs.readElement() }
                return serial
            }
        }
        #expect(Array(serial) == [0x12, 0x34])
    }

    /// `DERWriter`'s doc comment.
    @Test func writerDocExampleWritesASequence() {
        var writer = DERWriter()
        writer.appendSequence { seq in
            seq.appendInteger(1)
            seq.appendObjectIdentifier(OID(1, 2, 840, 113549, 1, 7, 1))
        }
        let der = writer.bytes
        #expect(Hex.encode(der) == "300e0201010609" + "2a864886f70d010701")
    }
}
