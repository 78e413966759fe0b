import PureDER

// An elliptic-curve key in a certificate (RFC 5480 §2):
//
//     SubjectPublicKeyInfo ::= SEQUENCE { algorithm AlgorithmIdentifier, subjectPublicKey BIT STRING }
//     AlgorithmIdentifier ::= SEQUENCE { algorithm id-ecPublicKey, parameters ECParameters }
//     ECParameters ::= CHOICE { namedCurve OBJECT IDENTIFIER, ... }   -- only namedCurve in PKIX (§2.1.1)
//
// The BIT STRING holds the point as SEC 1 encodes it: uncompressed, or compressed (§2.2 lets both appear).

/// id-ecPublicKey (RFC 5480 §2.1.1).
let idECPublicKey = OID(1, 2, 840, 10_045, 2, 1)

extension PrimeOrderCurve {
    /// The point of a DER `SubjectPublicKeyInfo` whose algorithm is id-ecPublicKey on the named curve `curve`.
    static func decodeSubjectPublicKeyInfo(
        _ der: ArraySlice<UInt8>,
        curve: OID
    ) throws(ECDSAError) -> AffinePoint<Field> {
        let parsed: (algorithm: OID, parameters: DERElement, key: BitString, keyOffset: Int)
        do throws(DERError) {
            parsed = try DERReader.parse(der) { reader throws(DERError) in
                try reader.readSequence { info throws(DERError) in
                    let (algorithm, parameters) = try info.readSequence { identifier throws(DERError) in
                        (try identifier.readObjectIdentifier(), try identifier.readElement())
                    }
                    let keyOffset = info.offset
                    return (algorithm, parameters, try info.readBitString(), keyOffset)
                }
            }
        } catch {
            throw ECDSAError.der(.malformedKey, "a DER SubjectPublicKeyInfo", error, start: der.startIndex)
        }
        guard parsed.algorithm == idECPublicKey else {
            throw ECDSAError(
                .unsupportedKeyAlgorithm,
                at: 0,
                "the key's algorithm is not id-ecPublicKey"
            )
        }
        let named: OID
        do throws(DERError) {
            named = try parsed.parameters.objectIdentifier()
        } catch {
            throw ECDSAError(
                .unsupportedKeyAlgorithm,
                at: parsed.parameters.offset - der.startIndex,
                "the parameters are not a namedCurve",
                derError: error
            )
        }
        guard named == curve else {
            throw ECDSAError(
                .unsupportedKeyAlgorithm,
                at: parsed.parameters.offset - der.startIndex,
                "the key is on another curve"
            )
        }
        guard parsed.key.unusedBitCount == 0 else {
            throw ECDSAError(
                .malformedKey,
                at: parsed.keyOffset - der.startIndex,
                "the subjectPublicKey BIT STRING does not hold whole octets"
            )
        }
        let keyBytes = parsed.key.bytes
        let pointOffset = keyBytes.startIndex - der.startIndex
        return try withContiguousBytes(of: keyBytes) { buffer throws(ECDSAError) in
            do throws(ECDSAError) {
                return try decodePoint(buffer, forms: [.uncompressed, .compressed])
            } catch {
                throw ECDSAError(error.code, at: pointOffset + error.offset, error.reason)
            }
        }
    }
}
