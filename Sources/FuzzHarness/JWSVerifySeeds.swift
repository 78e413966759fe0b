import PureDER
import PureSignedData
import PureX509

/// A verifier's verdict, as the `jws-verify` target compares them: what was accepted, or the error.
enum JWSVerdict: Sendable, Equatable {
    case accepted(JWSAccepted)
    case refused(SignedDataError)

    var accepted: JWSAccepted? {
        if case .accepted(let value) = self { return value }
        return nil
    }
}

/// What a verification accepted: the payload (as a ``DecodedPayload`` whatever type it was verified as), the
/// instant the chain was validated at, the nested data's paths and the validated chain.
struct JWSAccepted: Sendable, Equatable {
    let payload: DecodedPayload
    let validationTime: Int64
    let nested: [String]
    let chain: [[UInt8]]

    init<Payload>(_ verified: VerifiedJWS<Payload>, as payload: DecodedPayload) {
        self.payload = payload
        validationTime = verified.validationTime
        nested = verified.nested.map(\.path)
        chain = verified.chain.certificates.map { Array($0.encoded) }
    }
}

/// A StoreKit 2 JWS the target mutates, decoded into the pieces its edits act on, with its own verdicts.
struct JWSVerifySeed: Sendable {
    /// The file (and, for data nested in a notification, the field).
    let name: String
    /// The compact serialization, as in the file.
    let text: [UInt8]
    /// The decoded header with each `x5c` string replaced by ``JWSVerifySeeds/placeholder``, so that header
    /// edits act on the JSON around the certificates and certificate edits on their DER; the header as it is
    /// when its certificates' base64 is not found verbatim in it.
    let headerSkeleton: [UInt8]
    /// The DER of the `x5c` certificates.
    let certificates: [[UInt8]]
    /// The decoded payload (JSON).
    let payload: [UInt8]
    /// The decoded signature.
    let signature: [UInt8]
    /// `header.payload`, as the text spells it.
    let signingInput: [UInt8]
    /// The payload decoded without verification: whose claims the target's expectations are made from.
    let decoded: DecodedPayload
    /// The verdict under each of ``JWSVerifySeeds/trusts``, with no expectations, as ``DecodedPayload``.
    var verdicts: [JWSVerdict] = []
}

/// The seeds of the `jws-verify` target, decoded once from the copies of `TestVectors/` that
/// `make-jws-verify-seeds.py` writes into ``vectors`` (so the libFuzzer executable reads no file): the real
/// App Store samples (`jws/apple-signed`), Apple's library mocks and the project's forgery suite (its controls
/// and every case that decodes), each that decodes as App Store data (three certificates), and the nested data
/// of every notification among them; and the two trusts each mutant is verified under.
struct JWSVerifySeeds: Sendable {
    /// What stands for a certificate in a header skeleton: 0xFF never occurs in UTF-8.
    static let placeholder: UInt8 = 0xFF

    static let shared = JWSVerifySeeds()

    let seeds: [JWSVerifySeed]
    /// `.appStore`, and `.replacingAnchors` with the roots of ``anchorFiles``.
    let trusts: [SignedDataTrust]
    /// The seeds of each signing input (the forgery suite's signature cases share their control's).
    let bySigningInput: [[UInt8]: [Int]]
    /// Why there are no seeds or anchors, if so.
    let problem: String?

    private init() {
        var anchors: [Certificate] = []
        var problems: [String] = []
        for (name, base64) in Self.anchorVectors {
            guard let bytes = Base64.decode(base64.utf8), let anchor = try? Certificate(derEncoded: bytes) else {
                problems.append("\(name) is not a certificate")
                continue
            }
            anchors.append(anchor)
        }
        trusts = [.appStore, .replacingAnchors(with: anchors)]
        var seeds: [JWSVerifySeed] = []
        for (name, text) in Self.vectorTexts {
            guard let seed = Self.seed(named: name, Array(text.utf8)) else { continue }
            seeds.append(seed)
            for nested in seed.decoded.nestedSignedData {
                if let inner = Self.seed(named: seed.name + "#" + nested.path, Array(nested.text.utf8)) {
                    seeds.append(inner)
                }
            }
        }
        if seeds.isEmpty { problems.append("no vector decodes as StoreKit 2 data") }
        var memo = SignatureMemo(capacity: 64)
        for index in seeds.indices {
            seeds[index].verdicts = trusts.map { trust in
                FuzzTargets.jwsVerdict(
                    seeds[index].text,
                    kind: nil,
                    verifier: SignedDataVerifier(trust: trust),
                    memo: &memo
                )
            }
        }
        var bySigningInput: [[UInt8]: [Int]] = [:]
        for (index, seed) in seeds.enumerated() { bySigningInput[seed.signingInput, default: []].append(index) }
        self.seeds = seeds
        self.bySigningInput = bySigningInput
        problem = problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// The compact serialization of each of ``vectors``, by name: its parts joined by dots.
    static var vectorTexts: [(name: String, text: String)] {
        vectors.map { vector in (vector.name, vector.parts.map { parts[$0] }.joined(separator: ".")) }
    }

    /// The seed of `text`, if it decodes as App Store data.
    private static func seed(named name: String, _ text: [UInt8]) -> JWSVerifySeed? {
        guard let data = try? UnverifiedSignedData<DecodedPayload>(unverified: text) else { return nil }
        let header = data.compactSerialization.header
        let certificates = data.header.certificates.map { Array($0.encoded) }
        var skeleton = header
        for certificate in certificates {
            let spelled = Array(Base64.encode(certificate).utf8)
            guard let range = firstRange(of: spelled, in: skeleton) else {
                skeleton = header
                break
            }
            skeleton.replaceSubrange(range, with: [placeholder])
        }
        return JWSVerifySeed(
            name: name,
            text: text,
            headerSkeleton: skeleton,
            certificates: certificates,
            payload: data.compactSerialization.payload,
            signature: data.signature,
            signingInput: Array(data.signingInput),
            decoded: data.payload
        )
    }

    private static func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start..<(start + needle.count) }
        }
        return nil
    }
}
