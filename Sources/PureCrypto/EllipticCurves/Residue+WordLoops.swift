// The residue arithmetic as loops over words of any width, the form of 32-bit targets: on wasm32, with 32-bit words,
// every double-width product is one native `i64.mul` (a 64-bit word's would be a call to `__multi3`), and loops keep
// the WebAssembly module small where straight-line code for four moduli would cost tens of kilobytes. The same
// algorithms as the straight-line code of `Generated/` — CIOS Montgomery multiplication (Koç, Acar, Kaliski 1996),
// one masked correction after an addition or subtraction — on the same values: a residue's limbs are split into
// words, least significant first, and R = 2^(64·limbs) either way. Tested natively with 32-bit and 64-bit words
// against the reference (ECFieldArithmeticTests).

extension Residue {
    /// The Montgomery product a·b·R⁻¹ mod m over `Word`s.
    @inline(never)
    static func wordLoopProduct<Word: ArithmeticWord>(_ a: Self, _ b: Self, as _: Word.Type) -> Self {
        // t of k + 2 words after a, b and m: 4k + 2 words, 98 bytes for P-384 in 32-bit words.
        withWords(of: a, b, as: Word.self, extra: wordCount(Word.self) &+ 2) { x, y, m, t, k in
            t.initialize(repeating: 0, count: k &+ 2)
            let inverse = Word(truncatingIfNeeded: montgomeryInverse)
            for i in 0..<k {
                // t += a · b_i
                let multiplier = y[i]
                var carry: Word = 0
                for j in 0..<k {
                    (t[j], carry) = multiplyAdd(x[j], multiplier, t[j], carry)
                }
                (t[k], t[k &+ 1]) = addWithCarry(t[k], carry, 0)
                // t = (t + μ·m) / 2ʷ, μ = t0 · (−m⁻¹) mod 2ʷ, which makes the low word zero
                let mu = t[0] &* inverse
                (_, carry) = multiplyAdd(mu, m[0], t[0], 0)
                for j in 1..<k {
                    (t[j &- 1], carry) = multiplyAdd(mu, m[j], t[j], carry)
                }
                let high: Word
                (t[k &- 1], high) = addWithCarry(t[k], carry, 0)
                t[k] = t[k &+ 1] &+ high
            }
            return reducedOnce(t, overflow: t[k], modulus: m, count: k)
        }
    }

    /// (a + b) mod m over `Word`s.
    @inline(never)
    static func wordLoopSum<Word: ArithmeticWord>(_ a: Self, _ b: Self, as _: Word.Type) -> Self {
        withWords(of: a, b, as: Word.self, extra: 0) { x, y, m, _, k in
            var carry: Word = 0
            for j in 0..<k {
                (x[j], carry) = addWithCarry(x[j], y[j], carry)
            }
            return reducedOnce(x, overflow: carry, modulus: m, count: k)
        }
    }

    /// (a − b) mod m over `Word`s.
    @inline(never)
    static func wordLoopDifference<Word: ArithmeticWord>(_ a: Self, _ b: Self, as _: Word.Type) -> Self {
        withWords(of: a, b, as: Word.self, extra: 0) { x, y, m, _, k in
            var borrow: Word = 0
            for j in 0..<k {
                (x[j], borrow) = subtractWithBorrow(x[j], y[j], borrow)
            }
            // Add m back when a < b, masked.
            let addBack = 0 &- borrow
            var carry: Word = 0
            for j in 0..<k {
                (x[j], carry) = addWithCarry(x[j], m[j] & addBack, carry)
            }
            return joined(x)
        }
    }

    // MARK: - Words

    /// The number of `Word`s in a residue.
    @inline(__always)
    private static func wordCount<Word: ArithmeticWord>(_: Word.Type) -> Int {
        limbCount &* (64 / Word.bitWidth)
    }

    /// Calls `body` with a, b and m split into `Word`s, least significant first, in a scratch allocation of
    /// k words each, followed by `extra` words of scratch left uninitialized; k, the number of words in a residue, is
    /// the last argument.
    @inline(__always)
    private static func withWords<Word: ArithmeticWord>(
        of a: Self,
        _ b: Self,
        as _: Word.Type,
        extra: Int,
        _ body: (
            _ a: UnsafeMutablePointer<Word>,
            _ b: UnsafeMutablePointer<Word>,
            _ m: UnsafeMutablePointer<Word>,
            _ extra: UnsafeMutablePointer<Word>,
            _ k: Int
        ) -> Self
    ) -> Self {
        let k = wordCount(Word.self)
        return withUnsafeTemporaryAllocation(of: Word.self, capacity: 3 &* k &+ extra) { scratch in
            guard let x = scratch.baseAddress else { return zero }
            let y = x + k
            let m = y + k
            split(a, into: x)
            split(b, into: y)
            split(modulus, into: m)
            return body(x, y, m, m + k, k)
        }
    }

    /// The residue's limbs as `Word`s, least significant first.
    @inline(__always)
    private static func split<Word: ArithmeticWord>(_ value: Self, into words: UnsafeMutablePointer<Word>) {
        let perLimb = 64 / Word.bitWidth
        for limb in 0..<limbCount {
            let bits = value.word(limb)
            for part in 0..<perLimb {
                words[limb &* perLimb &+ part] = Word(truncatingIfNeeded: bits >> UInt64(part &* Word.bitWidth))
            }
        }
    }

    /// The residue whose words, least significant first, are at `words`.
    @inline(__always)
    private static func joined<Word: ArithmeticWord>(_ words: UnsafePointer<Word>) -> Self {
        let perLimb = 64 / Word.bitWidth
        var limbs = Modulus.Limbs()
        withUnsafeMutableBytes(of: &limbs) { bytes in
            for limb in 0..<limbCount {
                var bits: UInt64 = 0
                for part in 0..<perLimb {
                    bits |= UInt64(truncatingIfNeeded: words[limb &* perLimb &+ part]) << UInt64(part &* Word.bitWidth)
                }
                bytes.storeBytes(of: bits, toByteOffset: 8 &* limb, as: UInt64.self)
            }
        }
        return Self(limbs: limbs)
    }

    /// The value `words` + overflow·2^(w·count), below 2m, reduced below m: m subtracted unless that borrows. The
    /// result is written over `words`.
    private static func reducedOnce<Word: ArithmeticWord>(
        _ words: UnsafeMutablePointer<Word>,
        overflow: Word,
        modulus m: UnsafePointer<Word>,
        count k: Int
    ) -> Self {
        var borrow: Word = 0
        for j in 0..<k {
            (_, borrow) = subtractWithBorrow(words[j], m[j], borrow)
        }
        // Subtract m (a mask of all ones) unless the value was below it: overflow < borrow.
        let subtract: Word = bit(overflow < borrow) &- 1
        borrow = 0
        for j in 0..<k {
            (words[j], borrow) = subtractWithBorrow(words[j], m[j] & subtract, borrow)
        }
        return joined(words)
    }
}
