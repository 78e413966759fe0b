import Testing

@testable import PureDER

/// One hand-built input per X.690 rule the reader enforces, each expecting its exact error code and offset.
@Suite struct EncodingRuleTests {
    // MARK: - Lengths (X.690 §8.1.3, §10.1)

    @Test func longFormForALengthBelow128IsRejected() {
        expectTreeError(.nonMinimalLength, at: 0, [UInt8](hex: "04 81 01 00"))
    }

    @Test func lengthWithALeadingZeroOctetIsRejected() {
        expectTreeError(.nonMinimalLength, at: 0, [UInt8](hex: "04 82 00 80") + [UInt8](repeating: 0, count: 0x80))
    }

    @Test func minimalLongFormLengthIsAccepted() throws {
        let bytes = [UInt8](hex: "04 81 80") + [UInt8](repeating: 7, count: 0x80)
        let tree = try DERTree(parsing: bytes)
        #expect(tree.nodes.first?.headerLength == 3)
        #expect(tree.nodes.first?.contentLength == 128)
    }

    @Test func indefiniteLengthIsRejectedInDER() {
        expectTreeError(.indefiniteLength, at: 0, [UInt8](hex: "30 80 05 00 00 00"))
    }

    @Test func indefiniteLengthOnAPrimitiveIsRejectedEvenInBER() {
        expectTreeError(.indefiniteLength, at: 2, [UInt8](hex: "30 80 04 80 00 00 00 00"), rules: .ber)
    }

    @Test func lengthBeyondTheInputIsRejected() {
        expectTreeError(.lengthExceedsInput, at: 0, [UInt8](hex: "04 05 00 00"))
    }

    @Test func lengthBeyondTheEnclosingElementIsRejected() {
        expectTreeError(.lengthExceedsInput, at: 2, [UInt8](hex: "30 03 04 02 00"))
    }

    @Test func moreThanFourLengthOctetsAreRejected() {
        expectTreeError(.lengthTooLong, at: 0, [UInt8](hex: "04 85 00 00 00 00 01 00"))
    }

    @Test func reservedLengthOctetIsRejected() {
        expectTreeError(.lengthTooLong, at: 0, [UInt8](hex: "04 FF 00"))
    }

    @Test func fourLengthOctetsDeclaringMoreThanIsPresentAreRejectedBeforeAnyAllocation() {
        expectTreeError(.lengthExceedsInput, at: 0, [UInt8](hex: "30 84 7F FF FF FF 05 00"))
    }

    @Test func inputEndingInsideTheLengthIsTruncated() {
        expectTreeError(.truncated, at: 0, [UInt8](hex: "04 82 01"))
        expectTreeError(.truncated, at: 0, [UInt8](hex: "04"))
        expectTreeError(.truncated, at: 0, [])
    }

    // MARK: - Tags (X.690 §8.1.2)

    @Test func highTagNumbersAreReadAcrossSeveralOctets() throws {
        let tree = try DERTree(parsing: [UInt8](hex: "9F 82 01 01 07"))
        #expect(tree.nodes.first?.tag == .contextSpecific(257, constructed: false))
        #expect(tree.nodes.first?.headerLength == 4)
        let smallest = try DERTree(parsing: [UInt8](hex: "5F 1F 00"))
        #expect(smallest.nodes.first?.tag == DERTag(.application, 31, constructed: false))
    }

    @Test func highTagNumberWithALeadingZeroOctetIsRejected() {
        expectTreeError(.nonMinimalTag, at: 0, [UInt8](hex: "9F 80 1F 00"))
    }

    @Test func highTagFormForANumberBelow31IsRejected() {
        expectTreeError(.nonMinimalTag, at: 0, [UInt8](hex: "9F 1E 00"))
    }

    @Test func tagNumberLongerThanFourOctetsIsRejected() {
        expectTreeError(.tagNumberTooLarge, at: 0, [UInt8](hex: "9F 81 81 81 81 01 00"))
    }

    @Test func inputEndingInsideATagNumberIsTruncated() {
        expectTreeError(.truncated, at: 0, [UInt8](hex: "9F 81"))
    }

    @Test func encodedHighTagsRoundTrip() throws {
        for number: UInt32 in [31, 127, 128, 16_383, 16_384, (1 << 28) - 1] {
            var writer = DERWriter()
            writer.append(tag: .contextSpecific(number, constructed: false), content: [1])
            let tree = try DERTree(parsing: writer.bytes)
            #expect(tree.nodes.first?.tag.number == number)
            #expect(tree.reencoded() == writer.bytes)
        }
    }

    // MARK: - Constructed and primitive forms (X.690 §8.1.2.5, §10.2)

    @Test func constructedOctetStringIsRejectedInDER() {
        expectTreeError(.invalidConstruction, at: 0, [UInt8](hex: "24 03 04 01 00"))
    }

    @Test func constructedIntegerIsRejectedEvenInBER() {
        expectTreeError(.invalidConstruction, at: 0, [UInt8](hex: "22 03 02 01 00"), rules: .ber)
    }

