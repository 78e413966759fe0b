import Testing

@testable import PureDER

/// The typed readers that skip making a ``DERElement`` (`readInteger`, `readOctetString`, `readObjectIdentifier`,
/// `readSequence` and the other constructed readers, `readSetOf(eachConstructed:)`) must give exactly what reading
/// the element first gives: the same value and position, or the same error at the same offset. Each is compared with
/// the element-based form on every single-byte mutation and truncation of a few seeds, under DER and BER.
struct InPlaceReaderTests {
    /// What one read produced: a description of the value and where the reader stopped, or the error.
    enum Outcome: Equatable {
        case value(String, offset: Int)
        case error(DERError.Code, offset: Int)
    }

    static func outcome(
        _ bytes: [UInt8],
        rules: EncodingRules,
        depth: Int = 0,
        _ body: (inout DERReader) throws(DERError) -> String
    ) -> Outcome {
        var reader = DERReader(bytes[...], rules: rules, depth: depth)
        do {
            let value = try body(&reader)
            return .value(value, offset: reader.offset)
        } catch {
            return .error(error.code, offset: error.offset)
        }
    }

    /// `bytes`, every single-byte replacement by a few telling values, and every truncation.
    static func variants(of bytes: [UInt8]) -> [[UInt8]] {
        var variants = [bytes]
        for index in bytes.indices {
            for replacement: UInt8 in [0x00, 0x01, 0x02, 0x04, 0x1F, 0x30, 0x7F, 0x80, 0x81, 0x82, 0xFF] {
                var mutant = bytes
                mutant[index] = replacement
                variants.append(mutant)
            }
            var flipped = bytes
            flipped[index] ^= 0x20  // the constructed bit, in an identifier
            variants.append(flipped)
            variants.append(Array(bytes[..<index]))
        }
        return variants
    }

    static let integerSeeds = [
        "02 01 05", "02 02 00 80", "02 08 7F FF FF FF FF FF FF FF", "02 09 00 FF FF FF FF FF FF FF FF",
        "02 81 01 05", "02 00", "A0 03 02 01 05", "02 01 05 02 01 06",
    ]
    static let octetStringSeeds = [
        "04 03 01 02 03", "04 00", "04 81 80" + String(repeating: " AA", count: 128), "24 80 04 01 01 00 00",
        "24 05 04 03 61 62 63", "04 02 01",
    ]
    static let constructedSeeds = [
        "30 03 02 01 07", "30 80 02 01 07 00 00", "30 00", "30 81 03 02 01 07", "31 03 02 01 07",
        "30 06 02 01 07 02 01 08", "22 03 02 01 07", "24 03 04 01 07",
    ]
    static let setOfSeeds = [
        "31 0A 30 03 02 01 01 30 03 02 01 02", "31 0A 30 03 02 01 02 30 03 02 01 01",
        "31 0E 30 03 02 01 01 30 81 04 02 02 01 00", "31 0C 30 80 02 01 01 00 00 30 03 02 01 02", "31 00",
    ]

    /// Describes a reader (depth and bytes), then reads every element it holds.
    static func consume(_ reader: inout DERReader) throws(DERError) -> String {
        let description = "\(reader.depth) \(Hex.encode(reader.remaining))"
        while !reader.isAtEnd { _ = try reader.readElement() }
        return description
    }

    /// readInteger against readElement then integer, on `bytes` with `tag`.
    static func expectIntegerReadsAgree(_ bytes: [UInt8], rules: EncodingRules, tag: DERTag = .integer) {
        let inPlace = outcome(bytes, rules: rules) { r throws(DERError) in
            "\(try r.readInteger(as: Int64.self, tag: tag))"
        }
        let viaElement = outcome(bytes, rules: rules) { r throws(DERError) in
            "\(try r.readElement(tag).integer(as: Int64.self))"
        }
        #expect(inPlace == viaElement, "\(Hex.encode(bytes[...])) \(rules) \(tag)")
    }

    @Test(arguments: integerSeeds)
    func readIntegerAgreesWithReadElement(_ seed: String) {
        for bytes in Self.variants(of: [UInt8](hex: seed)) {
            for rules in [EncodingRules.der, .ber] { Self.expectIntegerReadsAgree(bytes, rules: rules) }
        }
    }

