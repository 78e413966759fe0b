import PureDER
import Testing
import VectorSupport

@testable import PureCrypto

/// Montgomery exponentiation against a slow, obviously correct reference; key validation, error by error; and
/// hostile inputs (random, empty, too long, out of range) that must be refused without trapping.
@Suite("RSA arithmetic, key validation and hostile inputs")
struct RSAArithmeticTests {
    // MARK: - MontgomeryModulus against the reference

    // Every test runs both forms of the arithmetic (MontgomeryModulus+ColumnSum.swift): 64-bit limbs with 59-bit
    // digits, the form of 64-bit targets, and 32-bit limbs with 27-bit digits, the form of wasm32.

    @Test func montgomeryModulusExistsExactlyForOddModuliAboveOne() {
        let refused: [[UInt8]] = [
            [], [0x00], [0x01], [0x02], [0x04], [0xFF, 0xFE], [0x80] + Array(repeating: 0, count: 255),
        ]
        let accepted: [[UInt8]] = [
            [0x03], [0x05], [0xFF], [0x01, 0x01], [0x80] + Array(repeating: 0, count: 254) + [0x01],
        ]
        for modulus in refused {
            #expect(MontgomeryModulus<ColumnSum128>(modulus: modulus[...]) == nil, "\(hex(modulus))")
            #expect(MontgomeryModulus<ColumnSum64>(modulus: modulus[...]) == nil, "32-bit: \(hex(modulus))")
        }
        for modulus in accepted {
            #expect(MontgomeryModulus<ColumnSum128>(modulus: modulus[...])?.byteCount == modulus.count)
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
        let form = "\(Limb.bitWidth)-bit limbs"
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
    /// 59 in 64-bit limbs and 59-bit digits; k = 5, 16, 27 in 32-bit limbs and 27-bit digits). The moduli are as
    /// large as k limbs allow (all ones) and just above half of that; the bases include n − 1 and, for the array
    /// form that accepts them, 2^(wk) − 1, above n.
    @Test func powerAgreesWithTheReferenceWhereTheDigitMarginIsThinnest() {
        var random = SplitMix64(seed: 0x5EED_0006)
        let compared =
            comparePowersAtThinMargins(ColumnSum128.self, limbCounts: [35, 47, 59], random: &random)
            + comparePowersAtThinMargins(ColumnSum64.self, limbCounts: [5, 16, 27], random: &random)
        #expect(compared == 2 * 3 * (2 * 2 * 6 + 2))
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

    // MARK: - Key validation

    @Test func modulusSizeLimitsDifferBetweenTheDefaultAndTheUnsafeInitializers() {
        var random = SplitMix64(seed: 0x5EED_0010)
        let e: [UInt8] = [0x01, 0x00, 0x01]
        // (bits, default initializers' verdict, unsafe initializers' verdict); nil = accepted.
        let table: [(Int, RSAError.Code?, RSAError.Code?)] = [
            (512, .modulusTooSmall, .modulusTooSmall),
            (1023, .modulusTooSmall, .modulusTooSmall),
            (1024, .modulusTooSmall, nil),
            (1536, .modulusTooSmall, nil),
            (2047, .modulusTooSmall, nil),
            (2048, nil, nil),
            (4096, nil, nil),
            (8192, nil, nil),
            (8193, .modulusTooLarge, .modulusTooLarge),
            (16_384, .modulusTooLarge, .modulusTooLarge),
        ]
        for (bits, standard, unsafe) in table {
            let n = random.number(bits: bits, odd: true)
            for (form, make) in keyInitializers(unsafe: false) {
                expectKey(standard, "\(bits)-bit modulus, \(form)") { () throws(RSAError) in
                    let key = try make(n, e)
                    #expect(key.modulusBitCount == bits)
                }
            }
            for (form, make) in keyInitializers(unsafe: true) {
                expectKey(unsafe, "\(bits)-bit modulus, unsafe \(form)") { () throws(RSAError) in
                    let key = try make(n, e)
                    #expect(key.modulusBitCount == bits)
                }
            }
        }
    }

    @Test func evenModuliAreRefused() {
        var random = SplitMix64(seed: 0x5EED_0011)
        for bits in [1024, 2048, 3072, 8192] {
            let n = random.number(bits: bits, odd: false).dropLast() + [0xFE]
            for (form, make) in keyInitializers(unsafe: true) + (bits >= 2048 ? keyInitializers(unsafe: false) : []) {
                expectRSAError(.evenModulus, "\(bits)-bit even modulus, \(form)") { () throws(RSAError) in
                    try make(Array(n), [0x03])
                }
            }
        }
    }

    @Test func exponentsMustBeOddAndBetweenThreeAndTheModulus() {
        var random = SplitMix64(seed: 0x5EED_0012)
        let nBytes = random.number(bits: 2048, odd: true)
        let n = ReferenceNatural(bigEndian: nBytes)
        let refused: [(String, [UInt8])] = [
            ("0", [0x00]),
            ("1", [0x01]),
            ("2", [0x02]),
            ("4", [0x04]),
            ("65536", [0x01, 0x00, 0x00]),
            ("n - 1 (even)", (n - .one).bigEndianBytes(count: 256)),
            ("n", nBytes),
            ("n + 2", (n + ReferenceNatural(2)).bigEndianBytes(count: 256)),
            ("n + 2^2048", [0x01] + nBytes),
            ("2^2049 - 1", allOnes(bits: 2049)),
        ]
        let accepted: [(String, [UInt8])] = [
            ("3", [0x03]),
            ("17", [0x11]),
            ("65537", [0x01, 0x00, 0x01]),
            ("2^32 + 1", [0x01, 0x00, 0x00, 0x00, 0x01]),
            ("n - 2", (n - ReferenceNatural(2)).bigEndianBytes(count: 256)),
        ]
        for (form, make) in keyInitializers(unsafe: false) + keyInitializers(unsafe: true) {
            for (name, e) in refused {
                expectRSAError(.invalidExponent, "e = \(name), \(form)") { () throws(RSAError) in try make(nBytes, e) }
            }
            for (name, e) in accepted {
                expectKey(nil, "e = \(name), \(form)") { () throws(RSAError) in _ = try make(nBytes, e) }
            }
        }
    }

    @Test func malformedEncodingsAreRefusedAsMalformedKeys() {
        let n = KnownKey.rsa2048.modulus
        let e = KnownKey.rsa2048.exponent
        let pkcs1 = pkcs1DER(modulus: n, exponent: e)
        let spki = subjectPublicKeyInfoDER(wrapping: pkcs1)
        var integerN = DERWriter()
        integerN.appendUnsignedInteger(bigEndian: n)
        var integerE = DERWriter()
        integerE.appendUnsignedInteger(bigEndian: e)
        func sequence(_ parts: [UInt8]...) -> [UInt8] {
            var writer = DERWriter()
            writer.appendSequence { $0.appendEncoded(parts.flatMap { $0 }) }
            return writer.bytes
        }
        // (name, encoding, codes allowed besides malformedKey)
        let pkcs1Cases: [(String, [UInt8], Set<RSAError.Code>)] = [
            ("empty", [], []),
            ("a bare SEQUENCE tag", [0x30], []),
            ("an empty SEQUENCE", [0x30, 0x00], []),
            ("the modulus alone", sequence(integerN.bytes), []),
            ("a third INTEGER", sequence(integerN.bytes, integerE.bytes, [0x02, 0x01, 0x01]), []),
            ("a trailing byte", pkcs1 + [0x00], []),
            ("a SET instead of a SEQUENCE", [0x31] + pkcs1.dropFirst(), []),
            ("an OCTET STRING modulus", sequence([0x04] + integerN.bytes.dropFirst(), integerE.bytes), []),
            // Modulus with its sign octet dropped: the INTEGER is negative.
            ("a negative modulus", sequence([0x02, 0x82, 0x01, 0x00] + n, integerE.bytes), []),
            ("a non-minimal INTEGER", sequence([0x02, 0x82, 0x01, 0x02, 0x00, 0x00] + n, integerE.bytes), []),
            ("a negative exponent", sequence(integerN.bytes, [0x02, 0x01, 0xFD]), [.invalidExponent]),
            ("a non-minimal length", [0x30, 0x82, 0x00, 0x7F] + Array(pkcs1.dropFirst(4).prefix(0x7F)), []),
            ("an indefinite length", [0x30, 0x80] + integerN.bytes + integerE.bytes + [0x00, 0x00], []),
            ("the SubjectPublicKeyInfo", spki, []),
        ]
        for (name, der, alternatives) in pkcs1Cases {
            for unsafe in [false, true] {
                do {
                    _ = unsafe ? try RSAPublicKey(unsafePKCS1DER: der[...]) : try RSAPublicKey(pkcs1DER: der[...])
                    Issue.record("PKCS#1 with \(name) (unsafe: \(unsafe)): accepted")
                } catch {
                    #expect(
                        error.code == .malformedKey || alternatives.contains(error.code),
                        "PKCS#1 with \(name) (unsafe: \(unsafe)): \(error)"
                    )
                }
            }
        }
        var unusedBits = subjectPublicKeyInfoDER(wrapping: pkcs1)
        unusedBits[unusedBits.count - pkcs1.count - 1] = 0x01  // the BIT STRING's unused-bit count octet
        let spkiCases: [(String, [UInt8])] = [
            ("empty", []),
            ("the PKCS#1 key", pkcs1),
            ("no NULL parameters", subjectPublicKeyInfoDER(wrapping: pkcs1, withNullParameters: false)),
            ("the id-ecPublicKey algorithm", subjectPublicKeyInfoDER(wrapping: pkcs1, algorithm: OIDs.ecPublicKey)),
            (
                "the sha256WithRSAEncryption algorithm",
                subjectPublicKeyInfoDER(wrapping: pkcs1, algorithm: OIDs.sha256WithRSAEncryption)
            ),
            ("a malformed key inside", subjectPublicKeyInfoDER(wrapping: pkcs1 + [0x00])),
            ("garbage inside", subjectPublicKeyInfoDER(wrapping: [0x01, 0x02, 0x03])),
            ("a trailing byte", spki + [0x00]),
            ("one unused bit in the BIT STRING", unusedBits),
        ]
        for (name, der) in spkiCases {
            expectRSAError(.malformedKey, "SubjectPublicKeyInfo with \(name)") { () throws(RSAError) in
                try RSAPublicKey(subjectPublicKeyInfoDER: der[...])
            }
            expectRSAError(.malformedKey, "unsafe SubjectPublicKeyInfo with \(name)") { () throws(RSAError) in
                try RSAPublicKey(unsafeSubjectPublicKeyInfoDER: der[...])
            }
        }
        // Every proper prefix of both encodings.
        for length in 0..<pkcs1.count {
            expectRSAError(.malformedKey, "\(length)-byte prefix of PKCS#1") { () throws(RSAError) in
                try RSAPublicKey(pkcs1DER: pkcs1[..<length])
            }
        }
        for length in 0..<spki.count {
            expectRSAError(.malformedKey, "\(length)-byte prefix of SubjectPublicKeyInfo") { () throws(RSAError) in
                try RSAPublicKey(subjectPublicKeyInfoDER: spki[..<length])
            }
        }
    }

    @Test func theThreeEncodingsOfOneKeyAreTheSameKey() throws {
        let known = KnownKey.rsa2048
        let pkcs1 = pkcs1DER(modulus: known.modulus, exponent: known.exponent)
        let keys = [
            try RSAPublicKey(modulus: known.modulus[...], exponent: known.exponent[...]),
            try RSAPublicKey(pkcs1DER: pkcs1[...]),
            try RSAPublicKey(subjectPublicKeyInfoDER: subjectPublicKeyInfoDER(wrapping: pkcs1)[...]),
            try RSAPublicKey(unsafeModulus: known.modulus[...], exponent: known.exponent[...]),
            try RSAPublicKey(unsafePKCS1DER: pkcs1[...]),
            try RSAPublicKey(unsafeSubjectPublicKeyInfoDER: subjectPublicKeyInfoDER(wrapping: pkcs1)[...]),
        ]
        for key in keys {
            #expect(key.modulusBitCount == 2048)
            #expect(key.isValidSignature(known.signature, for: known.message, padding: .pkcs1v15(.sha256)))
        }
        // Keys from slices that do not start at index 0, as they are when read out of a larger structure.
        let embedded = [0xAA, 0xBB] + pkcs1 + [0xCC]
        let sliced = try RSAPublicKey(pkcs1DER: embedded[2..<(2 + pkcs1.count)])
        #expect(sliced.isValidSignature(known.signature, for: known.message, padding: .pkcs1v15(.sha256)))
        let legacy = KnownKey.rsa1024
        let small = try RSAPublicKey(unsafeModulus: legacy.modulus[...], exponent: legacy.exponent[...])
        #expect(small.modulusBitCount == 1024)
        #expect(small.isValidSignature(legacy.signature, for: legacy.message, padding: .pkcs1v15(.sha256)))
    }

    /// Random moduli and exponents through the modulus/exponent initializers: a key comes out exactly when the
    /// documented conditions hold, and otherwise the error names one of the conditions that fail.
    @Test func randomModuliAndExponentsAreAcceptedExactlyWhenTheRulesHold() {
        var random = SplitMix64(seed: 0x5EED_0013)
        var accepted = 0
        var refused = 0
        for round in 0..<240 {
            // Mostly around the 1024 and 2048 limits; every eighth round around 8192 (those keys are slow to set up).
            let bits: Int
            switch round % 8 {
            case 0: bits = Int.random(in: 8185...8200, using: &random)
            case 1, 2, 3: bits = Int.random(in: 1...1100, using: &random)
            default: bits = Int.random(in: 1000...2100, using: &random)
            }
            let modulus = random.number(bits: bits, odd: Bool.random(using: &random) || round % 4 == 0)
            let exponent: [UInt8]
            switch round % 5 {
            case 0: exponent = [UInt8.random(in: 0...8, using: &random)]
            case 1: exponent = [0x01, 0x00, UInt8.random(in: 0...2, using: &random)]
            case 2:
                exponent = random.number(bits: Int.random(in: 1...64, using: &random), odd: Bool.random(using: &random))
            case 3: exponent = random.number(bits: max(1, bits + Int.random(in: -1...1, using: &random)), odd: true)
            default: exponent = modulus
            }
            let n = ReferenceNatural(bigEndian: modulus)
            let e = ReferenceNatural(bigEndian: exponent)
            for unsafe in [false, true] {
                var allowed: Set<RSAError.Code> = []
                if bits < (unsafe ? 1024 : 2048) { allowed.insert(.modulusTooSmall) }
                if bits > 8192 { allowed.insert(.modulusTooLarge) }
                if !n.bit(0) { allowed.insert(.evenModulus) }
                if !e.bit(0) || e < ReferenceNatural(3) || e >= n { allowed.insert(.invalidExponent) }
                do {
                    let key =
                        unsafe
                        ? try RSAPublicKey(unsafeModulus: modulus[...], exponent: exponent[...])
                        : try RSAPublicKey(modulus: modulus[...], exponent: exponent[...])
                    accepted += 1
                    #expect(allowed.isEmpty, "round \(round): accepted a \(bits)-bit key despite \(allowed)")
                    #expect(key.modulusBitCount == bits)
                } catch {
                    refused += 1
                    #expect(allowed.contains(error.code), "round \(round): \(error) but the rules say \(allowed)")
                }
            }
        }
        #expect(accepted > 30 && refused > 200)
    }

    // MARK: - Hostile signatures

    @Test func aSignatureOfTheWrongLengthIsRejectedEvenWhenItsValueIsRight() throws {
        let known = KnownKey.rsa2048
        let key = try RSAPublicKey(modulus: known.modulus[...], exponent: known.exponent[...])
        let padding = RSASignaturePadding.pkcs1v15(.sha256)
        #expect(key.isValidSignature(known.signature, for: known.message, padding: padding))
        let wrongLengths: [(String, [UInt8])] = [
            ("empty", []),
            ("one byte", [0x01]),
            ("a leading zero octet", [0x00] + known.signature),
            ("two leading zero octets", [0x00, 0x00] + known.signature),
            ("the last byte dropped", Array(known.signature.dropLast())),
            ("the first byte dropped", Array(known.signature.dropFirst())),
            ("a trailing byte", known.signature + [0x00]),
            ("twice the length", known.signature + known.signature),
        ]
        for (name, signature) in wrongLengths {
            #expect(!key.isValidSignature(signature, for: known.message, padding: padding), "\(name)")
            #expect(!key.isValidSignature(signature, forDigest: known.digest, padding: padding), "\(name), digest")
        }
        // Not an Array: the generic collection path.
        #expect(
            key.isValidSignature(known.signature.lazy.map { $0 }, for: known.message.lazy.map { $0 }, padding: padding)
        )
        #expect(!key.isValidSignature(([0x00] + known.signature).lazy.map { $0 }, for: known.message, padding: padding))
    }

    @Test func aSignatureValueAtOrAboveTheModulusIsRejected() throws {
        let known = KnownKey.rsa2048
        let key = try RSAPublicKey(modulus: known.modulus[...], exponent: known.exponent[...])
        let padding = RSASignaturePadding.pkcs1v15(.sha256)
        let n = ReferenceNatural(bigEndian: known.modulus)
        let s = ReferenceNatural(bigEndian: known.signature)
        var values: [(String, ReferenceNatural)] = [
            ("n", n), ("n + 1", n + .one), ("2^2048 - 1", ReferenceNatural(bigEndian: allOnes(bits: 2048))),
            ("0", .zero), ("1", .one), ("n - 1", n - .one),
        ]
        // s + n ≡ s (mod n): the same value to the arithmetic, but not a signature.
        if (s + n).bitWidth <= 2048 {
            values.append(("s + n", s + n))
        }
        for (name, value) in values {
            let bytes = value.bigEndianBytes(count: 256)
            #expect(!key.isValidSignature(bytes, for: known.message, padding: padding), "s = \(name)")
            #expect(!key.isValidSignature(bytes, forDigest: known.digest, padding: padding), "s = \(name), digest")
        }
    }

    @Test func aDigestOfTheWrongLengthOrAlgorithmIsRejected() throws {
        let known = KnownKey.rsa2048
        let key = try RSAPublicKey(modulus: known.modulus[...], exponent: known.exponent[...])
        #expect(key.isValidSignature(known.signature, forDigest: known.digest, padding: .pkcs1v15(.sha256)))
        for length in [0, 1, 20, 31, 33, 48, 64, 256] {
            let digest = Array(known.digest.prefix(length)) + [UInt8](repeating: 0, count: max(0, length - 32))
            #expect(!key.isValidSignature(known.signature, forDigest: digest, padding: .pkcs1v15(.sha256)), "\(length)")
        }
        for other in [RSATestDigest.sha1, .sha384, .sha512] {
            #expect(!key.isValidSignature(known.signature, for: known.message, padding: other.padding), "\(other)")
            let sameLength =
                Array(known.digest.prefix(other.byteCount)) + [UInt8](repeating: 0, count: max(0, other.byteCount - 32))
            #expect(!key.isValidSignature(known.signature, forDigest: sameLength, padding: other.padding), "\(other)")
        }
        #expect(!key.isValidSignature(known.signature, for: known.message + [0x00], padding: .pkcs1v15(.sha256)))
    }

    @Test func randomByteStringsNeverVerify() throws {
        var random = SplitMix64(seed: 0x5EED_0020)
        let known = KnownKey.rsa2048
        let key = try RSAPublicKey(modulus: known.modulus[...], exponent: known.exponent[...])
        let legacy = try RSAPublicKey(
            unsafeModulus: KnownKey.rsa1024.modulus[...],
            exponent: KnownKey.rsa1024.exponent[...]
        )
        for round in 0..<120 {
            // Half of them have the right length, so that they reach the arithmetic.
            let length = round.isMultiple(of: 2) ? 256 : Int.random(in: 0...600, using: &random)
            let signature = random.bytes(length)
            let message = random.bytes(Int.random(in: 0...100, using: &random))
            for digest in RSATestDigest.allCases {
                #expect(!key.isValidSignature(signature, for: message, padding: digest.padding))
            }
            #expect(!key.isValidSignature(signature, forDigest: random.bytes(32), padding: .pkcs1v15(.sha256)))
            let short = Array(signature.prefix(round.isMultiple(of: 2) ? 128 : length))
            #expect(!legacy.isValidSignature(short, for: message, padding: .pkcs1v15(.sha256)))
        }
    }

    @Test func randomByteStringsAreNeverKeys() {
        var random = SplitMix64(seed: 0x5EED_0021)
        for round in 0..<2_000 {
            var bytes = random.bytes(Int.random(in: 0...700, using: &random))
            if round.isMultiple(of: 2), bytes.count > 4 {
                // A plausible start: SEQUENCE with a long-form length, then anything.
                bytes[0] = 0x30
                bytes[1] = 0x82
            }
            for (form, make) in derInitializers {
                expectRSAError(.malformedKey, "round \(round), \(form)") { () throws(RSAError) in try make(bytes[...]) }
            }
        }
    }

    /// Every single-bit change of a SubjectPublicKeyInfo is either refused or gives a key under which the
    /// original signature does not verify.
    @Test func aMutatedKeyNeverVerifiesTheOriginalSignature() {
        let known = KnownKey.rsa2048
        let spki = subjectPublicKeyInfoDER(wrapping: pkcs1DER(modulus: known.modulus, exponent: known.exponent))
        var loaded = 0
        // Every byte of the structure and the exponent; every eighth byte of the modulus (each load is slow).
        let modulusBytes = (spki.count - 5 - 256)..<(spki.count - 5)
        for index in 0..<spki.count where !modulusBytes.contains(index) || index.isMultiple(of: 8) {
            let mutated = flippingBit(spki, index * 8 + index % 8)
            guard let key = try? RSAPublicKey(unsafeSubjectPublicKeyInfoDER: mutated[...]) else { continue }
            loaded += 1
            #expect(
                !key.isValidSignature(known.signature, for: known.message, padding: .pkcs1v15(.sha256)),
                "byte \(index) changed"
            )
        }
        // Changes to the modulus octets mostly leave a loadable key (even moduli are refused).
        #expect(loaded > 25)
    }
}

