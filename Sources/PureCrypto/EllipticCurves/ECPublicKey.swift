import PureDER

/// An ECDSA public key on `Curve`: a point of the curve, checked when it is made (coordinates below p, on the curve,
/// not the point at infinity). The one implementation behind `P256.Signing.PublicKey` and `P384.Signing.PublicKey`,
/// which add what differs: sizes, the curve's identifier, the hash of `isValidSignature(_:for:)`.
///
/// Its functions take bytes and digests as `UnsafeRawBufferPointer`, never as generic collections or digests: the
/// optimizer specialises a generic function only when every generic parameter is known, so a function generic over
/// both `Curve` and a digest type would run the curve arithmetic unspecialised. The public wrappers, generic over the
/// bytes or digest only, turn them into buffers and call these with a concrete curve.
struct ECPublicKey<Curve: PrimeOrderCurve>: Sendable {
    let point: AffinePoint<Curve.Field>
    /// The point's spaced multiples, when ``precomputed()`` made them: verifications then take
    /// ``PrimeOrderCurve/multiplyAdd(generatorScalar:spaced:scalar:)``.
    let multiples: SpacedMultiples<Curve.Field>?

    private init(point: AffinePoint<Curve.Field>, multiples: SpacedMultiples<Curve.Field>?) {
        self.point = point
        self.multiples = multiples
    }

    /// This key with its spaced multiples, made unless it has them already.
    func precomputed() -> Self {
        guard multiples == nil else { return self }
        return Self(point: point, multiples: Curve.spacedMultiples(of: point))
    }

    /// 0x04 ‖ x ‖ y.
    init(x963Representation buffer: UnsafeRawBufferPointer) throws(ECDSAError) {
        point = try Curve.decodePoint(buffer, forms: .uncompressed)
        multiples = nil
    }

    /// 0x02 or 0x03 ‖ x.
    init(compressedRepresentation buffer: UnsafeRawBufferPointer) throws(ECDSAError) {
        point = try Curve.decodePoint(buffer, forms: .compressed)
        multiples = nil
    }

    /// x ‖ y.
    init(rawRepresentation buffer: UnsafeRawBufferPointer) throws(ECDSAError) {
        point = try Curve.decodeCoordinates(buffer, offset: 0)
        multiples = nil
    }

    /// A `SubjectPublicKeyInfo` whose namedCurve is `curve`.
    init(derRepresentation der: ArraySlice<UInt8>, curve: OID) throws(ECDSAError) {
        point = try Curve.decodeSubjectPublicKeyInfo(der, curve: curve)
        multiples = nil
    }

    /// 0x04 ‖ x ‖ y.
    var x963Representation: [UInt8] { [0x04] + Curve.encodeCoordinates(point) }

    /// x ‖ y.
    var rawRepresentation: [UInt8] { Curve.encodeCoordinates(point) }

    /// 0x02 or 0x03 (the parity of y) ‖ x.
    var compressedRepresentation: [UInt8] {
        let raw = Curve.encodeCoordinates(point)
        return [0x02 | (raw[raw.count - 1] & 1)] + raw[0..<(raw.count / 2)]
    }

    /// Whether `signature` signs a message whose hash is `digest` (cut to the curve's size, FIPS 186-5 §6.4.2).
    func isValidSignature(_ signature: ECSignature<Curve>, digest: UnsafeRawBufferPointer) -> Bool {
        Curve.verify(r: signature.r, s: signature.s, digest: digest, publicKey: point, multiples: multiples)
    }

    /// Whether the DER `Ecdsa-Sig-Value` `signature` signs a message whose hash is `digest`; `false` also when the
    /// signature does not decode.
    func isValidSignature(derRepresentation signature: ArraySlice<UInt8>, digest: UnsafeRawBufferPointer) -> Bool {
        guard let (r, s) = try? Curve.decodeDERSignature(signature) else {
            // A signature that does not decode verifies nothing; why is the caller's to ask if it wants.
            return false
        }
        return Curve.verify(r: r, s: s, digest: digest, publicKey: point, multiples: multiples)
    }

    /// Whether the DER `Ecdsa-Sig-Value` `signature` signs `message` hashed with the algorithm `digest` names
    /// (ecdsa-with-SHA256/384/512, RFC 5758 §3.2); `false` also when the signature does not decode. A digest longer
    /// than the group order is cut to its leftmost bits by the verification itself (FIPS 186-5 §6.4.2).
    func isValidSignature(
        derRepresentation signature: ArraySlice<UInt8>,
        for message: ArraySlice<UInt8>,
        digest: ECDSADigestAlgorithm
    ) -> Bool {
        switch digest.kind {
        case .sha256:
            return SHA256.hash(message).withUnsafeBytes { isValidSignature(derRepresentation: signature, digest: $0) }
        case .sha384:
            return SHA384.hash(message).withUnsafeBytes { isValidSignature(derRepresentation: signature, digest: $0) }
        case .sha512:
            return SHA512.hash(message).withUnsafeBytes { isValidSignature(derRepresentation: signature, digest: $0) }
        }
    }
}