    /// IMPLICIT tags: context-specific, a high tag number, the application class with tag number 30.
    static let taggedSeeds: [(String, DERTag)] = [
        ("80 01 05", .contextSpecific(0, constructed: false)),
        ("9F 1F 01 05", .contextSpecific(31, constructed: false)),
        ("5E 01 05", DERTag(.application, 30, constructed: false)),
        ("DE 02 00 80", DERTag(.private, 30, constructed: false)),
    ]

    @Test(arguments: taggedSeeds)
    func implicitlyTaggedReadsAgreeWithReadElement(_ seed: String, _ tag: DERTag) {
        let constructed = [UInt8](hex: seed)[0] | 0x20
        for bytes in Self.variants(of: [UInt8](hex: seed)) {
            for rules in [EncodingRules.der, .ber] {
                Self.expectIntegerReadsAgree(bytes, rules: rules, tag: tag)
                guard bytes.first != constructed else { continue }  // a constructed string: see above
                let octets = Self.outcome(bytes, rules: rules) { r throws(DERError) in
                    Hex.encode(try r.readOctetString(tag: tag))
                }
                let octetsViaElement = Self.outcome(bytes, rules: rules) { r throws(DERError) in
                    Hex.encode(try r.readElement(tag).content)
                }
                #expect(octets == octetsViaElement, "\(Hex.encode(bytes[...])) \(rules) \(tag)")
            }
        }
    }

    @Test(arguments: octetStringSeeds)
    func readOctetStringAgreesWithReadElement(_ seed: String) {
        for bytes in Self.variants(of: [UInt8](hex: seed)) {
            for rules in [EncodingRules.der, .ber] {
                // A constructed OCTET STRING is refused (DER) or joined (BER) by readOctetString, where the
                // element-based form refuses its tag: both take the code that did so before this fast path.
                guard bytes.first != 0x24 else { continue }
                let inPlace = Self.outcome(bytes, rules: rules) { r throws(DERError) in
                    Hex.encode(try r.readOctetString())
                }
                let viaElement = Self.outcome(bytes, rules: rules) { r throws(DERError) in
                    Hex.encode(try r.readElement(.octetString).content)
                }
                #expect(inPlace == viaElement, "\(Hex.encode(bytes[...])) \(rules)")
            }
        }
    }

    /// rsaEncryption, Apple's receipt-signing OID (multi-octet arcs), a one-octet OID and commonName.
    static let objectIdentifierSeeds = [
        "06 09 2A 86 48 86 F7 0D 01 01 01", "06 0A 2A 86 48 86 F7 63 64 06 0B 01", "06 01 00", "06 03 55 04 03",
    ]

    @Test(arguments: objectIdentifierSeeds)
    func readObjectIdentifierAgreesWithReadElement(_ seed: String) {
        for bytes in Self.variants(of: [UInt8](hex: seed)) {
            for rules in [EncodingRules.der, .ber] {
                let inPlace = Self.outcome(bytes, rules: rules) { r throws(DERError) in
                    "\(try r.readObjectIdentifier())"
                }
                let viaElement = Self.outcome(bytes, rules: rules) { r throws(DERError) in
                    "\(try r.readElement(.objectIdentifier).objectIdentifier())"
                }
                #expect(inPlace == viaElement, "\(Hex.encode(bytes[...])) \(rules)")
            }
        }
    }

    @Test(arguments: constructedSeeds)
    func readConstructedAgreesWithReadElement(_ seed: String) {
        for bytes in Self.variants(of: [UInt8](hex: seed)) {
            for rules in [EncodingRules.der, .ber] {
                // At the depth limit too, where the contents may not be entered; and universal types that DER
                // requires primitive, which the construction check refuses.
                for depth in [0, DERLimits.maximumDepth - 1, DERLimits.maximumDepth] {
                    for tag in [DERTag.sequence, .integer, .octetString] {
                        let inPlace = Self.outcome(bytes, rules: rules, depth: depth) { r throws(DERError) in
                            try r.readConstructed(tag) { s throws(DERError) in try Self.consume(&s) }
                        }
                        let viaElement = Self.outcome(bytes, rules: rules, depth: depth) { r throws(DERError) in
                            var s = try r.reader(forContentsOf: r.readElement(tag.asConstructed))
                            return try Self.consume(&s)
                        }
                        #expect(inPlace == viaElement, "\(Hex.encode(bytes[...])) \(rules) depth \(depth) \(tag)")
                    }
                }
            }
        }
    }

