import Foundation
import PureDER
import Testing
import VectorSupport

@testable import PureCrypto

/// Montgomery exponentiation against a slow, obviously correct reference (ReferenceNatural).
@Suite("RSA Montgomery arithmetic against a reference")
struct RSAMontgomeryTests {

    // Every test runs every form of the arithmetic (MontgomeryModulus+ColumnSum.swift) that holds its modulus: 64-bit
    // limbs with 61-bit digits (moduli up to 3,712 bits) and with 59-bit digits (any), the forms of 64-bit targets,
    // and 32-bit limbs with 27-bit digits, the form of wasm32.

    @Test func montgomeryModulusExistsExactlyForOddModuliAboveOne() {
        let refused: [[UInt8]] = [
            [], [0x00], [0x01], [0x02], [0x04], [0xFF, 0xFE], [0x80] + Array(repeating: 0, count: 255),
        ]
        let accepted: [[UInt8]] = [
            [0x03], [0x05], [0xFF], [0x01, 0x01], [0x80] + Array(repeating: 0, count: 254) + [0x01],
        ]
        for modulus in refused {
            #expect(MontgomeryModulus<ColumnSum128>(modulus: modulus[...]) == nil, "\(hex(modulus))")
            #expect(MontgomeryModulus<ColumnSum128Wide>(modulus: modulus[...]) == nil, "61-bit: \(hex(modulus))")
            #expect(MontgomeryModulus<ColumnSum64>(modulus: modulus[...]) == nil, "32-bit: \(hex(modulus))")
        }
        for modulus in accepted {
            #expect(MontgomeryModulus<ColumnSum128>(modulus: modulus[...])?.byteCount == modulus.count)
            #expect(MontgomeryModulus<ColumnSum128Wide>(modulus: modulus[...])?.byteCount == modulus.count)
            #expect(MontgomeryModulus<ColumnSum64>(modulus: modulus[...])?.byteCount == modulus.count)
        }
    }

    /// x·R mod n, computed by schoolbook division, against the reference: moduli of every top-limb width
    /// (the normalising shift from 0 to 63 bits) and the RSA sizes; x from 0 to 2^(wk) − 1, below and above n.
    @Test func montgomeryFormAgreesWithTheReference() {
        var random = SplitMix64(seed: 0x5EED_0252)
        var sizes = Array(32...130) + [255, 511, 1023, 1024, 2047, 2048, 3072, 4096]
        sizes += (0..<8).map { _ in Int.random(in: 131...1024, using: &random) }
        var moduli = sizes.map { random.number(bits: $0, odd: true) }
        // Limb patterns random moduli never show, where quotient estimates are at their edges: all ones, one top
        // bit over zeros or over ones, a top limb of 1 (the largest shift); in 64-bit limbs, and so in 32-bit ones.
        for limbCount in 1...5 {
            var patterns: [[UInt64]] = [[UInt64](repeating: .max, count: limbCount)]
            if limbCount >= 2 {
                let zeros = [UInt64](repeating: 0, count: limbCount - 2)
                patterns += [
                    [1] + zeros + [1 << 63],
                    [UInt64](repeating: .max, count: limbCount - 1) + [1 << 63],
                    [UInt64](repeating: .max, count: limbCount - 1) + [1],
                    [1] + zeros + [1],  // 2^(64(k−1)) + 1: the start value is n − 1
                ]
            }
            for limbs in patterns {
                moduli.append(Array(ReferenceHash.bigEndianBytes(limbs.reversed()).drop { $0 == 0 }))
            }
        }
        for modulus in moduli {
            checkMontgomeryForm(ColumnSum128.self, modulus: modulus, random: &random)
            if MontgomeryModulus<ColumnSum128Wide>.holds(byteCount: modulus.count) {
                checkMontgomeryForm(ColumnSum128Wide.self, modulus: modulus, random: &random)
            }
            checkMontgomeryForm(ColumnSum64.self, modulus: modulus, random: &random)
        }
    }