// MARK: - Helpers

/// An `RSAError` with `code` from `body`, or no error when `code` is nil.
private func expectKey(
    _ code: RSAError.Code?,
    _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(RSAError) -> Void
) {
    if let code {
        expectRSAError(code, context, sourceLocation: sourceLocation, body)
    } else {
        do {
            try body()
        } catch {
            Issue.record("\(context): \(error)", sourceLocation: sourceLocation)
        }
    }
}

/// The modulus/exponent, PKCS#1 and SubjectPublicKeyInfo initializers, default or unsafe.
private func keyInitializers(unsafe: Bool) -> [(String, ([UInt8], [UInt8]) throws(RSAError) -> RSAPublicKey)] {
    if unsafe {
        return [
            (
                "modulus/exponent",
                { n, e throws(RSAError) in try RSAPublicKey(unsafeModulus: n[...], exponent: e[...]) }
            ),
            (
                "PKCS#1",
                { n, e throws(RSAError) in try RSAPublicKey(unsafePKCS1DER: pkcs1DER(modulus: n, exponent: e)[...]) }
            ),
            (
                "SubjectPublicKeyInfo",
                { n, e throws(RSAError) in
                    try RSAPublicKey(
                        unsafeSubjectPublicKeyInfoDER: subjectPublicKeyInfoDER(
                            wrapping: pkcs1DER(modulus: n, exponent: e)
                        )[...]
                    )
                }
            ),
        ]
    }
    return [
        ("modulus/exponent", { n, e throws(RSAError) in try RSAPublicKey(modulus: n[...], exponent: e[...]) }),
        ("PKCS#1", { n, e throws(RSAError) in try RSAPublicKey(pkcs1DER: pkcs1DER(modulus: n, exponent: e)[...]) }),
        (
            "SubjectPublicKeyInfo",
            { n, e throws(RSAError) in
                try RSAPublicKey(
                    subjectPublicKeyInfoDER: subjectPublicKeyInfoDER(wrapping: pkcs1DER(modulus: n, exponent: e))[...]
                )
            }
        ),
    ]
}

