import Foundation
import PureCrypto
import Testing
import VectorSupport

/// Project Wycheproof's RSA PKCS#1 v1.5 signature vectors, read from TestVectors/conformance/wycheproof: every
/// `rsa_signature_*test.json` (verification vectors, both schemas) and every `rsa_pkcs1_*_sig_gen_test.json`
/// (signatures produced by a correct signer, which must verify).
@Suite("Wycheproof RSA PKCS#1 v1.5 vectors")
struct WycheproofRSATests {
    @Test func everyVectorGetsTheVerdictWycheproofOrOurDocumentedDecisionExpects() throws {
        let files = try ProjectVectors.files(in: "conformance/wycheproof", suffix: ".json").filter {
            let name = $0.lastPathComponent
            return (name.hasPrefix("rsa_signature_") && name.hasSuffix("test.json"))
                || (name.hasPrefix("rsa_pkcs1_") && name.hasSuffix("_sig_gen_test.json"))
        }
        // rsa_signature_test.json, rsa_signature_{2048,3072,4096}_sha256_test.json and
        // rsa_pkcs1_{2048,3072,4096}_sig_gen_test.json.
        #expect(files.count >= 7)

        var tally = WycheproofTally()
        for url in files {
            let file = try JSONDecoder().decode(WycheproofFile.self, from: Data(contentsOf: url))
            let name = url.lastPathComponent
            #expect(file.algorithm == "RSASSA-PKCS1-v1_5", "\(name)")
            let testsInFile = file.testGroups.reduce(0) { $0 + $1.tests.count }
            #expect(testsInFile == file.numberOfTests, "\(name): numberOfTests disagrees with the tests present")
            for group in file.testGroups {
                Self.run(group, file: name, tally: &tally)
            }
        }

        print("Wycheproof RSA PKCS#1 v1.5: \(tally.passed) passed, \(tally.failed) failed, \(tally.skipped) skipped")
        // Only groups whose hash the API does not offer are skipped.
        let unsupported: Set = [
            "SHA-224", "SHA-512/224", "SHA-512/256", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512",
        ]
        #expect(tally.skippedHashes.isSubset(of: unsupported), "skipped: \(tally.skippedHashes.sorted())")
        // 1,246 vectors in the 7 files; only the SHA-224 group of rsa_pkcs1_2048_sig_gen_test.json (8) is skipped.
        #expect(tally.executed >= 1_200, "too few vectors executed: the suite read less than it should")
        #expect(tally.skipped <= 50)
        #expect(tally.failed == 0)
        // Both decisions about "acceptable" vectors were exercised.
        #expect(tally.acceptableAccepted >= 60)
        #expect(tally.acceptableRejected >= 4)
        // Keys below 2048 bits exist in the files and went through the unsafe initializers.
        #expect(tally.legacyKeyGroups >= 9)
    }

    /// Our verdict on a vector Wycheproof calls "acceptable", from its flags; `nil` when we made no decision
    /// (a test failure: a new flag needs one).
    static func decision(forAcceptable flags: [String]) -> Bool? {
        // MissingNull: a DigestInfo whose AlgorithmIdentifier omits the NULL parameters. RFC 8017 §9.2 note 1
        // lets verifiers accept it; we accept only the RFC 8017 encoding with NULL (DESIGN.md "Crypto"), because
        // every real receipt and certificate carries the NULL. → rejected.
        if flags.contains("MissingNull") {
            return false
        }
        // SmallModulus (1024- and 1536-bit keys): accepted through the unsafe initializers, which exist for
        // legacy keys (1024–8192 bits); the default initializers refuse them, which `loadRSAKey` checks.
        // SmallPublicKey (e = 3): accepted; any odd 3 ≤ e < n is allowed (DESIGN.md "Crypto").
        // WeakHash (SHA-1): accepted; App Store receipts and Apple certificates up to 2025 use SHA-1.
        let accepted: Set = ["SmallModulus", "SmallPublicKey", "WeakHash"]
        guard !flags.isEmpty, flags.allSatisfy(accepted.contains) else {
            return nil
        }
        return true
    }

