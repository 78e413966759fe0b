/// A natural number of any size, in 32-bit limbs (least significant first), with only what the exact decimal
/// conversion needs. 32-bit limbs with 64-bit products stay native on wasm32, which has no 64×64→128-bit
/// multiplication. The numbers stay below 2^3800 (10^1125 and 55 bits of scale), so nothing here is costly.
struct BigNatural {
    private var limbs: [UInt32]

    init(_ value: UInt32) {
        limbs = value == 0 ? [] : [value]
    }

    /// The number whose decimal digits (0…9 each, most significant first) are `digits`.
    init(decimalDigits digits: [UInt8]) {
        limbs = []
        var chunk: UInt32 = 0
        var chunkDigits = 0
        for digit in digits {
            chunk = chunk * 10 + UInt32(digit)
            chunkDigits += 1
            if chunkDigits == 9 {
                multiply(by: 1_000_000_000, adding: chunk)
                chunk = 0
                chunkDigits = 0
            }
        }
        if chunkDigits > 0 {
            multiply(by: Self.powersOfTen[chunkDigits], adding: chunk)
        }
    }

    private static let powersOfTen: [UInt32] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    ]

    var isZero: Bool { limbs.isEmpty }

    /// The number of bits up to the most significant 1; 0 for zero.
    var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 32 - top.leadingZeroBitCount
    }

    /// self = self × `factor` + `addend`.
    mutating func multiply(by factor: UInt32, adding addend: UInt32) {
        var carry = UInt64(addend)
        for index in limbs.indices {
            let product = UInt64(limbs[index]) * UInt64(factor) + carry
            limbs[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 { limbs.append(UInt32(truncatingIfNeeded: carry)) }
    }

    mutating func multiply(byPowerOfTen exponent: Int) {
        var remaining = exponent
        while remaining >= 9 {
            multiply(by: 1_000_000_000, adding: 0)
            remaining -= 9
        }
        multiply(by: Self.powersOfTen[remaining], adding: 0)
    }

    mutating func shiftLeft(by count: Int) {
        guard !limbs.isEmpty, count > 0 else { return }
        let whole = count / 32
        let bits = UInt32(count % 32)
        if bits > 0 {
            var carry: UInt32 = 0
            for index in limbs.indices {
                let limb = limbs[index]
                limbs[index] = limb << bits | carry
                carry = limb >> (32 - bits)
            }
            if carry != 0 { limbs.append(carry) }
        }
        limbs.insert(contentsOf: repeatElement(0, count: whole), at: 0)
    }

    mutating func shiftRightByOne() {
        for index in limbs.indices {
            let higher = index + 1 < limbs.count ? limbs[index + 1] : 0
            limbs[index] = limbs[index] >> 1 | higher << 31
        }
        if limbs.last == 0 { limbs.removeLast() }
    }

    func isLess(than other: BigNatural) -> Bool {
        guard limbs.count == other.limbs.count else { return limbs.count < other.limbs.count }
        for index in limbs.indices.reversed() where limbs[index] != other.limbs[index] {
            return limbs[index] < other.limbs[index]
        }
        return false
    }

    /// self = self − `other`, where `other` ≤ self.
    mutating func subtract(_ other: BigNatural) {
        var borrow = false
        for index in limbs.indices {
            let subtrahend = index < other.limbs.count ? other.limbs[index] : 0
            let (difference, overflow1) = limbs[index].subtractingReportingOverflow(subtrahend)
            let (result, overflow2) = difference.subtractingReportingOverflow(borrow ? 1 : 0)
            limbs[index] = result
            borrow = overflow1 || overflow2
        }
        while limbs.last == 0 { limbs.removeLast() }
    }
}
