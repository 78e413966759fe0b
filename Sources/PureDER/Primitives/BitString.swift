/// A BIT STRING's value: its octets and how many bits of the last octet are unused (X.690 §8.6).
public struct BitString: Sendable, Hashable {
    /// The octets, the first bit in the high bit of the first octet. A view into the input.
    public let bytes: ArraySlice<UInt8>
    /// Unused bits at the end of the last octet, 0–7; always zero bits in DER.
    public let unusedBitCount: UInt8

    /// Creates a bit string of whole octets.
    public init(bytes: ArraySlice<UInt8>) {
        self.init(validated: bytes, unusedBitCount: 0)
    }

    /// Creates a bit string whose last octet has `unusedBitCount` unused bits, or `nil` unless that count is
    /// 0–7 (0 for no octets) and the unused bits are zero, as DER requires (X.690 §11.2).
    public init?(bytes: ArraySlice<UInt8>, unusedBitCount: UInt8) {
        guard unusedBitCount <= 7 else { return nil }
        if let last = bytes.last {
            guard last & (UInt8(1) << unusedBitCount &- 1) == 0 else { return nil }
        } else if unusedBitCount != 0 {
            return nil
        }
        self.init(validated: bytes, unusedBitCount: unusedBitCount)
    }

    private init(validated bytes: ArraySlice<UInt8>, unusedBitCount: UInt8) {
        self.bytes = bytes
        self.unusedBitCount = unusedBitCount
    }

    /// How many bits the string holds.
    public var bitCount: Int { bytes.count * 8 - Int(unusedBitCount) }

    /// Whether bit `index` (0 = the high bit of the first octet, as in named-bit lists) is set; false past the end.
    public func isSet(_ index: Int) -> Bool {
        guard index >= 0, index < bitCount else { return false }
        return bytes[bytes.startIndex + index / 8] & (0x80 >> UInt8(index % 8)) != 0
    }
}

extension DERElement {
    /// The contents as a DER BIT STRING: an initial octet of 0–7 unused bits, which must be zero (X.690 §11.2).
    public func bitString() throws(DERError) -> BitString {
        guard let unused = content.first else {
            throw DERError(.invalidBitString, at: offset, "BIT STRING without its initial octet")
        }
        guard let bits = BitString(bytes: content.dropFirst(), unusedBitCount: unused) else {
            throw DERError(
                .invalidBitString,
                at: offset,
                unused > 7 ? "BIT STRING with \(unused) unused bits; at most 7" : "BIT STRING with non-zero unused bits"
            )
        }
        return bits
    }
}

extension DERReader {
    /// Reads a BIT STRING.
    public mutating func readBitString(tag: DERTag = .bitString) throws(DERError) -> BitString {
        try readElement(tag).bitString()
    }
}
