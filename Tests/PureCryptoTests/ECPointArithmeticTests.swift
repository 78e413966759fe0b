import Testing
import VectorSupport

@testable import PureCrypto

/// Point arithmetic and u1·G + u2·Q against the reference's affine arithmetic, including the exceptional cases
/// of the addition formulas and the point at infinity as an intermediate or final result.
@Suite("Elliptic-curve point arithmetic")
struct ECPointArithmeticTests {
    @Test(arguments: TestCurve.allCases)
    func theGeneratorTableHoldsTheOddMultiplesOfG(curve: TestCurve) {
        switch curve {
        case .p256: Self.checkTable(P256Curve.self, curve.reference)
        case .p384: Self.checkTable(P384Curve.self, curve.reference)
        }
    }

    static func checkTable<Curve: PrimeOrderCurve>(_: Curve.Type, _ reference: RefCurve) {
        let count = 1 << (Curve.generatorWindow - 2)
        #expect(Curve.generatorMultiples.count == count * 2 * Curve.Field.limbCount)
        let twice = reference.add(reference.generator, reference.generator)
        var expected = reference.generator
        Curve.generatorMultiples.withUnsafeBufferPointer { words in
            for index in 0..<count {
                let point = AffinePoint<Curve.Field>(words: words.baseAddress! + index * 2 * Curve.Field.limbCount)
                #expect(point == Curve.point(expected), "\(2 * index + 1)·G")
                #expect(Curve.isOnCurve(x: point.x, y: point.y))
                expected = reference.add(expected, twice)
            }
        }
    }

    @Test(arguments: TestCurve.allCases)
    func spacedTablesHoldTheOddMultiplesOfEachSpansPowerOfTwo(curve: TestCurve) {
        switch curve {
        case .p256: Self.checkSpacedTable(P256Curve.self, curve.reference)
        case .p384: Self.checkSpacedTable(P384Curve.self, curve.reference)
        }
    }

    /// Every entry of G's spaced table, and of a random point's, is (2i + 1)·2^(k·s) times the point.
    static func checkSpacedTable<Curve: PrimeOrderCurve>(_: Curve.Type, _ reference: RefCurve) {
        var generator = SplitMix64(seed: 41)
        let q = reference.multiply(RefInt.random(below: reference.order, using: &generator), reference.generator)
        let perSpan = Curve.multiplesPerSpan
        #expect(Curve.spanCount * Curve.spanLength >= 64 * Curve.Scalar.limbCount + 1)
        for (base, table) in [
            (reference.generator, Curve.generatorSpacedMultiples), (q, Curve.spacedMultiples(of: Curve.point(q))!),
        ] {
            #expect(table.points.count == Curve.spanCount * perSpan)
            for span in 0..<Curve.spanCount {
                var expected = reference.multiply(RefInt(1).shiftedLeft(span * Curve.spanLength), base)
                let twice = reference.add(expected, expected)
                for index in 0..<perSpan {
                    #expect(table.points[span * perSpan + index] == Curve.point(expected), "span \(span), \(index)")
                    expected = reference.add(expected, twice)
                }
            }
        }
    }

    @Test(arguments: TestCurve.allCases)
    func additionAndDoublingAgreeWithTheReferenceInEveryCase(curve: TestCurve) {
        switch curve {
        case .p256: Self.checkFormulas(P256Curve.self, curve.reference)
        case .p384: Self.checkFormulas(P384Curve.self, curve.reference)
        }
    }

