import Testing

@testable import PureDER

/// The typed reads of the cursor apply the same rules as a whole-tree parse: one rule per test, each read through
/// the public API with its exact error code and offset.
@Suite struct CursorRuleTests {
    // MARK: - Lengths (X.690 §8.1.3, §10.1)

    @Test func everyTypedReadRefusesALongFormLengthThatFitsTheShortForm() {
        expectReadError(.nonMinimalLength, at: 0, [UInt8](hex: "02 81 01 05")) { r throws(DERError) in
            try r.readInteger(as: Int.self)
        }
        expectReadError(.nonMinimalLength, at: 0, [UInt8](hex: "04 81 01 AA")) { r throws(DERError) in
            try r.readOctetString()
        }
        expectReadError(.nonMinimalLength, at: 0, [UInt8](hex: "06 81 01 00")) { r throws(DERError) in
            try r.readObjectIdentifier()
        }
        expectReadError(.nonMinimalLength, at: 0, [UInt8](hex: "30 81 03 02 01 07")) { r throws(DERError) in
            try r.readSequence { s throws(DERError) in try s.readInteger(as: Int.self) }
        }
        expectReadError(.nonMinimalLength, at: 2, [UInt8](hex: "31 06 30 81 03 02 01 07")) { r throws(DERError) in
            try r.readSetOf(eachConstructed: .sequence) { s throws(DERError) in _ = try s.readInteger(as: Int.self) }
        }
    }

    @Test func longFormLengthsOfOneToThreeOctetsAreRead() throws {
        for (header, length) in [("04 81 80", 0x80), ("04 82 01 00", 0x100), ("04 83 01 00 00", 0x1_0000)] {
            let bytes = [UInt8](hex: header) + [UInt8](repeating: 0x5A, count: length)
            let value = try read(bytes) { r throws(DERError) in try r.readOctetString() }
            #expect(value.count == length, "\(header)")
            #expect(value.startIndex == bytes.count - length, "\(header)")
        }
    }

    @Test func aLengthWithALeadingZeroOctetIsRefusedWhateverItsSize() {
        for header in ["04 82 00 80", "04 83 00 01 00", "04 84 00 00 01 00"] {
            let bytes = [UInt8](hex: header) + [UInt8](repeating: 0, count: 0x100)
            expectReadError(.nonMinimalLength, at: 0, bytes) { r throws(DERError) in try r.readOctetString() }
        }
    }

    @Test func aLengthPastTheEnclosingContentsIsRefusedAtItsElement() {
        expectReadError(.lengthExceedsInput, at: 0, [UInt8](hex: "02 02 05")) { r throws(DERError) in
            try r.readInteger(as: Int.self)
        }
        // The INTEGER's length fits the input but not its SEQUENCE.
        expectReadError(.lengthExceedsInput, at: 2, [UInt8](hex: "30 03 02 02 05 00")) { r throws(DERError) in
            try r.readSequence { s throws(DERError) in try s.readInteger(as: Int.self) }
        }
    }

    @Test func inputEndingBeforeTheLengthIsTruncated() {
        expectReadError(.truncated, at: 2, [UInt8](hex: "30 01 02")) { r throws(DERError) in
            try r.readSequence { s throws(DERError) in try s.readInteger(as: Int.self) }
        }
    }

    // MARK: - Tags

    @Test func aReadOfAnotherTagIsRefusedAtTheElement() {
        expectReadError(.unexpectedTag, at: 2, [UInt8](hex: "30 03 04 01 00")) { r throws(DERError) in
            try r.readSequence { s throws(DERError) in try s.readInteger(as: Int.self) }
        }
        expectReadError(.unexpectedTag, at: 0, [UInt8](hex: "31 00")) { r throws(DERError) in
            try r.readSequence { _ throws(DERError) in }
        }
    }

    @Test func aReadAtTheEndOfTheContentsIsTruncatedThere() {
        expectReadError(.truncated, at: 2, [UInt8](hex: "30 00")) { r throws(DERError) in
            try r.readSequence { s throws(DERError) in try s.readInteger(as: Int.self) }
        }
    }

    @Test func anOptionalReadOfAnotherTagReadsNothing() throws {
        let value = try read([UInt8](hex: "30 03 02 01 07")) { r throws(DERError) in
            try r.readSequence { s throws(DERError) in
                #expect(try s.readOptionalElement(.boolean) == nil)
                #expect(try s.readOptionalExplicit(0) { _ throws(DERError) in } == nil)
                #expect(s.offset == 2)
                return try s.readInteger(as: Int.self)
            }
        }
        #expect(value == 7)
    }

