// The two-word column sums of MontgomeryModulus, carried as WordArithmetic.swift carries: without a branch.

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
}