/// The four initializers that take DER.
private var derInitializers: [(String, (ArraySlice<UInt8>) throws(RSAError) -> RSAPublicKey)] {
    [
        ("PKCS#1", { der throws(RSAError) in try RSAPublicKey(pkcs1DER: der) }),
        ("unsafe PKCS#1", { der throws(RSAError) in try RSAPublicKey(unsafePKCS1DER: der) }),
        ("SubjectPublicKeyInfo", { der throws(RSAError) in try RSAPublicKey(subjectPublicKeyInfoDER: der) }),
        (
            "unsafe SubjectPublicKeyInfo",
            { der throws(RSAError) in try RSAPublicKey(unsafeSubjectPublicKeyInfoDER: der) }
        ),
    ]
}

/// 2^bits − 1, big-endian.
private func allOnes(bits: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0xFF, count: (bits + 7) / 8)
    bytes[0] = UInt8(truncatingIfNeeded: (1 << ((bits - 1) % 8 + 1)) - 1)
    return bytes
}

/// Keys with one signature each, from Wycheproof (copied here so that these tests need no vectors folder).
private struct KnownKey {
    let modulus: [UInt8]
    let exponent: [UInt8]
    let message: [UInt8]
    let signature: [UInt8]

    /// SHA-256 digest of `message`.
    var digest: [UInt8] { RSATestDigest.sha256.digest(message) }

