// The three word operations of the generated Montgomery arithmetic. Carries are 0 or 1 in a full word, made from
// the overflow flags by `? 1 : 0`, which the compiler turns into `setc`/`adc`/`sbb` in straight-line code (no
// branch on the data): see docs/crypto.md, "Elliptic curves".

/// a·b + addend + carry as (low, high) words; it cannot overflow: (2⁶⁴−1)² + 2·(2⁶⁴−1) = 2¹²⁸ − 1.
@inline(__always)
func multiplyAdd(_ a: UInt64, _ b: UInt64, _ addend: UInt64, _ carry: UInt64) -> (UInt64, UInt64) {
    let product = a.multipliedFullWidth(by: b)
    let (sum, overflow) = product.low.addingReportingOverflow(addend)
    let (total, overflow2) = sum.addingReportingOverflow(carry)
    return (total, product.high &+ (overflow ? 1 : 0) &+ (overflow2 ? 1 : 0))
}

/// a + b + carry (carry 0 or 1) as (sum, carry out).
@inline(__always)
func addWithCarry(_ a: UInt64, _ b: UInt64, _ carry: UInt64) -> (UInt64, UInt64) {
    let (sum, overflow) = a.addingReportingOverflow(b)
    let (total, overflow2) = sum.addingReportingOverflow(carry)
    return (total, (overflow ? 1 : 0) | (overflow2 ? 1 : 0))
}

/// a − b − borrow (borrow 0 or 1) as (difference, borrow out).
@inline(__always)
func subtractWithBorrow(_ a: UInt64, _ b: UInt64, _ borrow: UInt64) -> (UInt64, UInt64) {
    let (difference, underflow) = a.subtractingReportingOverflow(b)
    let (total, underflow2) = difference.subtractingReportingOverflow(borrow)
    return (total, (underflow ? 1 : 0) | (underflow2 ? 1 : 0))
}