    /// x·R mod n in the form of `Column` for x = 0, 1, 2^(wk) − 1 (above n), 2^(w(k−1)), n − 1 and two random
    /// values of k limbs.
    private func checkMontgomeryForm<Column: ColumnSum>(
        _: Column.Type,
        modulus: [UInt8],
        random: inout SplitMix64
    ) {
        typealias Limb = Column.Limb
        let bits = modulus.count * 8 - modulus[0].leadingZeroBitCount
        let form = "\(Limb.bitWidth)-bit limbs, \(Column.digitBits)-bit digits"
        guard let montgomery = MontgomeryModulus<Column>(modulus: modulus[...]) else {
            Issue.record("\(form): no MontgomeryModulus for \(hex(modulus))")
            return
        }
        let k = montgomery.limbCount
        let n = ReferenceNatural(bigEndian: modulus)
        // R = 2^(bd), at least 4·2^(wk).
        let rBits = Column.digitBits * montgomery.digitCount
        #expect(rBits >= Limb.bitWidth * k + 2, "\(form), \(bits)-bit modulus")
        let r = ReferenceNatural(limbs: [UInt32](repeating: 0, count: rBits / 32) + [1 << (rBits % 32)])
        var nMinusOne = Array(montgomery.limbs)
        nMinusOne[0] &= ~1  // n is odd
        var values: [[Limb]] = [
            [Limb](repeating: 0, count: k),
            [1] + [Limb](repeating: 0, count: k - 1),
            [Limb](repeating: .max, count: k),  // 2^(wk) − 1, above n
            [Limb](repeating: 0, count: k - 1) + [1],  // 2^(w(k−1))
            nMinusOne,
        ]
        values += (0..<2).map { _ in (0..<k).map { _ in Limb(truncatingIfNeeded: random.next()) } }
        for x in values {
            let xBytes = bigEndianBytes(x)
            let expected = (ReferenceNatural(bigEndian: xBytes) * r % n).bigEndianBytes(count: Limb.bitWidth / 8 * k)
            let actual = bigEndianBytes(montgomery.montgomeryForm(x))
            #expect(actual == expected, "\(form), \(bits)-bit modulus \(hex(modulus)), x = \(hex(xBytes))")
        }
    }

    /// Little-endian limbs as big-endian bytes.
    private func bigEndianBytes<Limb: FixedWidthInteger>(_ limbs: [Limb]) -> [UInt8] {
        limbs.reversed().flatMap { limb in
            stride(from: Limb.bitWidth - 8, through: 0, by: -8).map { UInt8(truncatingIfNeeded: limb >> $0) }
        }
    }

    /// Moduli of 64–1024 bits with random bases and exponents from 2 bits to 4 limbs.
    @Test func powerAgreesWithTheReferenceForRandomModuliUpTo1024Bits() {
        var random = SplitMix64(seed: 0x5EED_0001)
        var compared = 0
        for round in 0..<48 {
            let bits = round < 8 ? 64 + round : Int.random(in: 64...1024, using: &random)
            let modulus = random.number(bits: bits, odd: true)
            let exponentBits =
                bits <= 512 ? Int.random(in: 2...128, using: &random) : Int.random(in: 2...40, using: &random)
            let exponents = [
                [0x03], [0x01, 0x00, 0x01], random.number(bits: exponentBits, odd: round.isMultiple(of: 2)),
            ]
            compared += comparePowers(
                modulus: modulus,
                exponents: exponents,
                random: &random,
                context: "round \(round)"
            )
        }
        #expect(compared == 48 * 3 * 6)
    }

    /// RSA-sized moduli (1024–4096 bits, including the exact sizes receipts and Wycheproof use) with the
    /// exponents RSA keys have: the reference is slow, so e = 3 and e = 65537 only.
    @Test func powerAgreesWithTheReferenceForRSASizedModuli() {
        var random = SplitMix64(seed: 0x5EED_0002)
        var compared = 0
        let sizes = [1024, 1536, 2048, 2047, 2049, 3072, 4096, Int.random(in: 1025...4095, using: &random)]
        for bits in sizes {
            let modulus = random.number(bits: bits, odd: true)
            compared += comparePowers(
                modulus: modulus,
                exponents: [[0x03], [0x01, 0x00, 0x01]],
                random: &random,
                context: "\(bits) bits"
            )
        }
        #expect(compared == sizes.count * 2 * 6)
    }

