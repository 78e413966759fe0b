import Foundation
import PureCrypto
import PureDER
import Testing
import VectorSupport

@testable import PureX509

/// Apple's elliptic PKI: Apple Root CA - G3 (P-384), WWDR G6 (P-384, ecdsa-with-SHA384) and the P-256 leaves that
/// sign StoreKit 2 data, from TestVectors/certs and the x5c chains of the real JWS in TestVectors/jws/apple-signed.
@Suite struct AppleECChainTests {
    /// The SHA-256 fingerprint Apple publishes for Apple Root CA - G3 on its certificate authority page,
    /// https://www.apple.com/certificateauthority/ ("Apple Root CA - G3 Root", SHA-256 fingerprint), checked
    /// against TestVectors/certs/apple-roots/AppleRootCA-G3.cer (TestVectors/PROVENANCE.md).
    static let g3Fingerprint = "63343ABFB89A6A03EBB57E9B3F5FA7BE7C4F5C756F3017B3A8C488C3653E9179"

    /// 2024-01-01T00:00:00Z: inside G3's, G6's and the 2023-09-12..2025-10-11 leaf's validity.
    static let midValidity: Int64 = 1_704_067_200

    static func g3() throws -> Certificate { try Certificate(derEncoded: BundledCertificates.appleRootCAG3) }
    static func g6Bytes() throws -> [UInt8] { try ProjectVectors.bytes("certs/wwdr/AppleWWDRCAG6.cer") }
    static func leafBytes() throws -> [UInt8] {
        try ProjectVectors.bytes(
            "jws/certs/ProdECCMacAppStoreAndiTunesStoreReceiptSigning_2023-09-12_2025-10-11_under-WWDR-G6.cer"
        )
    }

    @Test func theBundledG3IsWhatApplePublishes() throws {
        #expect(SHA256.hash(BundledCertificates.appleRootCAG3).description.uppercased() == Self.g3Fingerprint)
        #expect(BundledCertificates.appleRootCAG3 == (try ProjectVectors.bytes("certs/apple-roots/AppleRootCA-G3.cer")))
        let g3 = try Self.g3()
        #expect(g3.subject.commonName == "Apple Root CA - G3")
        #expect(g3.isSelfIssued)
        #expect(g3.signatureAlgorithm.oid == .ecdsaWithSHA384)
        #expect(g3.publicKey?.curve == .p384)
        #expect(g3.publicKey?.description == "P-384")
        #expect(PathValidator.appleSignedData.anchors.map(\.encoded) == [g3.encoded])
        #expect(PathValidator.appleSignedData.algorithms == .appleSignedData)
    }

    /// G3's key verifies G6's ecdsa-with-SHA384 signature under the signed-data policy. (G6 cannot be validated
    /// as a leaf: it lacks digitalSignature, which a leaf needs here; the chains below validate it as an issuer.)
    @Test func wwdrG6IsSignedByG3() throws {
        let g6 = try Certificate(derEncoded: try Self.g6Bytes())
        let g3 = try Self.g3()
        #expect(g6.publicKey?.curve == .p384)
        #expect(g6.signatureAlgorithm.ecdsaDigest == .sha384)
        #expect(g6.issuer.encoded == g3.subject.encoded)
        #expect(AlgorithmPolicy.appleSignedData.signatureRefusal(of: g6, issuedBy: g3) == nil)
        #expect(AlgorithmPolicy.appleSignedData.verifiesSignature(of: g6, issuedBy: g3))
        #expect(!AlgorithmPolicy.appleSignedData.verifiesSignature(of: g3, issuedBy: g6))
    }

