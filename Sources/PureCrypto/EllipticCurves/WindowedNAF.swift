// The width-w non-adjacent form of a scalar (Hankerson, Menezes, Vanstone, "Guide to Elliptic Curve
// Cryptography", §3.3.1, Algorithm 3.35): digits in {0, ±1, ±3, …, ±(2^(w−1) − 1)}, at most one non-zero digit in
// any w consecutive positions, so a scalar of b bits costs about b/(w + 1) additions. The digits are found from the
// low end without changing the scalar: a window is read where its bit differs from the carry left by the window
// below (a negative digit borrows from the bits above it).

enum WindowedNAF {
    /// Writes the width-`width` NAF digits of the `limbCount`-limb integer at `scalar` (least significant limb
    /// first) into `digits`, least significant first, and zeroes the rest of `digits`. `digits` must hold at least
    /// 64 · limbCount + 1 entries (the digit above the top bit takes a final carry); 2 ≤ width ≤ 8.
    static func recode(
        _ scalar: UnsafePointer<UInt64>,
        limbCount: Int,
        width: Int,
        into digits: UnsafeMutableBufferPointer<Int8>
    ) {
        let bitCount = 64 * limbCount + 1
        precondition(digits.count >= bitCount && (2...8).contains(width), "wNAF buffer or width out of range")
        digits.update(repeating: 0)
        /// `count` ≤ 8 bits of the scalar from position `position` (0 past the top).
        func bits(_ position: Int, _ count: Int) -> Int {
            let limb = position >> 6
            let offset = UInt64(position & 63)
            guard limb < limbCount else { return 0 }
            var value = scalar[limb] >> offset
            if offset + UInt64(count) > 64, limb + 1 < limbCount {
                value |= scalar[limb + 1] << (64 - offset)
            }
            return Int(truncatingIfNeeded: value & (1 << UInt64(count) - 1))
        }
        var carry = 0
        var position = 0
        while position < bitCount {
            if bits(position, 1) == carry {
                position += 1
                continue
            }
            let count = min(width, bitCount - position)
            var word = bits(position, count) + carry
            carry = (word >> (width - 1)) & 1
            word -= carry << width
            digits[position] = Int8(truncatingIfNeeded: word)
            position += count
        }
    }
}