    @Test func implicitTagsAreComparedWholeClassNumberAndConstruction() throws {
        // [1] IMPLICIT INTEGER; a constructed [1] is another tag.
        #expect(
            try read([UInt8](hex: "81 01 05")) { r throws(DERError) in
                try r.readInteger(as: Int.self, tag: .contextSpecific(1, constructed: false))
            } == 5
        )
        expectReadError(.unexpectedTag, at: 0, [UInt8](hex: "A1 03 02 01 05")) { r throws(DERError) in
            try r.readInteger(as: Int.self, tag: .contextSpecific(1, constructed: false))
        }
        // A high tag number, [31], in two identifier octets.
        #expect(
            try read([UInt8](hex: "9F 1F 01 05")) { r throws(DERError) in
                try r.readInteger(as: Int.self, tag: .contextSpecific(31, constructed: false))
            } == 5
        )
    }

    // MARK: - Construction (X.690 §8.1.2.5, §10.2)

    @Test func aConstructedReadOfATypeThatIsPrimitiveIsRefused() {
        expectReadError(.invalidConstruction, at: 0, [UInt8](hex: "22 03 02 01 00"), rules: .ber) {
            r throws(DERError) in
            try r.readConstructed(.integer) { s throws(DERError) in try s.skipAll() }
        }
    }

    @Test func aConstructedOctetStringIsRefusedInDERWhateverItsTag() {
        expectReadError(.invalidConstruction, at: 0, [UInt8](hex: "24 03 04 01 00")) { r throws(DERError) in
            try r.readOctetString()
        }
        // [0] IMPLICIT OCTET STRING, constructed: the same rule for an IMPLICIT tag.
        let implicit = DERTag.contextSpecific(0, constructed: false)
        expectReadError(.invalidConstruction, at: 0, [UInt8](hex: "A0 03 04 01 00")) { r throws(DERError) in
            try r.readOctetString(tag: implicit)
        }
    }

    @Test func aConstructedImplicitOctetStringIsJoinedInBER() throws {
        let implicit = DERTag.contextSpecific(0, constructed: false)
        let value = try read([UInt8](hex: "A0 06 04 01 61 04 01 62"), rules: .ber) { r throws(DERError) in
            try r.readOctetString(tag: implicit)
        }
        #expect(Array(value) == Array("ab".utf8))
    }

    // MARK: - End-of-contents and indefinite lengths (X.690 §8.1.3.6, §8.1.5)

    @Test func endOfContentsIsNoElementForTheCursor() {
        for rules in [EncodingRules.der, .ber] {
            expectReadError(.misplacedEndOfContents, at: 2, [UInt8](hex: "30 02 00 00"), rules: rules) {
                r throws(DERError) in
                try r.readSequence { s throws(DERError) in try s.skipAll() }
            }
        }
    }

    @Test func theCursorReadsIndefiniteLengthsOnlyUnderBER() throws {
        let bytes = [UInt8](hex: "30 80 02 01 07 00 00")
        expectReadError(.indefiniteLength, at: 0, bytes) { r throws(DERError) in
            try r.readSequence { s throws(DERError) in try s.readInteger(as: Int.self) }
        }
        let value = try read(bytes, rules: .ber) { r throws(DERError) in
            try r.readSequence { s throws(DERError) in try s.readInteger(as: Int.self) }
        }
        #expect(value == 7)
        expectReadError(.missingEndOfContents, at: 0, [UInt8](hex: "30 80 02 01 07"), rules: .ber) {
            r throws(DERError) in
            try r.readSequence { s throws(DERError) in try s.readInteger(as: Int.self) }
        }
    }

    // MARK: - Depth (DERLimits.maximumDepth)

    /// Reads `levels` nested SEQUENCEs with `readSequence`, then expects the innermost to be empty.
    static func readNested(_ reader: inout DERReader, levels: Int) throws(DERError) {
        guard levels > 0 else { return }
        try reader.readSequence { inner throws(DERError) in try readNested(&inner, levels: levels - 1) }
    }

    @Test func constructedReadsOpenElementsToTheDepthLimitAndNoFurther() throws {
        let atLimit = nestedSequences(DERLimits.maximumDepth, around: [])
        try read(atLimit) { r throws(DERError) in try Self.readNested(&r, levels: DERLimits.maximumDepth) }
        // The innermost SEQUENCE, `30 00` at the end, sits at depth 64: its contents cannot be opened.
        let pastLimit = nestedSequences(DERLimits.maximumDepth + 1, around: [])
        expectReadError(.depthLimitExceeded, at: pastLimit.count - 2, pastLimit) { r throws(DERError) in
            try Self.readNested(&r, levels: DERLimits.maximumDepth + 1)
        }
    }

    @Test func theDepthLimitHoldsForEveryConstructedRead() {
        // Contents that would sit at depth 65, inside 64 SEQUENCEs: a SET OF, an EXPLICIT wrapper, a SET.
        for (innermost, read) in [
            (
                "31 02 30 00",
                { (r: inout DERReader) throws(DERError) in try r.readSetOf { s throws(DERError) in try s.skipAll() } }
            ),
            (
                "A0 02 05 00",
                { (r: inout DERReader) throws(DERError) in
                    try r.readExplicit(0) { e throws(DERError) in try e.readNull() }
                }
            ),
            ("31 00", { (r: inout DERReader) throws(DERError) in try r.readSet { _ throws(DERError) in } }),
        ] as [(String, (inout DERReader) throws(DERError) -> Void)] {
            let innermost = [UInt8](hex: innermost)
            let bytes = nestedSequences(DERLimits.maximumDepth, around: innermost)
            expectReadError(.depthLimitExceeded, at: bytes.count - innermost.count, bytes) { r throws(DERError) in
                try Self.readNestedThen(&r, levels: DERLimits.maximumDepth, read)
            }
        }
    }

    static func readNestedThen(
        _ reader: inout DERReader,
        levels: Int,
        _ innermost: (inout DERReader) throws(DERError) -> Void
    ) throws(DERError) {
        guard levels > 0 else { return try innermost(&reader) }
        try reader.readSequence { inner throws(DERError) in try readNestedThen(&inner, levels: levels - 1, innermost) }
    }

    // MARK: - Every read consumes everything

    @Test func aConstructedReadWhoseClosureLeavesBytesFailsAtTheFirstOneLeft() {
        expectReadError(.trailingBytes, at: 5, [UInt8](hex: "30 05 02 01 01 05 00")) { r throws(DERError) in
            try r.readSequence { s throws(DERError) in try s.readInteger(as: Int.self) }
        }
        expectReadError(.trailingBytes, at: 7, [UInt8](hex: "31 07 30 05 02 01 01 05 00")) { r throws(DERError) in
            try r.readSetOf(eachConstructed: .sequence) { s throws(DERError) in _ = try s.readInteger(as: Int.self) }
        }
    }

    @Test func theReaderReturnsPastTheElementWhenItsClosureIsDone() throws {
        let bytes = [UInt8](hex: "30 08 30 03 02 01 01 02 01 02")
        let values = try read(bytes) { r throws(DERError) in
            try r.readSequence { s throws(DERError) in
                let inner = try s.readSequence { i throws(DERError) in
                    #expect(i.depth == 2)
                    return try i.readInteger(as: Int.self)
                }
                #expect(s.depth == 1 && s.offset == 7)
                return [inner, try s.readInteger(as: Int.self)]
            }
        }
        #expect(values == [1, 2])
    }

    @Test func aConstructedReadKeepingItsEncodingReturnsTheElementWhereItLies() throws {
        // An INTEGER, then the SEQUENCE whose encoding is kept, then a NULL after it.
        let bytes = [UInt8](hex: "02 01 07 30 06 06 01 2A 02 01 05 05 00")
        let (value, encoded) = try read(bytes) { r throws(DERError) in
            _ = try r.readInteger(as: Int.self)
            let kept = try r.readConstructedWithEncoding(.sequence) { s throws(DERError) in
                #expect(s.depth == 1)
                return (try s.readObjectIdentifier(), try s.readInteger(as: Int.self))
            }
            #expect(r.depth == 0 && r.offset == 11)
            try r.readNull()
            return kept
        }
        #expect(value.0 == OID(1, 2) && value.1 == 5)
        #expect(encoded.startIndex == 3 && Array(encoded) == Array(bytes[3..<11]))
        // The checks of readConstructed: the tag, and contents read to their end.
        expectReadError(.unexpectedTag, at: 0, [UInt8](hex: "31 03 02 01 01")) { r throws(DERError) in
            try r.readConstructedWithEncoding(.sequence) { s throws(DERError) in try s.readInteger(as: Int.self) }
        }
        expectReadError(.trailingBytes, at: 5, [UInt8](hex: "30 05 02 01 01 05 00")) { r throws(DERError) in
            try r.readConstructedWithEncoding(.sequence) { s throws(DERError) in try s.readInteger(as: Int.self) }
        }
    }
}
