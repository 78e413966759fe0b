// What the curve code needs of a residue modulo a fixed odd m < R = 2^(64·limbs): `Residue` provides the arithmetic
// for the field primes and group orders of P-256 and P-384, this file what is built on it. Every value is kept in
// Montgomery form x·R mod m, fully reduced (below m), so that equality of residues is equality of limbs.

/// A residue modulo a fixed odd modulus in Montgomery form, fully reduced.
protocol MontgomeryResidue: Sendable, Equatable {
    /// Limbs per value.
    static var limbCount: Int { get }
    /// Bytes of the big-endian encoding: 8 per limb.
    static var byteCount: Int { get }
    /// The modulus itself, as limbs (not a residue).
    static var modulus: Self { get }
    static var zero: Self { get }
    /// 1, in Montgomery form.
    static var one: Self { get }
    /// R² mod m.
    static var montgomeryRSquared: Self { get }
    /// m − 2, as limbs.
    static var inversionExponent: Self { get }
    /// −m⁻¹ mod 2⁶⁴.
    static var montgomeryInverse: UInt64 { get }
    /// The integer 1, as limbs (not a residue).
    static var integerOne: Self { get }

    /// `limbCount` limbs at `words`, least significant first, not converted.
    init(words: UnsafePointer<UInt64>)
    /// `byteCount` big-endian bytes as limbs, not converted.
    init(rawBigEndian bytes: UnsafeRawBufferPointer)
    /// Writes the limbs, not converted, as `byteCount` big-endian bytes.
    func writeRawBigEndian(to bytes: UnsafeMutableRawBufferPointer)
    /// Limb `index`, least significant first; 0 past the top.
    func word(_ index: Int) -> UInt64
    /// Whether the limbs, as integers, are below `other`'s.
    func isBelow(_ other: Self) -> Bool
    var isZero: Bool { get }

    /// The Montgomery product a·b·R⁻¹ mod m.
    static func * (a: Self, b: Self) -> Self
    /// (a + b) mod m.
    static func + (a: Self, b: Self) -> Self
    /// (a − b) mod m.
    static func - (a: Self, b: Self) -> Self
    /// The Montgomery square.
    func squared() -> Self
}

extension MontgomeryResidue {
    /// The residue of an integer below m given as limbs: x·R mod m.
    @inline(__always)
    init(montgomeryFormOf value: Self) {
        self = value * Self.montgomeryRSquared
    }

    /// The residue of `byteCount` big-endian bytes, or `nil` if they encode m or more (a canonical encoding is
    /// required: SEC 1 §2.3.6 for field elements, FIPS 186-5 §6.4.2 for r and s).
    init?(canonicalBigEndian bytes: UnsafeRawBufferPointer) {
        let raw = Self(rawBigEndian: bytes)
        guard raw.isBelow(Self.modulus) else { return nil }
        self.init(montgomeryFormOf: raw)
    }

    /// The integer this residue stands for, below m, as limbs (out of Montgomery form: a product with 1).
    @inline(__always)
    var integer: Self {
        self * Self.integerOne
    }

    /// The integer as `byteCount` big-endian bytes.
    func writeBigEndian(to bytes: UnsafeMutableRawBufferPointer) {
        integer.writeRawBigEndian(to: bytes)
    }

    /// 2·self.
    @inline(__always)
    func doubled() -> Self { self + self }

    /// −self.
    @inline(__always)
    func negated() -> Self { Self.zero - self }

    /// self^exponent (in Montgomery form), left to right over the exponent's bits. Public exponents only: the
    /// running time depends on them (here always constants: m − 2 and (p + 1)/4).
    func power(_ exponent: Self) -> Self {
        // A 4-bit fixed window: 15 precomputed powers, then per window four squarings and at most one product.
        var table = (self, self, self, self, self, self, self, self, self, self, self, self, self, self, self)
        return withUnsafeMutableBytes(of: &table) { storage in
            let powers = storage.bindMemory(to: Self.self)
            // powers[i] = self^(i + 1)
            for index in 1..<15 {
                powers[index] = powers[index - 1] * self
            }
            var result = Self.one
            var started = false
            for limb in stride(from: Self.limbCount - 1, through: 0, by: -1) {
                let word = exponent.word(limb)
                for shift in stride(from: 60, through: 0, by: -4) {
                    if started {
                        result = result.squared().squared().squared().squared()
                    }
                    let digit = Int(truncatingIfNeeded: (word >> UInt64(shift)) & 0xF)
                    if digit != 0 {
                        result = started ? result * powers[digit - 1] : powers[digit - 1]
                        started = true
                    }
                }
            }
            return result
        }
    }

    /// self⁻¹ mod m by Fermat's little theorem (m is prime): self^(m − 2). Zero gives zero.
    func inverse() -> Self {
        power(Self.inversionExponent)
    }
}
