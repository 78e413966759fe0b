// INTEGER and ENUMERATED (X.690 §8.3, §8.4): minimal two's complement, read as raw bytes or bounded integers.

extension DERElement {
    /// The contents as a two's-complement big-endian INTEGER, checked to be non-empty and minimal
    /// (X.690 §8.3.2). The tag is not checked, so this also decodes IMPLICIT-tagged integers.
    public func integerBytes() throws(DERError) -> ArraySlice<UInt8> {
        if let error = withContents({ Self.encodingError($0, at: offset) }) { throw error }
        return content
    }

    /// The contents as an INTEGER that fits `T` exactly (`Int64`, `UInt8`, …). Inlinable, so that each caller
    /// gets it specialised for its `T`.
    @inlinable
    public func integer<T: FixedWidthInteger>(as type: T.Type = T.self) throws(DERError) -> T {
        try withContents { contents throws(DERError) in try Self.integer(contents, as: T.self, at: offset) }
    }

    /// The INTEGER whose contents octets are `contents`, of the element at `offset`, as a `T`: every check of
    /// ``integer(as:)``, over the octets where they lie.
    @inlinable
    package static func integer<T: FixedWidthInteger>(
        _ contents: UnsafeBufferPointer<UInt8>,
        as type: T.Type,
        at offset: Int
    ) throws(DERError) -> T {
        guard let value = decodeInteger(contents, as: T.self) else {
            throw integerError(contents, bitWidth: T.bitWidth, at: offset)
        }
        return value
    }

    /// Minimal two's-complement `bytes` as a `T`, or `nil` if they are empty, not minimal or out of range.
    @inlinable
    static func decodeInteger<T: FixedWidthInteger>(_ bytes: UnsafeBufferPointer<UInt8>, as type: T.Type) -> T? {
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

    /// Why ``decodeInteger(_:as:)`` refused `contents`, the INTEGER of the element at `offset`, for a `bitWidth`-bit
    /// type.
    @usableFromInline
    static func integerError(_ contents: UnsafeBufferPointer<UInt8>, bitWidth: Int, at offset: Int) -> DERError {
        encodingError(contents, at: offset)
            ?? DERError(.integerOutOfRange, at: offset, "INTEGER out of range for \(bitWidth)-bit integers")
    }

    /// Why `contents` are no INTEGER's contents octets (empty, or not minimal: X.690 §8.3.2), or `nil`.
    static func encodingError(_ contents: UnsafeBufferPointer<UInt8>, at offset: Int) -> DERError? {
        guard let first = contents.first else { return DERError(.invalidInteger, at: offset, "empty INTEGER") }
        if contents.count > 1 && isNotMinimal(first, contents[1]) {
            return DERError(.invalidInteger, at: offset, "INTEGER not in its minimal encoding")
        }
        return nil
    }

    /// Whether an INTEGER whose first two contents octets are these has a shorter encoding: nine leading zero
    /// or one bits (X.690 §8.3.2).
    @inlinable
    static func isNotMinimal(_ first: UInt8, _ second: UInt8) -> Bool {
        first == 0x00 && second & 0x80 == 0 || first == 0xFF && second & 0x80 != 0
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
        let bounds = try readBounds(required: tag)
        return try input.withOctets(at: bounds.contents) { contents throws(DERError) in
            try DERElement.integer(contents, as: T.self, at: bounds.start)
        }
    }

    /// Reads an ENUMERATED as an integer that must fit `T`.
    @inlinable
    public mutating func readEnumerated<T: FixedWidthInteger>(
        as type: T.Type = T.self,
        tag: DERTag = .enumerated
    ) throws(DERError) -> T {
        try readInteger(as: T.self, tag: tag)
    }
}