    /// rsa_signature_2048_sha256_test.json, tcId 3: "Test" signed with SHA-256.
    static let rsa2048 = KnownKey(
        modulus: hexBytes(
            """
            a2b451a07d0aa5f96e455671513550514a8a5b462ebef717094fa1fee82224e637f9746d3f7cafd31878d80325b6ef5a1700f659\
            03b469429e89d6eac8845097b5ab393189db92512ed8a7711a1253facd20f79c15e8247f3d3e42e46e48c98e254a2fe9765313a0\
            3eff8f17e1a029397a1fa26a8dce26f490ed81299615d9814c22da610428e09c7d9658594266f5c021d0fceca08d945a12be82de\
            4d1ece6b4c03145b5d3495d4ed5411eb878daf05fd7afc3e09ada0f1126422f590975a1969816f48698bcbba1b4d9cae79d460d8\
            f9f85e7975005d9bc22c4e5ac0f7c1a45d12569a62807d3b9a02e5a530e773066f453d1f5b4c2e9cf7820283f742b9d5
            """
        ),
        exponent: [0x01, 0x00, 0x01],
        message: Array("Test".utf8),
        signature: hexBytes(
            """
            264491e844c119f14e425c03282139a558dcdaeb82a4628173cd407fd319f9076eaebc0dd87a1c22e4d17839096886d58a9d5b7f\
            7aeb63efec56c45ac7bead4203b6886e1faa90e028ec0ae094d46bf3f97efdd19045cfbc25a1abda2432639f9876405c0d68f8ed\
            bf047c12a454f7681d5d5a2b54bd3723d193dbad4338baad753264006e2d08931c4b8bb79aa1c9cad10eb6605f87c5831f6e2b08\
            e002f9c6f21141f5841d92727dd3e1d99c36bc560da3c9067df99fcaf818941f72588be33032bad22caf6704223bb114d575b6d0\
            2d9d222b580005d930e8f40cce9f672eebb634a20177d84351627964b83f2053d736a84ab1a005f63bd5ba943de6205c
            """
        )
    )

