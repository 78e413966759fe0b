/// A BIT STRING's value: its octets and how many bits of the last octet are unused (X.690 §8.6).
public struct BitString: Sendable, Hashable {
    /// The octets, the first bit in the high bit of the first octet. A view into the input.
    public let bytes: ArraySlice<UInt8>
    /// Unused bits at the end of the last octet, 0–7; always zero bits in DER.
    public let unusedBitCount: UInt8

    /// Creates a bit string from whole octets.
    public init(bytes: ArraySlice<UInt8>, unusedBitCount: UInt8 = 0) {
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
        guard unused <= 7 else {
            throw DERError(.invalidBitString, at: offset, "BIT STRING with \(unused) unused bits; at most 7")
        }
        let bits = content.dropFirst()
        if let last = bits.last {
            guard last & (UInt8(1) << unused &- 1) == 0 else {
                throw DERError(.invalidBitString, at: offset, "BIT STRING with non-zero padding bits")
            }
        } else if unused != 0 {
            throw DERError(.invalidBitString, at: offset, "empty BIT STRING with unused bits")
        }
        return BitString(bytes: bits, unusedBitCount: unused)
    }
}

extension DERReader {
    /// Reads a BIT STRING.
    public mutating func readBitString(tag: DERTag = .bitString) throws(DERError) -> BitString {
        try readElement(tag).bitString()
    }
}
