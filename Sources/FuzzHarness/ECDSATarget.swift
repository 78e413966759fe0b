import PureCrypto
import PureDER

extension FuzzTargets {
    /// The elliptic-curve key and signature decoders and ECDSA verification. The first byte's low bit picks the
    /// curve (0: P-256, 1: P-384); the rest goes to every decoder of that curve: uncompressed, compressed and raw
    /// points, SubjectPublicKeyInfo, DER and raw signatures. Invariants:
    /// - no input traps, hangs or exhausts memory;
    /// - a decoded key re-encodes to its input in the form it was read in, and its three encodings decode to the
    ///   same key;
    /// - a decoded DER signature re-encodes to exactly its input (strict DER has one encoding per value), a raw
    ///   one too, and the two forms convert into each other;
    /// - a decoded signature verifies under the known key and digest (`KnownFacts.ecdsa`) only if it is the known
    ///   signature or its high-s twin (n − s), and a decoded key verifies the known signature only if it is the
    ///   known key: a fuzzer cannot make ECDSA signatures, so anything else accepted is a verifier bug.
    public static func ecdsa(_ input: [UInt8]) -> String? {
        guard let selector = input.first else { return nil }
        let payload = input.dropFirst()
        if selector & 1 == 0 {
            return ecdsaP256(payload)
        }
        return ecdsaP384(payload)
    }

    private static func ecdsaP256(_ payload: ArraySlice<UInt8>) -> String? {
        let facts = KnownFacts.ecdsaP256
        guard let knownKey = try? P256.Signing.PublicKey(x963Representation: facts.key),
            let knownSignature = try? P256.Signing.ECDSASignature(rawRepresentation: facts.signature)
        else { return "the known P-256 key or signature does not decode" }
        let digest = SHA256.hash(facts.message)
        var keys: [P256.Signing.PublicKey] = []
        if let key = try? P256.Signing.PublicKey(x963Representation: payload) {
            if key.x963Representation != Array(payload) { return "a P-256 x963 key does not re-encode to its input" }
            keys.append(key)
        }
        if let key = try? P256.Signing.PublicKey(compressedRepresentation: payload) {
            if key.compressedRepresentation != Array(payload) { return "a compressed P-256 key does not re-encode" }
            keys.append(key)
        }
        if let key = try? P256.Signing.PublicKey(rawRepresentation: payload) {
            if key.rawRepresentation != Array(payload) { return "a raw P-256 key does not re-encode" }
            keys.append(key)
        }
        if let key = try? P256.Signing.PublicKey(derRepresentation: payload) { keys.append(key) }
        for key in keys {
            guard let again = try? P256.Signing.PublicKey(compressedRepresentation: key.compressedRepresentation),
                again.x963Representation == key.x963Representation,
                (try? P256.Signing.PublicKey(rawRepresentation: key.rawRepresentation))?.x963Representation
                    == key.x963Representation
            else { return "a P-256 key's encodings do not decode to the same key" }
            if key.isValidSignature(knownSignature, for: digest), key.x963Representation != facts.key {
                return "a P-256 key other than the known one verifies the known signature"
            }
        }
        var signatures: [P256.Signing.ECDSASignature] = []
        if let signature = try? P256.Signing.ECDSASignature(derRepresentation: payload) {
            if signature.derRepresentation != Array(payload) { return "a P-256 DER signature does not re-encode" }
            signatures.append(signature)
        }
        if let signature = try? P256.Signing.ECDSASignature(rawRepresentation: payload) {
            if signature.rawRepresentation != Array(payload) { return "a raw P-256 signature does not re-encode" }
            signatures.append(signature)
        }
        for signature in signatures {
            guard
                (try? P256.Signing.ECDSASignature(rawRepresentation: signature.rawRepresentation))?.derRepresentation
                    == signature.derRepresentation
            else { return "a P-256 signature's two forms disagree" }
            if knownKey.isValidSignature(signature, for: digest),
                signature.rawRepresentation != facts.signature, signature.rawRepresentation != facts.highS
            {
                return "the known P-256 key verifies a signature nobody made"
            }
        }
        return nil
    }

