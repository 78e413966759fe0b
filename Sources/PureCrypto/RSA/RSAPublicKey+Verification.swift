// RSASSA-PKCS1-v1_5 verification (RFC 8017 §8.2.2) by encode-and-compare: the expected encoded message
// 00 01 FF…FF 00 ‖ DigestInfo is compared whole with sᵉ mod n. The padding is never parsed, so no
// malleability of its parsing (BER lengths, garbage after the digest, short padding) can creep in.

extension RSAPublicKey {
    /// Whether `signature` is this key's signature of `message` under `padding`; the message is hashed with
    /// the padding's digest algorithm. Never throws or traps: anything malformed is simply not valid.
    @inlinable
    public func isValidSignature<Signature: Collection<UInt8>, Message: Collection<UInt8>>(
        _ signature: Signature,
        for message: Message,
        padding: RSASignaturePadding
    ) -> Bool {
        // Inlined so that the caller's collections become buffers here, and the work below is not generic.
        withContiguousBytes(of: signature) { signature in
            withContiguousBytes(of: message) { message in
                isValidSignature(signature, message: message, padding: padding)
            }
        }
    }

    /// Whether `signature` is this key's signature of a message whose digest, under the padding's digest
    /// algorithm, is `digest`. A digest of the wrong length is not valid.
    @inlinable
    public func isValidSignature<Signature: Collection<UInt8>, Digest: Collection<UInt8>>(
        _ signature: Signature,
        forDigest digest: Digest,
        padding: RSASignaturePadding
    ) -> Bool {
        withContiguousBytes(of: signature) { signature in
            withContiguousBytes(of: digest) { digest in
                isValidSignature(signature, digest: digest, padding: padding)
            }
        }
    }

    @usableFromInline
    func isValidSignature(
        _ signature: UnsafeRawBufferPointer,
        message: UnsafeRawBufferPointer,
        padding: RSASignaturePadding
    ) -> Bool {
        switch padding.scheme {
        case .pkcs1v15(let algorithm):
            return algorithm.withDigest(of: message) { digest in
                verifyPKCS1v15(signature, digest: digest, algorithm: algorithm)
            }
        }
    }

    @usableFromInline
    func isValidSignature(
        _ signature: UnsafeRawBufferPointer,
        digest: UnsafeRawBufferPointer,
        padding: RSASignaturePadding
    ) -> Bool {
        switch padding.scheme {
        case .pkcs1v15(let algorithm):
            return verifyPKCS1v15(signature, digest: digest, algorithm: algorithm)
        }
    }

    /// RFC 8017 §8.2.2 steps 1–4 with EMSA-PKCS1-v1_5 (§9.2), in the form of arithmetic the modulus was prepared in.
    private func verifyPKCS1v15(
        _ signature: UnsafeRawBufferPointer,
        digest: UnsafeRawBufferPointer,
        algorithm: RSADigestAlgorithm
    ) -> Bool {
        switch modulus {
        case .target(let modulus):
            return Self.verifyPKCS1v15(signature, digest: digest, algorithm: algorithm, modulus, exponent)
        #if !_pointerBitWidth(_32)
        case .wideDigits(let modulus):
            return Self.verifyPKCS1v15(signature, digest: digest, algorithm: algorithm, modulus, exponent)
        #endif
        }
    }

    private static func verifyPKCS1v15<Column: ColumnSum>(
        _ signature: UnsafeRawBufferPointer,
        digest: UnsafeRawBufferPointer,
        algorithm: RSADigestAlgorithm,
        _ modulus: MontgomeryModulus<Column>,
        _ exponent: [UInt8]
    ) -> Bool {
        let byteCount = modulus.byteCount
        let k = modulus.limbCount
        let prefix = algorithm.digestInfoPrefix
        let digestInfoLength = prefix.count + digest.count
        // §8.2.2 step 1: the signature is exactly as long as the modulus. §9.2 step 3: room for at least
        // eight octets of 0xFF padding.
        guard signature.count == byteCount, digest.count == algorithm.digestByteCount,
            byteCount >= digestInfoLength + 11
        else { return false }

        typealias Limb = Column.Limb
        let limbBytes = MemoryLayout<Limb>.size
        // s and m, k limbs each; I2OSP(m) then overwrites s, no longer needed (k limbs hold at least byteCount bytes).
        return withUnsafeTemporaryAllocation(of: Limb.self, capacity: 2 * k) { values in
            values.initialize(repeating: 0)
            let s = UnsafeMutableBufferPointer(rebasing: values[0..<k])
            let m = UnsafeMutableBufferPointer(rebasing: values[k..<(2 * k)])
            // OS2IP: whole big-endian limbs from the end, then the few bytes of a partial top limb.
            let wholeLimbs = byteCount / limbBytes
            for index in 0..<wholeLimbs {
                let offset = byteCount - limbBytes * (index + 1)
                s[index] = Limb(bigEndian: signature.loadUnaligned(fromByteOffset: offset, as: Limb.self))
            }
            for offset in 0..<(byteCount % limbBytes) {
                s[wholeLimbs] = s[wholeLimbs] << 8 | Limb(signature[offset])
            }
            // §5.2.2 step 1: the representative must be below n.
            guard isBelow(modulus, UnsafeBufferPointer(s)) else { return false }
            modulus.withWorkspace { workspace in
                modulus.power(UnsafeBufferPointer(s), exponent: exponent[...], into: m, workspace: workspace)
            }
            // I2OSP(m): big-endian limbs, most significant first, so that byte i of EM is at padding + i.
            let encoded = UnsafeMutableRawBufferPointer(s)
            for index in 0..<k {
                encoded.storeBytes(of: m[k - 1 - index].bigEndian, toByteOffset: limbBytes * index, as: Limb.self)
            }
            let em = UnsafeRawBufferPointer(rebasing: encoded[(limbBytes * k - byteCount)...])
            // Compare every byte of EM = 00 01 FF…FF 00 ‖ prefix ‖ digest, without early exit.
            let separator = byteCount - digestInfoLength - 1
            var difference = em[0] | (em[1] ^ 0x01) | em[separator]
            for index in 2..<separator { difference |= em[index] ^ 0xFF }
            for index in 0..<prefix.count { difference |= em[separator + 1 + index] ^ prefix[index] }
            let digestStart = separator + 1 + prefix.count
            for index in 0..<digest.count { difference |= em[digestStart + index] ^ digest[index] }
            return difference == 0
        }
    }

    /// Whether the k-limb value is below the modulus.
    private static func isBelow<Column: ColumnSum>(
        _ modulus: MontgomeryModulus<Column>,
        _ value: UnsafeBufferPointer<Column.Limb>
    ) -> Bool {
        let limbs = modulus.limbs
        for index in stride(from: modulus.limbCount - 1, through: 0, by: -1) where value[index] != limbs[index] {
            return value[index] < limbs[index]
        }
        return false
    }
}