    /// rsa_signature_test.json, tcId 239: the empty message signed with SHA-256 under a 1024-bit key.
    static let rsa1024 = KnownKey(
        modulus: hexBytes(
            """
            d0941e63a980fa92fb25ed4c7b3307f827023034ae7f1a7491f0699ca7607285e62ad8e994bac21b8b6e305e334f4874067d28e3\
            04230dca7f0e85f7ce595770b6e054c9f844ba86c0696eeba0769d8d4a347e8fe85c724ac1c44994af18a39e719f721f1bc50c46\
            a39e6c075fcd1649f01f22608ce7dc6955502258336987d9
            """
        ),
        exponent: [0x01, 0x00, 0x01],
        message: [],
        signature: hexBytes(
            """
            132fbab52813cd4404e16812639221c6886bd0122af16b814b331a4ce18146ea9071ad0b298d952900d6fb7e1255cc2d619b207f\
            1fd9a48a3838275fe1bf3400726713175fa92d784778790c214a26491f596481414afee858ebf394da0c18a005f76c56b454a95f\
            f555341a8667848f23ee65ee2814e2d7b673fce167ba5618
            """
        )
    )
}

// MARK: - Reference arithmetic

/// A natural number as little-endian 32-bit limbs with no high zero limbs (zero has none): slow, simple and
/// obviously correct — schoolbook multiplication, bit-by-bit long division, square-and-multiply — so that
/// it can judge the Montgomery implementation.
struct ReferenceNatural: Comparable, Sendable {
    private(set) var limbs: [UInt32]

