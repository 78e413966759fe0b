import PureDER
import PurePKCS7
import Testing
import VectorSupport

@testable import PureReceipt

/// The payload decoders take values of the common shape apart over raw bytes and leave everything else to the
/// general readers. Each must give exactly what the general readers alone give: the same value, or the same error
/// at the same offset, on every single-byte mutation and truncation of the seeds.
@Suite struct CommonShapeDecodingTests {
    enum Outcome: Equatable {
        case value(String)
        case error(DERError.Code, offset: Int)
    }

    static func outcome(_ body: () throws(DERError) -> String) -> Outcome {
        do { return .value(try body()) } catch { return .error(error.code, offset: error.offset) }
    }

    /// `bytes`, every single-byte replacement by a few telling values, and every truncation.
    static func variants(of bytes: [UInt8]) -> [[UInt8]] {
        var variants = [bytes]
        for index in bytes.indices {
            for replacement: UInt8 in [0x00, 0x02, 0x04, 0x0C, 0x13, 0x16, 0x30, 0x3A, 0x7F, 0x80, 0x81, 0xC3, 0xFF] {
                var mutant = bytes
                mutant[index] = replacement
                variants.append(mutant)
            }
            variants.append(Array(bytes[..<index]))
        }
        return variants
    }

    static func hex(_ text: String) -> [UInt8] {
        Hex.decode(text.filter { $0 != " " })!
    }

    static func encoded(_ identifier: UInt8, _ text: String) -> [UInt8] {
        let contents = Array(text.utf8)
        precondition(contents.count < 0x80)
        return [identifier, UInt8(contents.count)] + contents
    }

    static let textSeeds: [[UInt8]] = [
        encoded(0x0C, "com.example.app"), encoded(0x16, "1.0"), encoded(0x13, "4+"), hex("0C 02 C3 A9"),
        hex("0C 00"), hex("16 00"), [0x0C, 0x81, 0x80] + [UInt8](repeating: 0x61, count: 128),
        [0x16, 0x82, 0x01, 0x00] + [UInt8](repeating: 0x62, count: 256),
    ]
    static let dateSeeds: [[UInt8]] = [
        encoded(0x16, "2015-09-22T08:55:28Z"), encoded(0x0C, "2020-07-22T18:33:15+01:00"),
        encoded(0x16, "2020-07-22T18:33:15-0300"), encoded(0x16, "2015-09-22T08:55:28.123Z"),
        encoded(0x13, "2015-09-22T08:55:28Z"), hex("16 00"),
    ]
    static let integerSeeds: [[UInt8]] = [
        hex("02 01 05"), hex("02 02 00 80"), hex("02 08 7F FF FF FF FF FF FF FF"), hex("02 01 FF"),
        hex("02 09 00 FF FF FF FF FF FF FF FF"), hex("02 81 01 05"), hex("02 00"),
    ]

    // The references: the general readers alone, as the decoders read every value before.

    static func referenceString(_ value: ArraySlice<UInt8>) throws(DERError) -> String {
        let element = try DERReader.parseElement(value)
        let text = try element.string()
        guard [DERTag.utf8String, .ia5String, .printableString].contains(element.tag) else {
            throw DERError(.unexpectedTag, at: value.startIndex, "not text")
        }
        return text
    }

    static func referenceDate(_ value: ArraySlice<UInt8>) throws(DERError) -> Int64? {
        let text = try referenceString(value)
        guard !text.isEmpty else { return nil }
        guard let seconds = RFC3339.seconds(text) else { throw DERError(.invalidTime, at: value.startIndex, "") }
        return seconds
    }

    @Test func stringsAgreeWithTheGeneralReaders() {
        for bytes in Self.textSeeds.flatMap(Self.variants) {
            let fast = Self.outcome { () throws(DERError) in
                try FieldValue.string(in: bytes[...], at: bytes.indices, field: 2)
            }
            let reference = Self.outcome { () throws(DERError) in try Self.referenceString(bytes[...]) }
            #expect(fast == reference, "\(Hex.encode(bytes))")
        }
    }

    @Test func datesAgreeWithTheGeneralReaders() {
        for bytes in Self.dateSeeds.flatMap(Self.variants) {
            let fast = Self.outcome { () throws(DERError) in
                "\(try FieldValue.date(in: bytes[...], at: bytes.indices, field: 12) as Any)"
            }
            let reference = Self.outcome { () throws(DERError) in "\(try Self.referenceDate(bytes[...]) as Any)" }
            #expect(fast == reference, "\(Hex.encode(bytes))")
        }
    }

