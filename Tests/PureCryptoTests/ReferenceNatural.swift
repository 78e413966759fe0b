/// A natural number as little-endian 32-bit limbs with no high zero limbs (zero has none): slow, simple and
/// obviously correct — schoolbook multiplication, bit-by-bit long division, square-and-multiply — so that
/// it can judge the Montgomery implementation.
struct ReferenceNatural: Comparable, Sendable {
    private(set) var limbs: [UInt32]

    static let zero = ReferenceNatural(limbs: [])
    static let one = ReferenceNatural(limbs: [1])

    init(limbs: [UInt32]) {
        var limbs = limbs
        while limbs.last == 0 { limbs.removeLast() }
        self.limbs = limbs
    }

    init(_ value: UInt32) {
        self.init(limbs: [value])
    }

    /// From big-endian bytes (leading zeros allowed).
    init(bigEndian bytes: some Collection<UInt8>) {
        var limbs: [UInt32] = []
        var limb: UInt32 = 0
        var shift: UInt32 = 0
        for byte in bytes.reversed() {
            limb |= UInt32(byte) << shift
            shift += 8
            if shift == 32 {
                limbs.append(limb)
                limb = 0
                shift = 0
            }
        }
        limbs.append(limb)
        self.init(limbs: limbs)
    }

    /// Exactly `count` big-endian bytes.
    ///
    /// - Precondition: the value fits.
    func bigEndianBytes(count: Int) -> [UInt8] {
        precondition(bitWidth <= count * 8, "value does not fit \(count) bytes")
        var bytes = [UInt8](repeating: 0, count: count)
        for index in 0..<min(count, limbs.count * 4) {
            bytes[count - 1 - index] = UInt8(truncatingIfNeeded: limbs[index / 4] >> UInt32(8 * (index % 4)))
        }
        return bytes
    }

    /// The number of significant bits.
    var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 32 - top.leadingZeroBitCount
    }

    /// Bit `index`, 0 being the least significant.
    func bit(_ index: Int) -> Bool {
        let limb = index / 32
        return limb < limbs.count && limbs[limb] >> UInt32(index % 32) & 1 == 1
    }

    static func < (lhs: ReferenceNatural, rhs: ReferenceNatural) -> Bool {
        compare(lhs.limbs, rhs.limbs) < 0
    }

    /// −1, 0 or 1 as `a` is below, equal to or above `b` (limb arrays of any lengths, high zeros allowed).
    static func compare(_ a: [UInt32], _ b: [UInt32]) -> Int {
        for index in stride(from: max(a.count, b.count) - 1, through: 0, by: -1) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    static func + (lhs: ReferenceNatural, rhs: ReferenceNatural) -> ReferenceNatural {
        var sum: [UInt32] = []
        var carry: UInt64 = 0
        for index in 0..<max(lhs.limbs.count, rhs.limbs.count) {
            let x = UInt64(index < lhs.limbs.count ? lhs.limbs[index] : 0)
            let y = UInt64(index < rhs.limbs.count ? rhs.limbs[index] : 0)
            let total = x + y + carry
            sum.append(UInt32(truncatingIfNeeded: total))
            carry = total >> 32
        }
        sum.append(UInt32(carry))
        return ReferenceNatural(limbs: sum)
    }

    /// - Precondition: `lhs >= rhs`.
    static func - (lhs: ReferenceNatural, rhs: ReferenceNatural) -> ReferenceNatural {
        precondition(lhs >= rhs, "negative difference")
        var difference = lhs.limbs
        subtract(rhs.limbs, from: &difference)
        return ReferenceNatural(limbs: difference)
    }

    /// `a -= b` on limb arrays, `a >= b`.
    static func subtract(_ b: [UInt32], from a: inout [UInt32]) {
        var borrow: Int64 = 0
        for index in a.indices {
            let y = Int64(index < b.count ? b[index] : 0)
            var value = Int64(a[index]) - y - borrow
            borrow = 0
            if value < 0 {
                value += 1 << 32
                borrow = 1
            }
            a[index] = UInt32(value)
        }
        precondition(borrow == 0, "negative difference")
    }

    /// Schoolbook multiplication.
    static func * (lhs: ReferenceNatural, rhs: ReferenceNatural) -> ReferenceNatural {
        var product = [UInt32](repeating: 0, count: lhs.limbs.count + rhs.limbs.count + 1)
        for i in lhs.limbs.indices {
            var carry: UInt64 = 0
            for j in rhs.limbs.indices {
                let total = UInt64(lhs.limbs[i]) * UInt64(rhs.limbs[j]) + UInt64(product[i + j]) + carry
                product[i + j] = UInt32(truncatingIfNeeded: total)
                carry = total >> 32
            }
            var k = i + rhs.limbs.count
            while carry != 0 {
                let total = UInt64(product[k]) + carry
                product[k] = UInt32(truncatingIfNeeded: total)
                carry = total >> 32
                k += 1
            }
        }
        return ReferenceNatural(limbs: product)
    }

    /// The remainder by long division, one bit at a time: r ← 2r + bit, then r ← r − n while r ≥ n.
    static func % (lhs: ReferenceNatural, modulus: ReferenceNatural) -> ReferenceNatural {
        precondition(!modulus.limbs.isEmpty, "division by zero")
        var remainder = [UInt32](repeating: 0, count: modulus.limbs.count + 1)
        for index in stride(from: lhs.bitWidth - 1, through: 0, by: -1) {
            var carry: UInt32 = lhs.bit(index) ? 1 : 0
            for limb in remainder.indices {
                let value = remainder[limb]
                remainder[limb] = value << 1 | carry
                carry = value >> 31
            }
            if compare(remainder, modulus.limbs) >= 0 {
                subtract(modulus.limbs, from: &remainder)
            }
        }
        return ReferenceNatural(limbs: remainder)
    }

    /// base^exponent mod modulus, left-to-right square-and-multiply.
    static func power(
        _ base: ReferenceNatural,
        _ exponent: ReferenceNatural,
        modulus: ReferenceNatural
    ) -> ReferenceNatural {
        var result = ReferenceNatural.one % modulus
        let base = base % modulus
        for index in stride(from: exponent.bitWidth - 1, through: 0, by: -1) {
            result = result * result % modulus
            if exponent.bit(index) {
                result = result * base % modulus
            }
        }
        return result
    }
}
