import Testing

@testable import PureX509

/// Path building's work is bounded by the design, whatever the bag (issue 25, defect 1): the worst shapes of
/// TestVectors/x509/worst-bags, each with its verdict and the work ``PathSearchWork`` counted.
///
/// The bounds, from PathSearch's design, for a leaf, `A` anchors and `I` candidates, all distinct (n = 1 + A + I
/// certificates):
/// - duplicate comparisons ≤ (A + I)(A + I − 1) / 2: each anchor and candidate is compared, once, with those
///   added before it (the same length only);
/// - name comparisons ≤ (n − 1)²: each certificate's candidate issuers are indexed at most once, by comparing
///   its issuer with the n − 1 other certificates' subjects;
/// - examinations ≤ ``PathValidator/maximumExaminations``, and none of a candidate with no chain of names to an
///   anchor short enough for the path;
/// - signature checks ≤ ``PathValidator/maximumSignatureChecks``, and ≤ the edges that can be checked: signatures
///   are checked only on a path of names that reached an anchor, from the anchor down, each edge once; so an edge
///   whose issuer is not an anchor is checked only below a certificate that verified. None of the hostile
///   certificates verifies under an anchor: the edges checked are those to an anchor, at most (1 + I) × A, plus
///   those under the genuine certificates a shape holds.
@Suite struct PathSearchBoundsTests {
    @Test func theManifestHoldsEveryShape() {
        let names = Set(WorstBags.cases.map(\.name))
        for required in [
            "a-shared-key", "b-distinct-keys", "c-cycles-no-anchor", "c-cycles-anchor-last", "d-anchor-name",
            "d-anchor-name-forged", "e-one-past-intermediates", "signature-budget-at-limit",
            "signature-budget-one-past", "f-linear-chain", "path-length-at-limit", "path-length-one-past",
        ] {
            #expect(names.contains(required), "\(required)")
        }
    }

    /// The verdict the manifest records, and the bounds above, for every shape.
    @Test(arguments: WorstBags.cases)
    func everyShapeGetsItsVerdictWithinTheBounds(_ item: WorstBags.Case) throws {
        let (result, work, inputs) = try WorstBags.run(item)
        Self.expectVerdict(result, item.expected)
        #expect(inputs.intermediates.count == item.bagCount ?? 0)
        // Over the limit of candidates, nothing is indexed or compared at all.
        guard inputs.intermediates.count <= PathValidator.maximumIntermediates else { return }
        let others = inputs.anchors.count + inputs.intermediates.count
        #expect(work.duplicateComparisons <= others * (others - 1) / 2)
        #expect(work.nameComparisons <= others * others)
        #expect(work.examinations <= PathValidator.maximumExaminations)
        #expect(work.signatureChecks <= PathValidator.maximumSignatureChecks)
    }

    /// (a) and (b): 64 self-issued CAs named as the leaf's issuer, which name one another, none leading to the
    /// anchor. Whether their key signed the leaf (a) or not (b), the search does the same work: the names are
    /// indexed once, no chain of names from any candidate reaches an anchor, so none is examined and no signature
    /// checked.
    @Test func candidatesThatVerifyTheLeafCostNoMoreThanCandidatesThatDoNot() throws {
        let shared = try WorstBags.run(WorstBags.case("a-shared-key"))
        let distinct = try WorstBags.run(WorstBags.case("b-distinct-keys"))
        for (result, work) in [(shared.result, shared.work), (distinct.result, distinct.work)] {
            #expect(result.failure?.code == .noPath)
            #expect(work.signatureChecks == 0)
            #expect(work.examinations == 0)
            // 65 comparisons for the leaf, 64 for each candidate (the anchor is never indexed).
            #expect(work.nameComparisons == 65 + 64 * 64)
        }
        #expect(shared.work.examinations == distinct.work.examinations)
        #expect(shared.work.nameComparisons == distinct.work.nameComparisons)
    }

    /// (c) without an anchor: 32 A certificates issued by B and 32 B issued by A. No chain of names reaches an
    /// anchor: nothing examined, no signature.
    @Test func aNameCycleWithoutAnAnchorCostsOnePassOverTheNames() throws {
        let (result, work, _) = try WorstBags.run(WorstBags.case("c-cycles-no-anchor"))
        #expect(result.failure?.code == .noPath)
        #expect(work.signatureChecks == 0)
        #expect(work.examinations == 0)
    }

    /// (c) with the genuine certificate last: the candidates with the shortest chain of names to an anchor come
    /// first, so the genuine A (one step from the anchor) is tried before any certificate of the cycle: one
    /// examination for it and one for the anchor, and its two edges checked. A cycle ahead of a valid path
    /// cannot hide it.
    @Test func aNameCycleCannotHideAValidPath() throws {
        let (result, work, _) = try WorstBags.run(WorstBags.case("c-cycles-anchor-last"))
        #expect((try? result.get())?.certificates.count == 3)
        #expect(work.signatureChecks == 2)
        #expect(work.examinations == 2)
    }