    @Test func integersAgreeWithTheGeneralReaders() {
        for bytes in Self.integerSeeds.flatMap(Self.variants) {
            let fast = Self.outcome { () throws(DERError) in
                "\(try FieldValue.integer(in: bytes[...], at: bytes.indices))"
            }
            let reference = Self.outcome { () throws(DERError) in
                "\(try DERReader.parse(bytes[...]) { reader throws(DERError) in try reader.readInteger(as: Int64.self) })"
            }
            #expect(fast == reference, "\(Hex.encode(bytes))")
        }
    }

    // MARK: - Payloads

    /// A payload read by the general readers alone.
    static func referencePayload(
        _ bytes: ArraySlice<UInt8>,
        rules: EncodingRules
    ) throws(DERError)
        -> [ReceiptAttribute]
    {
        var payload = bytes
        if payload.first == 0x04 {
            payload = try DERReader.parse(payload, rules: rules) { reader throws(DERError) in
                try reader.readOctetString()
            }
        }
        return try DERReader.parse(payload, rules: rules) { reader throws(DERError) in
            var attributes: [ReceiptAttribute] = []
            try reader.readSetOf(eachConstructed: .sequence) { attribute throws(DERError) in
                attributes.append(
                    ReceiptAttribute(
                        type: try attribute.readInteger(as: Int.self),
                        version: try attribute.readInteger(as: Int.self),
                        value: try attribute.readOctetString()
                    )
                )
            }
            return attributes
        }
    }

    /// A real in-app purchase (a nested payload of 18 attributes) and a small payload with long-form lengths, a
    /// negative version and a wrapping OCTET STRING, under DER and BER.
    @Test func payloadsAgreeWithTheGeneralReaders() throws {
        var seeds: [[UInt8]] = [
            Self.hex("04 17 31 15 30 08 02 01 01 02 01 FF 04 00 30 09 02 01 02 02 01 01 04 01 AA"),
            Self.hex("31 0F 30 0D 02 02 00 80 02 01 01 04 04 0C 02 68 69"),
        ]
        let receipt = try ProjectVectors.bytes(
            "receipts/apple/AppReceiptValidator_grandUnifiedExpiredAppleCert_receipt.der"
        )
        let content = try SignedData(berEncoded: receipt).content
        let purchase = try #require(try ReceiptAttribute.readPayload(content, rules: .der).first { $0.type == 17 })
        seeds.append(Array(purchase.value))
        // Under BER, an attribute whose value is a constructed OCTET STRING (two segments, 0C 02 | 68 69).
        seeds.append(Self.hex("31 14 30 12 02 01 02 02 01 01 24 80 04 02 0C 02 04 02 68 69 00 00"))
        for bytes in seeds.flatMap(Self.variants) {
            for rules in [EncodingRules.der, .ber] {
                let fast = Self.outcome { () throws(DERError) in
                    "\(try ReceiptAttribute.readPayload(bytes[...], rules: rules))"
                }
                let reference = Self.outcome { () throws(DERError) in
                    "\(try Self.referencePayload(bytes[...], rules: rules))"
                }
                #expect(fast == reference, "\(Hex.encode(bytes)) \(rules)")
            }
        }
    }

    /// A value that the general readers join into a buffer of their own, an attribute's constructed OCTET STRING
    /// under BER, is decoded from that buffer: the decoders take each value as indices into the bytes they are
    /// handed with it, which are then not the payload's.
    @Test func joinedValuesAreDecodedFromTheirOwnBytes() throws {
        // Attribute 2 (bundle identifier): `0C 02 68 69`, the UTF8String "hi".
        let segmentedValue = Self.hex("31 14 30 12 02 01 02 02 01 01 24 80 04 02 0C 02 04 02 68 69 00 00")
        let plain = Self.hex("31 0E 30 0C 02 01 02 02 01 01 04 04 0C 02 68 69")
        for payload in [segmentedValue, plain] {
            let receipt = try AppReceipt(payload: payload[...], rules: .ber)
            #expect(receipt.bundleIdentifier == "hi", "\(Hex.encode(payload))")
            #expect(receipt.bundleIdentifierData.map(Array.init) == [0x0C, 0x02, 0x68, 0x69], "\(Hex.encode(payload))")
            let attributes = try ReceiptAttribute.readPayload(payload[...], rules: .ber)
            #expect(attributes.map { Array($0.value) } == [[0x0C, 0x02, 0x68, 0x69]], "\(Hex.encode(payload))")
        }
        #expect(throws: ReceiptError.self) { try AppReceipt(payload: segmentedValue[...], rules: .der) }
    }
}
