// The column sums of MontgomeryModulus, one per form of the arithmetic, and what the forms share: the order in which
// a column's products are added. All carry as WordArithmetic.swift carries: without a branch.
//
// A form is a limb type, a digit size whose products the target multiplies natively, and two sums, each two limbs
// wide: a column's products are split between the main sum and the alternate one (in the 64-bit forms the long runs
// go through two more sums, each joining its own at the end of the run), chains of additions each waiting for its
// own carries, and the two are added when the column gives its digit, into as many bits as that needs (one more than
// two limbs in the wide-digit form). A sum of up to 2d products of two b-bit digits and the carry of the column
// before stays below 2d·2^(2b) + 2^(2w − b) ≤ 2^(2w) for w-bit limbs when 2b + 10 ≤ 2w and d < 512 (RSA keys stop
// at 8,192 bits): b = 59 in two `UInt64` words, b = 27 in one `UInt64`. With b = 61 a product is below 2^122 and
// one sum holds 63 of them and a carry: the split of the products between the two sums keeps each below that for
// d ≤ 61 (`maximumDigitCount`), which covers keys up to 3,712 bits, RSA-2048 and RSA-3072 among them, RSA-2048 in
// 34 digits instead of 35 (docs/crypto.md, "Arithmetic forms").

/// A column of a product being summed, two limbs wide, and the form of arithmetic it belongs to.
protocol ColumnSum {
    /// The limb and digit type: 64 bits wide where the target multiplies 64 × 64 → 128 bits natively, else 32.
    associatedtype Limb: ArithmeticWord
    /// Bits per digit.
    static var digitBits: Int { get }
    /// The most digits a modulus may have in this form: the longest columns whose sums stay within their words.
    static var maximumDigitCount: Int { get }
    /// How a column's long runs of products are added: four per iteration into four sums, one product each, or
    /// eight per iteration alternately into the column's two sums (``add(_:timesReversed:count:)``). The choice
    /// changes which sum takes which product, and so the bound behind ``maximumDigitCount``.
    static var runsInFourSums: Bool { get }
    /// Zero.
    init()
    /// The low limb of the column's sum, both parts added.
    var lowLimb: Limb { get }
    /// Adds x·y, two digits, to the main sum.
    mutating func add(_ x: Limb, times y: Limb)
    /// Adds x·y, two digits, to the alternate sum.
    mutating func addAlternate(_ x: Limb, times y: Limb)
    /// Adds a digit to the main sum.
    mutating func add(_ x: Limb)
    /// Adds other, each part to its own.
    mutating func add(_ other: Self)
    /// Adds 2·other, each part to its own: the doubled parts stay within their words by the same bound.
    mutating func addTwice(_ other: Self)
    /// Adds the two parts, returns the low digit of their sum, and keeps the rest, moved down one digit, as the main
    /// sum of the next column (the carry).
    mutating func shiftOutDigit() -> Limb
}

extension ColumnSum {
    /// The low ``digitBits`` bits of a limb.
    @inline(__always)
    static var digitMask: Limb { Limb.max >> (Limb.bitWidth &- digitBits) }