    @Test func everyJWSSigningLeafValidatesUnderG6AndG3() throws {
        let g6 = try Certificate(derEncoded: try Self.g6Bytes())
        let leaves = try ProjectVectors.files(in: "jws/certs", suffix: ".cer")
        #expect(leaves.count == 3)
        for url in leaves {
            let leaf = try Certificate(derEncoded: try ProjectVectors.bytes(url))
            #expect(leaf.publicKey?.curve == .p256, "\(url.lastPathComponent)")
            let middle = leaf.notBefore / 2 + leaf.notAfter / 2
            let chain = try PathValidator.appleSignedData.validate(
                leaf: leaf,
                intermediates: [g6],
                at: middle,
                policy: .appleSignedData
            )
            #expect(chain.certificates.count == 3, "\(url.lastPathComponent)")
            #expect(throws: PathValidationError.self) {
                try PathValidator.appleSignedData.validate(
                    leaf: leaf,
                    intermediates: [g6],
                    at: leaf.notAfter + 1,
                    policy: .appleSignedData
                )
            }
        }
    }

    /// Each real Apple-signed JWS's x5c (leaf, G6, a copy of G3) validates to the bundled G3 at the payload's
    /// signedDate, as the JWS verifier will call it; the leaf's key is the P-256 key that verifies ES256.
    @Test func everyRealJWSChainValidatesAtItsSignedDate() throws {
        let samples = try JWSChainSample.all()
        #expect(samples.count == 10)
        for sample in samples {
            let certificates = try sample.x5c.map { try Certificate(derEncoded: $0) }
            #expect(sample.x5c[2] == BundledCertificates.appleRootCAG3, "\(sample.name)")
            let chain = try PathValidator.appleSignedData.validate(
                leaf: certificates[0],
                intermediates: Array(certificates.dropFirst()),
                at: sample.signedDate,
                policy: .appleSignedData
            )
            #expect(chain.certificates.count == 3, "\(sample.name)")
            #expect(chain.anchor.encoded == certificates[2].encoded, "\(sample.name)")
            guard case .p256 = chain.leaf.publicKey else {
                Issue.record("\(sample.name): the leaf's key is not P-256")
                continue
            }
        }
    }

    // MARK: - Forgeries

    /// Validates the 2023 leaf under G6 at ``midValidity``, returning the error.
    static func failure(leaf: [UInt8], g6: [UInt8]? = nil) throws -> PathValidationError? {
        let intermediate = try Certificate(derEncoded: try g6 ?? Self.g6Bytes())
        let signer = try Certificate(derEncoded: leaf)
        do throws(PathValidationError) {
            _ = try PathValidator.appleSignedData.validate(
                leaf: signer,
                intermediates: [intermediate],
                at: Self.midValidity,
                policy: .appleSignedData
            )
            return nil
        } catch {
            return error
        }
    }

    @Test func oneBitOfTheLeafsSignatureFlippedIsABadSignature() throws {
        var leaf = try Self.leafBytes()
        leaf[leaf.count - 1] ^= 0x01  // the last octet of s
        let error = try #require(try Self.failure(leaf: leaf))
        #expect(error.code == .badSignature)
        #expect(error.certificateIndex == 0)
        #expect(error.rule == "signature")
    }

    @Test func oneBitOfG6sSignatureFlippedIsABadSignature() throws {
        var g6 = try Self.g6Bytes()
        g6[g6.count - 1] ^= 0x80
        let error = try #require(try Self.failure(leaf: try Self.leafBytes(), g6: g6))
        #expect(error.code == .badSignature)
        #expect(error.certificateIndex == 1)
    }

    /// A byte after the Ecdsa-Sig-Value in the signature BIT STRING: strict DER refuses it, so nothing verifies.
    @Test func trailingBytesInTheSignatureAreABadSignature() throws {
        let leaf = try Self.leafBytes()
        let forged = try DERSurgery.replacing(leaf.count..<leaf.count, with: [0x00], in: leaf)
        #expect(
            try Certificate(derEncoded: forged).signature.count == Certificate(derEncoded: leaf).signature.count + 1
        )
        let error = try #require(try Self.failure(leaf: forged))
        #expect(error.code == .badSignature)
        #expect(error.certificateIndex == 0)
    }

    /// The same inside the Ecdsa-Sig-Value: a third INTEGER after r and s.
    @Test func anExtraIntegerInTheSignatureIsABadSignature() throws {
        let leaf = try Self.leafBytes()
        let signature = try Certificate(derEncoded: leaf).signature
        // The BIT STRING's contents end the certificate; the SEQUENCE inside starts one octet (unused bits) in.
        let sequenceStart = leaf.count - signature.count
        var inner = Array(signature)
        inner += [0x02, 0x01, 0x01]
        inner[1] += 3  // a short-form length below 128: P-256 signatures are at most 72 octets
        let forged = try DERSurgery.replacing(sequenceStart..<leaf.count, with: inner, in: leaf)
        let error = try #require(try Self.failure(leaf: forged))
        #expect(error.code == .badSignature)
        #expect(error.certificateIndex == 0)
    }

    /// G6's namedCurve changed from P-384 (1.3.132.0.34) to P-521 (1.3.132.0.35), a curve not verified here.
    @Test func aKeyOnAnotherCurveIsRefusedByName() throws {
        var g6 = try Self.g6Bytes()
        let curve: [UInt8] = [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22]
        let at = try #require(g6.firstRange(of: curve))
        g6[at.upperBound - 1] = 0x23
        let error = try #require(throws: X509Error.self) { try Certificate(derEncoded: g6) }
        #expect(error.code == .invalidPublicKey)
        guard case .ellipticCurve(let key) = error.key else {
            Issue.record("no EC key error: \(error)")
            return
        }
        #expect(key.code == .unsupportedKeyAlgorithm)
        #expect(key.offset == 13)  // SEQUENCE, AlgorithmIdentifier SEQUENCE, id-ecPublicKey, then the curve
    }

    /// The leaf's namedCurve changed from P-256 to P-384: its 65-octet point is not a P-384 point's length.
    @Test func aKeyClaimingTheWrongCurveIsRefused() throws {
        let leaf = try Self.leafBytes()
        let p256: [UInt8] = [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
        let at = try #require(leaf.firstRange(of: p256))
        let forged = try DERSurgery.replacing(at, with: [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22], in: leaf)
        let error = try #require(throws: X509Error.self) { try Certificate(derEncoded: forged) }
        #expect(error.code == .invalidPublicKey)
        guard case .ellipticCurve(let key) = error.key else {
            Issue.record("no EC key error: \(error)")
            return
        }
        #expect(key.code == .invalidLength)
    }

    @Test func aPointNotOnTheCurveIsRefused() throws {
        var leaf = try Self.leafBytes()
        let header: [UInt8] = [0x03, 0x42, 0x00, 0x04]  // BIT STRING, no unused bits, uncompressed point
        let at = try #require(leaf.firstRange(of: header))
        leaf[at.upperBound + 63] ^= 0x01  // the last octet of y
        let error = try #require(throws: X509Error.self) { try Certificate(derEncoded: leaf) }
        #expect(error.code == .invalidPublicKey)
        guard case .ellipticCurve(let key) = error.key else {
            Issue.record("no EC key error: \(error)")
            return
        }
        #expect(key.code == .pointNotOnCurve)
    }

    /// RFC 5758 §3.2: ecdsa-with-SHA384 with NULL parameters (in both AlgorithmIdentifiers, so they still match).
    @Test func ecdsaSignatureAlgorithmsWithParametersAreMalformed() throws {
        var leaf = try Self.leafBytes()
        let identifier: [UInt8] = [0x30, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x03]
        for _ in 0..<2 {
            let at = try #require(leaf.firstRange(of: identifier))
            leaf = try DERSurgery.replacing(at, with: identifier + [0x05, 0x00], in: leaf)
            leaf[at.lowerBound + 1] = 0x0C
        }
        let error = try #require(throws: X509Error.self) { try Certificate(derEncoded: leaf) }
        #expect(error.code == .malformed)
        #expect(error.der?.code == .unexpectedTag)
    }

    // MARK: - Policies

    @Test func aPolicyWithoutCurvesRefusesTheEllipticChain() throws {
        let leaf = try Certificate(derEncoded: try Self.leafBytes())
        let g6 = try Certificate(derEncoded: try Self.g6Bytes())
        let allowing = PathValidator(anchors: [try Self.g3()], algorithms: .allowingSHA1)
        _ = try allowing.validate(leaf: leaf, intermediates: [g6], at: Self.midValidity)
        var rsaOnly = AlgorithmPolicy.allowingSHA1
        rsaOnly.allowedCurves = []
        let refusing = PathValidator(anchors: [try Self.g3()], algorithms: rsaOnly)
        let error = try #require(throws: PathValidationError.self) {
            try refusing.validate(leaf: leaf, intermediates: [g6], at: Self.midValidity)
        }
        #expect(error.code == .algorithmNotAllowed)
    }

    @Test func theSignedDataPolicyRefusesSHA512AndRSA() throws {
        #expect(AlgorithmPolicy.appleSignedData.refusal(of: ECDSADigestAlgorithm.sha512) != nil)
        #expect(AlgorithmPolicy.appleSignedData.refusal(of: ECDSADigestAlgorithm.sha384) == nil)
        #expect(AlgorithmPolicy.appleSignedData.refusal(of: RSADigestAlgorithm.sha256) != nil)
        let appleRoot = try Certificate(derEncoded: BundledCertificates.appleIncRoot)
        guard let key = appleRoot.publicKey else {
            Issue.record("the Apple Inc. Root's key is not read")
            return
        }
        #expect(AlgorithmPolicy.appleSignedData.refusal(of: key, owner: "the root's") != nil)
    }

    /// An ECDSA signature and an RSA issuer key (or the reverse) cannot verify: refused before any arithmetic.
    @Test func aSignatureOfOneFamilyAndAKeyOfTheOtherIsABadSignature() throws {
        let g6 = try Certificate(derEncoded: try Self.g6Bytes())
        let rsaRoot = try Certificate(derEncoded: BundledCertificates.appleIncRoot)
        #expect(AlgorithmPolicy.allowingSHA1.signatureRefusal(of: g6, issuedBy: rsaRoot)?.code == .badSignature)
        #expect(AlgorithmPolicy.allowingSHA1.signatureRefusal(of: rsaRoot, issuedBy: g6)?.code == .badSignature)
        #expect(!AlgorithmPolicy.allowingSHA1.verifiesSignature(of: g6, issuedBy: rsaRoot))
    }

    @Test func theSignedDataChainRuleWantsLeafWWDRAndRoot() throws {
        let leaf = try Certificate(derEncoded: try Self.leafBytes())
        let g6 = try Certificate(derEncoded: try Self.g6Bytes())
        let underG6 = PathValidator(anchors: [g6], algorithms: .appleSignedData)
        _ = try underG6.validate(leaf: leaf, intermediates: [], at: Self.midValidity)
        let error = try #require(throws: PathValidationError.self) {
            try underG6.validate(leaf: leaf, intermediates: [], at: Self.midValidity, policy: .appleSignedData)
        }
        #expect(error.code == .policy)
        #expect(error.rule == "Apple signed-data chain")
        #expect(error.certificateIndex == 0)
    }
}