    static func checkFormulas<Curve: PrimeOrderCurve>(_: Curve.Type, _ reference: RefCurve) {
        typealias Point = JacobianPoint<Curve.Field>
        let g = reference.generator
        let points: [RefCurve.Point] = [g, reference.add(g, g), reference.multiply(RefInt(5), g), reference.negate(g)]
        /// The same point with Z ≠ 1: doubled from its half would need a half; scale (X, Y, Z) by λ², λ³, λ.
        func scaled(_ point: RefCurve.Point, by lambda: UInt64) -> Point {
            let affine = Curve.point(point)
            let l: Curve.Field = residue(RefInt(lambda))
            let l2 = l.squared()
            return Point(x: affine.x * l2, y: affine.y * l2 * l, z: l)
        }
        for p in points {
            let jp = scaled(p, by: 7)
            #expect(same(Curve.referencePoint(jp.doubled()), reference.add(p, p)), "2P")
            // P + P through the general addition reaches the doubling.
            #expect(same(Curve.referencePoint(jp.adding(scaled(p, by: 11))), reference.add(p, p)), "P + P")
            #expect(same(Curve.referencePoint(jp.adding(Curve.point(p))), reference.add(p, p)), "P + P, mixed")
            // P + (−P) is the point at infinity, in both additions.
            #expect(jp.adding(scaled(reference.negate(p), by: 3)).isInfinity, "P + (−P)")
            #expect(jp.adding(Curve.point(reference.negate(p))).isInfinity, "P + (−P), mixed")
            // The point at infinity on either side.
            #expect(same(Curve.referencePoint(Point.infinity.adding(jp)), p))
            #expect(same(Curve.referencePoint(jp.adding(Point.infinity)), p))
            #expect(same(Curve.referencePoint(Point.infinity.adding(Curve.point(p))), p))
            #expect(Point.infinity.doubled().isInfinity)
            for q in points where !same(q, p) && !same(q, reference.negate(p)) {
                let sum = reference.add(p, q)
                #expect(same(Curve.referencePoint(jp.adding(scaled(q, by: 5))), sum), "P + Q")
                #expect(same(Curve.referencePoint(jp.adding(Curve.point(q))), sum), "P + Q, mixed")
            }
        }
    }

    @Test(arguments: TestCurve.allCases)
    func windowedNAFDigitsAddUpToTheScalar(curve: TestCurve) {
        let reference = curve.reference
        var generator = SplitMix64(seed: 11)
        let limbCount = reference.byteCount / 8
        var scalars = [
            RefInt(0), RefInt(1), reference.order - RefInt(1), RefInt(1).shiftedLeft(64 * limbCount) - RefInt(1),
        ]
        for _ in 0..<20 { scalars.append(RefInt.random(below: reference.order, using: &generator)) }
        for width in 2...8 {
            for scalar in scalars {
                var digits = [Int8](repeating: 99, count: 64 * limbCount + 1)
                let limbs = (0..<limbCount).map { scalar.limb($0) }
                limbs.withUnsafeBufferPointer { words in
                    digits.withUnsafeMutableBufferPointer {
                        WindowedNAF.recode(words.baseAddress!, limbCount: limbCount, width: width, into: $0)
                    }
                }
                var positive = RefInt()
                var negative = RefInt()
                var lastNonZero = -width
                for (position, digit) in digits.enumerated() where digit != 0 {
                    #expect(digit % 2 != 0 && abs(Int(digit)) < 1 << (width - 1), "digit \(digit), width \(width)")
                    #expect(position - lastNonZero >= width, "adjacent digits, width \(width)")
                    lastNonZero = position
                    let term = RefInt(UInt64(abs(Int(digit)))).shiftedLeft(position)
                    if digit > 0 { positive = positive + term } else { negative = negative + term }
                }
                #expect(positive - negative == scalar, "width \(width), scalar \(scalar)")
            }
        }
    }

    @Test(arguments: TestCurve.allCases)
    func doubleScalarMultiplicationAgreesWithTheReference(curve: TestCurve) {
        switch curve {
        case .p256: Self.checkMultiplyAdd(P256Curve.self, curve.reference, randomCases: 6)
        case .p384: Self.checkMultiplyAdd(P384Curve.self, curve.reference, randomCases: 4)
        }
    }

