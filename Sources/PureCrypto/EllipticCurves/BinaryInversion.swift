// Inversion for ECDSA verification — of the signature's s modulo n, and of the product of the Z coordinates of the
// public key's multiples modulo p — by the binary extended Euclidean algorithm (Hankerson, Menezes, Vanstone, "Guide
// to Elliptic Curve Cryptography", §2.2.5, Algorithm 2.22): shifts and subtractions of limbs where Fermat's power
// m − 2 costs a Montgomery product or square per bit. Its running time and branches depend on the value, so it
// serves public values only (docs/crypto.md, "Timing").

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
        let count = Self.limbCount
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 5 * count) { scratch in
            guard let u = scratch.baseAddress else { return .zero }
            let v = u + count
            let x1 = v + count
            let x2 = x1 + count
            let m = x2 + count
            for index in 0..<count {
                u[index] = word(index)
                m[index] = Self.modulus.word(index)
                v[index] = m[index]
                x1[index] = index == 0 ? 1 : 0
                x2[index] = 0
            }
            let words = BinaryInversionWords(count: count, modulus: m)
            // Invariants: x1·self ≡ u and x2·self ≡ v (mod m), u and v positive with gcd 1 (m is prime and
            // 0 < self < m). Every round halves u or v or lowers the larger one, so u + v falls to 2 within
            // 2·64·count halvings; u = v happens only at 1, where the loop has stopped.
            while !words.isOne(u), !words.isOne(v) {
                while u[0] & 1 == 0 {
                    words.halve(u)
                    words.halveModulo(x1)
                }
                while v[0] & 1 == 0 {
                    words.halve(v)
                    words.halveModulo(x2)
                }
                if words.isBelow(u, v) {
                    words.subtract(v, u)
                    words.subtractModulo(x2, x1)
                } else {
                    words.subtract(u, v)
                    words.subtractModulo(x1, x2)
                }
            }
            return Self(words: words.isOne(u) ? x1 : x2)
        }
    }
}

/// The limb operations of the binary inversion on `count` limbs, least significant first.
private struct BinaryInversionWords {
    let count: Int
    let modulus: UnsafeMutablePointer<UInt64>

    @inline(__always)
    func isOne(_ a: UnsafeMutablePointer<UInt64>) -> Bool {
        var high: UInt64 = 0
        for index in 1..<count { high |= a[index] }
        return a[0] == 1 && high == 0
    }

    /// Whether a < b.
    @inline(__always)
    func isBelow(_ a: UnsafeMutablePointer<UInt64>, _ b: UnsafeMutablePointer<UInt64>) -> Bool {
        var index = count &- 1
        while index >= 0 {
            if a[index] != b[index] { return a[index] < b[index] }
            index &-= 1
        }
        return false
    }

    /// a ← a / 2 for an even a.
    @inline(__always)
    func halve(_ a: UnsafeMutablePointer<UInt64>) {
        for index in 0..<(count &- 1) {
            a[index] = a[index] >> 1 | a[index &+ 1] << 63
        }
        a[count &- 1] >>= 1
    }

    /// a ← a / 2 mod m for a < m: (a + m) / 2 when a is odd, m being odd; a + m < 2m takes one bit above the limbs.
    @inline(__always)
    func halveModulo(_ a: UnsafeMutablePointer<UInt64>) {
        let addend: UInt64 = 0 &- (a[0] & 1)
        var carry: UInt64 = 0
        for index in 0..<count {
            (a[index], carry) = addWithCarry(a[index], modulus[index] & addend, carry)
        }
        for index in 0..<(count &- 1) {
            a[index] = a[index] >> 1 | a[index &+ 1] << 63
        }
        a[count &- 1] = a[count &- 1] >> 1 | carry << 63
    }

    /// a ← a − b for b ≤ a.
    @inline(__always)
    func subtract(_ a: UnsafeMutablePointer<UInt64>, _ b: UnsafeMutablePointer<UInt64>) {
        var borrow: UInt64 = 0
        for index in 0..<count {
            (a[index], borrow) = subtractWithBorrow(a[index], b[index], borrow)
        }
    }

    /// a ← (a − b) mod m for a, b < m.
    @inline(__always)
    func subtractModulo(_ a: UnsafeMutablePointer<UInt64>, _ b: UnsafeMutablePointer<UInt64>) {
        var borrow: UInt64 = 0
        for index in 0..<count {
            (a[index], borrow) = subtractWithBorrow(a[index], b[index], borrow)
        }
        let addBack: UInt64 = 0 &- borrow
        var carry: UInt64 = 0
        for index in 0..<count {
            (a[index], carry) = addWithCarry(a[index], modulus[index] & addBack, carry)
        }
    }
}