    @Test(arguments: setOfSeeds)
    func readSetOfComponentsAgreeWithReadElement(_ seed: String) {
        for bytes in Self.variants(of: [UInt8](hex: seed)) {
            for rules in [EncodingRules.der, .ber] {
                for depth in [0, DERLimits.maximumDepth - 1] {
                    let inPlace = Self.outcome(bytes, rules: rules, depth: depth) { r throws(DERError) in
                        var seen: [String] = []
                        try r.readSetOf(eachConstructed: .sequence) { s throws(DERError) in
                            seen.append("\(s.depth) \(Hex.encode(s.remaining))")
                            _ = try s.readElement()
                        }
                        return seen.joined(separator: "|")
                    }
                    // The reference: each component through readElement, its order against the previous
                    // component's encoding, then its contents through reader(forContentsOf:).
                    let viaElement = Self.outcome(bytes, rules: rules, depth: depth) { r throws(DERError) in
                        var set = try r.reader(forContentsOf: r.readElement(.set))
                        var seen: [String] = []
                        var previous: ArraySlice<UInt8>? = nil
                        while !set.isAtEnd {
                            let component = try set.readElement(.sequence)
                            if !rules.allowsUnsortedSetOf, let previous,
                                DERWriter.derSetOrder(component.encoded, previous)
                            {
                                throw DERError(.setOfNotSorted, at: component.offset, "")
                            }
                            var s = try set.reader(forContentsOf: component)
                            seen.append("\(s.depth) \(Hex.encode(s.remaining))")
                            _ = try s.readElement()
                            try s.finish()
                            previous = component.encoded
                        }
                        return seen.joined(separator: "|")
                    }
                    #expect(inPlace == viaElement, "\(Hex.encode(bytes[...])) \(rules) depth \(depth)")
                }
            }
        }
    }
}

extension InPlaceReaderTests {
    /// One element parsed from the whole input: its tag, encoding and header length, or the error.
    static func wholeElementOutcome(
        _ bytes: [UInt8],
        rules: EncodingRules,
        _ parse: (ArraySlice<UInt8>, EncodingRules) throws(DERError) -> DERElement
    ) -> Outcome {
        do {
            let element = try parse(bytes[...], rules)
            return .value("\(element.tag) \(Hex.encode(element.encoded)) \(element.headerLength)", offset: 0)
        } catch {
            return .error(error.code, offset: error.offset)
        }
    }

    /// `DERReader.parseElement`, which takes a short primitive or constructed element without a reader, against
    /// `parse { readElement() }`: every input of one and two octets, every three-octet input with a length octet of
    /// 1, and the mutations of a few longer seeds (a high tag number, long-form and indefinite lengths, trailing
    /// bytes), under DER and BER.
    @Test func parseElementAgreesWithReadElement() {
        var inputs: [[UInt8]] = [[]]
        for first in 0...255 {
            inputs.append([UInt8(first)])
            for second in 0...255 { inputs.append([UInt8(first), UInt8(second)]) }
            for third in 0...255 { inputs.append([UInt8(first), 0x01, UInt8(third)]) }
        }
        // A length octet of 0x80 or more with exactly that many octets after it: long forms (valid or not) and
        // indefinite lengths that a test of the length's value alone would take for short ones.
        for identifier: UInt8 in [0x04, 0x0C, 0x16, 0x30, 0x80] {
            for lengthOctet in 0x80...0xFF {
                inputs.append([identifier, UInt8(lengthOctet)] + [UInt8](repeating: 0x41, count: lengthOctet))
                inputs.append([identifier, 0x81, UInt8(lengthOctet)] + [UInt8](repeating: 0x41, count: lengthOctet))
            }
        }
        for seed in [
            "04 81 80" + String(repeating: " AA", count: 128), "0C 03 61 62 63",
            "16 14 32 30 31 35 2D 30 39 2D 32 32 54 30 38 3A 35 35 3A 32 38 5A", "9F 1F 01 05",
            "04 81 01 AA", "30 80 02 01 07 00 00", "0C 01 61 00", "30 03 02 01 07",
        ] {
            inputs += Self.variants(of: [UInt8](hex: seed))
        }
        for bytes in inputs {
            for rules in [EncodingRules.der, .ber] {
                let fast = Self.wholeElementOutcome(bytes, rules: rules) { b, r throws(DERError) in
                    try DERReader.parseElement(b, rules: r)
                }
                let reference = Self.wholeElementOutcome(bytes, rules: rules) { b, r throws(DERError) in
                    try DERReader.parse(b, rules: r) { reader throws(DERError) in try reader.readElement() }
                }
                #expect(fast == reference, "\(Hex.encode(bytes[...])) \(rules)")
            }
        }
    }
}

