// The column sums of MontgomeryModulus, one per form of the arithmetic, and what the forms share: the order in which
// a column's products are added. Both carry as WordArithmetic.swift carries: without a branch.
//
// A form is a limb type and a digit size whose products the target multiplies natively, and a sum two limbs wide:
// a column of up to 2d products of two b-bit digits and the carry of the column before stays below
// 2d·2^(2b) + 2^(2w − b) ≤ 2^(2w) for w-bit limbs when 2b + 10 ≤ 2w and d < 512 (MontgomeryModulus.init requires
// it; RSA keys stop at 8,192 bits): b = 59 in two `UInt64` words, b = 27 in one `UInt64` (docs/crypto.md,
// "Arithmetic forms").

/// A column of a product being summed, two limbs wide, and the form of arithmetic it belongs to.
protocol ColumnSum {
    /// The limb and digit type: 64 bits wide where the target multiplies 64 × 64 → 128 bits natively, else 32.
    associatedtype Limb: ArithmeticWord
    /// Bits per digit: (2·bits per limb − 10)/2, rounded down to keep 2d products of 511 digits below 2^(2w).
    static var digitBits: Int { get }
    /// Zero.
    init()
    /// The sum's low limb.
    var lowLimb: Limb { get }
    /// Adds x·y, two digits.
    mutating func add(_ x: Limb, times y: Limb)
    /// Adds a digit.
    mutating func add(_ x: Limb)
    /// Adds 2·other; the doubled sum stays below 2^(2w) by the same bound.
    mutating func addTwice(_ other: Self)
    /// Adds other.
    mutating func add(_ other: Self)
    /// Returns the low digit and moves the rest down one digit.
    mutating func shiftOutDigit() -> Limb
}

extension ColumnSum {
    /// The low ``digitBits`` bits of a limb.
    @inline(__always)
    static var digitMask: Limb { Limb.max >> (Limb.bitWidth &- digitBits) }

    /// Adds x[0]·y[0] + x[1]·y[−1] + … over `count` products: x ascending, y descending, as the digits of one column
    /// of a product pair up. The count's low three bits go first, as one, two and four products without a loop, then
    /// eight products per iteration: every column has another length, so a remainder loop after the main one would
    /// run on every column, with its branches.
    @inline(__always)
    mutating func add(_ x: UnsafePointer<Limb>, timesReversed y: UnsafePointer<Limb>, count: Int) {
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
        guard remaining > 0 else { return }
        // Every other product of the long columns goes into a second sum: two chains of additions, each waiting
        // for its own carries, where one chain makes every product wait for the one before. (More sums than two
        // run out of registers on x86-64.) Each part is below the whole column, so the bound above holds for both.
        var odd = Self()
        while remaining > 0 {
            add(x[0], times: y[0])
            odd.add(x[1], times: y[-1])
            add(x[2], times: y[-2])
            odd.add(x[3], times: y[-3])
            add(x[4], times: y[-4])
            odd.add(x[5], times: y[-5])
            add(x[6], times: y[-6])
            odd.add(x[7], times: y[-7])
            x += 8
            y -= 8
            remaining &-= 8
        }
        add(odd)
    }
}

/// The form of 64-bit targets: 64-bit limbs, 59-bit digits, each product a `mul` and an `add`/`adc` pair into two
/// `UInt64` words. Below 2·511·2¹¹⁸ + 2⁶⁹ < 2¹²⁸, so the high word never overflows.
struct ColumnSum128: ColumnSum {
    /// The sum's low 64 bits.
    var lowWord: UInt64 = 0
    /// The sum's high 64 bits.
    var highWord: UInt64 = 0

    static var digitBits: Int { 59 }

    @inline(__always)
    init() {}

    var lowLimb: UInt64 {
        @inline(__always) get { lowWord }
    }

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

    @inline(__always)
    mutating func add(_ x: UInt64) {
        add(high: 0, low: x)
    }

    @inline(__always)
    mutating func add(_ other: Self) {
        add(high: other.highWord, low: other.lowWord)
    }

    @inline(__always)
    mutating func addTwice(_ other: Self) {
        add(high: other.highWord << 1 | other.lowWord >> 63, low: other.lowWord << 1)
    }

    @inline(__always)
    mutating func shiftOutDigit() -> UInt64 {
        let bits = UInt64(Self.digitBits)
        let digit = lowWord & Self.digitMask
        lowWord = lowWord >> bits | highWord << (64 - bits)
        highWord >>= bits
        return digit
    }
}

/// The form of 32-bit targets (wasm32): 32-bit limbs, 27-bit digits, each product one 64-bit multiplication and
/// addition into one `UInt64`, which the target has natively. Below 2·511·2⁵⁴ + 2³⁷ < 2⁶⁴, so it never overflows.
struct ColumnSum64: ColumnSum {
    /// The sum.
    var value: UInt64 = 0

    static var digitBits: Int { 27 }

    @inline(__always)
    init() {}

    var lowLimb: UInt32 {
        @inline(__always) get { UInt32(truncatingIfNeeded: value) }
    }

    @inline(__always)
    mutating func add(_ x: UInt32, times y: UInt32) {
        value &+= UInt64(x) &* UInt64(y)
    }

    @inline(__always)
    mutating func add(_ x: UInt32) {
        value &+= UInt64(x)
    }

    @inline(__always)
    mutating func add(_ other: Self) {
        value &+= other.value
    }

    @inline(__always)
    mutating func addTwice(_ other: Self) {
        value &+= other.value << 1
    }

    @inline(__always)
    mutating func shiftOutDigit() -> UInt32 {
        let digit = UInt32(truncatingIfNeeded: value) & Self.digitMask
        value >>= UInt64(Self.digitBits)
        return digit
    }
}

#if _pointerBitWidth(_32)
/// The form of this target, chosen at compile time.
typealias TargetColumnSum = ColumnSum64
#else
/// The form of this target, chosen at compile time.
typealias TargetColumnSum = ColumnSum128
#endif