    static let zero = ReferenceNatural(limbs: [])
    static let one = ReferenceNatural(limbs: [1])

    init(limbs: [UInt32]) {
        var limbs = limbs
        while limbs.last == 0 { limbs.removeLast() }
        self.limbs = limbs
    }

    init(_ value: UInt32) {
        self.init(limbs: [value])
    }

    /// From big-endian bytes (leading zeros allowed).
    init(bigEndian bytes: some Collection<UInt8>) {
        var limbs: [UInt32] = []
        var limb: UInt32 = 0
        var shift: UInt32 = 0
        for byte in bytes.reversed() {
            limb |= UInt32(byte) << shift
            shift += 8
            if shift == 32 {
                limbs.append(limb)
                limb = 0
                shift = 0
            }
        }
        limbs.append(limb)
        self.init(limbs: limbs)
    }

    /// Exactly `count` big-endian bytes.
    ///
    /// - Precondition: the value fits.
    func bigEndianBytes(count: Int) -> [UInt8] {
        precondition(bitWidth <= count * 8, "value does not fit \(count) bytes")
        var bytes = [UInt8](repeating: 0, count: count)
        for index in 0..<min(count, limbs.count * 4) {
            bytes[count - 1 - index] = UInt8(truncatingIfNeeded: limbs[index / 4] >> UInt32(8 * (index % 4)))
        }
        return bytes
    }

