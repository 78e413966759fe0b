/// An ECDSA signature on `Curve`: r and s, each checked to lie in [1, n − 1] when the signature is read. The one
/// implementation behind `P256.Signing.ECDSASignature` and `P384.Signing.ECDSASignature`; like ``ECPublicKey``, it
/// takes bytes as a buffer, so that its curve arithmetic is specialised.
struct ECSignature<Curve: PrimeOrderCurve>: Sendable {
    let r: Curve.Scalar
    let s: Curve.Scalar

    /// r ‖ s, `byteCount` big-endian bytes each.
    init(rawRepresentation buffer: UnsafeRawBufferPointer) throws(ECDSAError) {
        (r, s) = try Curve.decodeRawSignature(buffer)
    }

    /// The strict DER of `Ecdsa-Sig-Value`.
    init(derRepresentation der: ArraySlice<UInt8>) throws(ECDSAError) {
        (r, s) = try Curve.decodeDERSignature(der)
    }

    /// r ‖ s.
    var rawRepresentation: [UInt8] { Curve.encodeRawSignature(r: r, s: s) }

    /// The DER `Ecdsa-Sig-Value`.
    var derRepresentation: [UInt8] { Curve.encodeDERSignature(r: r, s: s) }
}
