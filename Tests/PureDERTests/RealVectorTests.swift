import Foundation
import Testing
import VectorSupport

@testable import PureDER

/// Every real receipt and certificate in TestVectors (and, with the optional vectors, the ones the repository
/// does not carry): parses whole, re-encodes to the same bytes, and fails cleanly on every proper prefix.
@Suite struct RealVectorTests {
    typealias Sample = (name: String, bytes: [UInt8])

    @Test func everyAppStoreReceiptAndCertificateParsesAsStrictDER() throws {
        let samples = try ProjectVectors.derSamples()
        #expect(samples.count == 22 + 19)
        Self.expectStrictDER(samples)
    }

    /// The checks below that loop over every App Store receipt and certificate, on the receipt and certificate
    /// the repository does not carry.
    @Test(.needsOptionalVectors) func theOptionalReceiptAndCertificatePassTheSameChecks() throws {
        let samples = try OptionalVectors.derSamples()
        Self.expectStrictDER(samples)
        _ = try Self.expectEveryElementReencodes(samples)
        try Self.expectSortedPayloads(try OptionalVectors.appStoreReceipts().map { ($0.name, $0.bytes) })
        _ = Self.expectEveryProperPrefixFails(samples.map { ($0.name, $0.bytes, EncodingRules.der) })
    }

    static func expectStrictDER(_ samples: [Sample]) {
        for sample in samples {
            #expect(throws: Never.self, "\(sample.name)") { try DERTree(parsing: sample.bytes) }
        }
    }

    @Test func everyXcodeReceiptIsRejectedAsDERAndParsesAsBER() throws {
        let samples = try ProjectVectors.berSamples()
        #expect(samples.count == 3)
        for sample in samples {
            expectTreeError(.indefiniteLength, at: 0, sample.bytes)
            let tree = try DERTree(parsing: sample.bytes, rules: .ber)
            // ContentInfo, [0], SignedData, EncapsulatedContentInfo, eContent [0] and the OCTET STRING.
            #expect(tree.nodes.filter(\.isIndefiniteLength).count == 6, "\(sample.name)")
        }
    }

    @Test func everyElementOfEveryAppStoreReceiptAndCertificateReencodesToTheSameBytes() throws {
        #expect(try Self.expectEveryElementReencodes(ProjectVectors.derSamples()) > 1_000)
    }

    /// Re-encodes every tree of `samples`, and every tree an OCTET STRING of theirs holds, and returns how many.
    static func expectEveryElementReencodes(_ samples: [Sample]) throws -> Int {
        var treesChecked = 0
        for sample in samples {
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
        return treesChecked
    }

    @Test func xcodeReceiptPayloadIsJoinedFromSegmentsAndIsNotInDEROrder() throws {
        for sample in try ProjectVectors.berSamples() {
            let payload = try Self.eContent(of: sample.bytes, rules: .ber)
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
        try Self.expectSortedPayloads(
            ProjectVectors.files(in: "receipts/apple", suffix: ".der").map {
                ($0.lastPathComponent, try ProjectVectors.bytes($0))
            }
        )
    }

    static func expectSortedPayloads(_ receipts: [Sample]) throws {
        for (name, bytes) in receipts {
            let payload = try eContent(of: bytes, rules: .der)
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
            #expect(count > 5, "\(name)")
        }
    }

    @Test func everyProperPrefixOfEveryVectorFailsWithATypedError() throws {
        let samples =
            try ProjectVectors.derSamples().map { ($0.name, $0.bytes, EncodingRules.der) }
            + ProjectVectors.berSamples().map { ($0.name, $0.bytes, EncodingRules.ber) }
        #expect(Self.expectEveryProperPrefixFails(samples) > 100_000)
    }

    /// Parses every proper prefix of every sample, each of which must fail, and returns how many there were.
    static func expectEveryProperPrefixFails(_ samples: [(name: String, bytes: [UInt8], rules: EncodingRules)]) -> Int {
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
        return prefixes
    }

    @Test func everyProperPrefixFailsTheCursorToo() throws {
        for sample in try ProjectVectors.berSamples() {
            for length in 0..<sample.bytes.count {
                #expect(throws: DERError.self) { try Self.eContent(of: Array(sample.bytes[..<length]), rules: .ber) }
            }
        }
    }

    /// The signed content of a PKCS#7 SignedData: ContentInfo → [0] → SignedData → encapContentInfo → [0].
    private static func eContent(of receipt: [UInt8], rules: EncodingRules) throws(DERError) -> ArraySlice<UInt8> {
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
