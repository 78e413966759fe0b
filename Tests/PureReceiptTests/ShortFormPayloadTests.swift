import PureDER
import PurePKCS7
import Testing
import VectorSupport

@testable import PureReceipt

/// A payload's attributes, and their text and date values, are read by a ``ShortFormScanner`` where they have its
/// shape and by the DER reader otherwise (ReceiptAttribute.swift, FieldValue.swift). Both ways give the same receipt,
/// or the same error, for every carried payload and for mutants of each: bytes changed, inserted and cut, most of them
/// in the attributes' headers. And the scanner does read the App Store payloads' attributes, every one of them.
@Suite struct ShortFormPayloadTests {
    struct Payload {
        let name: String
        let bytes: ArraySlice<UInt8>
        let rules: EncodingRules
    }

    static func payloads() throws -> [Payload] {
        let sets: [(String, EncodingRules)] = [("receipts/apple", .der), ("receipts/xcode", .ber)]
        return try sets.flatMap { folder, rules in
            try ProjectVectors.receipts(in: folder).map { vector in
                Payload(name: vector.name, bytes: try SignedData(berEncoded: vector.bytes).content, rules: rules)
            }
        }
    }

    static func decode(
        _ payload: ArraySlice<UInt8>,
        rules: EncodingRules,
        quickly: Bool
    ) -> Result<
        AppReceipt, ReceiptError
    > {
        Result { () throws(ReceiptError) in try AppReceipt(payload: payload, rules: rules, quickly: quickly) }
    }

    /// `bytes` behind an octet that is not part of it, as a payload lies inside its receipt.
    static func embedded(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        ([0x04] + bytes)[1...]
    }

    @Test func realPayloadsDecodeTheSameBothWays() throws {
        let payloads = try Self.payloads()
        #expect(payloads.count >= 22)
        for payload in payloads {
            let quick = Self.decode(payload.bytes, rules: payload.rules, quickly: true)
            #expect(quick == Self.decode(payload.bytes, rules: payload.rules, quickly: false), "\(payload.name)")
            #expect((try? quick.get()) != nil, "\(payload.name) does not decode")
        }
    }

    /// Every attribute of the App Store payloads, and of each in-app purchase in them, that is shorter than 128
    /// octets (a short-form SEQUENCE length) is read by the scanner, and the longer ones (in-app purchases, long
    /// values) by the reader: the comparison above compares the scanner with the reader, not the reader with itself.
    @Test func theScannerReadsEveryShortAttributeOfTheAppStorePayloads() throws {
        var scanned = 0
        var long = 0
        var pending = try Self.payloads().filter { $0.rules == .der }.map(\.bytes)
        while let payload = pending.popLast() {
            var reader = DERReader(payload, rules: .der)
            var encodings: [Range<Int>] = []
            try reader.readSetOf(eachConstructed: .sequence) { attribute throws(DERError) in
                let type = try attribute.readInteger(as: Int.self)
                _ = try attribute.readInteger(as: Int.self)
                let value = try attribute.readOctetString()
                if type == 17 { pending.append(value) }
            }
            reader = DERReader(payload, rules: .der)
            try reader.readConstructed(.set) { set throws(DERError) in
                while let component = try set.readBounds(nil) { encodings.append(component.start..<component.end) }
            }
            for encoding in encodings {
                let read = payload.withShortFormScanner(over: encoding) { scanner in
                    ReceiptAttribute.scan(&scanner)?.encoding
                }
                if payload[encoding.lowerBound + 1] < 0x80 {
                    #expect(read == encoding, "an attribute of \(encoding.count) octets left to the reader")
                    scanned += 1
                } else {
                    #expect(read == nil)
                    long += 1
                }
            }
        }
        #expect(scanned > 2_000)
        #expect(long > 0)
    }

    /// An attribute is read whole before its value is decoded: a SEQUENCE with trailing bytes after a value that is
    /// not valid UTF-8 fails for the trailing bytes, both ways.
    @Test func anAttributeIsReadWholeBeforeItsValueIsDecoded() {
        let payload = Self.embedded([
            0x31, 0x0F, 0x30, 0x0D, 0x02, 0x01, 0x02, 0x02, 0x01, 0x01, 0x04, 0x03, 0x0C, 0x01, 0xFF, 0x05, 0x00,
        ])
        for quickly in [true, false] {
            guard case .failure(let error) = Self.decode(payload, rules: .der, quickly: quickly) else {
                Issue.record("decoded, quickly: \(quickly)")
                continue
            }
            #expect(error.der?.code == .trailingBytes, "\(error)")
            #expect(error.der.map { $0.offset - payload.startIndex } == 15, "\(error)")
        }
    }

    @Test func mutantsDecodeOrFailTheSameBothWays() throws {
        var generator = SplitMix64(seed: 0xA77_2B07E5)
        var failures = 0
        var decoded = 0
        for payload in try Self.payloads() {
            let original = Array(payload.bytes)
            // The offsets of attribute headers: where a SEQUENCE, INTEGER or OCTET STRING identifier is.
            let headers = original.indices.filter { [0x30, 0x02, 0x04].contains(original[$0]) }
            for round in 0..<300 {
                var mutant = original
                let index =
                    round % 2 == 0
                    ? headers[Int(generator.next() % UInt64(headers.count))] + Int(generator.next() % 3)
                    : Int(generator.next() % UInt64(original.count))
                guard index < mutant.count else { continue }
                switch round % 5 {
                case 0, 1, 2: mutant[index] ^= UInt8(1 + generator.next() % 255)
                case 3: mutant.insert(UInt8(truncatingIfNeeded: generator.next()), at: index)
                default: mutant.removeSubrange(index..<min(mutant.count, index + 1 + Int(generator.next() % 4)))
                }
                let quick = Self.decode(Self.embedded(mutant), rules: payload.rules, quickly: true)
                let general = Self.decode(Self.embedded(mutant), rules: payload.rules, quickly: false)
                #expect(quick == general, "\(payload.name), round \(round)")
                if case .failure = general { failures += 1 } else { decoded += 1 }
            }
        }
        // Both outcomes were exercised.
        #expect(failures > 1_000)
        #expect(decoded > 1_000)
    }
}
