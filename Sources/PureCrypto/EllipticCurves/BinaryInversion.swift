// Inversion for ECDSA verification — of the signature's s modulo n, and of the product of the Z coordinates of the
// public key's multiples modulo p — by the binary extended Euclidean algorithm (Hankerson, Menezes, Vanstone, "Guide
// to Elliptic Curve Cryptography", §2.2.5, Algorithm 2.22), where Fermat's power m − 2 costs a Montgomery product or
// square per bit. Its steps run thirty at a time on one-word approximations (Pornin's optimized binary GCD) and are
// then applied to the whole numbers. The running time and branches depend on the value, so it serves public values
// only (docs/crypto.md, "Timing").

extension MontgomeryResidue {
    /// self⁻¹ (Montgomery form in and out) by the binary algorithm: the limbs x·R invert to x⁻¹·R⁻¹, and two
    /// products by R² bring that to x⁻¹·R. Zero gives zero. Variable time: public values only.
    func inverseVariableTime() -> Self {
        Self(montgomeryFormOf: Self(montgomeryFormOf: integerInverse()))
    }

    /// self⁻¹ mod m for the integer self (limbs, not a residue), 0 < self < m with m prime, as an integer; zero
    /// gives zero. Variable time: public values only.
    func integerInverse() -> Self {
        guard !isZero, isBelow(Self.modulus) else { return .zero }
        // Twice the proven bound only guards termination; should it ever be reached, zero fails the verification
        // closed (s⁻¹ = 0 makes u1·G + u2·Q the point at infinity).
        return integerInverse(maximumRounds: 2 * Self.inversionRounds) ?? .zero
    }

    /// The rounds the optimized binary GCD needs at most: ⌈(2·bits(m) − 1) / 30⌉, 26 for P-384 and 18 for P-256.
    package static var inversionRounds: Int { (2 * 64 * limbCount - 1 + 29) / 30 }

    /// self⁻¹ mod m by Pornin's optimized binary GCD ("Optimized Binary GCD for Modular Inversion", IACR ePrint
    /// 2020/972, Algorithm 2 with k = 31): the steps of the binary algorithm run thirty at a time on 62-bit
    /// approximations of a and b (their low 30 bits exact, which decide every parity, and the 32 bits below the
    /// top of the longer one, which decide the comparisons), and the thirty steps are then applied to the whole
    /// numbers as one linear map. A comparison the approximation gets wrong makes a value negative, which the
    /// map's sign fixes. `nil` if the numbers have not met within `maximumRounds`. Needs 0 < self < m.
    package func integerInverse(maximumRounds: Int) -> Self? {
        let count = Self.limbCount
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 7 * count + 2) { scratch in
            guard let a = scratch.baseAddress else { return nil }
            let b = a + count
            let u = b + count
            let v = u + count
            let m = v + count
            let first = m + count
            let second = first + (count + 1)
            for index in 0..<count {
                a[index] = word(index)
                m[index] = Self.modulus.word(index)
                b[index] = m[index]
                u[index] = index == 0 ? 1 : 0
                v[index] = 0
            }
            let words = ApproximateInversionWords(count: count, modulus: m, inverse: Self.montgomeryInverse)
            // Invariants: a ≡ u·self and b ≡ v·self (mod m); b odd; gcd(a, b) = gcd(self, m) = 1. When a reaches
            // zero, b is that gcd and v is self⁻¹.
            var rounds = 0
            while !words.isZero(a) {
                guard rounds < maximumRounds else { return nil }
                rounds += 1
                var (f0, g0, f1, g1) = words.thirtySteps(a, b)
                // (a, b) ← ((a·f0 + b·g0) / 2³⁰, (a·f1 + b·g1) / 2³⁰), exact divisions; a negative result is
                // negated together with its factors, so that the invariants keep holding for u and v.
                words.combine(a, f0, b, g0, into: first)
                words.combine(a, f1, b, g1, into: second)
                if words.shiftOutThirtyBits(first, into: a) {
                    f0 = -f0
                    g0 = -g0
                }
                if words.shiftOutThirtyBits(second, into: b) {
                    f1 = -f1
                    g1 = -g1
                }
                // (u, v) ← ((u·f0 + v·g0) / 2³⁰, (u·f1 + v·g1) / 2³⁰) mod m.
                words.combine(u, f0, v, g0, into: first)
                words.combine(u, f1, v, g1, into: second)
                words.divideByTwoToTheThirtyModulo(first, into: u)
                words.divideByTwoToTheThirtyModulo(second, into: v)
            }
            guard words.isOne(b) else { return nil }
            return Self(words: v)
        }
    }
}

