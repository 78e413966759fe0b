/// Hexadecimal text for bytes: two digits per byte, no separators.
package enum Hex {
    /// `bytes` as hexadecimal, lowercase unless `uppercase`.
    package static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes, uppercase: Bool = false) -> String {
        // One call through the sequence's witness, then a loop over contiguous bytes: a caller in another module
        // may get this generic unspecialised, and then iterating the sequence costs a call per byte.
        if let text = bytes.withContiguousStorageIfAvailable({ encode(contiguous: $0, uppercase: uppercase) }) {
            return text
        }
        return Array(bytes).withUnsafeBufferPointer { encode(contiguous: $0, uppercase: uppercase) }
    }

    private static func encode(contiguous bytes: UnsafeBufferPointer<UInt8>, uppercase: Bool) -> String {
        var utf8 = [UInt8](repeating: 0, count: bytes.count * 2)
        utf8.withUnsafeMutableBufferPointer { write(bytes, into: $0, uppercase: uppercase) }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Writes the hexadecimal of `bytes` into the first `2 * bytes.count` bytes of `digits`, which must have room
    /// for them: for writers that put the text straight into their output.
    package static func write(
        _ bytes: UnsafeBufferPointer<UInt8>,
        into digits: UnsafeMutableBufferPointer<UInt8>,
        uppercase: Bool = false
    ) {
        let letterBase = (uppercase ? UInt8(ascii: "A") : UInt8(ascii: "a")) - 10
        for index in bytes.indices {
            let high = bytes[index] >> 4
            let low = bytes[index] & 0x0F
            digits[2 * index] = high < 10 ? UInt8(ascii: "0") + high : letterBase + high
            digits[2 * index + 1] = low < 10 ? UInt8(ascii: "0") + low : letterBase + low
        }
    }

    /// The bytes of hexadecimal text (upper or lower case, an even number of digits and nothing else), or
    /// `nil`.
    package static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = digitValue(utf8[index]), let low = digitValue(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func digitValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
