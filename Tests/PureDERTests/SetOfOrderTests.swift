import Testing

@testable import PureDER

/// The order DER requires of SET OF components (their encodings, X.690 §11.6) and of SET components (their tags,
/// §10.3), which BER rules relax for the Xcode receipts' payload.
@Suite struct SetOfOrderTests {
    @Test func unsortedSetOfIsRejectedInDERAndAcceptedInBER() throws {
        let unsorted = [UInt8](hex: "31 06 02 01 02 02 01 01")
        expectReadError(.setOfNotSorted, at: 5, unsorted) { reader throws(DERError) in
            try reader.readSetOf { set throws(DERError) in
                while !set.isAtEnd { _ = try set.readInteger(as: Int.self) }
            }
        }
        let values = try read(unsorted, rules: .ber) { reader throws(DERError) in
            try reader.readSetOf { set throws(DERError) in
                var values: [Int] = []
                while !set.isAtEnd { values.append(try set.readInteger(as: Int.self)) }
                return values
            }
        }
        #expect(values == [2, 1])
    }

    @Test func setOfOrderAllowsEqualComponentsAndComparesOctetByOctet() throws {
        // Equal components may repeat; 04 01 00 sorts before 04 02 00 00 at the length octet.
        let sorted = [UInt8](hex: "31 0A 04 01 00 04 01 00 04 02 00 00")
        let count = try read(sorted) { reader throws(DERError) in
            try reader.readSetOf { set throws(DERError) in
                var count = 0
                while !set.isAtEnd {
                    _ = try set.readOctetString()
                    count += 1
                }
                return count
            }
        }
        #expect(count == 3)
    }

    @Test func setComponentsMustBeInTagOrder() throws {
        let unordered = [UInt8](hex: "31 06 04 01 00 02 01 00")
        expectReadError(.setOfNotSorted, at: 5, unordered) { r throws(DERError) in
            try r.readSet { s throws(DERError) in try s.skipAll() }
        }
        let ordered = [UInt8](hex: "31 08 02 01 00 04 01 00 80 00")
        try read(ordered) { r throws(DERError) in try r.readSet { s throws(DERError) in try s.skipAll() } }
    }

    /// A SET OF input and what reading its SEQUENCE { INTEGER } components gives under DER and under BER: the
    /// values in encoded order, or an error code and offset.
    struct SetOfCase: Sendable, CustomStringConvertible {
        let hex: String
        let der: Result<[Int], DERError>
        let ber: Result<[Int], DERError>
        var description: String { hex }

        init(_ hex: String, _ values: [Int]) {
            self.hex = hex
            der = .success(values)
            ber = .success(values)
        }

        init(_ hex: String, _ code: DERError.Code, at offset: Int, orBER values: [Int]? = nil) {
            self.hex = hex
            der = .failure(DERError(code, at: offset, ""))
            ber = values.map { .success($0) } ?? der
        }
    }

    static let setOfCases = [
        // Sorted: equal components allowed; 30 03 … before 30 04 … at the length octet.
        SetOfCase("31 10 30 03 02 01 01 30 03 02 01 01 30 04 02 02 01 00", [1, 1, 256]),
        SetOfCase("31 00", []),
        // Unsorted, refused at the second component under DER.
        SetOfCase("31 0A 30 03 02 01 02 30 03 02 01 01", .setOfNotSorted, at: 7, orBER: [2, 1]),
        // Each component is compared with the one before it, not with the first: the third (2) sorts after the
        // first (1) but before the second (3).
        SetOfCase("31 0F 30 03 02 01 01 30 03 02 01 03 30 03 02 01 02", .setOfNotSorted, at: 12, orBER: [1, 3, 2]),
        // IMPLICIT [0], as CMS signed attributes are tagged, sorted and not.
        SetOfCase("A0 0A 30 03 02 01 01 30 03 02 01 02", [1, 2]),
        SetOfCase("A0 0A 30 03 02 01 02 30 03 02 01 01", .setOfNotSorted, at: 7, orBER: [2, 1]),
        // A component that is not a SEQUENCE; a component whose contents are not all read.
        SetOfCase("31 05 31 03 02 01 01", .unexpectedTag, at: 2),
        SetOfCase("31 08 30 06 02 01 01 02 01 02", .trailingBytes, at: 7),
    ]

