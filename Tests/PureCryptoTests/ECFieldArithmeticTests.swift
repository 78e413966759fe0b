import Testing
import VectorSupport

@testable import PureCrypto

/// The Montgomery arithmetic of the four moduli (P-256 and P-384, field and order) against the
/// reference integers, on edge values and on random values.
@Suite("Elliptic-curve field and scalar arithmetic")
struct ECFieldArithmeticTests {
    /// 0, 1, 2, m − 1, m − 2, R mod m, 2^(64·limbs − 1), limb-boundary values, and `count` random values below m.
    static func values(below modulus: RefInt, limbCount: Int, count: Int, seed: UInt64) -> [RefInt] {
        var generator = SplitMix64(seed: seed)
        var values = [RefInt(0), RefInt(1), RefInt(2), modulus - RefInt(1), modulus - RefInt(2)]
        values.append(RefInt(1).shiftedLeft(64 * limbCount) % modulus)
        values.append(RefInt(1).shiftedLeft(64 * limbCount - 1) % modulus)
        for limb in 0..<limbCount {
            values.append(RefInt(UInt64.max).shiftedLeft(64 * limb) % modulus)
            values.append(RefInt(1).shiftedLeft(64 * limb))
        }
        for _ in 0..<count { values.append(RefInt.random(below: modulus, using: &generator)) }
        return values
    }

    /// Every operation of `R` on pairs of values agrees with the reference modulo `modulus`.
    static func check<M: ResidueModulus>(_ type: Residue<M>.Type, modulus: RefInt, seed: UInt64) {
        typealias R = Residue<M>
        #expect(rawInteger(R.modulus) == modulus)
        let field = RefField(modulus: modulus)
        let values = values(below: modulus, limbCount: R.limbCount, count: 24, seed: seed)
        for a in values {
            let x: R = residue(a)
            #expect(integer(x) == a, "round trip of \(a)")
            #expect(integer(x.squared()) == field.multiply(a, a), "square of \(a)")
            #expect(integer(x.negated()) == field.negate(a), "negation of \(a)")
            #expect(x.isZero == a.isZero)
            for b in values.prefix(12) + values.suffix(6) {
                let y: R = residue(b)
                #expect(integer(x * y) == field.multiply(a, b), "\(a) · \(b)")
                #expect(integer(x + y) == field.add(a, b), "\(a) + \(b)")
                #expect(integer(x - y) == field.subtract(a, b), "\(a) − \(b)")
                #expect((x == y) == (a == b))
                // The word loops of 32-bit targets agree with the straight-line code, in either word size.
                #expect(R.wordLoopProduct(x, y, as: UInt32.self) == x * y, "32-bit words: \(a) · \(b)")
                #expect(R.wordLoopSum(x, y, as: UInt32.self) == x + y, "32-bit words: \(a) + \(b)")
                #expect(R.wordLoopDifference(x, y, as: UInt32.self) == x - y, "32-bit words: \(a) − \(b)")
                #expect(R.wordLoopProduct(x, y, as: UInt64.self) == x * y, "64-bit words: \(a) · \(b)")
                #expect(R.wordLoopSum(x, y, as: UInt64.self) == x + y, "64-bit words: \(a) + \(b)")
                #expect(R.wordLoopDifference(x, y, as: UInt64.self) == x - y, "64-bit words: \(a) − \(b)")
            }
        }
        for a in values.suffix(4) + values.prefix(4) where !a.isZero {
            let x: R = residue(a)
            #expect(integer(x.inverse()) == field.inverse(a), "inverse of \(a)")
            #expect(x * x.inverse() == R.one)
            #expect(x.inverseVariableTime() == x.inverse(), "binary inverse of the residue of \(a)")
        }
        #expect(R.zero.inverse().isZero)
        // The binary inversion of plain integers (the verification's s⁻¹ mod n) agrees with the reference on every
        // value; 0 and m itself, which have no inverse, give 0.
        var needingEveryRound = 0
        for a in values where !a.isZero {
            let x = a.bytes(count: R.byteCount).withUnsafeBytes { R(rawBigEndian: $0) }
            #expect(rawInteger(x.integerInverse()) == field.inverse(a), "binary inverse of \(a)")
            // Within the paper's bound of rounds (nil otherwise), not only within the twice that `integerInverse`
            // allows.
            #expect(x.integerInverse(maximumRounds: R.inversionRounds).map(rawInteger) == field.inverse(a))
            if x.integerInverse(maximumRounds: R.inversionRounds - 1) == nil { needingEveryRound += 1 }
        }
        // Many more values, each checked by x·x⁻¹ = 1 (the reference's division is slow): the optimized GCD must
        // meet its bound on every one, including those whose top words are small or all ones, where its
        // approximations are coarsest.
        var generator = SplitMix64(seed: 0x1B_C0DE ^ UInt64(R.limbCount))
        for index in 0..<3_000 {
            var words = (0..<R.limbCount).map { _ in generator.next() }
            switch index % 4 {
            case 0: words[R.limbCount - 1] >>= generator.next() % 64  // a shorter number
            case 1: words[R.limbCount - 1] = UInt64.max >> (generator.next() % 8)  // long runs of ones on top
            case 2: for limb in 1..<R.limbCount where generator.next() % 2 == 0 { words[limb] = 0 }
            default: break
            }
            let x = words.withUnsafeBufferPointer { R(words: $0.baseAddress!) }
            guard !x.isZero, x.isBelow(R.modulus) else { continue }
            guard let inverse = x.integerInverse(maximumRounds: R.inversionRounds) else {
                Issue.record("the optimized GCD of \(words) needs more than \(R.inversionRounds) rounds")
                continue
            }
            #expect(R(montgomeryFormOf: x) * R(montgomeryFormOf: inverse) == R.one, "x·x⁻¹ for \(words)")
            if x.integerInverse(maximumRounds: R.inversionRounds - 1) == nil { needingEveryRound += 1 }
        }
        // The bound is tight (some of the edge values need every round), so the tests notice a lost round.
        #expect(needingEveryRound > 0, "no value needed all \(R.inversionRounds) rounds")
        #expect(R.zero.integerInverse().isZero)
        #expect(R.zero.inverseVariableTime().isZero)
        #expect(R.modulus.integerInverse().isZero)
    }

