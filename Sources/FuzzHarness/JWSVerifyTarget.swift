import PureSignedData
import PureX509

/// Certificate signatures verified in earlier runs of the `jws-verify` target, which its libFuzzer executable
/// keeps from one input to the next (``PureX509/SignatureMemo``: only the arithmetic of the very same
/// certificate under the very same key is spared; every rule is still judged, and the JWS signature always
/// verified).
public struct JWSVerifyMemo: Sendable {
    var memo = SignatureMemo(capacity: 64)

    /// An empty memo.
    public init() {}
}

extension FuzzTargets {
    /// Whole StoreKit 2 verification (`SignedDataVerifier`) on mutants of valid signed data: the input is a
    /// ``JWSEditProgram`` (a seed of ``JWSVerifySeeds``, expectations, a payload type, edits of the decoded
    /// pieces), and the mutant is verified at its `signedDate` under `.appStore` and under `.replacingAnchors`
    /// with the test roots. Invariants, beyond never trapping, hanging or exhausting memory:
    /// - an accepted mutant's signing input (`header.payload`) is a seed's, and a seed with it is accepted under
    ///   the same trust: ES256 cannot be forged, so only the signature may differ (s → n − s);
    /// - what is accepted is that seed's: the same decoded payload, validation time, nested paths and chain;
    /// - an accepted mutant was verified as its seed's kind, and that seed's claims meet the expectations
    ///   (checked here apart from the verifier);
    /// - an unedited seed that its trust accepts, with expectations its claims meet, is accepted.
    public static func jwsVerify(_ input: [UInt8]) -> String? {
        var memo = JWSVerifyMemo()
        return jwsVerify(input, memo: &memo)
    }

    /// ``jwsVerify(_:)`` sharing certificate signatures verified earlier.
    public static func jwsVerify(_ input: [UInt8], memo: inout JWSVerifyMemo) -> String? {
        let seeds = JWSVerifySeeds.shared
        if let problem = seeds.problem { return "jws-verify has no seeds: \(problem)" }
        let program = JWSEditProgram(input)
        let seed = seeds.seeds[program.seedIndex % seeds.seeds.count]
        let mutant = program.mutant(of: seed, seeds: seeds.seeds)
        let expectations = program.expectations(for: seed.decoded.appClaims)
        for (trustIndex, trust) in seeds.trusts.enumerated() {
            let verifier = SignedDataVerifier(trust: trust, expectations: expectations)
            let verdict = jwsVerdict(mutant, kind: program.kind, verifier: verifier, memo: &memo.memo)
            switch verdict {
            case .accepted(let accepted):
                if let failure = acceptance(
                    of: mutant,
                    accepted,
                    trust: trustIndex,
                    kind: program.kind,
                    expectations: expectations,
                    seeds: seeds
                ) {
                    return "\(seed.name), trust \(trustIndex): \(failure)"
                }
            case .refused(let error):
                if mutant == seed.text, seed.verdicts[trustIndex].accepted != nil,
                    program.kind == nil || program.kind == seed.decoded.kind,
                    meets(seed.decoded.appClaims, expectations)
                {
                    return "\(seed.name), trust \(trustIndex): the seed itself is refused: \(error)"
                }
            }
        }
        return nil
    }

    /// `nil` when what was accepted is a seed's, under the same trust, or else the false accept.
    static func acceptance(
        of mutant: [UInt8],
        _ accepted: JWSAccepted,
        trust: Int,
        kind: SignedDataKind?,
        expectations: SignedDataVerifier.Expectations,
        seeds: JWSVerifySeeds
    ) -> String? {
        let dots = mutant.indices.filter { mutant[$0] == UInt8(ascii: ".") }
        guard dots.count == 2 else { return "false accept: \(dots.count + 1) parts" }
        let signingInput = Array(mutant[..<dots[1]])
        guard let candidates = seeds.bySigningInput[signingInput] else {
            return "false accept: a signing input no seed has (\(signingInput.count) bytes)"
        }
        guard let known = candidates.lazy.compactMap({ seeds.seeds[$0].verdicts[trust].accepted }).first else {
            return "false accept: the seeds with this signing input are refused under this trust"
        }
        guard accepted.payload == known.payload else { return "false accept: another payload than the seed's" }
        guard accepted.validationTime == known.validationTime else {
            return "accepted at \(accepted.validationTime), the seed at \(known.validationTime)"
        }
        guard accepted.nested == known.nested else { return "accepted nested \(accepted.nested), not \(known.nested)" }
        guard accepted.chain == known.chain else { return "accepted with another chain than the seed's" }
        if let kind, kind != known.payload.kind { return "false accept: a \(known.payload.kind) verified as \(kind)" }
        guard meets(known.payload.appClaims, expectations) else {
            return "false accept: the claims do not meet the expectations"
        }
        return nil
    }

    /// Whether `claims` meet `expected`, by the rules of docs/storekit2.md, apart from the verifier's own check.
    /// Text compares by its UTF-8 bytes, as the verifier compares it (docs/security-model.md).
    static func meets(_ claims: AppClaims, _ expected: SignedDataVerifier.Expectations) -> Bool {
        func same(_ text: String?, _ other: String) -> Bool { text.map { $0.utf8.elementsEqual(other.utf8) } ?? false }
        let production = same(expected.environment?.rawValue, "Production")
        if production, expected.appAppleID == nil { return false }
        if let bundle = expected.bundleIdentifier, claims.namesBundle, !same(claims.bundleId, bundle) { return false }
        if let environment = expected.environment, !same(claims.environment?.rawValue, environment.rawValue) {
            return false
        }
        if let app = expected.appAppleID, claims.namesApp, same(claims.environment?.rawValue, "Production"),
            claims.appAppleId != app
        {
            return false
        }
        return true
    }

    /// The verdict of `verifier` on `text`, verified as `kind`'s type, or as ``DecodedPayload`` when `nil`.
    static func jwsVerdict(
        _ text: [UInt8],
        kind: SignedDataKind?,
        verifier: SignedDataVerifier,
        memo: inout SignatureMemo
    ) -> JWSVerdict {
        do throws(SignedDataError) {
            switch kind {
            case nil:
                let verified = try verifier.verify(text[...], as: DecodedPayload.self, memo: &memo)
                return .accepted(JWSAccepted(verified, as: verified.payload))
            case .transaction:
                let verified = try verifier.verify(text[...], as: JWSTransactionDecodedPayload.self, memo: &memo)
                return .accepted(JWSAccepted(verified, as: .transaction(verified.payload)))
            case .renewalInfo:
                let verified = try verifier.verify(text[...], as: JWSRenewalInfoDecodedPayload.self, memo: &memo)
                return .accepted(JWSAccepted(verified, as: .renewalInfo(verified.payload)))
            case .appTransaction:
                let verified = try verifier.verify(text[...], as: AppTransaction.self, memo: &memo)
                return .accepted(JWSAccepted(verified, as: .appTransaction(verified.payload)))
            case .notification:
                let verified = try verifier.verify(text[...], as: ResponseBodyV2DecodedPayload.self, memo: &memo)
                return .accepted(JWSAccepted(verified, as: .notification(verified.payload)))
            }
        } catch {
            return .refused(error)
        }
    }
}
