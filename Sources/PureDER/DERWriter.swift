/// Builds DER: elements appended in order, constructed elements with their lengths fixed up when they close,
/// SET OF components sorted.
///
/// ```swift
/// var writer = DERWriter()
/// writer.appendSequence { seq in
///     seq.appendInteger(1)
///     seq.appendObjectIdentifier(OID(1, 2, 840, 113549, 1, 7, 1))
/// }
/// let der = writer.bytes
/// ```
package struct DERWriter: Sendable {
    /// Everything written so far.
    package private(set) var bytes: [UInt8]

    /// Creates an empty writer.
    package init() {
        bytes = []
    }

    // MARK: - Elements

    /// Appends identifier and length octets: the short form below 128, else the fewest long-form octets.
    ///
    /// - Precondition: `0 <= length < 2³²` (what a reader accepts with ``DERLimits/maximumLengthOctets``).
    package mutating func appendHeader(tag: DERTag, length: Int) {
        precondition(length >= 0 && length < 1 << 32, "DER length out of range")
        tag.encode(into: &bytes)
        Self.appendLength(length, to: &bytes)
    }

    /// Appends an element with `tag` and `content`.
    package mutating func append<Content: Collection<UInt8>>(tag: DERTag, content: Content) {
        appendHeader(tag: tag, length: content.count)
        bytes.append(contentsOf: content)
    }

    /// Appends bytes that are already an encoding of one or more elements, such as an element read earlier.
    package mutating func appendEncoded<Encoded: Collection<UInt8>>(_ encoded: Encoded) {
        bytes.append(contentsOf: encoded)
    }

    /// Appends a constructed element with `tag` whose contents `body` writes. The length is fixed up once the
    /// contents are known, moving them only when it needs the long form.
    package mutating func appendConstructed<E: Error>(
        tag: DERTag,
        _ body: (inout DERWriter) throws(E) -> Void
    ) throws(E) {
        let lengthIndex = beginConstructed(tag: tag)
        try body(&self)
        endConstructed(lengthIndex: lengthIndex)
    }

    /// Writes a constructed element's identifier and a one-octet placeholder length; returns where it is.
    mutating func beginConstructed(tag: DERTag) -> Int {
        tag.asConstructed.encode(into: &bytes)
        bytes.append(0)
        return bytes.count - 1
    }

    /// Replaces the placeholder at `lengthIndex` with the length of everything written since.
    mutating func endConstructed(lengthIndex: Int) {
        let length = bytes.count - lengthIndex - 1
        if length < 0x80 {
            bytes[lengthIndex] = UInt8(length)
        } else {
            var lengthOctets: [UInt8] = []
            Self.appendLength(length, to: &lengthOctets)
            bytes.replaceSubrange(lengthIndex..<lengthIndex + 1, with: lengthOctets)
        }
    }

    /// Appends a SEQUENCE whose contents `body` writes.
    package mutating func appendSequence<E: Error>(_ body: (inout DERWriter) throws(E) -> Void) throws(E) {
        try appendConstructed(tag: .sequence, body)
    }

    /// Appends a SET OF whose components `body` writes, then sorts them into the order DER requires (X.690
    /// §11.6). Fails if `body` appended something that is not a sequence of DER elements.
    package mutating func appendSetOf(
        tag: DERTag = .set,
        _ body: (inout DERWriter) throws(DERError) -> Void
    ) throws(DERError) {
        var components = DERWriter()
        try body(&components)
        var reader = DERReader(components.bytes)
        var encodings: [ArraySlice<UInt8>] = []
        while !reader.isAtEnd { encodings.append(try reader.readElement().encoded) }
        encodings.sort(by: Self.derSetOrder)
        appendConstructed(tag: tag) { set in
            for encoding in encodings { set.appendEncoded(encoding) }
        }
    }

    /// Appends an EXPLICIT context-specific `[number]` wrapper around what `body` writes.
    package mutating func appendExplicit<E: Error>(
        _ number: UInt32,
        _ body: (inout DERWriter) throws(E) -> Void
    ) throws(E) {
        try appendConstructed(tag: .contextSpecific(number, constructed: true), body)
    }

    // MARK: - Primitives

    /// Appends a BOOLEAN: 0xFF or 0x00.
    package mutating func appendBoolean(_ value: Bool, tag: DERTag = .boolean) {
        append(tag: tag, content: CollectionOfOne(value ? 0xFF : 0x00))
    }

    /// Appends a NULL.
    package mutating func appendNull(tag: DERTag = .null) {
        appendHeader(tag: tag, length: 0)
    }

    /// Appends an INTEGER in its minimal two's-complement form.
    package mutating func appendInteger<T: FixedWidthInteger>(_ value: T, tag: DERTag = .integer) {
        var content: [UInt8] = []
        var remaining = value
        repeat {
            content.append(UInt8(truncatingIfNeeded: remaining))
            remaining >>= 8
        } while content.count < T.bitWidth / 8
        if !T.isSigned, let top = content.last, top & 0x80 != 0 { content.append(0) }
        // Drop redundant sign octets from the most significant end, keeping the sign bit right.
        while content.count > 1 {
            let top = content[content.count - 1]
            let next = content[content.count - 2]
            guard (top == 0x00 && next & 0x80 == 0) || (top == 0xFF && next & 0x80 != 0) else { break }
            content.removeLast()
        }
        append(tag: tag, content: content.reversed())
    }

    /// Appends a non-negative INTEGER given as unsigned big-endian magnitude bytes (leading zeros allowed),
    /// as RSA moduli and serial numbers are.
    package mutating func appendUnsignedInteger<Magnitude: Collection<UInt8>>(
        bigEndian magnitude: Magnitude,
        tag: DERTag = .integer
    ) {
        let significant = magnitude.drop { $0 == 0 }
        guard let first = significant.first else {
            append(tag: tag, content: CollectionOfOne(0))
            return
        }
        let needsZero = first & 0x80 != 0
        appendHeader(tag: tag, length: significant.count + (needsZero ? 1 : 0))
        if needsZero { bytes.append(0) }
        bytes.append(contentsOf: significant)
    }

    /// Appends an OBJECT IDENTIFIER.
    package mutating func appendObjectIdentifier(_ oid: OID, tag: DERTag = .objectIdentifier) {
        append(tag: tag, content: oid.bytes)
    }

    /// Appends an OCTET STRING.
    package mutating func appendOctetString<Content: Collection<UInt8>>(_ content: Content, tag: DERTag = .octetString)
    {
        append(tag: tag, content: content)
    }

    /// Appends a BIT STRING: the unused-bit count, then the octets.
    package mutating func appendBitString(_ value: BitString, tag: DERTag = .bitString) {
        appendHeader(tag: tag, length: value.bytes.count + 1)
        bytes.append(value.unusedBitCount)
        bytes.append(contentsOf: value.bytes)
    }

    /// Appends `text` as the universal string type `kind`: UTF-8 octets for UTF8String, PrintableString,
    /// IA5String, VisibleString and NumericString, UCS-2 for BMPString, UTF-32BE for UniversalString. Fails,
    /// writing nothing, when the text has a character the type cannot hold, exactly as a reader would.
    package mutating func appendString(_ text: String, tag kind: DERTag = .utf8String) throws(DERError) {
        var content: [UInt8] = []
        switch (kind.tagClass, kind.number) {
        case (.universal, 30):
            for unit in text.utf16 { content += [UInt8(unit >> 8), UInt8(truncatingIfNeeded: unit)] }
        case (.universal, 28):
            for scalar in text.unicodeScalars {
                let value = scalar.value
                content += [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16)]
                content += [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
            }
        default:
            content = Array(text.utf8)
        }
        var element = DERWriter()
        element.append(tag: kind, content: content)
        // The reader's own check of the type's repertoire, so writer and reader cannot disagree.
        var reader = DERReader(element.bytes)
        _ = try reader.readElement().string()
        appendEncoded(element.bytes)
    }

    /// Appends a UTCTime (`YYMMDDhhmmssZ`) for an instant in 1950–2049, or a GeneralizedTime
    /// (`YYYYMMDDhhmmssZ`) outside it, as RFC 5280 §4.1.2.5 prescribes for certificate validity.
    /// Instants outside the years 0–9999 are written as the nearest one inside.
    package mutating func appendTime(secondsSince1970 seconds: Int64) {
        let instant = Self.clampedInstant(seconds)
        if (1950...2049).contains(instant.year) {
            appendTimeText(tag: .utcTime, instant: instant, yearDigits: 2)
        } else {
            appendTimeText(tag: .generalizedTime, instant: instant, yearDigits: 4)
        }
    }

    /// Appends a GeneralizedTime (`YYYYMMDDhhmmssZ`). Instants outside the years 0–9999 are written as the
    /// nearest one inside.
    package mutating func appendGeneralizedTime(secondsSince1970 seconds: Int64) {
        appendTimeText(tag: .generalizedTime, instant: Self.clampedInstant(seconds), yearDigits: 4)
    }

    private static func clampedInstant(_ seconds: Int64) -> UTCDateTime {
        let first = UTCDateTime(year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0)
        let last = UTCDateTime(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59)
        guard let first, let last else { return UTCDateTime.epoch }
        return UTCDateTime(secondsSince1970: seconds) ?? (seconds < 0 ? first : last)
    }

    private mutating func appendTimeText(tag: DERTag, instant: UTCDateTime, yearDigits: Int) {
        var text: [UInt8] = []
        func put(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        put(instant.year % (yearDigits == 2 ? 100 : 10_000), yearDigits)
        for field in [instant.month, instant.day, instant.hour, instant.minute, instant.second] { put(field, 2) }
        text.append(UInt8(ascii: "Z"))
        append(tag: tag, content: text)
    }

    // MARK: - Helpers

    /// Appends definite length octets in their minimal form (X.690 §10.1).
    static func appendLength(_ length: Int, to bytes: inout [UInt8]) {
        guard length >= 0x80 else {
            bytes.append(UInt8(length))
            return
        }
        var octetCount = 0
        var remaining = length
        while remaining > 0 {
            octetCount += 1
            remaining >>= 8
        }
        bytes.append(0x80 | UInt8(octetCount))
        for index in stride(from: octetCount - 1, through: 0, by: -1) {
            bytes.append(UInt8(truncatingIfNeeded: length >> (index * 8)))
        }
    }

    /// Whether `lhs` sorts strictly before `rhs` in DER SET OF order: octet by octet, the shorter padded with
    /// zero octets at its end (X.690 §11.6).
    static func derSetOrder(_ lhs: ArraySlice<UInt8>, _ rhs: ArraySlice<UInt8>) -> Bool {
        // Over buffers, not slice indices: the readers compare every SET OF component with the one before it.
        lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in derSetOrder(buffers: left, right) }
        }
    }

    /// ``derSetOrder(_:_:)`` for two encodings inside `bytes`, given by their indices: no views to make.
    static func derSetOrder(of lhs: Range<Int>, _ rhs: Range<Int>, in bytes: ArraySlice<UInt8>) -> Bool {
        let base = bytes.startIndex
        return bytes.withUnsafeBufferPointer { buffer in
            derSetOrder(
                buffers: UnsafeBufferPointer(rebasing: buffer[(lhs.lowerBound - base)..<(lhs.upperBound - base)]),
                UnsafeBufferPointer(rebasing: buffer[(rhs.lowerBound - base)..<(rhs.upperBound - base)])
            )
        }
    }

    static func derSetOrder(buffers left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(left.count, right.count)
        var index = 0
        // Eight octets at a time, read big-endian, so that the first octet that differs decides as it would alone:
        // the components of a SET OF usually differ in their first few octets (length, then type).
        if let leftBase = left.baseAddress, let rightBase = right.baseAddress {
            while index + 8 <= common {
                let leftWord = UInt64(bigEndian: UnsafeRawPointer(leftBase + index).loadUnaligned(as: UInt64.self))
                let rightWord = UInt64(bigEndian: UnsafeRawPointer(rightBase + index).loadUnaligned(as: UInt64.self))
                if leftWord != rightWord { return leftWord < rightWord }
                index += 8
            }
        }
        while index < common {
            if left[index] != right[index] { return left[index] < right[index] }
            index += 1
        }
        // Equal so far: the shorter is padded with zeros, so lhs is smaller only if rhs goes on with a non-zero
        // octet.
        return right[common...].contains { $0 != 0 }
    }
}
