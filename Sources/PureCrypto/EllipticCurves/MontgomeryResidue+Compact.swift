// The residue arithmetic as loops over the limbs, for Embedded builds: the WebAssembly module counts its bytes, and
// there the generated straight-line code of four moduli (each 64×64-bit product a call or a dozen 32-bit
// instructions) would cost tens of kilobytes. The same algorithms as the generated code — CIOS Montgomery
// multiplication (Koç, Acar, Kaliski 1996), one masked correction after an addition or subtraction — and tested
// against it natively (ECFieldArithmeticTests).

extension MontgomeryResidue {
    /// The Montgomery product a·b·R⁻¹ mod m, limb by limb.
    @inline(never)
    static func compactProduct(_ a: Self, _ b: Self) -> Self {
        let k = limbCount
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutablePointer(to: &words) { tuple in
            let t = UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: UInt64.self)
            for i in 0..<k {
                // t += a · b_i
                let multiplier = b.word(i)
                var carry: UInt64 = 0
                for j in 0..<k {
                    (t[j], carry) = multiplyAdd(a.word(j), multiplier, t[j], carry)
                }
                (t[k], t[k + 1]) = addWithCarry(t[k], carry, 0)
                // t = (t + μ·m) / 2⁶⁴, μ = t0 · (−m⁻¹) mod 2⁶⁴
                let mu = t[0] &* montgomeryInverse
                (_, carry) = multiplyAdd(mu, modulus.word(0), t[0], 0)
                for j in 1..<k {
                    (t[j - 1], carry) = multiplyAdd(mu, modulus.word(j), t[j], carry)
                }
                let high: UInt64
                (t[k - 1], high) = addWithCarry(t[k], carry, 0)
                t[k] = t[k + 1] &+ high
            }
            return reducedOnce(t, overflow: t[k])
        }
    }

    /// (a + b) mod m, limb by limb.
    @inline(never)
    static func compactSum(_ a: Self, _ b: Self) -> Self {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        return withUnsafeMutablePointer(to: &words) { tuple in
            let s = UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: UInt64.self)
            var carry: UInt64 = 0
            for j in 0..<limbCount {
                (s[j], carry) = addWithCarry(a.word(j), b.word(j), carry)
            }
            return reducedOnce(s, overflow: carry)
        }
    }

    /// (a − b) mod m, limb by limb.
    @inline(never)
    static func compactDifference(_ a: Self, _ b: Self) -> Self {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        return withUnsafeMutablePointer(to: &words) { tuple in
            let d = UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: UInt64.self)
            var borrow: UInt64 = 0
            for j in 0..<limbCount {
                (d[j], borrow) = subtractWithBorrow(a.word(j), b.word(j), borrow)
            }
            // Add m back when a < b, masked.
            let addBack = 0 &- borrow
            var carry: UInt64 = 0
            for j in 0..<limbCount {
                (d[j], carry) = addWithCarry(d[j], modulus.word(j) & addBack, carry)
            }
            return Self(words: UnsafePointer(d))
        }
    }

    /// The value `words` + overflow·2^(64·limbs), below 2m, reduced below m: m subtracted unless that borrows.
    private static func reducedOnce(_ words: UnsafeMutablePointer<UInt64>, overflow: UInt64) -> Self {
        var differences: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        return withUnsafeMutablePointer(to: &differences) { tuple in
            let d = UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: UInt64.self)
            var borrow: UInt64 = 0
            for j in 0..<limbCount {
                (d[j], borrow) = subtractWithBorrow(words[j], modulus.word(j), borrow)
            }
            let keep = 0 &- bit(overflow < borrow)
            for j in 0..<limbCount {
                d[j] = words[j] & keep | d[j] & ~keep
            }
            return Self(words: UnsafePointer(d))
        }
    }
}
