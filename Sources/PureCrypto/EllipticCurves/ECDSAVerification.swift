// ECDSA signature verification, FIPS 186-5 §6.4.2, generic over the curve. Every value here is public (key,
// signature, digest), so the running time may depend on it (docs/crypto.md).

extension PrimeOrderCurve {
    /// Whether (r, s) is a valid signature of a message whose hash is `digest` under the public key `q`.
    /// `r` and `s` are integers (limbs, not residues); `q` is a point of the curve other than infinity, and
    /// `multiples`, if given, its spaced multiples.
    static func verify(
        r: Scalar,
        s: Scalar,
        digest: UnsafeRawBufferPointer,
        publicKey q: AffinePoint<Field>,
        multiples: SpacedMultiples<Field>? = nil
    ) -> Bool {
        // Step 1: r and s in [1, n − 1]. The signature types never hold anything else; checked again because
        // everything below relies on it (s must be invertible, r must be below p as well).
        guard !r.isZero, !s.isZero, r.isBelow(Scalar.modulus), s.isBelow(Scalar.modulus) else { return false }
        // Steps 2–3: e from the leftmost min(N, hashlen) bits of the digest (N = 8 · byteCount for these curves).
        let e = integer(fromDigest: digest)
        // Step 4: s⁻¹ mod n, by the binary algorithm (s is public). In Montgomery form w = s⁻¹·R, so that the
        // products below leave the form by themselves.
        let w = Scalar(montgomeryFormOf: s.integerInverse())
        // Step 5: u1 = e·s⁻¹ mod n and u2 = r·s⁻¹ mod n, as integers (the Montgomery product of an integer with
        // a residue is an integer).
        let u1 = e * w
        let u2 = r * w
        // Step 6: R = u1·G + u2·Q; the point at infinity is a rejection.
        let point: JacobianPoint<Field>
        if let multiples {
            point = multiplyAdd(generatorScalar: u1, spaced: multiples, scalar: u2)
        } else {
            point = multiplyAdd(generatorScalar: u1, point: q, scalar: u2)
        }
        guard !point.isInfinity else { return false }
        // Steps 7–8: x(R) mod n == r. x(R) = X/Z² lies in [0, p), and n < p < 2n, so x(R) mod n = r means
        // x(R) = r or x(R) = r + n (the latter possible only when r + n < p). Compared as X = r·Z² and
        // X = (r + n)·Z², without an inversion.
        let zSquared = point.z.squared()
        let rInField = withWords(of: r) { Field(montgomeryFormOf: Field(words: $0)) }
        if rInField * zSquared == point.x { return true }
        if r.isBelow(primeMinusOrder) {
            return (rInField + orderInField) * zSquared == point.x
        }
        return false
    }

    /// e of FIPS 186-5 §6.4.2 steps 2–3, reduced modulo n: the leftmost min(N, 8 · digest.count) bits of the
    /// digest as an integer, N = 8 · byteCount. A longer digest is cut (SHA-512 with P-256 keeps its first 256
    /// bits), a shorter one is the whole value (SHA-256 with P-384).
    static func integer(fromDigest digest: UnsafeRawBufferPointer) -> Scalar {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        let byteCount = Scalar.byteCount
        let e = withUnsafeMutableBytes(of: &words) { buffer in
            let used = min(digest.count, byteCount)
            for index in 0..<used {
                buffer[byteCount - used + index] = digest[index]
            }
            return Scalar(rawBigEndian: UnsafeRawBufferPointer(rebasing: buffer[0..<byteCount]))
        }
        // e < 2^N < 2n: adding zero performs the one conditional subtraction of n that reduces it.
        return e + Scalar.zero
    }
}
