// INTEGER and ENUMERATED (X.690 §8.3, §8.4): minimal two's complement, read as raw bytes or bounded integers.

extension DERElement {
    /// The contents as a two's-complement big-endian INTEGER, checked to be non-empty and minimal
    /// (X.690 §8.3.2). The tag is not checked, so this also decodes IMPLICIT-tagged integers.
    public func integerBytes() throws(DERError) -> ArraySlice<UInt8> {
        let bytes = content
        guard let first = bytes.first else {
            throw DERError(.invalidInteger, at: offset, "empty INTEGER")
        }
        if bytes.count > 1 && Self.isNotMinimal(first, bytes[bytes.startIndex + 1]) {
            throw DERError(.invalidInteger, at: offset, "INTEGER not in its minimal encoding")
        }
        return bytes
    }

    /// The contents as an INTEGER that fits `T` exactly (`Int64`, `UInt8`, `Int128`, …). Inlinable, so that
    /// each caller gets it specialised for its `T` (receipt payloads read thousands of them).
    @inlinable
    public func integer<T: FixedWidthInteger>(as type: T.Type = T.self) throws(DERError) -> T {
        // Decoded where the octets lie, without a view of them to retain and release; only a failure is looked at
        // again, for its exact error.
        if let value = withContents({ Self.integer($0, as: T.self) }) { return value }
        _ = try integerBytes()  // empty or not minimal
        throw outOfRange(bitWidth: T.bitWidth)
    }

    /// Minimal two's-complement `bytes` (an INTEGER's contents octets) as a `T`, or `nil` if they are empty, not
    /// minimal or out of range: what ``integer(as:)`` returns, for readers that take elements apart over raw bytes.
    @inlinable
    public static func integer<T: FixedWidthInteger>(_ bytes: UnsafeBufferPointer<UInt8>, as type: T.Type) -> T? {
        guard let first = bytes.first else { return nil }
        if bytes.count > 1 && isNotMinimal(first, bytes[1]) { return nil }
        let maximumOctets = T.bitWidth / 8
        if first & 0x80 != 0 {
            // Negative: sign-extend from all ones.
            guard T.isSigned, bytes.count <= maximumOctets else { return nil }
            var value = ~T.zero
            for byte in bytes { value = value << 8 | T(truncatingIfNeeded: byte) }
            return value
        }
        // A leading zero octet only marks the value non-negative.
        let magnitude = first == 0 ? UnsafeBufferPointer(rebasing: bytes.dropFirst()) : bytes
        guard magnitude.count <= maximumOctets else { return nil }
        var value = T.zero
        for byte in magnitude { value = value << 8 | T(truncatingIfNeeded: byte) }
        return value >= T.zero ? value : nil  // a signed T's sign bit was set
    }

    /// Whether an INTEGER whose first two contents octets are these has a shorter encoding: nine leading zero
    /// or one bits (X.690 §8.3.2).
    @inlinable
    static func isNotMinimal(_ first: UInt8, _ second: UInt8) -> Bool {
        first == 0x00 && second & 0x80 == 0 || first == 0xFF && second & 0x80 != 0
    }

    /// The error for an INTEGER too large for its type, built only when thrown.
    @usableFromInline
    func outOfRange(bitWidth: Int) -> DERError {
        DERError(.integerOutOfRange, at: offset, "INTEGER out of range for \(bitWidth)-bit integers")
    }
}

extension DERReader {
    /// Reads an INTEGER (or an IMPLICIT-tagged one) as its minimal two's-complement bytes, for values of any size.
    public mutating func readIntegerBytes(tag: DERTag = .integer) throws(DERError) -> ArraySlice<UInt8> {
        try readElement(tag).integerBytes()
    }

    /// Reads an INTEGER (or an IMPLICIT-tagged one) that must fit `T`, e.g. `readInteger(as: Int64.self)`.
    @inlinable
    public mutating func readInteger<T: FixedWidthInteger>(
        as type: T.Type = T.self,
        tag: DERTag = .integer
    ) throws(DERError) -> T {
        // Decoded where it lies, with no element made (`definiteHeader`); anything else, a failure included, goes
        // through readElement, for its exact error.
        if let (headerLength, contentLength) = try definiteHeader(tag),
            let value = remaining.withUnsafeBufferPointer({ bytes in
                DERElement.integer(
                    UnsafeBufferPointer(rebasing: bytes[headerLength..<headerLength + contentLength]),
                    as: T.self
                )
            })
        {
            skip(headerLength + contentLength)
            return value
        }
        return try readElement(tag).integer(as: T.self)
    }

    /// Reads an ENUMERATED as an integer that must fit `T`.
    @inlinable
    public mutating func readEnumerated<T: FixedWidthInteger>(
        as type: T.Type = T.self,
        tag: DERTag = .enumerated
    ) throws(DERError) -> T {
        try readElement(tag).integer(as: T.self)
    }
}
