/// A reader of the commonest shape of DER only — one-octet identifiers and short-form lengths — straight from a
/// buffer, for paths that read many small elements (a receipt payload has about 150 attributes of a few octets
/// each, and the general reader's layers cost more than the octets they read).
///
/// It accepts a subset of what ``DERReader`` accepts and reads it the same way. Anything else — another identifier,
/// a long-form or indefinite length, a length past the end, an INTEGER that is not minimal or does not fit — makes
/// a read return `nil`, and the caller then reads the same bytes through ``DERReader``, which accepts them or throws
/// the error they deserve. So a scanner never decides an error, and a caller that falls back on `nil` gets exactly
/// the general reader's verdicts.
@usableFromInline
package struct ShortFormScanner {
    /// The identifier octets a scanner reads: universal types in the construction DER requires of them, so that no
    /// construction check (``DERHeader/checkConstruction(_:rules:at:)``) can fail on them.
    @usableFromInline
    package enum Identifier: UInt8, Sendable {
        /// INTEGER, primitive.
        case integer = 0x02
        /// OCTET STRING, primitive.
        case octetString = 0x04
        /// UTF8String, primitive.
        case utf8String = 0x0C
        /// IA5String, primitive.
        case ia5String = 0x16
        /// SEQUENCE, constructed.
        case sequence = 0x30
    }

    /// The input, whose first octet has index `base` in the indices of the reader it came from.
    @usableFromInline
    let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline
    let base: Int
    /// The index of the next octet to read.
    @usableFromInline
    var cursor: Int
    /// The index just past the last octet this scanner may read.
    @usableFromInline
    package let end: Int

    /// A scanner over `range`, indices of an input whose octets are `bytes` from index `base` on.
    ///
    /// - Precondition: `range` lies within those octets.
    @inlinable
    package init(_ bytes: UnsafeBufferPointer<UInt8>, base: Int, range: Range<Int>) {
        precondition(range.lowerBound >= base && range.upperBound - base <= bytes.count, "range outside the input")
        self.bytes = bytes
        self.base = base
        self.cursor = range.lowerBound
        self.end = range.upperBound
    }

    /// The index of the next octet to read.
    @inlinable
    package var position: Int { cursor }

    /// Whether every octet has been read.
    @inlinable
    package var isAtEnd: Bool { cursor == end }

    /// Reads the next element if its identifier octet is `identifier` and its length is in the short form and
    /// within ``end``: returns its contents' indices and moves past it. `nil`, having read nothing, otherwise.
    @inlinable
    package mutating func read(_ identifier: Identifier) -> Range<Int>? {
        // position ≤ end ≤ base + bytes.count, so the two octets read are within the buffer.
        guard end &- position >= 2, bytes[position &- base] == identifier.rawValue else { return nil }
        let length = Int(bytes[position &+ 1 &- base])
        let start = position &+ 2
        // A short-form length is always minimal (X.690 §10.1).
        guard length < 0x80, length <= end &- start else { return nil }
        cursor = start &+ length
        return start..<cursor
    }

    /// Reads the next element if it is an INTEGER as ``read(_:)`` reads it, minimal (X.690 §8.3.2) and of at most
    /// as many octets as an `Int` has: its value, as ``DERReader/readInteger(as:tag:)`` decodes it; `nil`, having
    /// read nothing, otherwise (longer INTEGERs are left to the reader, which decides whether they fit).
    @inlinable
    @inline(__always)
    package mutating func readInteger() -> Int? {
        let start = cursor
        guard let contents = read(.integer) else { return nil }
        let first = contents.lowerBound &- base
        let count = contents.count
        guard count >= 1, count <= MemoryLayout<Int>.size,
            count == 1 || !DERElement.isNotMinimal(bytes[first], bytes[first &+ 1])
        else {
            cursor = start
            return nil
        }
        // Two's complement: the first octet's sign extends to the whole value.
        var value = Int(Int8(bitPattern: bytes[first]))
        var index = first &+ 1
        while index < first &+ count {
            value = value << 8 | Int(bytes[index])
            index &+= 1
        }
        return value
    }

    /// A scanner over the contents at `contents`, indices this scanner returned.
    @inlinable
    package func scanner(over contents: Range<Int>) -> ShortFormScanner {
        ShortFormScanner(bytes, base: base, range: contents)
    }
}

extension ArraySlice<UInt8> {
    /// Runs `body` with a ``ShortFormScanner`` over `range`, indices of this slice.
    ///
    /// - Precondition: `range` lies within this slice.
    @inlinable
    package func withShortFormScanner<Result>(
        over range: Range<Int>,
        _ body: (inout ShortFormScanner) -> Result
    ) -> Result {
        withUnsafeBufferPointer { buffer in
            var scanner = ShortFormScanner(buffer, base: startIndex, range: range)
            return body(&scanner)
        }
    }
}
