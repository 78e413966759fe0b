// The three word operations of the generated Montgomery arithmetic. Carries are 0 or 1 in a full word, made from
// the overflow flags by `bit(_:)`, a bit cast rather than `flag ? 1 : 0`: the conditional operator is a branch in
// SIL, and in long straight-line code LLVM leaves many of those branches in place, on carries that follow the
// data. With the bit cast every carry is a `setb`, `adc` or `sbb` (docs/crypto.md, "Arithmetic").

/// 1 if `flag` is set, else 0, without a branch (a `Bool` is one byte holding 0 or 1).
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