    /// 8,192 bits (128 limbs), the largest modulus a key may have: the longest columns, where the three-limb
    /// column sums of the Montgomery arithmetic are largest; a random modulus and 2^8192 − 1.
    @Test func powerAgreesWithTheReferenceAt8192Bits() {
        var random = SplitMix64(seed: 0x5EED_0005)
        var compared = 0
        for modulus in [random.number(bits: 8192, odd: true), allOnes(bits: 8192)] {
            compared += comparePowers(
                modulus: modulus,
                exponents: [[0x03]],
                random: &random,
                context: "8192 bits"
            )
        }
        #expect(compared == 2 * 6)
    }

    /// The exponentiation works in b-bit digits with R = 2^(bd) for the smallest d that makes R ≥ 4·2^(wk), so
    /// that products reduce below 2n without a subtraction and the last multiplication may take the plain base.
    /// These sizes are where that margin is thinnest or where one digit fewer would break it: wk + 2 a multiple of
    /// b, and wk + 1 or wk a multiple of b, which leave R only 2 or 1 times 2^(wk) without the margin (k = 35, 47,
    /// 59 in 64-bit limbs and 59-bit digits; k = 40, 20 in 61-bit digits, whose third size, k = 61, is beyond
    /// what they hold; k = 5, 16, 27 in 32-bit limbs and 27-bit digits). The moduli are as
    /// large as k limbs allow (all ones) and just above half of that; the bases include n − 1 and, for the array
    /// form that accepts them, 2^(wk) − 1, above n.
    @Test func powerAgreesWithTheReferenceWhereTheDigitMarginIsThinnest() {
        var random = SplitMix64(seed: 0x5EED_0006)
        let compared =
            comparePowersAtThinMargins(ColumnSum128.self, limbCounts: [35, 47, 59], random: &random)
            + comparePowersAtThinMargins(ColumnSum128Wide.self, limbCounts: [20, 40], random: &random)
            + comparePowersAtThinMargins(ColumnSum64.self, limbCounts: [5, 16, 27], random: &random)
        #expect(compared == (3 + 2 + 3) * (2 * 2 * 6 + 2))
    }

    private func comparePowersAtThinMargins<Column: ColumnSum>(
        _: Column.Type,
        limbCounts: [Int],
        random: inout SplitMix64
    ) -> Int {
        let limbBits = Column.Limb.bitWidth
        var compared = 0
        for limbCount in limbCounts {
            let bits = limbBits * limbCount
            #expect([2, 1, 0].contains { (bits + $0) % Column.digitBits == 0 }, "\(bits) bits: not a thin margin")
            guard let largest = MontgomeryModulus<Column>(modulus: allOnes(bits: bits)[...]) else {
                Issue.record("no MontgomeryModulus for 2^\(bits) − 1")
                continue
            }
            #expect(Column.digitBits * largest.digitCount >= bits + 2, "\(bits) bits: R below 4·2^(wk)")
            #expect(Column.digitBits * (largest.digitCount - 1) < bits + 2, "\(bits) bits: more digits than needed")
            var sparse = [UInt8](repeating: 0, count: bits / 8)
            sparse[0] = 0x80
            sparse[sparse.count - 1] = 0x01
            for modulus in [allOnes(bits: bits), sparse] {
                compared += comparePowers(
                    modulus: modulus,
                    exponents: [[0x03], [0x01, 0x00, 0x01]],
                    random: &random,
                    context: "\(bits) bits"
                )
            }
            // A base above n: 2^(wk) − 1 modulo a modulus of wk − w + 1 bits, the smallest with k limbs.
            var small = [UInt8](repeating: 0, count: bits / 8 - (limbBits / 8 - 1))
            small[0] = 0x01
            small[small.count - 1] = 0x01
            guard let montgomery = MontgomeryModulus<Column>(modulus: small[...]) else {
                Issue.record("no MontgomeryModulus for 2^\(bits - limbBits) + 1")
                continue
            }
            #expect(montgomery.limbCount == limbCount)
            let base = [UInt8](repeating: 0xFF, count: bits / 8)
            for exponent: [UInt8] in [[0x03], [0x01, 0x00, 0x01]] {
                let expected = ReferenceNatural.power(
                    ReferenceNatural(bigEndian: base),
                    ReferenceNatural(bigEndian: exponent),
                    modulus: ReferenceNatural(bigEndian: small)
                )
                let actual = montgomery.power(base[...], exponent: exponent[...])
                #expect(actual == expected.bigEndianBytes(count: small.count), "base 2^\(bits) − 1, \(hex(exponent))")
                compared += 1
            }
        }
        return compared
    }