    @Test func constructedUTF8StringIsRejected() {
        expectTreeError(.invalidConstruction, at: 0, [UInt8](hex: "2C 03 0C 01 41"), rules: .ber)
    }

    @Test func primitiveSequenceIsRejected() {
        expectTreeError(.invalidConstruction, at: 0, [UInt8](hex: "10 00"))
    }

    // MARK: - End-of-contents and trailing bytes

    @Test func endOfContentsOutsideAnIndefiniteElementIsMisplaced() {
        expectTreeError(.misplacedEndOfContents, at: 2, [UInt8](hex: "30 02 00 00"))
        expectTreeError(.misplacedEndOfContents, at: 0, [UInt8](hex: "00 00"))
        expectTreeError(.misplacedEndOfContents, at: 2, [UInt8](hex: "30 02 00 00"), rules: .ber)
    }

    @Test func endOfContentsWithContentsIsRejected() {
        expectTreeError(.misplacedEndOfContents, at: 2, [UInt8](hex: "30 80 00 01 00 00 00"), rules: .ber)
    }

    @Test func indefiniteElementWithoutEndOfContentsIsRejected() {
        expectTreeError(.missingEndOfContents, at: 0, [UInt8](hex: "30 80 05 00"), rules: .ber)
        expectTreeError(.missingEndOfContents, at: 2, [UInt8](hex: "30 06 30 80 05 00 05 00"), rules: .ber)
    }

    @Test func trailingBytesAfterTheElementAreRejected() {
        expectTreeError(.trailingBytes, at: 2, [UInt8](hex: "05 00 05 00"))
        expectReadError(.trailingBytes, at: 2, [UInt8](hex: "05 00 00")) { r throws(DERError) in try r.readNull() }
    }

    @Test func unreadElementsInsideASequenceAreTrailingBytes() {
        expectReadError(.trailingBytes, at: 5, [UInt8](hex: "30 05 02 01 01 05 00")) { reader throws(DERError) in
            try reader.readSequence { r throws(DERError) in try r.readInteger(as: Int.self) }
        }
    }

    // MARK: - BER, where allowed

    @Test func indefiniteLengthsAndSegmentedOctetStringsAreJoinedInBER() throws {
        // SEQUENCE (indefinite) { OCTET STRING (constructed, indefinite) { "ab", { "c" }, "" } }
        let bytes = [UInt8](hex: "30 80 24 80 04 02 61 62 24 03 04 01 63 04 00 00 00 00 00")
        let value = try read(bytes, rules: .ber) { reader throws(DERError) in
            try reader.readSequence { r throws(DERError) in try r.readOctetString() }
        }
        #expect(Array(value) == Array("abc".utf8))
        let tree = try DERTree(parsing: bytes, rules: .ber)
        #expect(tree.nodes.count == 6)
        #expect(tree.nodes[0].isIndefiniteLength && tree.nodes[1].isIndefiniteLength)
        #expect(tree.nodes[0].endOffset == bytes.count)
    }

    @Test func segmentOfAConstructedOctetStringMustBeAnOctetString() {
        let bytes = [UInt8](hex: "24 80 02 01 00 00 00")
        expectTreeError(.unexpectedTag, at: 2, bytes, rules: .ber)
        expectReadError(.unexpectedTag, at: 2, bytes, rules: .ber) { r throws(DERError) in try r.readOctetString() }
    }

    // MARK: - Depth (DERLimits.maximumDepth)

    @Test func nestingAtTheDepthLimitIsAccepted() throws {
        let bytes = nestedSequences(DERLimits.maximumDepth, around: [0x05, 0x00])
        let tree = try DERTree(parsing: bytes)
        #expect(tree.nodes.last?.depth == DERLimits.maximumDepth)
        let berBytes = nestedSequences(DERLimits.maximumDepth, around: [0x05, 0x00], indefinite: true)
        #expect(try DERTree(parsing: berBytes, rules: .ber).nodes.count == DERLimits.maximumDepth + 1)
    }

    @Test func nestingOnePastTheDepthLimitIsRejected() throws {
        let bytes = nestedSequences(DERLimits.maximumDepth + 1, around: [0x05, 0x00])
        // The error names the first element that cannot be opened: the one at the limit.
        var reader = DERReader(bytes)
        for _ in 0..<DERLimits.maximumDepth { reader = try reader.reader(forContentsOf: try reader.readElement()) }
        expectTreeError(.depthLimitExceeded, at: reader.offset, bytes)
    }

    @Test func indefiniteNestingOnePastTheDepthLimitIsRejectedAtTheElementPastIt() {
        // 65 SEQUENCEs of two header octets each: the one at depth 64 starts at offset 128.
        let bytes = nestedSequences(DERLimits.maximumDepth + 1, around: [0x05, 0x00], indefinite: true)
        expectTreeError(.depthLimitExceeded, at: 2 * DERLimits.maximumDepth, bytes, rules: .ber)
        var reader = DERReader(bytes, rules: .ber)
        do {
            _ = try reader.readElement()
            Issue.record("accepted nesting past the limit")
        } catch {
            #expect(error.code == .depthLimitExceeded)
            #expect(error.offset == 2 * DERLimits.maximumDepth)
        }
    }

