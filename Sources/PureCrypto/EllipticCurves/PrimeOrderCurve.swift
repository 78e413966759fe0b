// The curves of this module: short Weierstrass curves y² = x³ − 3x + b over GF(p) whose group of points has
// prime order n (cofactor 1), as NIST P-256 and P-384 are (FIPS 186-5, SP 800-186 §3.2.1). Their constants are
// generated (`Generated/P256Constants.swift`, `Generated/P384Constants.swift`, by scripts/generate-elliptic-curves.py,
// which checks them).

/// A NIST prime curve y² = x³ − 3x + b of prime order: its field, its scalars and its constants.
protocol PrimeOrderCurve {
    /// Elements of GF(p).
    associatedtype Field: MontgomeryResidue
    /// Integers modulo n, the order of the generator (and of the whole group). Same limb count as `Field`.
    associatedtype Scalar: MontgomeryResidue

    /// b, in Montgomery form.
    static var b: Field { get }
    /// (p + 1)/4, as limbs.
    static var squareRootExponent: Field { get }
    /// n as a field element, in Montgomery form.
    static var orderInField: Field { get }
    /// p − n, as scalar limbs.
    static var primeMinusOrder: Scalar { get }
    /// The width w of the generator's window: `generatorMultiples` holds 2^(w − 2) points.
    static var generatorWindow: Int { get }
    /// 1·G, 3·G, …, (2^(w−1) − 1)·G, affine, x then y in Montgomery form, limbs least significant first.
    static var generatorMultiples: [UInt64] { get }
    /// ``generatorMultiples`` as points.
    static var generatorOddMultiples: [AffinePoint<Field>] { get }
    /// G's ``SpacedMultiples``, for verifications with a precomputed key.
    static var generatorSpacedMultiples: SpacedMultiples<Field> { get }
}

/// NIST P-256 (secp256r1), SP 800-186 §3.2.1.3.
enum P256Curve: PrimeOrderCurve {
    typealias Field = Residue<P256Prime>
    typealias Scalar = Residue<P256Order>
}

/// NIST P-384 (secp384r1), SP 800-186 §3.2.1.4.
enum P384Curve: PrimeOrderCurve {
    typealias Field = Residue<P384Prime>
    typealias Scalar = Residue<P384Order>
}

extension PrimeOrderCurve {
    /// x³ − 3x + b, the right-hand side of the curve equation.
    @inline(__always)
    static func rightHandSide(_ x: Field) -> Field {
        let xSquaredMinusThree = x.squared() - (Field.one + Field.one + Field.one)
        return xSquaredMinusThree * x + b
    }

    /// Whether the affine point (x, y) satisfies y² = x³ − 3x + b.
    static func isOnCurve(x: Field, y: Field) -> Bool {
        y.squared() == rightHandSide(x)
    }

    /// The y with y² = x³ − 3x + b whose integer value has the given parity, or `nil` if x³ − 3x + b is not a
    /// square (no point has this x) or the root is 0 and odd parity is asked for. SEC 1 §2.3.4 step 2.4.
    static func y(forX x: Field, odd: Bool) -> Field? {
        let square = rightHandSide(x)
        // p ≡ 3 (mod 4): a square's roots are ±square^((p+1)/4).
        let root = square.power(squareRootExponent)
        guard root.squared() == square else { return nil }
        let rootIsOdd = root.integer.word(0) & 1 == 1
        if rootIsOdd == odd { return root }
        guard !root.isZero else { return nil }
        return root.negated()
    }
}