/// The limb operations of the optimized binary GCD on `count` limbs, least significant first. Signed intermediate
/// values are two's complement in `count + 1` limbs.
private struct ApproximateInversionWords {
    let count: Int
    let modulus: UnsafeMutablePointer<UInt64>
    /// −m⁻¹ mod 2⁶⁴; its low 30 bits are −m⁻¹ mod 2³⁰.
    let inverse: UInt64

    static var lowMask: UInt64 { (1 << 30) - 1 }

    @inline(__always)
    func isZero(_ a: UnsafeMutablePointer<UInt64>) -> Bool {
        var bits: UInt64 = 0
        for index in 0..<count { bits |= a[index] }
        return bits == 0
    }

    @inline(__always)
    func isOne(_ a: UnsafeMutablePointer<UInt64>) -> Bool {
        var high: UInt64 = 0
        for index in 1..<count { high |= a[index] }
        return a[0] == 1 && high == 0
    }

    /// Thirty steps of the binary algorithm on approximations of a and b (b odd), returning the factors with
    /// (a·f0 + b·g0) / 2³⁰ and (a·f1 + b·g1) / 2³⁰ the values they lead to. Each approximation has the number's
    /// low 30 bits and, above them, the 32 bits below the top of the longer number: exact while both numbers fit
    /// 62 bits. Every factor stays within ±2³⁰, and |f0| + |g0| ≤ 2³⁰ (likewise f1, g1).
    @inline(__always)
    func thirtySteps(
        _ a: UnsafeMutablePointer<UInt64>,
        _ b: UnsafeMutablePointer<UInt64>
    ) -> (Int64, Int64, Int64, Int64) {
        var top = count - 1
        while top > 0, a[top] | b[top] == 0 { top -= 1 }
        let length = 64 * top + 64 - (a[top] | b[top]).leadingZeroBitCount
        var x: UInt64
        var y: UInt64
        if length <= 62 {
            x = a[0]
            y = b[0]
        } else {
            x = a[0] & Self.lowMask | topBits(a, below: length) << 30
            y = b[0] & Self.lowMask | topBits(b, below: length) << 30
        }
        var f0: Int64 = 1
        var g0: Int64 = 0
        var f1: Int64 = 0
        var g1: Int64 = 1
        for _ in 0..<30 {
            if x & 1 != 0 {
                if x < y {
                    swap(&x, &y)
                    swap(&f0, &f1)
                    swap(&g0, &g1)
                }
                // Both odd: the difference is even.
                x &-= y
                f0 &-= f1
                g0 &-= g1
            }
            x >>= 1
            f1 &<<= 1
            g1 &<<= 1
        }
        return (f0, g0, f1, g1)
    }

    /// The 32 bits of `a` just below bit `length` (length > 62).
    @inline(__always)
    private func topBits(_ a: UnsafeMutablePointer<UInt64>, below length: Int) -> UInt64 {
        let start = length - 32
        let limb = start >> 6
        let shift = UInt64(start & 63)
        var bits = a[limb] >> shift
        if shift > 32, limb + 1 < count { bits |= a[limb + 1] << (64 - shift) }
        return bits & 0xFFFF_FFFF
    }

    /// r ← x·f + y·g (two's complement, `count + 1` limbs) for x, y below 2^(64·count) and |f|, |g| ≤ 2³⁰.
    @inline(__always)
    func combine(
        _ x: UnsafeMutablePointer<UInt64>,
        _ f: Int64,
        _ y: UnsafeMutablePointer<UInt64>,
        _ g: Int64,
        into r: UnsafeMutablePointer<UInt64>
    ) {
        // Each product as a magnitude, complemented when its factor is negative; the +1 of each complement
        // enters as the initial carry.
        let fMask: UInt64 = f < 0 ? ~0 : 0
        let gMask: UInt64 = g < 0 ? ~0 : 0
        let fMagnitude = f.magnitude
        let gMagnitude = g.magnitude
        var xCarry: UInt64 = 0
        var yCarry: UInt64 = 0
        var carry: UInt64 = (fMask & 1) &+ (gMask & 1)
        for index in 0...count {
            var xWord = xCarry
            var yWord = yCarry
            if index < count {
                (xCarry, xWord) = multiplyByHalfWord(x[index], fMagnitude, adding: xCarry)
                (yCarry, yWord) = multiplyByHalfWord(y[index], gMagnitude, adding: yCarry)
            }
            let (sum, overflow) = (xWord ^ fMask).addingReportingOverflow(yWord ^ gMask)
            let (total, overflow2) = sum.addingReportingOverflow(carry)
            r[index] = total
            carry = (overflow ? 1 : 0) &+ (overflow2 ? 1 : 0)
        }
    }

