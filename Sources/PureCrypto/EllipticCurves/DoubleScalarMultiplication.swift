// u1·G + u2·Q, the heart of ECDSA verification, by Straus' method ("Shamir's trick"; Hankerson–Menezes–Vanstone
// §3.3.3, Algorithm 3.51 with wNAF): both scalars in width-w NAF, one shared chain of doublings from the top
// digit down, and at each position the additions the two digits ask for. G's odd multiples are a generated
// table of affine points; Q's are computed here and made affine with one inversion, so that every addition is a
// mixed one. Everything lives on the stack: the digits in a temporary allocation under the standard library's
// 1 KiB stack limit, Q's tables in tuples.

extension PrimeOrderCurve {
    /// The width of Q's window: its table holds 2^(w−2) = 8 points.
    static var publicKeyWindow: Int { 5 }
    /// The points of Q's table, 2^(w−2), which the tuples below hold.
    static var pointTableCount: Int { 1 << (publicKeyWindow - 2) }

    /// u1·G + u2·Q in Jacobian coordinates (the point at infinity when it is). `u1` and `u2` are integers
    /// (not residues), `Scalar.limbCount` limbs each; any values below 2^(64·limbs) work.
    static func multiplyAdd(
        generatorScalar u1: Scalar,
        point q: AffinePoint<Field>,
        scalar u2: Scalar
    )
        -> JacobianPoint<Field>
    {
        let digitCount = 64 * Scalar.limbCount + 1
        return withDigits(of: u1, width: generatorWindow, and: u2, width: publicKeyWindow, count: digitCount) {
            generatorDigits,
            pointDigits in

            // Q, 3Q, 5Q, …, 15Q, computed in Jacobian coordinates and made affine together (`makeAffine`), so
            // that Q's additions are mixed ones like G's.
            let first = JacobianPoint(q)
            var table = (first, first, first, first, first, first, first, first)
            var affineTable = (q, q, q, q, q, q, q, q)
            // The tuples are read through pointers as `pointTableCount` points each.
            precondition(
                MemoryLayout.stride(ofValue: table) == pointTableCount * MemoryLayout<JacobianPoint<Field>>.stride
                    && MemoryLayout.stride(ofValue: affineTable)
                        == pointTableCount * MemoryLayout<AffinePoint<Field>>.stride,
                "Q's tables do not hold 2^(w−2) points"
            )
            return withUnsafeMutablePointer(to: &affineTable) { affineTuple in
                let multiples = UnsafeMutableRawPointer(affineTuple).assumingMemoryBound(to: AffinePoint<Field>.self)
                let madeAffine = withUnsafeMutablePointer(to: &table) { tuple in
                    let jacobian = UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: JacobianPoint<Field>.self)
                    let twice = first.doubledOutOfLine()
                    for index in 1..<pointTableCount {
                        jacobian[index] = jacobian[index - 1].adding(twice)
                    }
                    return makeAffine(jacobian, count: pointTableCount, into: multiples)
                }
                // Never false for a point of prime order (no multiple below 16 is at infinity); if it were, the
                // point at infinity makes the verification fail.
                guard madeAffine else { return .infinity }
                return generatorOddMultiples.withUnsafeBufferPointer { generatorTable in
                    sumOfDigits(
                        generatorDigits: generatorDigits,
                        generatorMultiples: generatorTable,
                        pointDigits: pointDigits,
                        pointMultiples: UnsafeBufferPointer(start: multiples, count: pointTableCount),
                        spanCount: 1,
                        spanLength: digitCount,
                        multiplesPerSpan: 0
                    )
                }
            }
        }
    }

    /// Runs `body` with the width-`w1` NAF digits of `u1` and the width-`w2` ones of `u2`, `count` ≥ 64 · limbs + 1
    /// positions each (those above the scalar's are zero), in a temporary allocation: 2 · 392 bytes at most, for
    /// P-384, within the standard library's stack allocation limit.
    @inline(__always)
    static func withDigits<Result>(
        of u1: Scalar,
        width w1: Int,
        and u2: Scalar,
        width w2: Int,
        count: Int,
        _ body: (UnsafeBufferPointer<Int8>, UnsafeBufferPointer<Int8>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: Int8.self, capacity: 2 * count) { buffer in
            let first = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
            let second = UnsafeMutableBufferPointer(rebasing: buffer[count..<(2 * count)])
            withWords(of: u1) { WindowedNAF.recode($0, limbCount: Scalar.limbCount, width: w1, into: first) }
            withWords(of: u2) { WindowedNAF.recode($0, limbCount: Scalar.limbCount, width: w2, into: second) }
            return body(UnsafeBufferPointer(first), UnsafeBufferPointer(second))
        }
    }

    /// Σ_k Σ_(j<s) 2^j·(g_(k·s+j)·2^(k·s)·G + d_(k·s+j)·2^(k·s)·Q) for digit strings g and d of `spanCount` spans
    /// of s = `spanLength` positions: one chain of doublings from position s − 1 down, and at each position, for
    /// each span k, an addition for each non-zero digit there, of ±(its odd multiple of 2^(k·s)·G or ·Q): read
    /// at index k · `multiplesPerSpan` + |digit|/2 of the table. With one span this is Straus' method over whole
    /// digit strings; with several, the spaced tables' (SpacedMultiples.swift). One function for both, kept out
    /// of line: its inlined doubling is large.
    @inline(never)
    static func sumOfDigits(
        generatorDigits: UnsafeBufferPointer<Int8>,
        generatorMultiples: UnsafeBufferPointer<AffinePoint<Field>>,
        pointDigits: UnsafeBufferPointer<Int8>,
        pointMultiples: UnsafeBufferPointer<AffinePoint<Field>>,
        spanCount: Int,
        spanLength: Int,
        multiplesPerSpan: Int
    ) -> JacobianPoint<Field> {
        var result = JacobianPoint<Field>.infinity
        var started = false
        for position in stride(from: spanLength - 1, through: 0, by: -1) {
            if started { result = result.doubled() }
            for span in 0..<spanCount {
                let index = span * spanLength + position
                let g = Int(generatorDigits[index])
                if g != 0 {
                    let point = generatorMultiples[span * multiplesPerSpan + abs(g) >> 1]
                    result = result.adding(g > 0 ? point : point.negated())
                    started = true
                }
                let d = Int(pointDigits[index])
                if d != 0 {
                    let point = pointMultiples[span * multiplesPerSpan + abs(d) >> 1]
                    result = result.adding(d > 0 ? point : point.negated())
                    started = true
                }
            }
        }
        return result
    }
}

