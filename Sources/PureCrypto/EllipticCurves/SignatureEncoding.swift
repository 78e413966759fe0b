import PureDER

// ECDSA signatures in the two forms in use: the DER `Ecdsa-Sig-Value` of X.509 and CMS, and the fixed-length
// r ‖ s of JWS (RFC 7518 §3.4) and IEEE P1363. Either way r and s must lie in [1, n − 1] (FIPS 186-5 §6.4.2
// step 1): a value outside can never verify, so it is refused when the signature is read.

extension PrimeOrderCurve {
    /// r and s from r ‖ s, `byteCount` big-endian bytes each.
    static func decodeRawSignature(_ bytes: UnsafeRawBufferPointer) throws(ECDSAError) -> (r: Scalar, s: Scalar) {
        let size = Scalar.byteCount
        guard bytes.count == 2 * size else {
            throw ECDSAError.length("a raw signature", expected: 2 * size, found: bytes.count)
        }
        let r = try scalar(Scalar(rawBigEndian: UnsafeRawBufferPointer(rebasing: bytes[0..<size])), "r", at: 0)
        let s = try scalar(Scalar(rawBigEndian: UnsafeRawBufferPointer(rebasing: bytes[size...])), "s", at: size)
        return (r, s)
    }

    /// r and s from the strict DER of
    ///
    /// ```
    /// Ecdsa-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }
    /// ```
    ///
    /// (RFC 5480 §2.2.3 / RFC 3279 §2.2.3): minimal lengths, minimal INTEGERs, nothing after the SEQUENCE.
    /// Offsets count from the slice's first byte.
    static func decodeDERSignature(_ bytes: ArraySlice<UInt8>) throws(ECDSAError) -> (r: Scalar, s: Scalar) {
        let elements: (DERElement, DERElement)
        do throws(DERError) {
            elements = try DERReader.parse(bytes) { reader throws(DERError) in
                try reader.readSequence { sequence throws(DERError) in
                    (try sequence.readElement(.integer), try sequence.readElement(.integer))
                }
            }
        } catch {
            throw ECDSAError.der(.malformedSignature, "a DER Ecdsa-Sig-Value", error, start: bytes.startIndex)
        }
        let r = try derInteger(elements.0, "r", start: bytes.startIndex)
        let s = try derInteger(elements.1, "s", start: bytes.startIndex)
        return (r, s)
    }

    /// A DER INTEGER that must be a positive scalar below n.
    private static func derInteger(_ element: DERElement, _ name: String, start: Int) throws(ECDSAError) -> Scalar {
        let offset = element.offset - start
        let contents: ArraySlice<UInt8>
        do throws(DERError) {
            contents = try element.integerBytes()
        } catch {
            throw ECDSAError.der(.malformedSignature, "a DER INTEGER", error, start: start)
        }
        guard let first = contents.first, first & 0x80 == 0 else {
            throw ECDSAError.value(.malformedSignature, name, " is negative", at: offset)
        }
        // Minimal: a leading zero octet only where the next octet's top bit is set.
        let magnitude = first == 0 ? contents.dropFirst() : contents
        let size = Scalar.byteCount
        guard magnitude.count <= size else {
            throw ECDSAError.value(.scalarOutOfRange, name, " is longer than the group order", at: offset)
        }
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        let value = withUnsafeMutableBytes(of: &words) { buffer in
            for (index, byte) in magnitude.enumerated() {
                buffer[size - magnitude.count + index] = byte
            }
            return Scalar(rawBigEndian: UnsafeRawBufferPointer(rebasing: buffer[0..<size]))
        }
        return try scalar(value, name, at: offset)
    }

    /// `value` if it lies in [1, n − 1].
    private static func scalar(_ value: Scalar, _ name: String, at offset: Int) throws(ECDSAError) -> Scalar {
        guard !value.isZero, value.isBelow(Scalar.modulus) else {
            throw ECDSAError.value(.scalarOutOfRange, name, " is not in [1, n − 1]", at: offset)
        }
        return value
    }

    /// r ‖ s, `byteCount` bytes each.
    static func encodeRawSignature(r: Scalar, s: Scalar) -> [UInt8] {
        let size = Scalar.byteCount
        var bytes = [UInt8](repeating: 0, count: 2 * size)
        bytes.withUnsafeMutableBytes { buffer in
            r.writeRawBigEndian(to: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size]))
            s.writeRawBigEndian(to: UnsafeMutableRawBufferPointer(rebasing: buffer[size...]))
        }
        return bytes
    }

    /// The DER `Ecdsa-Sig-Value` of (r, s).
    static func encodeDERSignature(r: Scalar, s: Scalar) -> [UInt8] {
        let raw = encodeRawSignature(r: r, s: s)
        let size = Scalar.byteCount
        func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var magnitude = Array(bytes.drop { $0 == 0 })
            if magnitude.isEmpty || magnitude[0] & 0x80 != 0 { magnitude.insert(0, at: 0) }
            return [0x02, UInt8(magnitude.count)] + magnitude
        }
        let body = integer(raw[0..<size]) + integer(raw[size...])
        // At most 2 · (2 + 49) = 102 bytes: a short-form or one-octet long-form length.
        return body.count < 0x80 ? [0x30, UInt8(body.count)] + body : [0x30, 0x81, UInt8(body.count)] + body
    }
}
