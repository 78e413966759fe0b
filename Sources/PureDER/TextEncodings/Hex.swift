/// Hexadecimal text for bytes: two digits per byte, no separators.
public enum Hex {
    /// `bytes` as hexadecimal, lowercase unless `uppercase`.
    public static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes, uppercase: Bool = false) -> String {
        let digits: StaticString = uppercase ? "0123456789ABCDEF" : "0123456789abcdef"
        var text = ""
        text.reserveCapacity(bytes.underestimatedCount * 2)
        digits.withUTF8Buffer { digits in
            for byte in bytes {
                text.unicodeScalars.append(Unicode.Scalar(digits[Int(byte >> 4)]))
                text.unicodeScalars.append(Unicode.Scalar(digits[Int(byte & 0x0F)]))
            }
        }
        return text
    }
}