/// One real Apple-signed JWS: its x5c certificates (leaf first) and the instant to validate them at.
struct JWSChainSample {
    let name: String
    let x5c: [[UInt8]]
    /// The payload's signedDate in seconds; for a notification without one, its nested transaction's
    /// (`validation_time_note` in the sample's expected.json).
    let signedDate: Int64

    static func all() throws -> [JWSChainSample] {
        try ProjectVectors.files(in: "jws/apple-signed", suffix: ".jws").map { url in
            let text = try String(contentsOf: url, encoding: .utf8)
            let header = try #require(text.split(separator: ".").first.flatMap { base64URL(String($0)) })
            let json = try #require(try JSONSerialization.jsonObject(with: header) as? [String: Any])
            let x5c = try #require(json["x5c"] as? [String]).map { try #require(Data(base64Encoded: $0)) }
            let expected = url.deletingPathExtension().appendingPathExtension("expected.json")
            let verdict = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: expected)) as? [String: Any]
            )
            let payload = try #require((verdict["payload"] as? [String: Any])?["fields"] as? [String: Any])
            var milliseconds = payload["signedDate"] as? Int64
            if milliseconds == nil, let nested = verdict["nested_jws"] as? [String: Any],
                let transaction = nested["signedTransactionInfo"] as? [String: Any],
                let fields = transaction["payload_fields"] as? [String: Any]
            {
                milliseconds = fields["signedDate"] as? Int64
            }
            return JWSChainSample(
                name: url.lastPathComponent,
                x5c: x5c.map { Array($0) },
                signedDate: try #require(milliseconds) / 1000
            )
        }
    }

    static func base64URL(_ text: String) -> Data? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard)
    }
}

