// The word operations of the multi-word arithmetic, RSA's and the elliptic curves', generic over the word: `UInt64`
// where the target multiplies 64 × 64 → 128 bits in one instruction (x86-64, arm64), `UInt32` on 32-bit targets
// (wasm32), whose widest native product is 32 × 32 → 64 bits: there a 64-bit word's double-width product would be a
// call to the compiler runtime's `__multi3`, a 32-bit word's is one `i64.mul` (docs/crypto.md, "Arithmetic forms").
// Double words are pairs of words, never `UInt128`, which is above the package's Apple floor (docs/platforms.md).
//
// Carries are 0 or 1 in a full word, made from the overflow flags by `bit(_:)` and added, subtracted or or-ed, never
// tested, so that they compile to add-with-carry and set-on-carry instructions (`adc`, `sbb`, `setb` on x86-64), not
// to branches: the operands are signature data, which a branch predictor cannot learn (docs/crypto.md).

/// A word of the multi-word arithmetic, with the one operation whose best form depends on the word's width.
protocol ArithmeticWord: FixedWidthInteger, UnsignedInteger, Sendable where Magnitude == Self {
    /// a·b + addend + carry as (low, high) words; it cannot overflow: (2ʷ − 1)² + 2·(2ʷ − 1) = 2²ʷ − 1.
    static func multiplyAdd(_ a: Self, _ b: Self, _ addend: Self, _ carry: Self) -> (Self, Self)
}

extension UInt64: ArithmeticWord {
    /// The product as `multipliedFullWidth(by:)` gives it: one `mul` on x86-64, `mul` and `umulh` on arm64.
    @inline(__always)
    static func multiplyAdd(_ a: UInt64, _ b: UInt64, _ addend: UInt64, _ carry: UInt64) -> (UInt64, UInt64) {
        let product = a.multipliedFullWidth(by: b)
        let (sum, overflow) = product.low.addingReportingOverflow(addend)
        let (total, overflow2) = sum.addingReportingOverflow(carry)
        return (total, product.high &+ bit(overflow) &+ bit(overflow2))
    }
}

extension UInt32: ArithmeticWord {
    /// The whole sum in one `UInt64`, where it fits: one 64-bit multiplication and two additions, no carry flags.
    @inline(__always)
    static func multiplyAdd(_ a: UInt32, _ b: UInt32, _ addend: UInt32, _ carry: UInt32) -> (UInt32, UInt32) {
        let total = UInt64(a) &* UInt64(b) &+ UInt64(addend) &+ UInt64(carry)
        return (UInt32(truncatingIfNeeded: total), UInt32(truncatingIfNeeded: total >> 32))
    }
}

/// 1 if `flag` is set, else 0, without a branch: Swift's ABI stores a `Bool` as one byte holding 0 or 1, so the byte
/// is the number. Spelled `flag ? 1 : 0`, the conversion is a branch in SIL, past which the optimizer moves the
/// additions that depend on it (below a whole run of products, whose results then spill out of the registers), and
/// in long straight-line code LLVM leaves many of those branches in place.
@inline(__always)
func bit<Word: ArithmeticWord>(_ flag: Bool) -> Word {
    Word(truncatingIfNeeded: unsafeBitCast(flag, to: UInt8.self))
}

/// a·b + addend + carry as (low, high) words.
@inline(__always)
func multiplyAdd<Word: ArithmeticWord>(_ a: Word, _ b: Word, _ addend: Word, _ carry: Word) -> (Word, Word) {
    Word.multiplyAdd(a, b, addend, carry)
}

/// a + b + carry (carry 0 or 1) as (sum, carry out).
@inline(__always)
func addWithCarry<Word: ArithmeticWord>(_ a: Word, _ b: Word, _ carry: Word) -> (Word, Word) {
    let (sum, overflow) = a.addingReportingOverflow(b)
    let (total, overflow2) = sum.addingReportingOverflow(carry)
    return (total, bit(overflow) | bit(overflow2))
}

/// a − b − borrow (borrow 0 or 1) as (difference, borrow out).
@inline(__always)
func subtractWithBorrow<Word: ArithmeticWord>(_ a: Word, _ b: Word, _ borrow: Word) -> (Word, Word) {
    let (difference, underflow) = a.subtractingReportingOverflow(b)
    let (total, underflow2) = difference.subtractingReportingOverflow(borrow)
    return (total, bit(underflow) | bit(underflow2))
}
