import PureDER
import Testing

/// The README's example, kept compiling and true.
@Suite struct ReadmeExampleTests {
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
}
