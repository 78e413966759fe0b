// u1·G + u2·Q when Q, like G, is a point used again and again (a trust anchor's key): both bases precomputed at
// evenly spaced powers of two, so that the shared chain of doublings is a span long instead of the scalar's length.
//
// Write each scalar's width-w NAF digits d_0 … d_(L−1) (L = spans · s ≥ 64 · limbs + 1) in `spans` spans of s
// positions. Then u·P = Σ_i d_i·2^i·P = Σ_(j<s) 2^j · Σ_k d_(k·s+j)·(2^(k·s)·P): Horner's rule over j needs s − 1
// doublings, and each non-zero digit one addition of an odd multiple of 2^(k·s)·P, read from the table of span k.
// This is the fixed-base windowing of Hankerson–Menezes–Vanstone §3.3.2 on top of wNAF digits (the idea of
// Lim–Lee's comb): the additions are as many as with one table (a non-zero digit every w + 1 positions on
// average), the doublings a span's worth. For P-384, 48 doublings instead of 384.

/// The odd multiples (2i + 1)·2^(k·s)·P, i < 2^(w−2), of one point P for each span k, affine: what
/// ``PrimeOrderCurve/multiplyAdd(generatorScalar:spaced:scalar:)`` reads for P. 16 points a span, 8 spans:
/// 12 KiB for a P-384 point, 8 KiB for a P-256 one.
struct SpacedMultiples<Field: MontgomeryResidue>: Sendable {
    /// Span k's multiples at k · 2^(w−2) …, ascending: `spanCount` · 2^(w−2) points.
    let points: [AffinePoint<Field>]

    /// Only ``PrimeOrderCurve/spacedMultiples(of:)`` makes tables, so that every table has its full size.
    fileprivate init(points: [AffinePoint<Field>]) {
        self.points = points
    }
}

extension PrimeOrderCurve {
    /// The wNAF width w of spaced tables: 2^(w−2) = 16 odd multiples a span.
    static var spacedWindow: Int { 6 }
    /// The number of spans the digits are cut into.
    static var spanCount: Int { 8 }
    /// Positions per span, s: the spans cover the 64 · limbs + 1 digits of a scalar's wNAF.
    static var spanLength: Int { (64 * Scalar.limbCount + 1 + spanCount - 1) / spanCount }
    /// Multiples per span, 2^(w−2).
    static var multiplesPerSpan: Int { 1 << (spacedWindow - 2) }

    /// The spaced multiples of `point`, a point of the curve other than the point at infinity; `nil` only if one
    /// of them were at infinity, which no point of prime order n allows (every multiplier 2^(k·s)·(2i + 1) is
    /// coprime to n). Costs about one verification's arithmetic and one inversion.
    static func spacedMultiples(of point: AffinePoint<Field>) -> SpacedMultiples<Field>? {
        let perSpan = multiplesPerSpan
        let total = spanCount * perSpan
        var jacobian = [JacobianPoint<Field>](repeating: .infinity, count: total)
        var base = JacobianPoint(point)
        for span in 0..<spanCount {
            if span > 0 {
                for _ in 0..<spanLength { base = base.doubledOutOfLine() }
            }
            let twice = base.doubledOutOfLine()
            jacobian[span * perSpan] = base
            for index in 1..<perSpan {
                jacobian[span * perSpan + index] = jacobian[span * perSpan + index - 1].adding(twice)
            }
        }
        var affine = [AffinePoint<Field>](repeating: point, count: total)
        var products = [Field](repeating: .one, count: total)
        let madeAffine = jacobian.withUnsafeMutableBufferPointer { jacobian in
            affine.withUnsafeMutableBufferPointer { affine in
                products.withUnsafeMutableBufferPointer { products in
                    guard let points = jacobian.baseAddress, let into = affine.baseAddress,
                        let scratch = products.baseAddress
                    else { return false }
                    return makeAffine(points, count: total, into: into, products: scratch)
                }
            }
        }
        return madeAffine ? SpacedMultiples(points: affine) : nil
    }

    /// u1·G + u2·Q from the spaced multiples of G (``generatorSpacedMultiples``) and of Q, in Jacobian
    /// coordinates (the point at infinity when it is); the same point as
    /// ``multiplyAdd(generatorScalar:point:scalar:)`` gives for Q. `u1` and `u2` are integers below
    /// 2^(64·limbs).
    static func multiplyAdd(
        generatorScalar u1: Scalar,
        spaced q: SpacedMultiples<Field>,
        scalar u2: Scalar
    ) -> JacobianPoint<Field> {
        let length = spanLength
        let digitCount = spanCount * length
        // The loop reads the tables unchecked; a table of the wrong size is a bug, never a verdict.
        precondition(q.points.count == spanCount * multiplesPerSpan, "a spaced table of the wrong size")
        return withDigits(of: u1, width: spacedWindow, and: u2, width: spacedWindow, count: digitCount) {
            generatorDigits,
            pointDigits in
            generatorSpacedMultiples.points.withUnsafeBufferPointer { generatorTable in
                q.points.withUnsafeBufferPointer { pointTable in
                    sumOfDigits(
                        generatorDigits: generatorDigits,
                        generatorMultiples: generatorTable,
                        pointDigits: pointDigits,
                        pointMultiples: pointTable,
                        spanCount: spanCount,
                        spanLength: length,
                        multiplesPerSpan: multiplesPerSpan
                    )
                }
            }
        }
    }

    /// The points of a table of generated words (x then y, `limbCount` words each).
    static func affinePoints(_ words: [UInt64]) -> [AffinePoint<Field>] {
        let stride = 2 * Field.limbCount
        return words.withUnsafeBufferPointer { words in
            guard let start = words.baseAddress else { return [] }
            return (0..<(words.count / stride)).map { AffinePoint(words: start + $0 * stride) }
        }
    }

    /// G's spaced multiples, which exist: G has prime order.
    static func makeGeneratorSpacedMultiples() -> SpacedMultiples<Field> {
        guard let table = spacedMultiples(of: generatorOddMultiples[0]) else {
            preconditionFailure("a spaced multiple of G is the point at infinity")
        }
        return table
    }
}

extension P256Curve {
    /// ``generatorMultiples`` as points.
    static let generatorOddMultiples = affinePoints(generatorMultiples)
    /// G's spaced multiples, made at their first use (one verification's arithmetic) rather than generated into
    /// the binary, which they would grow by 8 KiB.
    static let generatorSpacedMultiples = makeGeneratorSpacedMultiples()
}

extension P384Curve {
    /// ``generatorMultiples`` as points.
    static let generatorOddMultiples = affinePoints(generatorMultiples)
    /// G's spaced multiples, made at their first use (one verification's arithmetic) rather than generated into
    /// the binary, which they would grow by 12 KiB.
    static let generatorSpacedMultiples = makeGeneratorSpacedMultiples()
}