    /// out ← |r| / 2³⁰ for r divisible by 2³⁰ with |r| / 2³⁰ below 2^(64·count); whether r was negative.
    @inline(__always)
    func shiftOutThirtyBits(_ r: UnsafeMutablePointer<UInt64>, into out: UnsafeMutablePointer<UInt64>) -> Bool {
        let negative = r[count] >> 63 != 0
        if negative { negate(r) }
        for index in 0..<count {
            out[index] = r[index] >> 30 | r[index + 1] << 34
        }
        return negative
    }

    /// out ← r / 2³⁰ mod m, in [0, m), for a signed r with |r| < 2³⁰·m: r + q·m with q = r·(−m⁻¹) mod 2³⁰ is
    /// divisible by 2³⁰, and its quotient lies in (−2m, 2m).
    @inline(__always)
    func divideByTwoToTheThirtyModulo(_ r: UnsafeMutablePointer<UInt64>, into out: UnsafeMutablePointer<UInt64>) {
        let q = (r[0] &* inverse) & Self.lowMask
        var productCarry: UInt64 = 0
        var carry: UInt64 = 0
        for index in 0...count {
            var word = productCarry
            if index < count {
                (productCarry, word) = multiplyByHalfWord(modulus[index], q, adding: productCarry)
            }
            (r[index], carry) = addWithCarry(r[index], word, carry)
        }
        // Arithmetic shift right by 30 bits.
        for index in 0..<count {
            r[index] = r[index] >> 30 | r[index + 1] << 34
        }
        r[count] = UInt64(bitPattern: Int64(bitPattern: r[count]) >> 30)
        while r[count] >> 63 != 0 { addModulus(r) }
        while !isBelowModulus(r) { subtractModulus(r) }
        for index in 0..<count { out[index] = r[index] }
    }

    @inline(__always)
    private func negate(_ r: UnsafeMutablePointer<UInt64>) {
        var carry: UInt64 = 1
        for index in 0...count {
            (r[index], carry) = addWithCarry(~r[index], 0, carry)
        }
    }

    @inline(__always)
    private func addModulus(_ r: UnsafeMutablePointer<UInt64>) {
        var carry: UInt64 = 0
        for index in 0..<count {
            (r[index], carry) = addWithCarry(r[index], modulus[index], carry)
        }
        r[count] &+= carry
    }

    @inline(__always)
    private func subtractModulus(_ r: UnsafeMutablePointer<UInt64>) {
        var borrow: UInt64 = 0
        for index in 0..<count {
            (r[index], borrow) = subtractWithBorrow(r[index], modulus[index], borrow)
        }
        r[count] &-= borrow
    }

    /// Whether the non-negative r is below m.
    @inline(__always)
    private func isBelowModulus(_ r: UnsafeMutablePointer<UInt64>) -> Bool {
        if r[count] != 0 { return false }
        var index = count - 1
        while index >= 0 {
            if r[index] != modulus[index] { return r[index] < modulus[index] }
            index -= 1
        }
        return false
    }
}

/// (high, low) of x·f + addend for f below 2³² and addend below 2⁶⁴: two 32 × 32-bit products where the
/// 64 × 64 → 128-bit product is not native (wasm32 would call `__multi3` for it).
@inline(__always)
private func multiplyByHalfWord(_ x: UInt64, _ f: UInt64, adding addend: UInt64) -> (UInt64, UInt64) {
    #if _pointerBitWidth(_32)
    let lowProduct = (x & 0xFFFF_FFFF) &* f
    let highProduct = (x >> 32) &* f
    let (low, overflow) = lowProduct.addingReportingOverflow(highProduct << 32)
    let (total, overflow2) = low.addingReportingOverflow(addend)
    return ((highProduct >> 32) &+ (overflow ? 1 : 0) &+ (overflow2 ? 1 : 0), total)
    #else
    let product = x.multipliedFullWidth(by: f)
    let (total, overflow) = product.low.addingReportingOverflow(addend)
    return (product.high &+ (overflow ? 1 : 0), total)
    #endif
}