/// ``DERElement/checkString()``, which checks a skipped value's text without making it, must accept exactly what
/// ``DERElement/string()`` accepts, with the same error; and a UTF8String is valid exactly when the standard
/// library's `String(validating:as:)` says so, with the same text.
struct StringCheckTests {
    /// Every one- and two-octet value, and three- and four-octet values around the UTF-8 boundaries (overlong
    /// forms, surrogates, the end of Unicode), then pseudo-random longer ones.
    static func contents() -> [[UInt8]] {
        var values: [[UInt8]] = [[]]
        for a in 0...255 { values.append([UInt8(a)]) }
        for a in 0...255 { for b in stride(from: 0, through: 255, by: 3) { values.append([UInt8(a), UInt8(b)]) } }
        let leads: [UInt8] = [0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF]
        let trails: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        for lead in leads {
            for b in trails {
                for c in trails {
                    values.append([lead, b, c])
                    for d in trails { values.append([lead, b, c, d]) }
                }
            }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in 1...40 {
            for _ in 0..<50 {
                values.append(
                    (0..<length).map { _ in
                        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                        return UInt8(truncatingIfNeeded: state >> 56)
                    }
                )
            }
        }
        return values
    }

    @Test(arguments: [12, 18, 19, 20, 22, 26, 28, 30] as [UInt32])
    func checkAgreesWithDecoding(_ number: UInt32) throws {
        let tag = DERTag(.universal, number, constructed: false)
        for contents in Self.contents() {
            var writer = DERWriter()
            writer.append(tag: tag, content: contents)
            let element = try DERReader.parse(writer.bytes[...]) { r throws(DERError) in try r.readElement() }
            let decoded = Result { () throws(DERError) in _ = try element.string() }
            let checked = Result { () throws(DERError) in try element.checkString() }
            // Both validate UTF-8 with isValidUTF8; the standard library's validation is the reference.
            if number == 12 {
                #expect(
                    (try? element.string()) == String(validating: contents, as: UTF8.self),
                    "\(Hex.encode(contents))"
                )
            }
            switch (decoded, checked) {
            case (.success, .success): continue
            case (.failure(let a), .failure(let b)):
                #expect(a.code == b.code && a.offset == b.offset, "\(tag) \(Hex.encode(contents))")
            default: Issue.record("\(tag) \(Hex.encode(contents)): string() \(decoded), checkString() \(checked)")
            }
        }
    }
}

/// The shortcuts for elements of the common shape must take exactly the elements the general readers read the
/// same way: ``DERReader/commonShapeContents(_:in:at:)`` against `readElement`, and
/// ``DERReader/readSetOf(tag:eachConstructed:commonShape:reading:_:)`` with a shortcut against the same read
/// without one.
struct CommonShapeTests {
    /// Every identifier's inputs of two and three octets, every length octet from 0x80 with zero to three octets
    /// after it, and the mutations of a few seeds.
    static func inputs(_ identifier: UInt8) -> [[UInt8]] {
        var inputs: [[UInt8]] = [[], [identifier]]
        for second in 0...255 {
            inputs.append([identifier, UInt8(second)])
            inputs.append([identifier, UInt8(second), 0x41])
        }
        for lengthOctet: UInt8 in 0x80...0xFF {
            for following: [UInt8] in [[], [0x00], [0x7F], [0x80], [0x00, 0xFF], [0x01, 0x00], [0x00, 0x80, 0x00]] {
                let header = [identifier, lengthOctet] + following
                inputs.append(header)
                // Contents as long as the length octets say, where that is small enough to build.
                var length = 0
                for octet in following { length = length << 8 | Int(octet) }
                if lengthOctet & 0x7F == UInt8(following.count), length <= 0x200 {
                    inputs.append(header + [UInt8](repeating: 0x41, count: length))
                    inputs.append(header + [UInt8](repeating: 0x41, count: length + 1))
                }
            }
        }
        for seed in ["04 81 80" + String(repeating: " AA", count: 128), "30 03 02 01 07", "02 02 01 00 05"] {
            inputs += InPlaceReaderTests.variants(of: [UInt8](hex: seed))
        }
        return inputs
    }