    /// Adds x[0]·y[0] + x[1]·y[−1] + … over `count` products: x ascending, y descending, as the digits of one column
    /// of a product pair up, in the runs of the form (``runsInFourSums``). Either way the count's low bits go first,
    /// without a loop, then a fixed number of products per iteration: every column has another length, so a remainder
    /// loop after the main one would run on every column, with its branches.
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
            if Self.runsInFourSums { addAlternate(x[1], times: y[-1]) } else { add(x[1], times: y[-1]) }
            x += 2
            y -= 2
        }
        if Self.runsInFourSums {
            addInFourSums(x, timesReversed: y, count: count & ~3)
        } else {
            addInTwoSums(x, timesReversed: y, count: count & ~3)
        }
    }

    /// Four products per iteration (`count` a multiple of four) into four sums: each chain of additions waits only
    /// for its own carries, and takes one product per iteration, so that each product is added into the sum the
    /// iteration before left in its registers (a chain given two products per iteration, LLVM copies every product
    /// out of x86-64 `mul`'s registers first). The second pair of sums joins the first at the end of the run, main
    /// into main and alternate into alternate.
    @inline(__always)
    private mutating func addInFourSums(_ x: UnsafePointer<Limb>, timesReversed y: UnsafePointer<Limb>, count: Int) {
        var x = x
        var y = y
        var remaining = count
        guard remaining > 0 else { return }
        var second = Self()
        repeat {
            add(x[0], times: y[0])
            addAlternate(x[1], times: y[-1])
            second.add(x[2], times: y[-2])
            second.addAlternate(x[3], times: y[-3])
            x += 4
            y -= 4
            remaining &-= 4
        } while remaining > 0
        add(second)
    }

    /// Four products into the main sum for bit 2 of `count` (a multiple of four), then eight per iteration,
    /// alternately into the main and the alternate sum: two chains of additions, each waiting for its own carries.
    @inline(__always)
    private mutating func addInTwoSums(_ x: UnsafePointer<Limb>, timesReversed y: UnsafePointer<Limb>, count: Int) {
        var x = x
        var y = y
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
            addAlternate(x[1], times: y[-1])
            add(x[2], times: y[-2])
            addAlternate(x[3], times: y[-3])
            add(x[4], times: y[-4])
            addAlternate(x[5], times: y[-5])
            add(x[6], times: y[-6])
            addAlternate(x[7], times: y[-7])
            x += 8
            y -= 8
            remaining &-= 8
        }
    }
}

/// A digit size of the forms of 64-bit targets, and the most digits their sums hold with it.
protocol WordPairDigits {
    static var bits: Int { get }
    static var maximumCount: Int { get }
}

/// 59-bit digits: each sum, and their total, is below 2·511·2¹¹⁸ + 2⁶⁹ < 2¹²⁸.
enum Digits59: WordPairDigits {
    static var bits: Int { 59 }
    static var maximumCount: Int { 511 }
}

/// 61-bit digits, so that RSA-2048 takes 34 digits instead of 35 and a multiplication about 6% fewer products. A
/// product is below 2¹²²; with the products of a column split as ``ColumnSum/add(_:timesReversed:count:)`` splits
/// them, neither sum holds more than 63 of them for d ≤ 61 (with the carry, below 2¹²⁸), and their total, below
/// 2·63·2¹²², takes the third word's bit.
enum Digits61: WordPairDigits {
    static var bits: Int { 61 }
    static var maximumCount: Int { 61 }
}

/// The forms of 64-bit targets: 64-bit limbs, each product a `mul` and an `add`/`adc` pair into two `UInt64` words of
/// one of the two sums, which are added into three words (a carry bit above two) when the column gives its digit.
struct WordPairColumnSum<Digits: WordPairDigits>: ColumnSum {
    /// The main sum's low and high words.
    var lowWord: UInt64 = 0
    var highWord: UInt64 = 0
    /// The alternate sum's low and high words.
    var alternateLowWord: UInt64 = 0
    var alternateHighWord: UInt64 = 0

    static var digitBits: Int { Digits.bits }
    static var maximumDigitCount: Int { Digits.maximumCount }
    /// Four sums: with two products per sum and iteration, LLVM copies each product out of x86-64 `mul`'s registers
    /// before adding it (docs/crypto.md).
    static var runsInFourSums: Bool { true }

    @inline(__always)
    init() {}

    var lowLimb: UInt64 {
        @inline(__always) get { lowWord &+ alternateLowWord }
    }

    @inline(__always)
    mutating func add(_ x: UInt64, times y: UInt64) {
        let product = x.multipliedFullWidth(by: y)
        (lowWord, highWord) = Self.sum(lowWord, highWord, product.low, product.high)
    }

    @inline(__always)
    mutating func addAlternate(_ x: UInt64, times y: UInt64) {
        let product = x.multipliedFullWidth(by: y)
        (alternateLowWord, alternateHighWord) = Self.sum(
            alternateLowWord,
            alternateHighWord,
            product.low,
            product.high
        )
    }

    @inline(__always)
    mutating func add(_ x: UInt64) {
        (lowWord, highWord) = Self.sum(lowWord, highWord, x, 0)
    }