    /// (d) 64 candidates with the anchor's name and key identifier and keys of their own, at
    /// ``PathValidator/maximumIntermediates``: the anchor comes first among the certificates with its name, and
    /// validates the leaf it signed with one signature and one examination.
    @Test func theAnchorIsTriedBeforeCandidatesCarryingItsName() throws {
        let (result, work, inputs) = try WorstBags.run(WorstBags.case("d-anchor-name"))
        #expect(inputs.intermediates.count == PathValidator.maximumIntermediates)
        let chain = try result.get()
        #expect(chain.certificates.map(\.encoded) == [inputs.leaf.encoded, inputs.anchors[0].encoded])
        #expect(work.signatureChecks == 1 && work.examinations == 1)
    }

    /// (d) forged: the leaf is signed by an impostor's key. Every certificate's edge to the one anchor is checked
    /// exactly once — the leaf's and the 64 impostors', (1 + I) × A = 65 — and no impostor's key verifies
    /// anything, since none was vouched for by the anchor. The first failure is reported.
    @Test func eachEdgeToTheAnchorIsCheckedOnceAndNoImpostorKeyRuns() throws {
        let (result, work, _) = try WorstBags.run(WorstBags.case("d-anchor-name-forged"))
        let error = try #require(result.failure)
        #expect(error.code == .badSignature && error.certificateIndex == 0 && error.rule == "signature")
        #expect(work.signatureChecks == (1 + 64) * 1)
    }

    /// (e) one candidate past ``PathValidator/maximumIntermediates`` is refused before anything is compared.
    @Test func oneCandidatePastTheLimitIsRefusedBeforeAnyWork() throws {
        let (result, work, inputs) = try WorstBags.run(WorstBags.case("e-one-past-intermediates"))
        #expect(inputs.intermediates.count == PathValidator.maximumIntermediates + 1)
        let error = try #require(result.failure)
        #expect(error.code == .searchLimitReached && error.certificateIndex == nil && error.rule == nil)
        #expect(work == PathSearchWork())
    }

    /// ``PathValidator/maximumSignatureChecks`` at the limit and one past: 99 anchors with the real anchor's name
    /// and key identifier and other keys come before it; the 100th check, the last allowed, validates. With 100
    /// of them the anchor would need the 101st: the search stops at 100 and reports its first failure.
    @Test func theSignatureBudgetAllowsExactlyItsChecks() throws {
        let atLimit = try WorstBags.run(WorstBags.case("signature-budget-at-limit"))
        #expect(atLimit.inputs.anchors.count == PathValidator.maximumSignatureChecks)
        #expect((try? atLimit.result.get())?.certificates.count == 2)
        #expect(atLimit.work.signatureChecks == PathValidator.maximumSignatureChecks)
        let onePast = try WorstBags.run(WorstBags.case("signature-budget-one-past"))
        #expect(onePast.result.failure?.code == .badSignature)
        #expect(onePast.work.signatureChecks == PathValidator.maximumSignatureChecks)
    }

    /// (f) limbo's chain of distinct subjects and keys, at 64, reaching no anchor: one pass over the names, then
    /// nothing examined, no signature.
    @Test func aLinearChainToNoAnchorIsNotFollowed() throws {
        let (result, work, _) = try WorstBags.run(WorstBags.case("f-linear-chain"))
        let error = try #require(result.failure)
        #expect(work.examinations == 0)
        #expect(work.signatureChecks == 0)
        #expect(error.code == .noPath)
    }

    /// ``PathValidator/maximumPathLength`` at the limit: leaf, 8 intermediates, anchor. Each of the 9 edges is
    /// checked once, from the anchor down.
    @Test func aPathOfTheLongestLengthValidates() throws {
        let (result, work, _) = try WorstBags.run(WorstBags.case("path-length-at-limit"))
        #expect((try? result.get())?.certificates.count == PathValidator.maximumPathLength)
        #expect(work.signatureChecks == PathValidator.maximumPathLength - 1)
        #expect(work.examinations == PathValidator.maximumPathLength - 1)
    }

    /// One past ``PathValidator/maximumPathLength``: the only path has 11 certificates. It does not validate, and
    /// fails as the bound it met.
    @Test func aPathOneLongerThanTheLimitIsReportedAsTheLimit() throws {
        let (result, work, _) = try WorstBags.run(WorstBags.case("path-length-one-past"))
        let error = try #require(result.failure)
        #expect(work.signatureChecks == 0)
        #expect(work.examinations == 0)
        #expect(error.code == .searchLimitReached)
    }

    static func expectVerdict(
        _ result: Result<ValidatedChain, PathValidationError>,
        _ expected: WorstBags.Expected,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        switch result {
        case .success(let chain):
            #expect(expected.valid, "validated a chain of \(chain.certificates.count)", sourceLocation: sourceLocation)
        case .failure(let error):
            #expect(!expected.valid, "\(error)", sourceLocation: sourceLocation)
            #expect(error.code.rawValue == expected.code, "\(error)", sourceLocation: sourceLocation)
            #expect(error.certificateIndex == expected.certificateIndex, "\(error)", sourceLocation: sourceLocation)
            #expect(error.rule == expected.rule, "\(error)", sourceLocation: sourceLocation)
        }
    }
}

extension Result {
    /// The error, or `nil` on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
