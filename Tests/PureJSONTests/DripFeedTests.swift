import PureJSON
import Testing

/// Every proper prefix of a well-formed document is refused as incomplete, where it ends.
@Suite struct DripFeedTests {
    // A document ending in whitespace has a complete proper prefix; the others end with their value.
    @Test(arguments: wellFormedDocuments.filter { $0.last?.isWhitespace == false })
    func everyProperPrefixIsRefusedAtItsEnd(document: String) {
        let bytes = Array(document.utf8)
        for length in 0..<bytes.count {
            expectRefused(Array(bytes[..<length]), .unexpectedEnd, at: length)
        }
    }

    @Test func everyProperPrefixOfARealPayloadIsRefusedAtItsEnd() throws {
        let documents = try StoreKitSamples.all().flatMap { [$0.header, $0.payload] }
        #expect(documents.count >= 40)
        for bytes in documents {
            for length in 0..<bytes.count {
                expectRefused(Array(bytes[..<length]), .unexpectedEnd, at: length)
            }
        }
    }
}
