// One residue type for the four moduli of the curves (the field primes and group orders of P-256 and P-384),
// generic over the modulus: its constants are static members of a generated type (`Generated/P256Constants.swift`,
// `Generated/P384Constants.swift`), and its arithmetic is that of its limb count (`Generated/Limbs4.swift`,
// `Generated/Limbs6.swift`), which takes the modulus as an argument. A release build specialises the generic code for
// each modulus and inlines the constants into the straight-line arithmetic, so the limbs of m are literals there,
// folded where they are 0 or 2⁶⁴ − 1, as if each modulus had its own code.
//
// Two forms, chosen at compile time (docs/crypto.md, "Arithmetic forms"):
// - 64-bit targets: the generated straight-line code over 64-bit limbs, no loop and no branch;
// - 32-bit targets (wasm32): loops over 32-bit words (`Residue+WordLoops.swift`), whose double-width products the
//   target has natively, a fraction of the size of straight-line code. The value is the same either way: the same
//   limbs in memory and the same R = 2^(64·limbs) = 2^(32·2·limbs), so every constant serves both forms.
// Both forms are tested natively against a reference (ECFieldArithmeticTests).

/// A fixed odd modulus m < R = 2^(64·limbs) and its Montgomery constants, generated and checked by
/// scripts/generate-elliptic-curves.py.
protocol ResidueModulus: Sendable {
    /// The limbs of a residue, and their arithmetic.
    associatedtype Limbs: MontgomeryLimbs
    /// m.
    static var modulus: Limbs { get }
    /// R mod m: 1 in Montgomery form.
    static var rModulo: Limbs { get }
    /// R² mod m: a Montgomery product with it brings a value into Montgomery form.
    static var rSquaredModulo: Limbs { get }
    /// m − 2, the exponent of inversion by Fermat's little theorem.
    static var inversionExponent: Limbs { get }
    /// −m⁻¹ mod 2⁶⁴; its low 32 bits are −m⁻¹ mod 2³², the 32-bit form's.
    static var montgomeryInverse: UInt64 { get }
    /// a·b·R⁻¹ mod m in the 64-bit form: `Limbs.product` unless the modulus has code of its own.
    static func product(_ a: Limbs, _ b: Limbs) -> Limbs
    /// a²·R⁻¹ mod m in the 64-bit form: `Limbs.square` unless the modulus has code of its own.
    static func square(_ a: Limbs) -> Limbs
}

// The 64-bit products and squares are calls, specialised per modulus, here and in `Generated/P384PrimeReduction.swift`:
// inlined into the point formulas, where a dozen of them meet, their limbs and partial products competed for
// x86-64's sixteen general registers and spilled to the stack, which cost more than the calls (docs/crypto.md,
// ECDSA, "Arithmetic"; arm64, with 31 registers, was not measured). Sums and differences stay inline.
extension ResidueModulus {
    /// The limb count's Montgomery product, for any modulus.
    @inline(never)
    static func product(_ a: Limbs, _ b: Limbs) -> Limbs {
        .product(a, b, modulus: modulus, inverse: montgomeryInverse)
    }

    /// The limb count's Montgomery square, for any modulus.
    @inline(never)
    static func square(_ a: Limbs) -> Limbs {
        .square(a, modulus: modulus, inverse: montgomeryInverse)
    }
}

/// A fixed number of 64-bit limbs, least significant first and stored in that order, with the straight-line
/// Montgomery arithmetic of that count for any odd modulus m < 2^(64·count) given as an argument. Operands below m.
protocol MontgomeryLimbs: Sendable {
    /// The number of limbs.
    static var count: Int { get }
    /// Zero.
    init()
    /// a·b·R⁻¹ mod m, R = 2^(64·count); `inverse` is −m⁻¹ mod 2⁶⁴.
    static func product(_ a: Self, _ b: Self, modulus m: Self, inverse: UInt64) -> Self
    /// a²·R⁻¹ mod m.
    static func square(_ a: Self, modulus m: Self, inverse: UInt64) -> Self
    /// (a + b) mod m.
    static func sum(_ a: Self, _ b: Self, modulus m: Self) -> Self
    /// (a − b) mod m.
    static func difference(_ a: Self, _ b: Self, modulus m: Self) -> Self
}

extension MontgomeryLimbs {
    /// Limb `index`, least significant first; 0 past the top.
    @inline(__always)
    func word(_ index: Int) -> UInt64 {
        guard index < Self.count else { return 0 }
        return withUnsafeBytes(of: self) { $0.load(fromByteOffset: 8 &* index, as: UInt64.self) }
    }