    @Test(arguments: [0x02, 0x04, 0x0C, 0x16, 0x30] as [UInt8])
    func commonShapeContentsAgreesWithReadElement(_ identifier: UInt8) {
        for bytes in Self.inputs(identifier) {
            let fast = bytes.withUnsafeBufferPointer { DERReader.commonShapeContents(identifier, in: $0, at: 0) }
            for rules in [EncodingRules.der, .ber] {
                var reader = DERReader(bytes[...], rules: rules)
                let element = try? reader.readElement()
                // The common shape: what the reader reads with this one-octet identifier, a definite length and at
                // most two length octets after the first.
                let expected = element.flatMap { element -> Range<Int>? in
                    guard bytes.first == identifier, !element.isIndefiniteLength, element.headerLength <= 4 else {
                        return nil
                    }
                    return element.content.indices
                }
                #expect(fast == expected, "\(Hex.encode(bytes[...])) \(rules)")
            }
        }
    }

    /// SEQUENCE { INTEGER } components taken apart over raw bytes.
    static func shortcut(_ bytes: ArraySlice<UInt8>) -> (component: String, length: Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let sequence = DERReader.commonShapeContents(0x30, in: buffer, at: 0),
                let integer = DERReader.commonShapeContents(0x02, in: buffer, at: sequence.lowerBound),
                integer.upperBound == sequence.upperBound,
                let value = DERElement.integer(UnsafeBufferPointer(rebasing: buffer[integer]), as: Int64.self)
            else { return nil }
            return ("\(value)", sequence.upperBound)
        }
    }

    @Test(
        arguments: InPlaceReaderTests.setOfSeeds + ["31 0B 30 04 02 02 00 80 30 03 02 01 7F", "31 05 30 03 02 01 05"]
    )
    func readSetOfWithAShortcutAgreesWithoutOne(_ seed: String) {
        var takenFromTheSeed: Int? = nil  // components the shortcut took from the unmutated seed, under DER
        for bytes in InPlaceReaderTests.variants(of: [UInt8](hex: seed)) {
            for rules in [EncodingRules.der, .ber] {
                for depth in [0, DERLimits.maximumDepth - 1] {
                    var taken = 0
                    let withShortcut = InPlaceReaderTests.outcome(bytes, rules: rules, depth: depth) {
                        r throws(DERError) in
                        var seen: [String] = []
                        try r.readSetOf(
                            eachConstructed: .sequence,
                            commonShape: { bytes in
                                let result = Self.shortcut(bytes)
                                if result != nil { taken += 1 }
                                return result
                            },
                            reading: { s throws(DERError) in "\(try s.readInteger(as: Int64.self))" }
                        ) { seen.append($0) }
                        return seen.joined(separator: "|")
                    }
                    let general = InPlaceReaderTests.outcome(bytes, rules: rules, depth: depth) { r throws(DERError) in
                        var seen: [String] = []
                        try r.readSetOf(eachConstructed: .sequence) { s throws(DERError) in
                            seen.append("\(try s.readInteger(as: Int64.self))")
                        }
                        return seen.joined(separator: "|")
                    }
                    #expect(withShortcut == general, "\(Hex.encode(bytes[...])) \(rules) depth \(depth)")
                    if depth > 0 { #expect(taken == 0, "taken too deep") }
                    if takenFromTheSeed == nil {
                        // A well-formed seed's components all have the common shape.
                        if case .value(let seen, _) = general, !seen.isEmpty { #expect(taken > 0, "never taken") }
                        takenFromTheSeed = taken
                    }
                }
            }
        }
    }
}