    @Test func joiningSegmentsRespectsTheDepthLimit() {
        var bytes: [UInt8] = [0x04, 0x01, 0x61]
        for _ in 0...DERLimits.maximumDepth { bytes = [0x24, 0x80] + bytes + [0x00, 0x00] }
        expectReadError(.depthLimitExceeded, at: 2 * DERLimits.maximumDepth, bytes, rules: .ber) { r throws(DERError) in
            try r.readOctetString()
        }
    }

    @Test func constructedEndOfContentsIsRejected() {
        expectTreeError(.misplacedEndOfContents, at: 2, [UInt8](hex: "30 80 20 00 00 00"), rules: .ber)
    }

    @Test func explicitWrappersHoldExactlyOneElement() {
        expectReadError(.truncated, at: 2, [UInt8](hex: "A0 00")) { r throws(DERError) in
            try r.readExplicit(0) { _ throws(DERError) in }
        }
        expectReadError(.trailingBytes, at: 5, [UInt8](hex: "A0 05 02 01 01 05 00")) { r throws(DERError) in
            try r.readExplicit(0) { i throws(DERError) in try i.readInteger(as: Int.self) }
        }
        expectReadError(.trailingBytes, at: 2, [UInt8](hex: "A0 03 02 01 01")) { r throws(DERError) in
            try r.readExplicit(0) { _ throws(DERError) in }
        }
    }

    @Test func offsetsStayAbsoluteInsideSlices() {
        let input = [UInt8](hex: "FF FF FF 30 03 01 01 07")
        expectReadError(.invalidBoolean, at: 5, Array(input)) { _ throws(DERError) in
            var reader = DERReader(input[3...])
            try reader.readSequence { s throws(DERError) in _ = try s.readBoolean() }
        }
    }

    @Test func offsetsInsideAJoinedOctetStringCountFromItsStart() {
        // The joined value "30 03 01 01 07" holds a bad BOOLEAN at offset 2 of the joined bytes.
        let bytes = [UInt8](hex: "24 80 04 02 30 03 04 03 01 01 07 00 00")
        do {
            var outer = DERReader(bytes, rules: .ber)
            let joined = try outer.readOctetString()
            #expect(joined.startIndex == 0)
            _ = try DERReader.parse(joined) { r throws(DERError) in
                try r.readSequence { s throws(DERError) in try s.readBoolean() }
            }
            Issue.record("accepted a bad BOOLEAN")
        } catch {
            #expect(error.code == .invalidBoolean)
            #expect(error.offset == 2)
        }
    }

    @Test func withRulesNarrowsBERToDERWithoutResettingTheDepth() throws {
        let bytes = [UInt8](hex: "30 80 30 80 00 00 00 00")
        var outer = DERReader(bytes, rules: .ber)
        let element = try outer.readElement()
        let inner = try outer.reader(forContentsOf: element).withRules(.der)
        #expect(inner.depth == 1)
        var strict = inner
        #expect(throws: DERError.self) { try strict.readElement() }
    }

    @Test func aTreeOfAsManyElementsAsTheLimitIsParsedAndOneMoreIsRefused() throws {
        // A SEQUENCE of NULLs: itself and count NULLs.
        func sequence(ofNulls count: Int) -> [UInt8] {
            var header = DERWriter()
            header.appendHeader(tag: .sequence, length: 2 * count)
            var bytes = header.bytes
            bytes.reserveCapacity(bytes.count + 2 * count)
            for _ in 0..<count { bytes += [0x05, 0x00] }
            return bytes
        }
        let atLimit = sequence(ofNulls: DERLimits.maximumElementCount - 1)
        #expect(try DERTree(parsing: atLimit).nodes.count == DERLimits.maximumElementCount)
        let pastLimit = sequence(ofNulls: DERLimits.maximumElementCount)
        expectTreeError(.elementCountExceeded, at: pastLimit.count - 2, pastLimit)
    }

    @Test func inputsLargerThanTheLimitAreRefusedBeforeParsing() {
        let bytes = [UInt8](repeating: 0, count: DERLimits.maximumInputSize + 1)
        expectTreeError(.inputTooLarge, at: 0, bytes)
    }

    @Test func cursorRefusesToOpenAnElementPastTheDepthLimit() {
        let bytes = nestedSequences(DERLimits.maximumDepth + 1, around: [])
        do {
            var reader = DERReader(bytes)
            for _ in 0...DERLimits.maximumDepth {
                reader = try reader.reader(forContentsOf: try reader.readElement())
            }
            Issue.record("opened an element past the depth limit")
        } catch {
            #expect(error.code == .depthLimitExceeded)
        }
    }
}