    private static func ecdsaP384(_ payload: ArraySlice<UInt8>) -> String? {
        let facts = KnownFacts.ecdsaP384
        guard let knownKey = try? P384.Signing.PublicKey(x963Representation: facts.key),
            let knownSignature = try? P384.Signing.ECDSASignature(rawRepresentation: facts.signature)
        else { return "the known P-384 key or signature does not decode" }
        let digest = SHA384.hash(facts.message)
        var keys: [P384.Signing.PublicKey] = []
        if let key = try? P384.Signing.PublicKey(x963Representation: payload) {
            if key.x963Representation != Array(payload) { return "a P-384 x963 key does not re-encode to its input" }
            keys.append(key)
        }
        if let key = try? P384.Signing.PublicKey(compressedRepresentation: payload) {
            if key.compressedRepresentation != Array(payload) { return "a compressed P-384 key does not re-encode" }
            keys.append(key)
        }
        if let key = try? P384.Signing.PublicKey(rawRepresentation: payload) {
            if key.rawRepresentation != Array(payload) { return "a raw P-384 key does not re-encode" }
            keys.append(key)
        }
        if let key = try? P384.Signing.PublicKey(derRepresentation: payload) { keys.append(key) }
        for key in keys {
            guard let again = try? P384.Signing.PublicKey(compressedRepresentation: key.compressedRepresentation),
                again.x963Representation == key.x963Representation,
                (try? P384.Signing.PublicKey(rawRepresentation: key.rawRepresentation))?.x963Representation
                    == key.x963Representation
            else { return "a P-384 key's encodings do not decode to the same key" }
            if key.isValidSignature(knownSignature, for: digest), key.x963Representation != facts.key {
                return "a P-384 key other than the known one verifies the known signature"
            }
        }
        var signatures: [P384.Signing.ECDSASignature] = []
        if let signature = try? P384.Signing.ECDSASignature(derRepresentation: payload) {
            if signature.derRepresentation != Array(payload) { return "a P-384 DER signature does not re-encode" }
            signatures.append(signature)
        }
        if let signature = try? P384.Signing.ECDSASignature(rawRepresentation: payload) {
            if signature.rawRepresentation != Array(payload) { return "a raw P-384 signature does not re-encode" }
            signatures.append(signature)
        }
        for signature in signatures {
            guard
                (try? P384.Signing.ECDSASignature(rawRepresentation: signature.rawRepresentation))?.derRepresentation
                    == signature.derRepresentation
            else { return "a P-384 signature's two forms disagree" }
            if knownKey.isValidSignature(signature, for: digest),
                signature.rawRepresentation != facts.signature, signature.rawRepresentation != facts.highS
            {
                return "the known P-384 key verifies a signature nobody made"
            }
        }
        return nil
    }
}

extension KnownFacts {
    /// A key, a message and the one signature of it (with its high-s twin, r ‖ n − s) the ecdsa target may see
    /// verify: Wycheproof's first valid vectors (tcId 1 of ecdsa_secp256r1_sha256_p1363_test.json and
    /// ecdsa_secp384r1_sha384_p1363_test.json, message "123400").
    struct KnownECDSASignature: Sendable {
        let key: [UInt8]
        let message: [UInt8]
        let signature: [UInt8]
        let highS: [UInt8]
    }

    static let ecdsaP256 = KnownECDSASignature(
        key: hexadecimal(
            "042927b10512bae3eddcfe467828128bad2903269919f7086069c8c4df6c732838"
                + "c7787964eaac00e5921fb1498a60f4606766b3d9685001558d1a974e7341513e"
        ),
        message: Array("123400".utf8),
        signature: hexadecimal(
            "2ba3a8be6b94d5ec80a6d9d1190a436effe50d85a1eee859b8cc6af9bd5c2e18"
                + "4cd60b855d442f5b3c7b11eb6c4e0ae7525fe710fab9aa7c77a67f79e6fadd76"
        ),
        highS: hexadecimal(
            "2ba3a8be6b94d5ec80a6d9d1190a436effe50d85a1eee859b8cc6af9bd5c2e18"
                + "b329f479a2bbd0a5c384ee1493b1f5186a87139cac5df4087c134b49156847db"
        )
    )

    static let ecdsaP384 = KnownECDSASignature(
        key: hexadecimal(
            "042da57dda1089276a543f9ffdac0bff0d976cad71eb7280e7d9bfd9fee4bdb2f20f47ff888274389772d98cc5752138aa"
                + "4b6d054d69dcf3e25ec49df870715e34883b1836197d76f8ad962e78f6571bbc7407b0d6091f9e4d88f014274406174f"
        ),
        message: Array("123400".utf8),
        signature: hexadecimal(
            "12b30abef6b5476fe6b612ae557c0425661e26b44b1bfe19daf2ca28e3113083ba8e4ae4cc45a0320abd3394f1c548d7"
                + "1840da9fc1d2f8f8900cf485d5413b8c2574ee3a8d4ca03995ca30240e09513805bf6209b58ac7aa9cff54eecd82b9f1"
        ),
        highS: hexadecimal(
            "12b30abef6b5476fe6b612ae557c0425661e26b44b1bfe19daf2ca28e3113083ba8e4ae4cc45a0320abd3394f1c548d7"
                + "e7bf25603e2d07076ff30b7a2abec473da8b11c572b35fc631991d5de62ddca7525aaba89325dfd04fecc47bff426f82"
        )
    )

    /// Bytes of literal hexadecimal text (the constants above; empty if malformed, which the target reports).
    private static func hexadecimal(_ text: String) -> [UInt8] {
        Hex.decode(text) ?? []
    }
}
