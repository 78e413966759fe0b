import PureDER
import Testing
import VectorSupport

@testable import PureCrypto

/// RSA public keys refused error by error, and the limits of the default and `unsafe` initializers.
@Suite("RSA key validation")
struct RSAKeyValidationTests {
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
}