    private static func run(_ group: WycheproofGroup, file: String, tally: inout WycheproofTally) {
        guard let digest = RSATestDigest(wycheproofName: group.sha) else {
            // SHA-224, SHA-512/224, SHA-512/256, SHA3-*: not offered by the API.
            tally.skipped += group.tests.count
            tally.skippedHashes.insert(group.sha)
            return
        }
        guard let spkiHex = group.publicKeyDer ?? group.keyDer, let pkcs1Hex = group.publicKeyAsn ?? group.keyAsn,
            let modulusHex = group.publicKey?.modulus ?? group.privateKey?.modulus ?? group.n,
            let exponentHex = group.publicKey?.publicExponent ?? group.privateKey?.publicExponent ?? group.e
        else {
            Issue.record("\(file): a \(group.sha) group has no public key in a known field")
            tally.failed += group.tests.count
            return
        }
        let loaded: (key: RSAPublicKey, strength: RSAKeyStrength)
        do {
            loaded = try loadRSAKey(subjectPublicKeyInfo: hexBytes(spkiHex)[...])
        } catch {
            Issue.record("\(file): the \(group.sha) key did not load: \(error)")
            tally.failed += group.tests.count
            return
        }
        let key = loaded.key
        if loaded.strength == .legacy {
            tally.legacyKeyGroups += 1
        }
        #expect(key.modulusBitCount == bitLength(hexBytes(modulusHex)), "\(file)")

        // The same key through the PKCS#1 and modulus/exponent initializers.
        let alternatives: [(String, RSAPublicKey)]
        do {
            alternatives = [
                ("PKCS#1", try loadRSAKey(pkcs1: hexBytes(pkcs1Hex)[...]).key),
                (
                    "modulus/exponent",
                    try loadRSAKey(modulus: hexBytes(modulusHex), exponent: hexBytes(exponentHex)).key
                ),
            ]
        } catch {
            Issue.record("\(file): the \(group.sha) key loads from its SubjectPublicKeyInfo but not from \(error)")
            tally.failed += group.tests.count
            return
        }

        var alternativesChecked = false
        for test in group.tests {
            let expected: Bool
            switch test.result {
            case "valid":
                expected = true
            case "invalid":
                expected = false
            case "acceptable":
                guard let decided = decision(forAcceptable: test.flags ?? []) else {
                    Issue.record("\(file) tcId \(test.tcId): no decision for acceptable flags \(test.flags ?? [])")
                    tally.failed += 1
                    continue
                }
                expected = decided
                if decided { tally.acceptableAccepted += 1 } else { tally.acceptableRejected += 1 }
            default:
                Issue.record("\(file) tcId \(test.tcId): unknown result \(test.result)")
                tally.failed += 1
                continue
            }
            let message = hexBytes(test.msg)
            let signature = hexBytes(test.sig)
            var verdicts = [("message", key.isValidSignature(signature, for: message, padding: digest.padding))]
            if test.result != "invalid" {
                // Valid and "acceptable" vectors also with a precomputed digest.
                verdicts.append(
                    (
                        "digest",
                        key.isValidSignature(signature, forDigest: digest.digest(message), padding: digest.padding)
                    )
                )
            }
            if expected && !alternativesChecked {
                // One accepted vector per group through the keys from the other encodings (verification is slow
                // in debug builds, so not every vector).
                alternativesChecked = true
                for (label, other) in alternatives {
                    verdicts.append(
                        ("\(label) key", other.isValidSignature(signature, for: message, padding: digest.padding))
                    )
                }
            }
            let wrong = verdicts.filter { $0.1 != expected }
            if wrong.isEmpty {
                tally.passed += 1
            } else {
                tally.failed += 1
                Issue.record(
                    """
                    \(file) tcId \(test.tcId) (\(group.sha), \(key.modulusBitCount)-bit \(loaded.strength) key, \
                    \(test.result) \(test.flags ?? []) "\(test.comment ?? "")"): \
                    expected \(expected ? "accept" : "reject"), \
                    got the opposite via \(wrong.map(\.0).joined(separator: ", "))
                    """
                )
            }
        }
    }
}

private struct WycheproofTally {
    var passed = 0
    var failed = 0
    var skipped = 0
    var skippedHashes: Set<String> = []
    var acceptableAccepted = 0
    var acceptableRejected = 0
    var legacyKeyGroups = 0

    var executed: Int { passed + failed }
}

extension RSATestDigest {
    /// Wycheproof's name for a hash (`"SHA-256"`), or `nil` for those the API does not offer.
    init?(wycheproofName name: String) {
        self.init(rawValue: name)
    }
}

// MARK: - JSON

/// The fields of both schemas in use: `rsassa_pkcs1_verify_schema(_v1).json` and
/// `rsassa_pkcs1_generate_schema_v1.json`.
private struct WycheproofFile: Decodable {
    let algorithm: String
    let numberOfTests: Int
    let testGroups: [WycheproofGroup]
}

private struct WycheproofGroup: Decodable {
    let sha: String
    /// SubjectPublicKeyInfo: `publicKeyDer` (v1 verify schema) or `keyDer` (others).
    let publicKeyDer: String?
    let keyDer: String?
    /// RSAPublicKey (PKCS#1): `publicKeyAsn` or `keyAsn`.
    let publicKeyAsn: String?
    let keyAsn: String?
    /// Modulus and exponent: `publicKey` (v1 verify), `privateKey` (generate), or `n` and `e` (legacy verify).
    let publicKey: WycheproofKeyNumbers?
    let privateKey: WycheproofKeyNumbers?
    let n: String?
    let e: String?
    let tests: [WycheproofTest]
}

private struct WycheproofKeyNumbers: Decodable {
    let modulus: String
    let publicExponent: String
}

private struct WycheproofTest: Decodable {
    let tcId: Int
    let comment: String?
    let msg: String
    let sig: String
    let result: String
    let flags: [String]?
}