    static func checkMultiplyAdd<Curve: PrimeOrderCurve>(_: Curve.Type, _ reference: RefCurve, randomCases: Int) {
        var generator = SplitMix64(seed: 21)
        let n = reference.order
        let g = reference.generator
        let d = RefInt.random(below: n, using: &generator)
        let q = reference.multiply(d, g)
        let gq = Curve.point(q)
        /// u1·G + u2·Q by the implementation, as a reference point.
        var spacedTables: [(key: AffinePoint<Curve.Field>, table: SpacedMultiples<Curve.Field>)] = []
        func spacedTable(_ key: AffinePoint<Curve.Field>) -> SpacedMultiples<Curve.Field> {
            if let known = spacedTables.first(where: { $0.key == key }) { return known.table }
            let table = Curve.spacedMultiples(of: key)!
            spacedTables.append((key, table))
            return table
        }
        /// u1·G + u2·Q by the implementation, as a reference point; the same by the spaced tables of G and Q.
        func computed(_ u1: RefInt, _ u2: RefInt, _ key: AffinePoint<Curve.Field> = gq) -> RefCurve.Point {
            let general = Curve.referencePoint(Curve.multiplyAdd(generatorScalar: raw(u1), point: key, scalar: raw(u2)))
            let spaced = Curve.referencePoint(
                Curve.multiplyAdd(generatorScalar: raw(u1), spaced: spacedTable(key), scalar: raw(u2))
            )
            #expect(same(general, spaced), "spaced tables, u1 = \(u1), u2 = \(u2)")
            return general
        }
        // Scalars 0, 1 and n − 1 on either side.
        for (u1, u2) in [
            (RefInt(0), RefInt(1)), (RefInt(1), RefInt(0)), (RefInt(0), RefInt(0)), (RefInt(1), RefInt(1)),
            (n - RefInt(1), RefInt(0)), (RefInt(0), n - RefInt(1)), (n - RefInt(1), n - RefInt(1)),
        ] {
            let expected = reference.add(reference.multiply(u1, g), reference.multiply(u2, q))
            #expect(same(computed(u1, u2), expected), "u1 = \(u1), u2 = \(u2)")
        }
        // Q = G and u1 + u2 = n: the sum is the point at infinity.
        let k = RefInt.random(below: n, using: &generator)
        #expect(same(computed(k, n - k, Curve.point(g)), nil))
        // Q = −G and u1 = u2: every partial sum of equal digits cancels, and the result is infinity.
        #expect(same(computed(k, k, Curve.point(reference.negate(g))), nil))
        // Q = G, u1 = u2: the general additions meet equal points (G-side and Q-side digits coincide).
        #expect(same(computed(k, k, Curve.point(g)), reference.multiply(k + k, g)))
        // Random scalars.
        for _ in 0..<randomCases {
            let u1 = RefInt.random(below: n, using: &generator)
            let u2 = RefInt.random(below: n, using: &generator)
            let expected = reference.add(reference.multiply(u1, g), reference.multiply(u2, q))
            #expect(same(computed(u1, u2), expected), "u1 = \(u1), u2 = \(u2)")
        }
    }

    @Test(arguments: TestCurve.allCases)
    func signaturesOfTheReferenceSignerVerifyAndTamperedOnesDoNot(curve: TestCurve) {
        switch curve {
        case .p256: Self.checkVerification(P256Curve.self, curve.reference)
        case .p384: Self.checkVerification(P384Curve.self, curve.reference)
        }
    }

    static func checkVerification<Curve: PrimeOrderCurve>(_: Curve.Type, _ reference: RefCurve) {
        var generator = SplitMix64(seed: 31)
        let n = reference.order
        let d = RefInt.random(below: n, using: &generator)
        let q = reference.multiply(d, reference.generator)
        for _ in 0..<3 {
            let e = RefInt.random(below: RefInt(1).shiftedLeft(8 * reference.byteCount), using: &generator)
            let k = RefInt.random(below: n, using: &generator)
            guard let (r, s) = reference.sign(e: e, d: d, k: k) else { continue }
            let digest = e.bytes(count: reference.byteCount)
            let table = Curve.spacedMultiples(of: Curve.point(q))!
            let verdict = { (r: RefInt, s: RefInt, digest: [UInt8]) in
                digest.withUnsafeBytes {
                    let general = Curve.verify(r: raw(r), s: raw(s), digest: $0, publicKey: Curve.point(q))
                    let spaced = Curve.verify(
                        r: raw(r),
                        s: raw(s),
                        digest: $0,
                        publicKey: Curve.point(q),
                        multiples: table
                    )
                    #expect(general == spaced, "with and without Q's spaced multiples")
                    return general
                }
            }
            #expect(verdict(r, s, digest))
            // High s (n − s) verifies too: ECDSA signatures are malleable, and Apple's carry either.
            #expect(verdict(r, n - s, digest))
            #expect(!verdict(r, s, (e + RefInt(1)).bytes(count: reference.byteCount + 1).suffix(reference.byteCount)))
            #expect(!verdict(r, (s + RefInt(1)) % n, digest))
            #expect(!verdict(RefInt(0), s, digest))
            #expect(!verdict(r, RefInt(0), digest))
        }
    }
}
