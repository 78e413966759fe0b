// Two-word sums and carried limb arithmetic for MontgomeryModulus, in pairs of `UInt64`: the standard library's
// `UInt128` is above the package's Apple floor (docs/platforms.md). Every carry and borrow is an overflow flag
// turned into 0 or 1 by ``bit(_:)`` and added, subtracted or or-ed, never tested, so that it compiles to
// add-with-carry and set-on-carry instructions (`adc`, `setb` on x86-64), not to a branch: the operands are
// signature data, which a branch predictor cannot learn (docs/crypto.md).

/// 0 or 1 for `flag`, without a branch. Swift's ABI stores a `Bool` as one byte holding 0 or 1, so the byte is
/// the number. Spelled `flag ? 1 : 0`, the conversion is a branch in SIL, past which the Swift optimizer moves
/// every addition that depends on it, below the whole run of products they belong to: the products' results
/// then all stay live at once and spill out of the registers.
@inline(__always)
private func bit(_ flag: Bool) -> UInt64 {
    UInt64(unsafeBitCast(flag, to: UInt8.self))
}

extension MontgomeryModulus {
    /// A column of a product being summed, in two words: up to 2d products of two digits and the carry of the
    /// column before, below 2·511·2¹¹⁸ + 2⁶⁹ < 2¹²⁸ (d < 512, which ``init(modulus:)`` requires), so the high word
    /// never overflows.
    struct ColumnSum {
        /// The sum's low 64 bits.
        var lowWord: UInt64 = 0
        /// The sum's high 64 bits.
        var highWord: UInt64 = 0

        /// Adds high·2⁶⁴ + low: the low words' carry goes into the high word as 0 or 1.
        @inline(__always)
        mutating func add(high: UInt64, low: UInt64) {
            let (sum, carry) = lowWord.addingReportingOverflow(low)
            lowWord = sum
            highWord = highWord &+ high &+ bit(carry)
        }

        @inline(__always)
        mutating func add(_ x: UInt64, times y: UInt64) {
            let product = x.multipliedFullWidth(by: y)
            add(high: product.high, low: product.low)
        }

        /// Adds x[0]·y[0] + x[1]·y[−1] + … over `count` products: x ascending, y descending, as the digits of one
        /// column of a product pair up. The count's low three bits go first, as one, two and four products without
        /// a loop, then eight products per iteration: every column has another length, so a remainder loop after
        /// the main one would run on every column, with its branches.
        @inline(__always)
        mutating func add(_ x: UnsafePointer<UInt64>, timesReversed y: UnsafePointer<UInt64>, count: Int) {
            var x = x
            var y = y
            if count & 1 != 0 {
                add(x[0], times: y[0])
                x += 1
                y -= 1
            }
            if count & 2 != 0 {
                add(x[0], times: y[0])
                add(x[1], times: y[-1])
                x += 2
                y -= 2
            }
            if count & 4 != 0 {
                add(x[0], times: y[0])
                add(x[1], times: y[-1])
                add(x[2], times: y[-2])
                add(x[3], times: y[-3])
                x += 4
                y -= 4
            }
            var remaining = count & ~7
            while remaining > 0 {
                add(x[0], times: y[0])
                add(x[1], times: y[-1])
                add(x[2], times: y[-2])
                add(x[3], times: y[-3])
                add(x[4], times: y[-4])
                add(x[5], times: y[-5])
                add(x[6], times: y[-6])
                add(x[7], times: y[-7])
                x += 8
                y -= 8
                remaining &-= 8
            }
        }

        /// Adds 2·other; the doubled sum stays below 2¹²⁸ by the same bound.
        @inline(__always)
        mutating func addTwice(_ other: ColumnSum) {
            add(high: other.highWord << 1 | other.lowWord >> 63, low: other.lowWord << 1)
        }

        @inline(__always)
        mutating func add(_ x: UInt64) {
            add(high: 0, low: x)
        }

        /// Returns the low digit and moves the rest down one digit.
        @inline(__always)
        mutating func shiftOutDigit() -> UInt64 {
            let digit = lowWord & MontgomeryModulus.digitMask
            lowWord = lowWord >> MontgomeryModulus.digitBits | highWord << (64 - MontgomeryModulus.digitBits)
            highWord >>= MontgomeryModulus.digitBits
            return digit
        }
    }

    /// x·y + addend in two words; it cannot overflow: (2⁶⁴ − 1)² + 2⁶⁴ − 1 < 2¹²⁸.
    @inline(__always)
    static func multiplyAdd(_ x: UInt64, _ y: UInt64, _ addend: UInt64) -> (high: UInt64, low: UInt64) {
        let product = x.multipliedFullWidth(by: y)
        let (low, carry) = product.low.addingReportingOverflow(addend)
        return (product.high &+ bit(carry), low)
    }

    /// x + y + carry (0 or 1) and the carry out, 0 or 1.
    @inline(__always)
    static func add(_ x: UInt64, _ y: UInt64, carry: UInt64) -> (sum: UInt64, carry: UInt64) {
        let (partial, first) = x.addingReportingOverflow(y)
        let (sum, second) = partial.addingReportingOverflow(carry)
        // At most one of the two overflows: x + y + 1 < 2·2⁶⁴.
        return (sum, bit(first) | bit(second))
    }

    /// x − y − borrow (0 or 1) and the borrow out, 0 or 1.
    @inline(__always)
    static func subtract(_ x: UInt64, _ y: UInt64, borrow: UInt64) -> (difference: UInt64, borrow: UInt64) {
        let (partial, first) = x.subtractingReportingOverflow(y)
        let (difference, second) = partial.subtractingReportingOverflow(borrow)
        // At most one of the two borrows: x − y − 1 ≥ −2⁶⁴.
        return (difference, bit(first) | bit(second))
    }
}