    @inline(__always)
    mutating func add(_ other: Self) {
        (lowWord, highWord) = Self.sum(lowWord, highWord, other.lowWord, other.highWord)
        (alternateLowWord, alternateHighWord) = Self.sum(
            alternateLowWord,
            alternateHighWord,
            other.alternateLowWord,
            other.alternateHighWord
        )
    }

    @inline(__always)
    mutating func addTwice(_ other: Self) {
        (lowWord, highWord) = Self.sum(
            lowWord,
            highWord,
            other.lowWord << 1,
            other.highWord << 1 | other.lowWord >> 63
        )
        (alternateLowWord, alternateHighWord) = Self.sum(
            alternateLowWord,
            alternateHighWord,
            other.alternateLowWord << 1,
            other.alternateHighWord << 1 | other.alternateLowWord >> 63
        )
    }

    @inline(__always)
    mutating func shiftOutDigit() -> UInt64 {
        let bits = UInt64(Self.digitBits)
        let (low, lowCarry) = lowWord.addingReportingOverflow(alternateLowWord)
        let (partial, highCarry) = highWord.addingReportingOverflow(alternateHighWord)
        let (high, carry) = partial.addingReportingOverflow(bit(lowCarry))
        let top: UInt64 = bit(highCarry) | bit(carry)  // at most one of them
        lowWord = low >> bits | high << (64 - bits)
        highWord = high >> bits | top << (64 - bits)
        alternateLowWord = 0
        alternateHighWord = 0
        return low & Self.digitMask
    }

    /// (low, high) + (x, y) in two words, the low words' carry into the high word as 0 or 1.
    @inline(__always)
    private static func sum(_ low: UInt64, _ high: UInt64, _ x: UInt64, _ y: UInt64) -> (UInt64, UInt64) {
        let (sum, carry) = low.addingReportingOverflow(x)
        return (sum, high &+ y &+ bit(carry))
    }
}

/// The form of 64-bit targets for moduli of more than 3,712 bits.
typealias ColumnSum128 = WordPairColumnSum<Digits59>

/// The form of 64-bit targets for moduli of up to 3,712 bits (61 digits).
typealias ColumnSum128Wide = WordPairColumnSum<Digits61>

/// The form of 32-bit targets (wasm32): 32-bit limbs, 27-bit digits, each product one 64-bit multiplication and
/// addition into one `UInt64` of either sum, which the target has natively. Each sum, and their total, is below
/// 2·511·2⁵⁴ + 2³⁷ < 2⁶⁴, so none overflows.
struct ColumnSum64: ColumnSum {
    /// The main sum.
    var value: UInt64 = 0
    /// The alternate sum.
    var alternate: UInt64 = 0

    static var digitBits: Int { 27 }
    static var maximumDigitCount: Int { 511 }
    /// Two sums, eight products per iteration: four sums made receipt validation in Node.js about 6% slower.
    static var runsInFourSums: Bool { false }

    @inline(__always)
    init() {}

    var lowLimb: UInt32 {
        @inline(__always) get { UInt32(truncatingIfNeeded: value &+ alternate) }
    }

    @inline(__always)
    mutating func add(_ x: UInt32, times y: UInt32) {
        value &+= UInt64(x) &* UInt64(y)
    }

    @inline(__always)
    mutating func addAlternate(_ x: UInt32, times y: UInt32) {
        alternate &+= UInt64(x) &* UInt64(y)
    }

    @inline(__always)
    mutating func add(_ x: UInt32) {
        value &+= UInt64(x)
    }

    @inline(__always)
    mutating func add(_ other: Self) {
        value &+= other.value
        alternate &+= other.alternate
    }

    @inline(__always)
    mutating func addTwice(_ other: Self) {
        value &+= other.value << 1
        alternate &+= other.alternate << 1
    }

    @inline(__always)
    mutating func shiftOutDigit() -> UInt32 {
        let total = value &+ alternate
        value = total >> UInt64(Self.digitBits)
        alternate = 0
        return UInt32(truncatingIfNeeded: total) & Self.digitMask
    }
}

#if _pointerBitWidth(_32)
/// The form of this target for every modulus, chosen at compile time.
typealias TargetColumnSum = ColumnSum64
#else
/// The form of this target for every modulus, chosen at compile time; ``ColumnSum128Wide`` serves the moduli it holds.
typealias TargetColumnSum = ColumnSum128
#endif