    /// Moduli whose limbs are all ones, or all zeros between two ones, or just past a limb boundary, where
    /// carries and the final subtraction of Montgomery reduction are most likely to go wrong.
    @Test func powerAgreesWithTheReferenceForEdgeCaseModuli() {
        var random = SplitMix64(seed: 0x5EED_0003)
        var moduli: [(String, [UInt8])] = [
            ("3", [0x03]), ("5", [0x05]), ("255", [0xFF]), ("257", [0x01, 0x01]),
            ("2^31 - 1", [0x7F, 0xFF, 0xFF, 0xFF]), ("2^32 - 1", [0xFF, 0xFF, 0xFF, 0xFF]),
            ("2^32 + 1", [0x01, 0x00, 0x00, 0x00, 0x01]),
            ("2^61 - 1", [0x1F] + Array(repeating: 0xFF, count: 7)),
        ]
        for bits in [64, 65, 127, 128, 129, 255, 256, 1024, 2048] {
            // 2^bits − 1: every bit set.
            moduli.append(("2^\(bits) - 1", allOnes(bits: bits)))
            // 2^(bits−1) + 1: the top and bottom bits only.
            var sparse = [UInt8](repeating: 0, count: (bits + 7) / 8)
            sparse[0] = UInt8(1 << ((bits - 1) % 8))
            sparse[sparse.count - 1] |= 1
            moduli.append(("2^\(bits - 1) + 1", sparse))
        }
        // 2^255 − 19, whose top limb is all ones but for one bit.
        moduli.append(("2^255 - 19", [0x7F] + Array(repeating: 0xFF, count: 30) + [0xED]))
        var compared = 0
        for (name, modulus) in moduli {
            let n = ReferenceNatural(bigEndian: modulus)
            // Empty and zero exponents give 1; odd ones end in the multiplication that leaves the domain.
            var exponents: [[UInt8]] = [[], [0x00], [0x01], [0x02], [0x03], [0x01, 0x00, 0x01], [0x01, 0x00]]
            if n.bitWidth <= 256 {
                exponents.append([0xFF, 0xFF, 0xFF, 0xFF])
                // n − 1 and n − 2: exponents as long as the modulus (Fermat's little theorem when n is prime).
                exponents.append((n - .one).bigEndianBytes(count: modulus.count))
                exponents.append((n - ReferenceNatural(2)).bigEndianBytes(count: modulus.count))
            }
            compared += comparePowers(modulus: modulus, exponents: exponents, random: &random, context: name)
        }
        #expect(compared > 500)
    }

