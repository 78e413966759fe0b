import Foundation
import Testing
import VectorSupport

@testable import PureDER

/// Every real receipt and certificate in ../shared/vectors: parses whole, re-encodes to the same bytes, and
/// fails cleanly on every proper prefix.
@Suite struct RealVectorTests {
    @Test func everyAppStoreReceiptAndCertificateParsesAsStrictDER() throws {
        guard SharedVectors.available() != nil else { return }
        let samples = try SharedVectors.derSamples()
        #expect(samples.count >= 35)
        for sample in samples {
            #expect(throws: Never.self, "\(sample.name)") { try DERTree(parsing: sample.bytes) }
        }
    }

    @Test func everyXcodeReceiptIsRejectedAsDERAndParsesAsBER() throws {
        guard SharedVectors.available() != nil else { return }
        let samples = try SharedVectors.berSamples()
        #expect(samples.count == 3)
        for sample in samples {
            expectTreeError(.indefiniteLength, at: 0, sample.bytes)
            let tree = try DERTree(parsing: sample.bytes, rules: .ber)
            // ContentInfo, [0], SignedData, EncapsulatedContentInfo, eContent [0] and the OCTET STRING.
            #expect(tree.nodes.filter(\.isIndefiniteLength).count == 6, "\(sample.name)")
        }
    }

    @Test func everyElementOfEveryAppStoreReceiptAndCertificateReencodesToTheSameBytes() throws {
        guard SharedVectors.available() != nil else { return }
        var treesChecked = 0
        for sample in try SharedVectors.derSamples() {
            // The outer tree, then every OCTET STRING that holds DER itself: the receipt payload, each
            // in-app purchase record, and certificate extension values.
            var pending: [ArraySlice<UInt8>] = [sample.bytes[...]]
            while let bytes = pending.popLast() {
                let tree = try DERTree(parsing: bytes)
                #expect(tree.reencoded()[...] == bytes, "\(sample.name) at \(bytes.startIndex)")
                treesChecked += 1
                for node in tree.nodes where node.tag == .octetString {
                    let content = tree.element(node).content
                    if (try? DERTree(parsing: content)) != nil { pending.append(content) }
                }
            }
        }
        #expect(treesChecked > 1_000)
    }

    @Test func xcodeReceiptPayloadIsJoinedFromSegmentsAndIsNotInDEROrder() throws {
        guard SharedVectors.available() != nil else { return }
        for sample in try SharedVectors.berSamples() {
            let payload = try eContent(of: sample.bytes, rules: .ber)
            // The payload is a SET OF attributes that Xcode does not sort.
            do {
                try DERReader.parse(payload) { reader throws(DERError) in
                    try reader.readSetOf { r throws(DERError) in try r.skipAll() }
                }
                Issue.record("\(sample.name): payload SET OF is sorted")
            } catch {
                #expect(error.code == .setOfNotSorted, "\(error)")
            }
            let attributes = try DERReader.parse(payload, rules: .ber) { reader throws(DERError) in
                try reader.readSetOf { set throws(DERError) in
                    var count = 0
                    while !set.isAtEnd {
                        _ = try set.readElement(.sequence)
                        count += 1
                    }
                    return count
                }
            }
            #expect(attributes > 5, "\(sample.name)")
        }
    }

    @Test func appStoreReceiptPayloadsAreSortedDER() throws {
        guard SharedVectors.available() != nil else { return }
        for url in try SharedVectors.files(in: "receipts/apple", suffix: ".der") {
            let payload = try eContent(of: try SharedVectors.bytes(url), rules: .der)
            let count = try DERReader.parse(payload) { reader throws(DERError) in
                try reader.readSetOf { set throws(DERError) in
                    var count = 0
                    while !set.isAtEnd {
                        _ = try set.readElement(.sequence)
                        count += 1
                    }
                    return count
                }
            }
            #expect(count > 5, "\(url.lastPathComponent)")
        }
    }

    @Test func everyProperPrefixOfEveryVectorFailsWithATypedError() throws {
        guard SharedVectors.available() != nil else { return }
        let samples =
            try SharedVectors.derSamples().map { ($0.name, $0.bytes, EncodingRules.der) }
            + SharedVectors.berSamples().map { ($0.name, $0.bytes, EncodingRules.ber) }
        var prefixes = 0
        for (name, bytes, rules) in samples {
            for length in 0..<bytes.count {
                do {
                    _ = try DERTree(parsing: bytes[..<length], rules: rules)
                    Issue.record("\(name): the \(length)-byte prefix parsed")
                } catch {
                    prefixes += 1
                    #expect(error.offset >= 0 && error.offset <= length)
                }
            }
            #expect(throws: Never.self) { try DERTree(parsing: bytes, rules: rules) }
        }
        #expect(prefixes > 100_000)
    }

    @Test func everyProperPrefixFailsTheCursorToo() throws {
        guard SharedVectors.available() != nil else { return }
        for sample in try SharedVectors.berSamples() {
            for length in 0..<sample.bytes.count {
                #expect(throws: DERError.self) { try eContent(of: Array(sample.bytes[..<length]), rules: .ber) }
            }
        }
    }

    /// The signed content of a PKCS#7 SignedData: ContentInfo → [0] → SignedData → encapContentInfo → [0].
    private func eContent(of receipt: [UInt8], rules: EncodingRules) throws(DERError) -> ArraySlice<UInt8> {
        try DERReader.parse(receipt[...], rules: rules) { reader throws(DERError) in
            try reader.readSequence { contentInfo throws(DERError) in
                _ = try contentInfo.readObjectIdentifier()
                return try contentInfo.readExplicit(0) { explicit throws(DERError) in
                    try explicit.readSequence { signedData throws(DERError) in
                        _ = try signedData.readInteger(as: Int.self)
                        _ = try signedData.readElement(.set)
                        let content = try signedData.readSequence { encapsulated throws(DERError) in
                            _ = try encapsulated.readObjectIdentifier()
                            return try encapsulated.readExplicit(0) { r throws(DERError) in try r.readOctetString() }
                        }
                        try signedData.skipAll()
                        return content
                    }
                }
            }
        }
    }
}
