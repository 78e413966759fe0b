extension ArraySlice<UInt8> {
    /// The octet at `index`, which the caller knows to lie within the slice: the readers only read below the `end`
    /// they were given, which lies within their input (``DERReader``'s invariant), so no second bounds check is
    /// made in release builds.
    @inline(__always)
    func octet(at index: Int) -> UInt8 {
        assert(index >= startIndex && index < endIndex, "read outside the input")
        return withUnsafeBufferPointer { $0[index &- startIndex] }
    }
}

/// An element's identifier and length octets (X.690 §8.1.2, §8.1.3), read and checked.
///
/// ``read(_:at:end:rules:expecting:closingIndefinite:)`` is the one place that decides an element's header: every
/// read of the cursor, of the tree and of the end-of-contents scan goes through it and adds only what it needs (a
/// view, a reader narrowed to the contents, a check of the contents).
struct DERHeader {
    /// The element's tag.
    var tag: DERTag
    /// How many identifier and length octets there are.
    var length: Int
    /// How many contents octets follow; `nil` for an indefinite length, which end-of-contents octets close.
    var contentLength: Int?

    /// Reads the header of the element at `start` of `input`, whose element (or enclosing contents) ends at
    /// `end`, with every check that X.690 and `rules` make of a header, in this order:
    ///
    /// 1. the identifier: present, the tag number in its minimal form and within ``DERLimits/maximumTagNumberOctets``;
    /// 2. the tag: when `expected` is given and the element has another tag, nothing more is read and the result
    ///    is `nil`, as it is at `end`;
    /// 3. the length: present, minimal (§10.1), within ``DERLimits/maximumLengthOctets``, indefinite only where
    ///    the rules allow it and on a constructed element (§8.1.3.2), and within `end`;
    /// 4. end-of-contents (§8.1.5): only `00 00`, and only where it closes an open indefinite-length element,
    ///    which `closingIndefinite` says;
    /// 5. the construction of universal types (§8.1.2.5, §10.2).
    ///
    /// The common case, a one-octet identifier and a short-form length, is the first branch of each step.
    @inline(__always)
    static func read(
        _ input: ArraySlice<UInt8>,
        at start: Int,
        end: Int,
        rules: EncodingRules,
        expecting expected: DERTag?,
        closingIndefinite: Bool
    ) throws(DERError) -> DERHeader? {
        guard start < end else { return nil }
        // Indices are those of `input` and below `end`, so adding one to them or taking one from another
        // cannot overflow.
        let first = input.octet(at: start)
        let tag: DERTag
        var index = start &+ 1
        if first & 0x1F != 0x1F {
            tag = DERTag(identifierOctet: first)
        } else {
            (tag, index) = try highTagNumber(input, at: start, end: end)
        }
        if let expected, tag != expected { return nil }

        guard index < end else { throw DERError(.truncated, at: start, "the input ends before the length") }
        let lengthOctet = input.octet(at: index)
        index &+= 1
        var contentLength: Int? = Int(lengthOctet)
        if lengthOctet >= 0x80 {
            (contentLength, index) = try longLength(input, lengthOctet, at: start, index: index, end: end, tag, rules)
        }
        if let contentLength, contentLength > end &- index {
            throw lengthExceedsInput(contentLength, end &- index, at: start)
        }

        if first & 0xDF == 0 {
            // Universal class, tag number 0: end-of-contents, in either construction.
            guard closingIndefinite, first == 0, contentLength == 0 else {
                throw misplacedEndOfContents(closingIndefinite, at: start)
            }
        } else {
            try checkConstruction(tag, rules: rules, at: start)
        }
        return DERHeader(tag: tag, length: index &- start, contentLength: contentLength)
    }

    /// Reads the identifier octets at `start` of `input`, before `end` (X.690 §8.1.2): the tag and the index after
    /// them.
    static func identifier(_ input: ArraySlice<UInt8>, at start: Int, end: Int) throws(DERError) -> (DERTag, Int) {
        guard start < end else {
            throw DERError(.truncated, at: start, "expected an identifier octet, found the end of the input")
        }
        let first = input[start]
        guard first & 0x1F == 0x1F else { return (DERTag(identifierOctet: first), start + 1) }
        return try highTagNumber(input, at: start, end: end)
    }

    /// Reads identifier octets in the high-tag-number form, base-128 digits after an initial octet with all five
    /// number bits set (X.690 §8.1.2.4): the tag and the index after them.
    @inline(never)
    static func highTagNumber(_ input: ArraySlice<UInt8>, at start: Int, end: Int) throws(DERError) -> (DERTag, Int) {
        var index = start + 1
        guard index < end else { throw DERError(.truncated, at: start, "the input ends inside a tag number") }
        guard input[index] != 0x80 else {
            throw DERError(.nonMinimalTag, at: start, "high tag number with a leading 0x80 octet")
        }
        var number: UInt32 = 0
        var octetCount = 0
        while true {
            guard index < end else { throw DERError(.truncated, at: start, "the input ends inside a tag number") }
            guard octetCount < DERLimits.maximumTagNumberOctets else {
                throw DERError(
                    .tagNumberTooLarge,
                    at: start,
                    "tag number longer than \(DERLimits.maximumTagNumberOctets) octets"
                )
            }
            let octet = input[index]
            index += 1
            octetCount += 1
            number = number << 7 | UInt32(octet & 0x7F)
            if octet & 0x80 == 0 { break }
        }
        guard number >= 31 else {
            throw DERError(.nonMinimalTag, at: start, "tag number \(number) in the high-tag-number form")
        }
        return (DERTag(identifierOctet: input[start], number: number), index)
    }

