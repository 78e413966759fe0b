// u1·G + u2·Q, the heart of ECDSA verification, by Straus' method ("Shamir's trick"; Hankerson–Menezes–Vanstone
// §3.3.3, Algorithm 3.51 with wNAF): both scalars in width-w NAF, one shared chain of doublings from the top
// digit down, and at each position the additions the two digits ask for. G's odd multiples are a generated
// table of affine points (mixed additions); Q's are computed here, in Jacobian coordinates. Everything lives on
// the stack: the digits in a temporary allocation under the standard library's 1 KiB stack limit, Q's table in a
// tuple.

extension PrimeOrderCurve {
    /// The width of Q's window: its table holds 2^(w−2) = 8 points.
    static var publicKeyWindow: Int { 5 }

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
        // Two digit strings: 2 · 385 bytes for P-384, within the standard library's stack allocation limit.
        return withUnsafeTemporaryAllocation(of: Int8.self, capacity: 2 * digitCount) { buffer in
            let generatorDigits = UnsafeMutableBufferPointer(rebasing: buffer[0..<digitCount])
            let pointDigits = UnsafeMutableBufferPointer(rebasing: buffer[digitCount..<(2 * digitCount)])
            withWords(of: u1) {
                WindowedNAF.recode($0, limbCount: Scalar.limbCount, width: generatorWindow, into: generatorDigits)
            }
            withWords(of: u2) {
                WindowedNAF.recode($0, limbCount: Scalar.limbCount, width: publicKeyWindow, into: pointDigits)
            }

            // Q, 3Q, 5Q, …, 15Q.
            let first = JacobianPoint(q)
            var table = (first, first, first, first, first, first, first, first)
            return withUnsafeMutablePointer(to: &table) { tuple in
                let multiples = UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: JacobianPoint<Field>.self)
                let twice = first.doubled()
                for index in 1..<8 {
                    multiples[index] = multiples[index - 1].adding(twice)
                }
                return generatorMultiples.withUnsafeBufferPointer { generatorTable in
                    guard let generatorWords = generatorTable.baseAddress else { return .infinity }
                    let pointWords = 2 * Field.limbCount
                    var result = JacobianPoint<Field>.infinity
                    var started = false
                    for position in stride(from: digitCount - 1, through: 0, by: -1) {
                        if started { result = result.doubled() }
                        let g = Int(generatorDigits[position])
                        if g != 0 {
                            let point = AffinePoint<Field>(words: generatorWords + pointWords * (abs(g) >> 1))
                            result = result.adding(g > 0 ? point : point.negated())
                            started = true
                        }
                        let d = Int(pointDigits[position])
                        if d != 0 {
                            let point = multiples[abs(d) >> 1]
                            result = result.adding(d > 0 ? point : point.negated())
                            started = true
                        }
                    }
                    return result
                }
            }
        }
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