    @Test func powerIgnoresLeadingZeroOctetsOfBaseAndExponent() {
        var random = SplitMix64(seed: 0x5EED_0004)
        let modulus = random.number(bits: 512, odd: true)
        guard let montgomery = MontgomeryModulus<TargetColumnSum>(modulus: modulus[...]) else {
            Issue.record("no MontgomeryModulus for a 512-bit odd modulus")
            return
        }
        let base = random.number(bits: 500, odd: false)  // 63 bytes
        let padded = [UInt8](repeating: 0, count: 64 - base.count) + base
        let expected = ReferenceNatural.power(
            ReferenceNatural(bigEndian: base),
            ReferenceNatural(65_537),
            modulus: ReferenceNatural(bigEndian: modulus)
        ).bigEndianBytes(count: 64)
        let exponents: [[UInt8]] = [[0x01, 0x00, 0x01], [0x00, 0x00, 0x00, 0x01, 0x00, 0x01]]
        for exponent in exponents {
            #expect(montgomery.power(padded[...], exponent: exponent[...]) == expected, "\(hex(exponent))")
            #expect(montgomery.power(base[...], exponent: exponent[...]) == expected, "short base, \(hex(exponent))")
        }
        // A base read out of a larger buffer, at a non-zero start index.
        let embedded = [0xAA] + padded + [0xBB]
        #expect(montgomery.power(embedded[1...64], exponent: [0x01, 0x00, 0x01][...]) == expected)
    }

    /// 61-bit digits hold moduli of up to 58 limbs (3,712 bits, 61 digits), where their column sums are fullest: a
    /// random modulus of that size and 2^3712 − 1 agree with the reference; one limb more is not held, and keys
    /// take the form that holds them.
    @Test func wideDigitsHoldUpTo3712Bits() throws {
        typealias Wide = MontgomeryModulus<ColumnSum128Wide>
        #expect(Wide.digitCount(limbCount: 58) == ColumnSum128Wide.maximumDigitCount)
        #expect(Wide.holds(byteCount: 58 * 8))
        #expect(!Wide.holds(byteCount: 58 * 8 + 1))
        #expect(MontgomeryModulus<ColumnSum128>.holds(byteCount: 1024))  // 8,192 bits
        var random = SplitMix64(seed: 0x5EED_0007)
        var compared = 0
        for modulus in [random.number(bits: 3712, odd: true), allOnes(bits: 3712)] {
            compared += comparePowers(modulus: modulus, exponents: [[0x03]], random: &random, context: "3712 bits")
        }
        #expect(compared == 2 * 6)
        for (bits, wide) in [(2048, true), (3072, true), (3712, true), (3720, false), (4096, false)] {
            let key = try RSAPublicKey(
                modulus: random.number(bits: bits, odd: true)[...],
                exponent: [0x01, 0x00, 0x01]
            )
            if case .wideDigits = key.modulus {
                #expect(wide, "\(bits) bits")
            } else {
                #expect(!wide, "\(bits) bits")
            }
        }
    }

    /// The bound behind ``ColumnSum128Wide/maximumDigitCount``, counted on the arithmetic itself: with 61-bit digits
    /// a product is below 2^122, so each of a column's two sums holds 63 products and a carry within 128 bits. A
    /// form that counts what each sum is given (a doubled sum counts twice, a carry or a digit as one product) runs
    /// squarings, multiplications and a reduction for 61 digits, the most the form takes, and for 62, one more.
    @Test func wideDigitColumnsStayWithinTheirSums() {
        for (limbCount, digitCount, holds) in [(58, 61, true), (59, 62, false)] {
            guard let modulus = MontgomeryModulus<CountingColumnSum>(modulus: allOnes(bits: 64 * limbCount)[...])
            else {
                Issue.record("no MontgomeryModulus for \(limbCount) limbs")
                continue
            }
            #expect(modulus.digitCount == digitCount)
            let largest = CountingColumnSum.counting {
                // 3: a squaring and a multiplication; 2: a squaring and a reduction.
                for exponent: [UInt8] in [[0x03], [0x02]] {
                    _ = modulus.power([0x02][...], exponent: exponent[...])
                }
            }
            #expect((max(largest.main, largest.alternate) <= 63) == holds, "\(digitCount) digits: \(largest)")
        }
    }