/// Edits inside DER with every enclosing length fixed: enough to forge test certificates.
enum DERSurgery {
    struct NotDER: Error {}

    /// `der` with the octets at `range` replaced by `replacement`, and the lengths of the constructed elements
    /// that enclose the range (and of a primitive element whose contents hold it) re-encoded.
    static func replacing(_ range: Range<Int>, with replacement: [UInt8], in der: [UInt8]) throws -> [UInt8] {
        try edit(der[...], range, replacement)
    }

    /// The elements of `slice` with the one whose contents hold `range` rebuilt, deepest first; when no element's
    /// contents hold it (it spans whole elements), the octets of `slice` itself are spliced.
    private static func edit(
        _ slice: ArraySlice<UInt8>,
        _ range: Range<Int>,
        _ replacement: [UInt8]
    ) throws
        -> [UInt8]
    {
        var output: [UInt8] = []
        var applied = false
        var index = slice.startIndex
        while index < slice.endIndex {
            let start = index
            guard index + 1 < slice.endIndex else { throw NotDER() }
            let tag = slice[index]
            var length = Int(slice[index + 1])
            index += 2
            if length & 0x80 != 0 {
                let count = length & 0x7F
                guard count > 0, count <= 4, index + count <= slice.endIndex else { throw NotDER() }
                length = slice[index..<(index + count)].reduce(0) { $0 << 8 | Int($1) }
                index += count
            }
            let contents = index..<(index + length)
            guard contents.upperBound <= slice.endIndex else { throw NotDER() }
            index = contents.upperBound
            if !applied && range.lowerBound >= contents.lowerBound && range.upperBound <= contents.upperBound {
                let inner =
                    tag & 0x20 != 0
                    ? try edit(slice[contents], range, replacement) : splice(slice[contents], range, replacement)
                output += [tag] + encodeLength(inner.count) + inner
                applied = true
            } else {
                output += slice[start..<index]
            }
        }
        return applied ? output : splice(slice, range, replacement)
    }

    private static func splice(_ slice: ArraySlice<UInt8>, _ range: Range<Int>, _ replacement: [UInt8]) -> [UInt8] {
        Array(slice[slice.startIndex..<range.lowerBound]) + replacement + Array(slice[range.upperBound...])
    }

    private static func encodeLength(_ length: Int) -> [UInt8] {
        if length < 0x80 { return [UInt8(length)] }
        var bytes: [UInt8] = []
        var rest = length
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }
}
