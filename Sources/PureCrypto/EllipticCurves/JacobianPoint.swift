// Points in Jacobian coordinates: (X, Y, Z) stands for the affine (X/Z², Y/Z³), and Z = 0 for the point at
// infinity. Formulas from the Explicit-Formulas Database (Bernstein–Lange, hyperelliptic.org/EFD, "g1p/auto-
// shortw-jacobian-3"): dbl-2001-b for doubling (a = −3), add-2007-bl for addition, madd-2007-bl for adding an
// affine point. The database states each formula's exceptional cases: they compute nonsense when the two inputs
// are equal (H = 0, r = 0), opposite (H = 0, r ≠ 0) or at infinity. Each addition below tests for those cases
// and answers them itself (a doubling, the point at infinity, the other input), so every input is handled.
// Verification works on public data, so these branches may depend on it (docs/crypto.md).

/// A point in Jacobian coordinates; Z = 0 is the point at infinity.
struct JacobianPoint<Field: MontgomeryResidue>: Sendable {
    var x: Field
    var y: Field
    var z: Field

    /// The point at infinity, the identity of the group.
    static var infinity: Self { Self(x: Field.one, y: Field.one, z: Field.zero) }

    @inline(__always)
    init(x: Field, y: Field, z: Field) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The affine point P as (x, y, 1).
    @inline(__always)
    init(_ point: AffinePoint<Field>) {
        self.init(x: point.x, y: point.y, z: Field.one)
    }

    /// Whether this is the point at infinity.
    @inline(__always)
    var isInfinity: Bool { z.isZero }

    /// −P = (X, −Y, Z).
    @inline(__always)
    func negated() -> Self {
        Self(x: x, y: y.negated(), z: z)
    }

    /// 2P, for curves with a = −3: dbl-2001-b, 3M + 5S. The point at infinity doubles to itself (Z₃ = 0 when
    /// Z₁ = 0); a point with Y = 0 has order 2 and exists on no curve of prime order.
    @inline(__always)
    func doubled() -> Self {
        let delta = z.squared()
        let gamma = y.squared()
        let beta = x * gamma
        let sum = x + delta
        let alpha = (x - delta) * (sum + sum + sum)
        let beta4 = beta.doubled().doubled()
        let x3 = alpha.squared() - beta4.doubled()
        let z3 = (y + z).squared() - gamma - delta
        let gamma2 = gamma.squared()
        let y3 = alpha * (beta4 - x3) - gamma2.doubled().doubled().doubled()
        return Self(x: x3, y: y3, z: z3)
    }

    /// ``doubled()`` as a call, for code that doubles rarely: the inlined formula is large.
    @inline(never)
    func doubledOutOfLine() -> Self {
        doubled()
    }

    /// P + Q for any two points: add-2007-bl (11M + 5S), with its exceptional cases answered first.
    func adding(_ other: Self) -> Self {
        if isInfinity { return other }
        if other.isInfinity { return self }
        let z1z1 = z.squared()
        let z2z2 = other.z.squared()
        let u1 = x * z2z2
        let u2 = other.x * z1z1
        let s1 = y * other.z * z2z2
        let s2 = other.y * z * z1z1
        let h = u2 - u1
        let rHalf = s2 - s1
        if h.isZero {
            // Same x: P = Q (double it) or P = −Q (their sum is the point at infinity).
            return rHalf.isZero ? doubled() : .infinity
        }
        let i = h.doubled().squared()
        let j = h * i
        let r = rHalf.doubled()
        let v = u1 * i
        let x3 = r.squared() - j - v.doubled()
        let y3 = r * (v - x3) - (s1 * j).doubled()
        let z3 = ((z + other.z).squared() - z1z1 - z2z2) * h
        return Self(x: x3, y: y3, z: z3)
    }

    /// P + Q for an affine Q: madd-2007-bl (7M + 4S), with its exceptional cases answered first.
    func adding(_ other: AffinePoint<Field>) -> Self {
        if isInfinity { return Self(other) }
        let z1z1 = z.squared()
        let u2 = other.x * z1z1
        let s2 = other.y * z * z1z1
        let h = u2 - x
        let rHalf = s2 - y
        if h.isZero {
            return rHalf.isZero ? doubled() : .infinity
        }
        let hh = h.squared()
        let i = hh.doubled().doubled()
        let j = h * i
        let r = rHalf.doubled()
        let v = x * i
        let x3 = r.squared() - j - v.doubled()
        let y3 = r * (v - x3) - (y * j).doubled()
        let z3 = (z + h).squared() - z1z1 - hh
        return Self(x: x3, y: y3, z: z3)
    }

    /// The affine point, or `nil` for the point at infinity (one inversion). For tests and key encodings; the
    /// verification compares in Jacobian coordinates instead.
    func affine() -> AffinePoint<Field>? {
        guard !isInfinity else { return nil }
        let zInverse = z.inverse()
        let zInverse2 = zInverse.squared()
        return AffinePoint(x: x * zInverse2, y: y * zInverse2 * zInverse)
    }
}
