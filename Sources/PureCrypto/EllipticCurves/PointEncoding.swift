// Public keys as points: the octet-string forms of SEC 1 §2.3.3–2.3.4 (X9.62), and the raw x ‖ y of JOSE and
// CryptoKit. Every decoded point is checked: coordinates below p, on the curve, not the point at infinity (a curve
// of prime order has no other small-subgroup points to refuse).

extension PrimeOrderCurve {
    /// The point of an uncompressed (0x04 ‖ x ‖ y) or compressed (0x02 or 0x03 ‖ x) encoding, as `forms`
    /// allow; the single octet 0x00 (the point at infinity) and hybrid forms (0x06, 0x07) are refused.
    static func decodePoint(_ bytes: UnsafeRawBufferPointer, forms: PointForms) throws(ECDSAError) -> AffinePoint<Field>
    {
        let size = Field.byteCount
        guard let first = bytes.first else {
            throw ECDSAError(.invalidLength, at: 0, "an empty point encoding")
        }
        switch first {
        case 0x04 where forms.contains(.uncompressed):
            guard bytes.count == 1 + 2 * size else {
                throw ECDSAError.length("an uncompressed point", expected: 1 + 2 * size, found: bytes.count)
            }
            return try decodeCoordinates(UnsafeRawBufferPointer(rebasing: bytes[1...]), offset: 1)
        case 0x02 where forms.contains(.compressed), 0x03 where forms.contains(.compressed):
            guard bytes.count == 1 + size else {
                throw ECDSAError.length("a compressed point", expected: 1 + size, found: bytes.count)
            }
            let x = try coordinate(UnsafeRawBufferPointer(rebasing: bytes[1...]), offset: 1)
            guard let y = y(forX: x, odd: first == 0x03) else {
                throw ECDSAError(.pointNotOnCurve, at: 0, "no point of the curve has this x")
            }
            return AffinePoint(x: x, y: y)
        case 0x00:
            throw ECDSAError(.pointAtInfinity, at: 0, "the point at infinity is no public key")
        default:
            throw ECDSAError(.unsupportedPointFormat, at: 0, "a point encoding that starts with neither 2, 3 nor 4")
        }
    }

    /// The point of x ‖ y, each `byteCount` bytes big-endian, starting at `offset` of the input.
    static func decodeCoordinates(_ bytes: UnsafeRawBufferPointer, offset: Int) throws(ECDSAError) -> AffinePoint<Field>
    {
        let size = Field.byteCount
        guard bytes.count == 2 * size else {
            throw ECDSAError.length("raw coordinates", expected: 2 * size, found: bytes.count)
        }
        let x = try coordinate(UnsafeRawBufferPointer(rebasing: bytes[0..<size]), offset: offset)
        let y = try coordinate(UnsafeRawBufferPointer(rebasing: bytes[size...]), offset: offset + size)
        guard isOnCurve(x: x, y: y) else {
            throw ECDSAError(.pointNotOnCurve, at: offset, "the point does not satisfy y² = x³ − 3x + b")
        }
        return AffinePoint(x: x, y: y)
    }

    /// A coordinate of `byteCount` bytes, which must be below p.
    private static func coordinate(_ bytes: UnsafeRawBufferPointer, offset: Int) throws(ECDSAError) -> Field {
        guard let value = Field(canonicalBigEndian: bytes) else {
            throw ECDSAError(.coordinateOutOfRange, at: offset, "a coordinate is not below the field prime")
        }
        return value
    }

    /// x ‖ y of the point, `byteCount` bytes each.
    static func encodeCoordinates(_ point: AffinePoint<Field>) -> [UInt8] {
        let size = Field.byteCount
        var bytes = [UInt8](repeating: 0, count: 2 * size)
        bytes.withUnsafeMutableBytes { buffer in
            point.x.writeBigEndian(to: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size]))
            point.y.writeBigEndian(to: UnsafeMutableRawBufferPointer(rebasing: buffer[size...]))
        }
        return bytes
    }
}

/// Which of SEC 1's point encodings an initializer accepts.
struct PointForms: OptionSet, Sendable {
    let rawValue: UInt8
    /// 0x04 ‖ x ‖ y.
    static let uncompressed = PointForms(rawValue: 1)
    /// 0x02 ‖ x (even y) or 0x03 ‖ x (odd y).
    static let compressed = PointForms(rawValue: 2)
}