    /// The number of significant bits.
    var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 32 - top.leadingZeroBitCount
    }

    /// Bit `index`, 0 being the least significant.
    func bit(_ index: Int) -> Bool {
        let limb = index / 32
        return limb < limbs.count && limbs[limb] >> UInt32(index % 32) & 1 == 1
    }

    static func < (lhs: ReferenceNatural, rhs: ReferenceNatural) -> Bool {
        compare(lhs.limbs, rhs.limbs) < 0
    }

    /// −1, 0 or 1 as `a` is below, equal to or above `b` (limb arrays of any lengths, high zeros allowed).
    static func compare(_ a: [UInt32], _ b: [UInt32]) -> Int {
        for index in stride(from: max(a.count, b.count) - 1, through: 0, by: -1) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    static func + (lhs: ReferenceNatural, rhs: ReferenceNatural) -> ReferenceNatural {
        var sum: [UInt32] = []
        var carry: UInt64 = 0
        for index in 0..<max(lhs.limbs.count, rhs.limbs.count) {
            let x = UInt64(index < lhs.limbs.count ? lhs.limbs[index] : 0)
            let y = UInt64(index < rhs.limbs.count ? rhs.limbs[index] : 0)
            let total = x + y + carry
            sum.append(UInt32(truncatingIfNeeded: total))
            carry = total >> 32
        }
        sum.append(UInt32(carry))
        return ReferenceNatural(limbs: sum)
    }

    /// - Precondition: `lhs >= rhs`.
    static func - (lhs: ReferenceNatural, rhs: ReferenceNatural) -> ReferenceNatural {
        precondition(lhs >= rhs, "negative difference")
        var difference = lhs.limbs
        subtract(rhs.limbs, from: &difference)
        return ReferenceNatural(limbs: difference)
    }

    /// `a -= b` on limb arrays, `a >= b`.
    static func subtract(_ b: [UInt32], from a: inout [UInt32]) {
        var borrow: Int64 = 0
        for index in a.indices {
            let y = Int64(index < b.count ? b[index] : 0)
            var value = Int64(a[index]) - y - borrow
            borrow = 0
            if value < 0 {
                value += 1 << 32
                borrow = 1
            }
            a[index] = UInt32(value)
        }
        precondition(borrow == 0, "negative difference")
    }

    /// Schoolbook multiplication.
    static func * (lhs: ReferenceNatural, rhs: ReferenceNatural) -> ReferenceNatural {
        var product = [UInt32](repeating: 0, count: lhs.limbs.count + rhs.limbs.count + 1)
        for i in lhs.limbs.indices {
            var carry: UInt64 = 0
            for j in rhs.limbs.indices {
                let total = UInt64(lhs.limbs[i]) * UInt64(rhs.limbs[j]) + UInt64(product[i + j]) + carry
                product[i + j] = UInt32(truncatingIfNeeded: total)
                carry = total >> 32
            }
            var k = i + rhs.limbs.count
            while carry != 0 {
                let total = UInt64(product[k]) + carry
                product[k] = UInt32(truncatingIfNeeded: total)
                carry = total >> 32
                k += 1
            }
        }
        return ReferenceNatural(limbs: product)
    }

    /// The remainder by long division, one bit at a time: r ← 2r + bit, then r ← r − n while r ≥ n.
    static func % (lhs: ReferenceNatural, modulus: ReferenceNatural) -> ReferenceNatural {
        precondition(!modulus.limbs.isEmpty, "division by zero")
        var remainder = [UInt32](repeating: 0, count: modulus.limbs.count + 1)
        for index in stride(from: lhs.bitWidth - 1, through: 0, by: -1) {
            var carry: UInt32 = lhs.bit(index) ? 1 : 0
            for limb in remainder.indices {
                let value = remainder[limb]
                remainder[limb] = value << 1 | carry
                carry = value >> 31
            }
            if compare(remainder, modulus.limbs) >= 0 {
                subtract(modulus.limbs, from: &remainder)
            }
        }
        return ReferenceNatural(limbs: remainder)
    }

    /// base^exponent mod modulus, left-to-right square-and-multiply.
    static func power(
        _ base: ReferenceNatural,
        _ exponent: ReferenceNatural,
        modulus: ReferenceNatural
    ) -> ReferenceNatural {
        var result = ReferenceNatural.one % modulus
        let base = base % modulus
        for index in stride(from: exponent.bitWidth - 1, through: 0, by: -1) {
            result = result * result % modulus
            if exponent.bit(index) {
                result = result * base % modulus
            }
        }
        return result
    }
}