    /// Both SET OF reads, the one that checks the order before its closure reads the contents and the one that
    /// checks each component as it reads it, give each case's verdict.
    @Test(arguments: setOfCases)
    func setOfComponentsAreInDEROrderUnlessBERAllowsAny(_ example: SetOfCase) {
        let bytes = [UInt8](hex: example.hex)
        let tag = bytes.first == 0xA0 ? DERTag.contextSpecific(0, constructed: true) : .set
        for (rules, expected) in [(EncodingRules.der, example.der), (.ber, example.ber)] {
            let perComponent = Result { () throws(DERError) -> [Int] in
                try read(bytes, rules: rules) { reader throws(DERError) in
                    var values: [Int] = []
                    let count = try reader.readSetOf(tag: tag, eachConstructed: .sequence) { s throws(DERError) in
                        values.append(try s.readInteger(as: Int.self))
                    }
                    #expect(count == values.count)
                    return values
                }
            }
            let whole = Result { () throws(DERError) -> [Int] in
                try read(bytes, rules: rules) { reader throws(DERError) in
                    try reader.readSetOf(tag: tag) { set throws(DERError) in
                        var values: [Int] = []
                        while !set.isAtEnd {
                            values.append(
                                try set.readSequence { s throws(DERError) in try s.readInteger(as: Int.self) }
                            )
                        }
                        return values
                    }
                }
            }
            for outcome in [perComponent, whole] {
                switch (outcome, expected) {
                case (.success(let values), .success(let expectedValues)):
                    #expect(values == expectedValues, "\(example) \(rules)")
                case (.failure(let error), .failure(let expectedError)):
                    #expect(
                        error.code == expectedError.code && error.offset == expectedError.offset,
                        "\(example) \(rules): \(error)"
                    )
                default:
                    Issue.record("\(example) \(rules): \(outcome), expected \(expected)")
                }
            }
        }
    }

    @Test func setOfOrderPadsTheShorterEncodingWithZeros() {
        let order: (ArraySlice<UInt8>, ArraySlice<UInt8>) -> Bool = DERWriter.derSetOrder
        #expect(order([0x01], [0x02]) && !order([0x02], [0x01]))
        #expect(!order([0x01], [0x01]))
        #expect(order([0x01], [0x01, 0x01]) && !order([0x01, 0x01], [0x01]))
        // Equal once padded: neither sorts before the other.
        #expect(!order([0x01], [0x01, 0x00]) && !order([0x01, 0x00], [0x01]))
        #expect(order([], [0x00, 0x01]) && !order([], [0x00]))
        let long = [UInt8](repeating: 0x30, count: 300)
        #expect(order(long[...], (long + [0x01])[...]) && !order((long + [0x01])[...], long[...]))
        #expect(order(long[1...], long[...] + [0xFF]))
    }

    @Test func setOfOrderIsDecidedByTheFirstDifferentOctetAtAnyPosition() {
        // Octet by octet as unsigned values, wherever the difference lies relative to the 8-octet steps.
        let order: (ArraySlice<UInt8>, ArraySlice<UInt8>) -> Bool = DERWriter.derSetOrder
        for length in [1, 7, 8, 9, 16, 17, 24] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 0x41) }
            for index in 0..<length {
                for other in [0x00, 0x7F, 0x80, 0xFF] as [UInt8] where other != bytes[index] {
                    var changed = bytes
                    changed[index] = other
                    #expect(order(bytes[...], changed[...]) == (bytes[index] < other), "\(length) \(index) \(other)")
                    #expect(order(changed[...], bytes[...]) == (other < bytes[index]), "\(length) \(index) \(other)")
                }
            }
            #expect(!order(bytes[...], bytes[...]))
        }
    }

    @Test func implicitlyTaggedSetOfIsCheckedToo() {
        // CMS signedAttrs: [0] IMPLICIT SET OF Attribute.
        let unsorted = [UInt8](hex: "A0 06 02 01 02 02 01 01")
        expectReadError(.setOfNotSorted, at: 5, unsorted) { r throws(DERError) in
            try r.readSetOf(tag: .contextSpecific(0, constructed: true)) { s throws(DERError) in try s.skipAll() }
        }
    }
}