    /// `count` limbs at `words`, least significant first.
    @inline(__always)
    init(words: UnsafePointer<UInt64>) {
        self.init()
        withUnsafeMutableBytes(of: &self) { limbs in
            for index in 0..<Self.count {
                limbs.storeBytes(of: words[index], toByteOffset: 8 &* index, as: UInt64.self)
            }
        }
    }
}

/// A residue modulo `Modulus.modulus` in Montgomery form x·R mod m, R = 2^(64·limbs), always fully reduced (below m),
/// so that equality of residues is equality of limbs.
struct Residue<Modulus: ResidueModulus>: MontgomeryResidue {
    var limbs: Modulus.Limbs

    @inline(__always)
    init(limbs: Modulus.Limbs) {
        self.limbs = limbs
    }

    static var limbCount: Int { Modulus.Limbs.count }
    static var byteCount: Int { 8 * limbCount }
    static var modulus: Self { Self(limbs: Modulus.modulus) }
    static var zero: Self { Self(limbs: Modulus.Limbs()) }
    static var one: Self { Self(limbs: Modulus.rModulo) }
    static var montgomeryRSquared: Self { Self(limbs: Modulus.rSquaredModulo) }
    static var inversionExponent: Self { Self(limbs: Modulus.inversionExponent) }
    static var montgomeryInverse: UInt64 { Modulus.montgomeryInverse }

    static var integerOne: Self {
        var limbs = Modulus.Limbs()
        withUnsafeMutableBytes(of: &limbs) { $0.storeBytes(of: 1 as UInt64, toByteOffset: 0, as: UInt64.self) }
        return Self(limbs: limbs)
    }

    @inline(__always)
    init(words: UnsafePointer<UInt64>) {
        self.init(limbs: Modulus.Limbs(words: words))
    }

    @inline(__always)
    init(rawBigEndian bytes: UnsafeRawBufferPointer) {
        var limbs = Modulus.Limbs()
        let count = Self.limbCount
        withUnsafeMutableBytes(of: &limbs) { words in
            for index in 0..<count {
                let word = bytes.loadUnaligned(fromByteOffset: 8 &* (count &- 1 &- index), as: UInt64.self)
                words.storeBytes(of: UInt64(bigEndian: word), toByteOffset: 8 &* index, as: UInt64.self)
            }
        }
        self.init(limbs: limbs)
    }

    @inline(__always)
    func writeRawBigEndian(to bytes: UnsafeMutableRawBufferPointer) {
        let count = Self.limbCount
        for index in 0..<count {
            bytes.storeBytes(of: word(index).bigEndian, toByteOffset: 8 &* (count &- 1 &- index), as: UInt64.self)
        }
    }

    @inline(__always)
    func word(_ index: Int) -> UInt64 {
        limbs.word(index)
    }

    @inline(__always)
    func isBelow(_ other: Self) -> Bool {
        // From the top limb down; the limbs are public data (docs/crypto.md, "Timing").
        var index = Self.limbCount &- 1
        while index >= 0 {
            let (mine, theirs) = (word(index), other.word(index))
            if mine != theirs { return mine < theirs }
            index &-= 1
        }
        return false
    }

    @inline(__always)
    var isZero: Bool {
        var any: UInt64 = 0
        for index in 0..<Self.limbCount { any |= word(index) }
        return any == 0
    }

    @inline(__always)
    static func == (lhs: Self, rhs: Self) -> Bool {
        var difference: UInt64 = 0
        for index in 0..<limbCount { difference |= lhs.word(index) ^ rhs.word(index) }
        return difference == 0
    }

    // MARK: - Arithmetic, in the form of the target

    @inline(__always)
    static func * (a: Self, b: Self) -> Self {
        #if _pointerBitWidth(_32)
        wordLoopProduct(a, b, as: UInt32.self)
        #else
        Self(limbs: Modulus.product(a.limbs, b.limbs))
        #endif
    }

    @inline(__always)
    func squared() -> Self {
        #if _pointerBitWidth(_32)
        Self.wordLoopProduct(self, self, as: UInt32.self)
        #else
        Self(limbs: Modulus.square(limbs))
        #endif
    }

    @inline(__always)
    static func + (a: Self, b: Self) -> Self {
        #if _pointerBitWidth(_32)
        wordLoopSum(a, b, as: UInt32.self)
        #else
        Self(limbs: .sum(a.limbs, b.limbs, modulus: Modulus.modulus))
        #endif
    }

    @inline(__always)
    static func - (a: Self, b: Self) -> Self {
        #if _pointerBitWidth(_32)
        wordLoopDifference(a, b, as: UInt32.self)
        #else
        Self(limbs: .difference(a.limbs, b.limbs, modulus: Modulus.modulus))
        #endif
    }
}
