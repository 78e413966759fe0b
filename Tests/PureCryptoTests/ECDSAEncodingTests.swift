import PureDER
import Testing

@testable import PureCrypto

/// Public keys and signatures as bytes: what is accepted, and the exact error for each way of being wrong.
@Suite("ECDSA key and signature encodings")
struct ECDSAEncodingTests {
    static let p256 = RefCurve.p256
    static let p384 = RefCurve.p384
    /// G's uncompressed encoding on each curve (a valid public key).
    static let p256Key = p256.x963(p256.generator)
    static let p384Key = p384.x963(p384.generator)
    /// The SubjectPublicKeyInfo prefix of an uncompressed P-256 key (RFC 5480), then the 65 point bytes.
    static let p256SPKIPrefix = hexBytes("3059301306072a8648ce3d020106082a8648ce3d030107034200")
    static let p384SPKIPrefix = hexBytes("3076301006072a8648ce3d020106052b81040022036200")

    /// The error `body` throws: an ``ECDSAError``, or `nil` when it returns (any other error fails the test).
    static func code(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> ECDSAError? {
        do {
            try body()
            return nil
        } catch let error as ECDSAError {
            return error
        } catch {
            Issue.record("not an ECDSAError: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    // MARK: - Keys

    @Test func keysDecodeInEveryFormAndEncodeBack() throws {
        let key = try P256.Signing.PublicKey(x963Representation: Self.p256Key)
        #expect(key.x963Representation == Self.p256Key)
        #expect(
            try P256.Signing.PublicKey(rawRepresentation: Self.p256Key.dropFirst()).x963Representation == Self.p256Key
        )
        #expect(
            try P256.Signing.PublicKey(compressedRepresentation: key.compressedRepresentation).x963Representation
                == Self.p256Key
        )
        #expect(
            try P256.Signing.PublicKey(derRepresentation: Self.p256SPKIPrefix + Self.p256Key).x963Representation
                == Self.p256Key
        )
        let key384 = try P384.Signing.PublicKey(x963Representation: Self.p384Key)
        #expect(
            try P384.Signing.PublicKey(compressedRepresentation: key384.compressedRepresentation).x963Representation
                == Self.p384Key
        )
        #expect(
            try P384.Signing.PublicKey(derRepresentation: Self.p384SPKIPrefix + Self.p384Key).x963Representation
                == Self.p384Key
        )
        // Both parities of y: G and −G.
        let negated = Self.p256.x963(Self.p256.negate(Self.p256.generator))
        let negatedKey = try P256.Signing.PublicKey(x963Representation: negated)
        #expect(negatedKey.compressedRepresentation[0] != key.compressedRepresentation[0])
        #expect(
            try P256.Signing.PublicKey(compressedRepresentation: negatedKey.compressedRepresentation).x963Representation
                == negated
        )
        // A compressed key inside a SubjectPublicKeyInfo (RFC 5480 §2.2 allows it).
        let compressedSPKI =
            hexBytes("3039301306072a8648ce3d020106082a8648ce3d030107032200") + key.compressedRepresentation
        #expect(try P256.Signing.PublicKey(derRepresentation: compressedSPKI).x963Representation == Self.p256Key)
    }

    @Test func keyErrorsSayWhatIsWrongAndWhere() {
        var wrongLength = Self.p256Key
        wrongLength.append(0)
        #expect(Self.code { _ = try P256.Signing.PublicKey(x963Representation: wrongLength) }?.code == .invalidLength)
        #expect(Self.code { _ = try P256.Signing.PublicKey(x963Representation: [0x00]) }?.code == .pointAtInfinity)
        #expect(Self.code { _ = try P256.Signing.PublicKey(x963Representation: [UInt8]()) }?.code == .invalidLength)
        var hybrid = Self.p256Key
        hybrid[0] = 0x06
        #expect(
            Self.code { _ = try P256.Signing.PublicKey(x963Representation: hybrid) }?.code == .unsupportedPointFormat
        )
        // A compressed point where an uncompressed one is asked for, and the reverse.
        let compressed = [0x02] + Self.p256Key[1...32]
        #expect(
            Self.code { _ = try P256.Signing.PublicKey(x963Representation: compressed) }?.code
                == .unsupportedPointFormat
        )
        #expect(
            Self.code { _ = try P256.Signing.PublicKey(compressedRepresentation: Self.p256Key) }?.code
                == .unsupportedPointFormat
        )
        // x = p: out of range at offset 1; y = p + y (as bytes, y ≥ p): out of range at offset 33.
        var xTooLarge = Self.p256Key
        xTooLarge.replaceSubrange(1...32, with: Self.p256.field.modulus.bytes(count: 32))
        let xError = Self.code { _ = try P256.Signing.PublicKey(x963Representation: xTooLarge) }
        #expect(xError?.code == .coordinateOutOfRange && xError?.offset == 1)
        var yTooLarge = Self.p256Key
        yTooLarge.replaceSubrange(33...64, with: [UInt8](repeating: 0xFF, count: 32))
        let yError = Self.code { _ = try P256.Signing.PublicKey(x963Representation: yTooLarge) }
        #expect(yError?.code == .coordinateOutOfRange && yError?.offset == 33)
        // y + 1: on no curve.
        var offCurve = Self.p256Key
        offCurve[64] ^= 1
        #expect(Self.code { _ = try P256.Signing.PublicKey(x963Representation: offCurve) }?.code == .pointNotOnCurve)
        #expect(
            Self.code { _ = try P256.Signing.PublicKey(rawRepresentation: offCurve.dropFirst()) }?.code
                == .pointNotOnCurve
        )
        // The first x ≥ 1 with x³ − 3x + b not a square: no point has it (Euler's criterion in the reference).
        let field = Self.p256.field
        let euler = (field.modulus - RefInt(1)).shiftedRight(1)
        var x = RefInt(1)
        while true {
            let rhs = field.add(field.subtract(field.power(x, RefInt(3)), field.multiply(RefInt(3), x)), Self.p256.b)
            if field.power(rhs, euler) != RefInt(1) { break }
            x = x + RefInt(1)
        }
        let noRoot = [0x02] + x.bytes(count: 32)
        #expect(
            Self.code { _ = try P256.Signing.PublicKey(compressedRepresentation: noRoot) }?.code == .pointNotOnCurve
        )
        // A P-256 key given to P-384.
        #expect(Self.code { _ = try P384.Signing.PublicKey(x963Representation: Self.p256Key) }?.code == .invalidLength)
    }

    @Test func subjectPublicKeyInfoErrorsKeepTheDERError() {
        let spki = Self.p256SPKIPrefix + Self.p256Key
        // Trailing byte: the DER reader's trailingBytes, nested.
        let trailing = Self.code { _ = try P256.Signing.PublicKey(derRepresentation: spki + [0]) }
        #expect(trailing?.code == .malformedKey && trailing?.derError?.code == .trailingBytes)
        // The P-384 curve identifier where P-256 is expected.
        let other = Self.code { _ = try P256.Signing.PublicKey(derRepresentation: Self.p384SPKIPrefix + Self.p384Key) }
        #expect(other?.code == .unsupportedKeyAlgorithm)
        // rsaEncryption.
        var rsa = spki
        rsa.replaceSubrange(6...12, with: hexBytes("06072a864886f70d"))
        #expect(Self.code { _ = try P256.Signing.PublicKey(derRepresentation: rsa) }?.code != nil)
        // Unused bits in the BIT STRING.
        var unused = spki
        unused[25] = 0x01
        let unusedError = Self.code { _ = try P256.Signing.PublicKey(derRepresentation: unused) }
        #expect(unusedError?.code == .malformedKey || unusedError?.derError?.code == .invalidBitString)
        // The point inside, off the curve: the offset is that of its coordinates in the SubjectPublicKeyInfo.
        var offCurve = spki
        offCurve[offCurve.count - 1] ^= 1
        let pointError = Self.code { _ = try P256.Signing.PublicKey(derRepresentation: offCurve) }
        #expect(pointError?.code == .pointNotOnCurve && pointError?.offset == 27)
    }

    @Test func everyProperPrefixOfAKeyFailsCleanly() {
        let spki = Self.p256SPKIPrefix + Self.p256Key
        for length in 0..<spki.count {
            #expect(Self.code { _ = try P256.Signing.PublicKey(derRepresentation: spki.prefix(length)) } != nil)
        }
        for length in 0..<Self.p256Key.count {
            let prefix = Array(Self.p256Key.prefix(length))
            #expect(Self.code { _ = try P256.Signing.PublicKey(x963Representation: prefix) } != nil)
            #expect(
                Self.code { _ = try P256.Signing.PublicKey(compressedRepresentation: prefix.prefix(33)) } != nil
                    || length >= 33
            )
        }
        for length in 0..<Self.p384Key.count {
            #expect(
                Self.code { _ = try P384.Signing.PublicKey(x963Representation: Self.p384Key.prefix(length)) } != nil
            )
        }
    }

    // MARK: - Signatures

    /// A DER INTEGER of a non-negative value.
    static func integer(_ value: RefInt) -> [UInt8] {
        var bytes = Array(value.bytes(count: 49).drop { $0 == 0 })
        if bytes.isEmpty || bytes[0] & 0x80 != 0 { bytes.insert(0, at: 0) }
        return [0x02, UInt8(bytes.count)] + bytes
    }

    static func sequence(_ body: [UInt8]) -> [UInt8] {
        body.count < 0x80 ? [0x30, UInt8(body.count)] + body : [0x30, 0x81, UInt8(body.count)] + body
    }

    @Test func signaturesRoundTripThroughBothForms() throws {
        let r = RefInt(hex: "80")  // needs the leading zero octet
        let s = Self.p256.order - RefInt(1)
        let der = Self.sequence(Self.integer(r) + Self.integer(s))
        let signature = try P256.Signing.ECDSASignature(derRepresentation: der)
        #expect(signature.derRepresentation == der)
        #expect(signature.rawRepresentation == r.bytes(count: 32) + s.bytes(count: 32))
        #expect(
            try P256.Signing.ECDSASignature(rawRepresentation: signature.rawRepresentation).derRepresentation == der
        )
        let r384 = Self.p384.order - RefInt(1)
        let der384 = Self.sequence(Self.integer(r384) + Self.integer(r384))
        #expect(try P384.Signing.ECDSASignature(derRepresentation: der384).derRepresentation == der384)
    }

    @Test func signatureErrorsSayWhatIsWrongAndWhere() {
        let one = Self.integer(RefInt(1))
        func error(_ der: [UInt8]) -> ECDSAError? {
            Self.code { _ = try P256.Signing.ECDSASignature(derRepresentation: der) }
        }
        // r = 0 and s = n: scalarOutOfRange, at the offending INTEGER.
        let zero = error(Self.sequence(Self.integer(RefInt(0)) + one))
        #expect(zero?.code == .scalarOutOfRange && zero?.offset == 2)
        let order = error(Self.sequence(one + Self.integer(Self.p256.order)))
        #expect(order?.code == .scalarOutOfRange && order?.offset == 5)
        // Longer than the order: 33 magnitude bytes.
        let long = error(Self.sequence(one + Self.integer(RefInt(1).shiftedLeft(256))))
        #expect(long?.code == .scalarOutOfRange)
        // Negative r.
        let negative = error(Self.sequence([0x02, 0x01, 0xFF] + one))
        #expect(negative?.code == .malformedSignature && negative?.offset == 2)
        // A non-minimal INTEGER: the DER reader's invalidInteger, nested.
        let padded = error(Self.sequence([0x02, 0x02, 0x00, 0x01] + one))
        #expect(padded?.code == .malformedSignature && padded?.derError?.code == .invalidInteger)
        // Trailing bytes after the SEQUENCE, and inside it.
        let trailing = error(Self.sequence(one + one) + [0x00])
        #expect(trailing?.code == .malformedSignature && trailing?.derError?.code == .trailingBytes)
        let inside = error(Self.sequence(one + one + one))
        #expect(inside?.code == .malformedSignature && inside?.derError?.code == .trailingBytes)
        // A non-minimal length (BER): refused.
        let ber = error([0x30, 0x81, 0x06] + one + one)
        #expect(ber?.code == .malformedSignature && ber?.derError?.code == .nonMinimalLength)
        // Raw: wrong length, r = 0, s ≥ n.
        let raw = Self.p256.order.bytes(count: 32)
        #expect(Self.code { _ = try P256.Signing.ECDSASignature(rawRepresentation: raw) }?.code == .invalidLength)
        let rawZero = [UInt8](repeating: 0, count: 32) + RefInt(1).bytes(count: 32)
        let zeroError = Self.code { _ = try P256.Signing.ECDSASignature(rawRepresentation: rawZero) }
        #expect(zeroError?.code == .scalarOutOfRange && zeroError?.offset == 0)
        let rawOrder = RefInt(1).bytes(count: 32) + raw
        let orderError = Self.code { _ = try P256.Signing.ECDSASignature(rawRepresentation: rawOrder) }
        #expect(orderError?.code == .scalarOutOfRange && orderError?.offset == 32)
    }

    @Test func everyProperPrefixOfADERSignatureFailsCleanly() {
        let value = Self.p384.order - RefInt(2)
        let der = Self.sequence(Self.integer(value) + Self.integer(value))
        #expect(Self.code { _ = try P384.Signing.ECDSASignature(derRepresentation: der) } == nil)
        for length in 0..<der.count {
            #expect(Self.code { _ = try P384.Signing.ECDSASignature(derRepresentation: der.prefix(length)) } != nil)
        }
        let raw = value.bytes(count: 48) + value.bytes(count: 48)
        for length in 0..<raw.count {
            #expect(
                Self.code { _ = try P384.Signing.ECDSASignature(rawRepresentation: raw.prefix(length)) }?.code
                    == .invalidLength
            )
        }
    }

    @Test func offsetsCountFromTheStartOfASlice() {
        let one = Self.integer(RefInt(1))
        let input = [0xAA, 0xBB] + Self.sequence(Self.integer(RefInt(0)) + one)
        let error = Self.code { _ = try P256.Signing.ECDSASignature(derRepresentation: input[2...]) }
        #expect(error?.code == .scalarOutOfRange && error?.offset == 2)
    }
}