extension PrimeOrderCurve {
    /// Writes the affine forms of `count` ≤ 8 points, none at infinity, with one field inversion, and returns
    /// true; false, with nothing written, if that inversion gave no inverse.
    static func makeAffine(
        _ points: UnsafeMutablePointer<JacobianPoint<Field>>,
        count: Int,
        into affine: UnsafeMutablePointer<AffinePoint<Field>>
    ) -> Bool {
        precondition((1...8).contains(count), "at most 8 points")
        var products = (Field.one, Field.one, Field.one, Field.one, Field.one, Field.one, Field.one, Field.one)
        return withUnsafeMutablePointer(to: &products) { tuple in
            let scratch = UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: Field.self)
            return makeAffine(points, count: count, into: affine, products: scratch)
        }
    }

    /// Writes the affine forms of `count` ≥ 1 points, none at infinity, with one field inversion (Montgomery's
    /// simultaneous inversion: the products Z₀·…·Z_i, one inverse, then each Z_i⁻¹ from them), and returns true;
    /// false, with nothing written, if that inversion gave no inverse. `products` is scratch for `count`
    /// elements. The inversion is the variable-time binary one: the points are multiples of public points.
    static func makeAffine(
        _ points: UnsafeMutablePointer<JacobianPoint<Field>>,
        count: Int,
        into affine: UnsafeMutablePointer<AffinePoint<Field>>,
        products prefix: UnsafeMutablePointer<Field>
    ) -> Bool {
        precondition(count >= 1, "no points")
        prefix[0] = points[0].z
        for index in 1..<count {
            prefix[index] = prefix[index - 1] * points[index].z
        }
        // (Z₀·…·Z_(count−1))⁻¹; each step below peels one Z off it.
        var inverse = prefix[count - 1].inverseVariableTime()
        guard !inverse.isZero else { return false }
        var index = count - 1
        while index >= 0 {
            let zInverse = index > 0 ? inverse * prefix[index - 1] : inverse
            if index > 0 { inverse = inverse * points[index].z }
            let zInverse2 = zInverse.squared()
            affine[index] = AffinePoint(x: points[index].x * zInverse2, y: points[index].y * zInverse2 * zInverse)
            index -= 1
        }
        return true
    }
}

/// Runs `body` with a pointer to the residue's limbs, least significant first (the generated types store
/// exactly `limbCount` words, in that order).
@inline(__always)
func withWords<Residue: MontgomeryResidue, Result>(
    of value: Residue,
    _ body: (UnsafePointer<UInt64>) -> Result
) -> Result {
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    return withUnsafeMutablePointer(to: &words) { tuple in
        let limbs = UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: UInt64.self)
        for index in 0..<Residue.limbCount { limbs[index] = value.word(index) }
        return body(UnsafePointer(limbs))
    }
}