    /// Reads a length whose first octet, `lengthOctet`, is 0x80 or more: indefinite (0x80), or the long form with
    /// that many octets after it (X.690 §8.1.3.5). Returns the length (`nil` for indefinite) and the index after it.
    @inline(__always)
    private static func longLength(
        _ input: ArraySlice<UInt8>,
        _ lengthOctet: UInt8,
        at start: Int,
        index: Int,
        end: Int,
        _ tag: DERTag,
        _ rules: EncodingRules
    ) throws(DERError) -> (Int?, Int) {
        let octetCount = Int(lengthOctet & 0x7F)
        guard octetCount != 0 else {
            guard rules.allowsIndefiniteLength, tag.isConstructed else {
                throw indefiniteLength(allowed: rules.allowsIndefiniteLength, at: start)
            }
            return (nil, index)
        }
        guard octetCount <= DERLimits.maximumLengthOctets, end &- index >= octetCount, input.octet(at: index) != 0
        else {
            throw longLengthError(input, octetCount, at: start, index: index, end: end)
        }
        var value = 0
        for offset in index..<index &+ octetCount { value = value << 8 | Int(input.octet(at: offset)) }
        guard value >= 0x80 else { throw nonMinimalLength(value, at: start) }
        return (value, index &+ octetCount)
    }

    /// Checks the constructed bit of universal types (X.690 §8.1.2.5, §10.2): EXTERNAL, EMBEDDED PDV, SEQUENCE,
    /// SET and CHARACTER STRING are constructed; the other types up to 36 are primitive, but for an OCTET STRING
    /// where the rules allow segments.
    @inline(__always)
    static func checkConstruction(_ tag: DERTag, rules: EncodingRules, at offset: Int) throws(DERError) {
        // `bits`: the number above the class (two bits) and the constructed bit.
        let number = tag.bits >> 3
        guard tag.bits & 6 == 0, number <= 36 else { return }  // universal types 0 to 36
        let constructedTypes: UInt64 = 1 << 8 | 1 << 11 | 1 << 16 | 1 << 17 | 1 << 29
        let mustBeConstructed = constructedTypes >> number & 1 != 0
        if tag.bits & 1 != 0 {
            guard mustBeConstructed || number == 0 || number == 4 && rules.allowsConstructedOctetString else {
                throw invalidConstruction(tag, at: offset)
            }
        } else if mustBeConstructed {
            throw invalidConstruction(tag, at: offset)
        }
    }

    // MARK: - Errors, made only when thrown

    @inline(never)
    private static func invalidConstruction(_ tag: DERTag, at offset: Int) -> DERError {
        tag.isConstructed
            ? DERError(.invalidConstruction, at: offset, "constructed \(tag), which DER forbids")
            : DERError(.invalidConstruction, at: offset, "\(tag) must be constructed")
    }

    @inline(never)
    private static func nonMinimalLength(_ value: Int, at start: Int) -> DERError {
        DERError(.nonMinimalLength, at: start, "long-form length \(value), which fits the short form")
    }

    @inline(never)
    private static func lengthExceedsInput(_ length: Int, _ remaining: Int, at start: Int) -> DERError {
        DERError(.lengthExceedsInput, at: start, "length \(length) exceeds the \(remaining) bytes that remain")
    }

    @inline(never)
    private static func misplacedEndOfContents(_ closingIndefinite: Bool, at start: Int) -> DERError {
        closingIndefinite
            ? DERError(.misplacedEndOfContents, at: start, "end-of-contents octets other than 00 00")
            : DERError(.misplacedEndOfContents, at: start, "end-of-contents outside an indefinite-length element")
    }

    @inline(never)
    private static func indefiniteLength(allowed: Bool, at start: Int) -> DERError {
        allowed
            ? DERError(.indefiniteLength, at: start, "indefinite length on a primitive element")
            : DERError(.indefiniteLength, at: start, "indefinite length, which DER forbids")
    }

    @inline(never)
    private static func longLengthError(
        _ input: ArraySlice<UInt8>,
        _ octetCount: Int,
        at start: Int,
        index: Int,
        end: Int
    ) -> DERError {
        guard octetCount <= DERLimits.maximumLengthOctets else {
            return DERError(
                .lengthTooLong,
                at: start,
                "length of \(octetCount) octets; at most \(DERLimits.maximumLengthOctets) are allowed"
            )
        }
        guard end - index >= octetCount else {
            return DERError(.truncated, at: start, "the input ends inside the length")
        }
        return DERError(.nonMinimalLength, at: start, "length with a leading zero octet")
    }
}
