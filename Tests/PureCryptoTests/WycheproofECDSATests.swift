import Foundation
import PureCrypto
import Testing
import VectorSupport

/// Project Wycheproof's ECDSA verification vectors for P-256 and P-384, DER (`ecdsa_*_test.json`) and P1363
/// (`ecdsa_*_p1363_test.json`), read from TestVectors/conformance/wycheproof. Every verdict must match; a vector
/// is rejected when the signature (or key) does not decode or does not verify.
@Suite("Wycheproof ECDSA vectors")
struct WycheproofECDSATests {
    static let folder = ProjectVectors.folder("conformance/wycheproof")

    static let files = [
        "ecdsa_secp256r1_sha256_test.json", "ecdsa_secp256r1_sha256_p1363_test.json",
        "ecdsa_secp384r1_sha256_test.json", "ecdsa_secp384r1_sha384_test.json",
        "ecdsa_secp384r1_sha384_p1363_test.json",
    ]

    @Test(arguments: files)
    func everyVerdictMatches(file: String) throws {
        let url = Self.folder.appendingPathComponent(file)
        let suite = try JSONDecoder().decode(WycheproofECDSAFile.self, from: Data(contentsOf: url))
        #expect(suite.testGroups.reduce(0) { $0 + $1.tests.count } == suite.numberOfTests)
        let p1363 = file.contains("p1363")
        var tally = (valid: 0, invalid: 0, acceptable: 0, failed: 0)
        for group in suite.testGroups {
            #expect(group.type == (p1363 ? "EcdsaP1363Verify" : "EcdsaVerify"))
            let key = try WycheproofECDSAKey(group)
            for test in group.tests {
                let expected: Bool
                switch test.result {
                case "valid":
                    expected = true
                    tally.valid += 1
                case "invalid":
                    expected = false
                    tally.invalid += 1
                default:
                    // None of these files has an "acceptable" vector. The decisions for the flags Wycheproof
                    // uses elsewhere (BER, MissingZero: rejected) are in docs/crypto.md; a new one needs one.
                    Issue.record("\(file) tcId \(test.tcId): no decision for \(test.result) \(test.flags)")
                    tally.acceptable += 1
                    continue
                }
                let verdict = key.verify(signature: hexBytes(test.sig), message: hexBytes(test.msg), p1363: p1363)
                if verdict != expected {
                    tally.failed += 1
                    let which = "\(file) tcId \(test.tcId) \(test.flags) \"\(test.comment)\""
                    Issue.record("\(which): expected \(expected), got \(verdict)")
                }
            }
        }
        print(
            "Wycheproof \(file): \(tally.valid) valid, \(tally.invalid) invalid, \(tally.acceptable) acceptable; "
                + "\(tally.failed) disagreements"
        )
        #expect(tally.valid + tally.invalid == suite.numberOfTests)
        #expect(tally.failed == 0)
    }
}

/// A group's key, through every initializer that can read it, and the group's hash.
private struct WycheproofECDSAKey {
    enum Key {
        case p256(P256.Signing.PublicKey)
        case p384(P384.Signing.PublicKey)
    }

    let key: Key
    /// The same key with its precomputed multiples, which must give every verdict `key` gives.
    let precomputed: Key
    let sha: String

    init(_ group: WycheproofECDSAGroup) throws {
        sha = group.sha
        let uncompressed = hexBytes(group.publicKey.uncompressed)
        let der = hexBytes(group.publicKeyDer)
        switch group.publicKey.curve {
        case "secp256r1":
            let key = try P256.Signing.PublicKey(x963Representation: uncompressed)
            let fromDER = try P256.Signing.PublicKey(derRepresentation: der)
            let fromCompressed = try P256.Signing.PublicKey(compressedRepresentation: key.compressedRepresentation)
            #expect(fromDER.x963Representation == uncompressed && fromCompressed.x963Representation == uncompressed)
            self.key = .p256(key)
            let prepared = key.withPrecomputedMultiples()
            #expect(prepared.hasPrecomputedMultiples)
            precomputed = .p256(prepared)
        case "secp384r1":
            let key = try P384.Signing.PublicKey(x963Representation: uncompressed)
            let fromDER = try P384.Signing.PublicKey(derRepresentation: der)
            let fromCompressed = try P384.Signing.PublicKey(compressedRepresentation: key.compressedRepresentation)
            #expect(fromDER.x963Representation == uncompressed && fromCompressed.x963Representation == uncompressed)
            self.key = .p384(key)
            let prepared = key.withPrecomputedMultiples()
            #expect(prepared.hasPrecomputedMultiples)
            precomputed = .p384(prepared)
        default:
            throw WycheproofECDSAError.unknownCurve(group.publicKey.curve)
        }
    }

    /// Hashes the message with the group's hash and verifies, with and without the precomputed multiples (a
    /// difference is recorded as an issue); a signature that does not decode is a rejection.
    func verify(signature: [UInt8], message: [UInt8], p1363: Bool) -> Bool {
        let verdict = verify(signature: signature, message: message, p1363: p1363, with: key)
        let precomputedVerdict = verify(signature: signature, message: message, p1363: p1363, with: precomputed)
        #expect(verdict == precomputedVerdict, "the precomputed key disagrees")
        return verdict
    }

    private func verify(signature: [UInt8], message: [UInt8], p1363: Bool, with key: Key) -> Bool {
        switch key {
        case .p256(let key):
            let decoded =
                p1363
                ? try? P256.Signing.ECDSASignature(rawRepresentation: signature)
                : try? P256.Signing.ECDSASignature(derRepresentation: signature)
            guard let decoded else { return false }
            return verify { key.isValidSignature(decoded, for: $0) }
        case .p384(let key):
            let decoded =
                p1363
                ? try? P384.Signing.ECDSASignature(rawRepresentation: signature)
                : try? P384.Signing.ECDSASignature(derRepresentation: signature)
            guard let decoded else { return false }
            return verify { key.isValidSignature(decoded, for: $0) }
        }

        func verify(_ check: (any HashDigest) -> Bool) -> Bool {
            switch sha {
            case "SHA-256": check(SHA256.hash(message))
            case "SHA-384": check(SHA384.hash(message))
            case "SHA-512": check(SHA512.hash(message))
            default: false
            }
        }
    }
}

private enum WycheproofECDSAError: Error {
    case unknownCurve(String)
}

private struct WycheproofECDSAFile: Decodable {
    let numberOfTests: Int
    let testGroups: [WycheproofECDSAGroup]
}

private struct WycheproofECDSAGroup: Decodable {
    struct PublicKey: Decodable {
        let curve: String
        let uncompressed: String
    }

    let type: String
    let publicKey: PublicKey
    let publicKeyDer: String
    let sha: String
    let tests: [WycheproofECDSATest]
}

private struct WycheproofECDSATest: Decodable {
    let tcId: Int
    let comment: String
    let flags: [String]
    let msg: String
    let sig: String
    let result: String
}