    /// Compares `power` with the reference for bases 0, 1, 2, n − 1, n − 2 and one random base below n, for each
    /// exponent. Returns how many comparisons were made.
    private func comparePowers(
        modulus: [UInt8],
        exponents: [[UInt8]],
        random: inout SplitMix64,
        context: String
    ) -> Int {
        guard let wide = MontgomeryModulus<ColumnSum128>(modulus: modulus[...]),
            let narrow = MontgomeryModulus<ColumnSum64>(modulus: modulus[...])
        else {
            Issue.record("\(context): no MontgomeryModulus for odd modulus \(hex(modulus))")
            return 0
        }
        // 61-bit digits for the moduli they hold.
        let wideDigits =
            MontgomeryModulus<ColumnSum128Wide>.holds(byteCount: modulus.count)
            ? MontgomeryModulus<ColumnSum128Wide>(modulus: modulus[...]) : nil
        #expect(wide.byteCount == modulus.count, "\(context)")
        #expect(narrow.byteCount == modulus.count, "\(context), 32-bit limbs")
        let n = ReferenceNatural(bigEndian: modulus)
        var bases: [ReferenceNatural] = [.zero, .one, n - .one]
        if n > ReferenceNatural(3) {
            bases += [ReferenceNatural(2), n - ReferenceNatural(2)]
        }
        let bits = Int.random(in: 1..<max(2, n.bitWidth), using: &random)
        bases.append(ReferenceNatural(bigEndian: random.number(bits: bits, odd: false)))
        var compared = 0
        for base in bases {
            let baseBytes = base.bigEndianBytes(count: modulus.count)
            for exponent in exponents {
                let expected = ReferenceNatural.power(base, ReferenceNatural(bigEndian: exponent), modulus: n)
                let actual = wide.power(baseBytes[...], exponent: exponent[...])
                let narrowActual = narrow.power(baseBytes[...], exponent: exponent[...])
                #expect(narrowActual == actual, "\(context), 32-bit limbs: base \(hex(baseBytes)), \(hex(exponent))")
                if let wideDigits {
                    let wideDigitsActual = wideDigits.power(baseBytes[...], exponent: exponent[...])
                    #expect(wideDigitsActual == actual, "\(context), 61-bit digits: base \(hex(baseBytes))")
                }
                if actual != expected.bigEndianBytes(count: modulus.count) {
                    Issue.record(
                        """
                        \(context): power mismatch
                        n = \(hex(modulus))
                        base = \(hex(baseBytes))
                        exponent = \(hex(exponent))
                        expected \(hex(expected.bigEndianBytes(count: modulus.count)))
                        got      \(hex(actual))
                        """
                    )
                }
                compared += 1
            }
        }
        return compared
    }
}

/// A form of the arithmetic with 61-bit digits whose sums count the products they are given instead of adding them:
/// the columns' shape depends only on the number of digits, so the counts are the bound ``ColumnSum128Wide`` relies
/// on. Only ``wideDigitColumnsStayWithinTheirSums()`` uses it, through ``counting(_:)``.
struct CountingColumnSum: ColumnSum {
    /// The most products each sum held when a column gave its digit, since ``counting(_:)`` began.
    nonisolated(unsafe) private static var largest = (main: 0, alternate: 0)
    private static let lock = NSLock()

    static var digitBits: Int { ColumnSum128Wide.digitBits }
    static var maximumDigitCount: Int { 511 }
    static var runsInFourSums: Bool { ColumnSum128Wide.runsInFourSums }

    private var main = 0
    private var alternate = 0

    init() {}

    /// Runs `body` and returns the most products either sum held in it.
    static func counting(_ body: () -> Void) -> (main: Int, alternate: Int) {
        lock.lock()
        defer { lock.unlock() }
        largest = (0, 0)
        body()
        return largest
    }

    var lowLimb: UInt64 { 0 }
    mutating func add(_ x: UInt64, times y: UInt64) { main += 1 }
    mutating func addAlternate(_ x: UInt64, times y: UInt64) { alternate += 1 }
    mutating func add(_ x: UInt64) { main += 1 }
    mutating func add(_ other: Self) {
        main += other.main
        alternate += other.alternate
    }
    mutating func addTwice(_ other: Self) {
        main += 2 * other.main
        alternate += 2 * other.alternate
    }
    mutating func shiftOutDigit() -> UInt64 {
        Self.largest = (max(Self.largest.main, main), max(Self.largest.alternate, alternate))
        main = 1  // the carry, far below a product
        alternate = 0
        return 0
    }
}
