import PureDER
import Testing
import VectorSupport

@testable import PureCrypto

/// Hostile signatures and keys (random, empty, too long, out of range) refused without trapping.
@Suite("RSA hostile inputs")
struct RSAHostileInputTests {
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