    @Test func p256FieldAgreesWithTheReference() {
        Self.check(P256Curve.Field.self, modulus: RefCurve.p256.field.modulus, seed: 1)
    }

    @Test func p256ScalarsAgreeWithTheReference() {
        Self.check(P256Curve.Scalar.self, modulus: RefCurve.p256.order, seed: 2)
    }

    @Test func p384FieldAgreesWithTheReference() {
        Self.check(P384Curve.Field.self, modulus: RefCurve.p384.field.modulus, seed: 3)
    }

    @Test func p384ScalarsAgreeWithTheReference() {
        Self.check(P384Curve.Scalar.self, modulus: RefCurve.p384.order, seed: 4)
    }

    @Test(arguments: TestCurve.allCases)
    func encodingsAtOrAboveTheModulusAreRefused(curve: TestCurve) {
        let reference = curve.reference
        for value in [reference.field.modulus, reference.field.modulus + RefInt(1)] {
            let bytes = value.bytes(count: reference.byteCount)
            switch curve {
            case .p256: #expect(bytes.withUnsafeBytes { P256Curve.Field(canonicalBigEndian: $0) } == nil)
            case .p384: #expect(bytes.withUnsafeBytes { P384Curve.Field(canonicalBigEndian: $0) } == nil)
            }
        }
    }

    @Test func theCurveConstantsAreThoseOfTheReference() {
        #expect(integer(P256Curve.b) == RefCurve.p256.b)
        #expect(integer(P384Curve.b) == RefCurve.p384.b)
        #expect(integer(P256Curve.orderInField) == RefCurve.p256.order)
        #expect(integer(P384Curve.orderInField) == RefCurve.p384.order)
        #expect(rawInteger(P256Curve.primeMinusOrder) == RefCurve.p256.field.modulus - RefCurve.p256.order)
        #expect(rawInteger(P384Curve.primeMinusOrder) == RefCurve.p384.field.modulus - RefCurve.p384.order)
    }

    @Test(arguments: TestCurve.allCases)
    func digestsBecomeTheLeftmostBitsOfTheirLength(curve: TestCurve) {
        // FIPS 186-5 §6.4.2: e is the leftmost min(N, hashlen) bits, reduced modulo n here.
        let reference = curve.reference
        for length in [20, 32, 48, 64] {
            let digest = (0..<length).map { UInt8(truncatingIfNeeded: 0xF0 &+ $0 &* 37) }
            let kept = RefInt(bytes: digest.prefix(reference.byteCount)) % reference.order
            let e: RefInt
            switch curve {
            case .p256: e = rawInteger(digest.withUnsafeBytes { P256Curve.integer(fromDigest: $0) })
            case .p384: e = rawInteger(digest.withUnsafeBytes { P384Curve.integer(fromDigest: $0) })
            }
            #expect(e == kept, "digest of \(length) bytes")
        }
        // An all-ones digest is above n and is reduced.
        let ones = [UInt8](repeating: 0xFF, count: reference.byteCount)
        let expected = RefInt(bytes: ones) - reference.order
        switch curve {
        case .p256: #expect(rawInteger(ones.withUnsafeBytes { P256Curve.integer(fromDigest: $0) }) == expected)
        case .p384: #expect(rawInteger(ones.withUnsafeBytes { P384Curve.integer(fromDigest: $0) }) == expected)
        }
    }
}
