// The word operations of the multi-word arithmetic, RSA's and the elliptic curves', in pairs of `UInt64`: the
// standard library's `UInt128` is above the package's Apple floor (docs/platforms.md). Carries are 0 or 1 in a full
// word, made from the overflow flags by `bit(_:)` and added, subtracted or or-ed, never tested, so that they compile
// to add-with-carry and set-on-carry instructions (`adc`, `sbb`, `setb` on x86-64), not to branches: the operands
// are signature data, which a branch predictor cannot learn (docs/crypto.md, "Arithmetic").

/// 1 if `flag` is set, else 0, without a branch: Swift's ABI stores a `Bool` as one byte holding 0 or 1, so the byte
/// is the number. Spelled `flag ? 1 : 0`, the conversion is a branch in SIL, past which the optimizer moves the
/// additions that depend on it (below a whole run of products, whose results then spill out of the registers), and
/// in long straight-line code LLVM leaves many of those branches in place.
@inline(__always)
func bit(_ flag: Bool) -> UInt64 {
    UInt64(unsafeBitCast(flag, to: UInt8.self))
}

/// a·b + addend + carry as (low, high) words; it cannot overflow: (2⁶⁴−1)² + 2·(2⁶⁴−1) = 2¹²⁸ − 1.
@inline(__always)
func multiplyAdd(_ a: UInt64, _ b: UInt64, _ addend: UInt64, _ carry: UInt64) -> (UInt64, UInt64) {
    let product = a.multipliedFullWidth(by: b)
    let (sum, overflow) = product.low.addingReportingOverflow(addend)
    let (total, overflow2) = sum.addingReportingOverflow(carry)
    return (total, product.high &+ bit(overflow) &+ bit(overflow2))
}

/// a + b + carry (carry 0 or 1) as (sum, carry out).
@inline(__always)
func addWithCarry(_ a: UInt64, _ b: UInt64, _ carry: UInt64) -> (UInt64, UInt64) {
    let (sum, overflow) = a.addingReportingOverflow(b)
    let (total, overflow2) = sum.addingReportingOverflow(carry)
    return (total, bit(overflow) | bit(overflow2))
}

/// a − b − borrow (borrow 0 or 1) as (difference, borrow out).
@inline(__always)
func subtractWithBorrow(_ a: UInt64, _ b: UInt64, _ borrow: UInt64) -> (UInt64, UInt64) {
    let (difference, underflow) = a.subtractingReportingOverflow(b)
    let (total, underflow2) = difference.subtractingReportingOverflow(borrow)
    return (total, bit(underflow) | bit(underflow2))
}
