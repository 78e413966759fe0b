import Foundation
import Testing
import VectorSupport

@testable import PureX509

/// The project's own PKI (TestVectors/x509, made by make-pki.sh with openssl): one scenario per rule, each
/// with the verdict its manifest records and the certificate that must be blamed.
@Suite struct SyntheticPKITests {
    struct Scenario: Decodable, CustomTestStringConvertible {
        let name: String
        let leaf: String
        let intermediates: [String]
        let anchors: [String]
        let at: Int64
        let policy: String
        let expected: String
        let alsoAccepted: [String]
        let culprit: String?

        var testDescription: String { name }
    }

    struct Manifest: Decodable {
        let scenarios: [Scenario]
    }

    static let folder = ProjectVectors.folder("x509/pki")

    static let scenarios: [Scenario] = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        else { return [] }
        return manifest.scenarios
    }()

    static func certificate(_ file: String) throws -> Certificate {
        try certificate(file, in: folder)
    }

    static func certificate(_ file: String, in folder: URL) throws -> Certificate {
        try Certificate(derEncoded: ProjectVectors.bytes(folder.appendingPathComponent(file)))
    }

    /// The manifest's names for ``PathValidationError/Code``.
    static let codes: [String: PathValidationError.Code] = [
        "expired": .expired, "notYetValid": .notYetValid, "notCA": .notCertificateAuthority,
        "pathLengthExceeded": .pathLengthExceeded, "keyUsage": .keyUsage,
        "unknownCriticalExtension": .unknownCriticalExtension, "badSignature": .badSignature, "noPath": .noPath,
        "algorithmNotAllowed": .algorithmNotAllowed,
    ]

    /// A certificate given many times costs one signature check: behind 150 copies of an impostor root (the
    /// same name, another key), more than the search's budget of 100 checks, the real root is still reached. The
    /// leaf has no authority key identifier, so nothing but the order given ranks the two (TestVectors/x509/
    /// repeated-candidates; without key identifiers the issuance profile is not asked for).
    @Test func repeatedCandidatesAreTriedOnce() throws {
        let folder = ProjectVectors.folder("x509/repeated-candidates")
        let (root, impostor, leaf) = (
            try Self.certificate("root.der", in: folder), try Self.certificate("impostor.der", in: folder),
            try Self.certificate("leaf.der", in: folder)
        )
        #expect(impostor.subject.encoded == root.subject.encoded && leaf.authorityKeyIdentifier == nil)
        let validator = PathValidator(anchors: [Certificate](repeating: impostor, count: 150) + [root])
        let chain = try validator.validate(leaf: leaf, intermediates: [], at: leaf.notBefore, policy: .none)
        #expect(chain.certificates.map(\.encoded) == [leaf.encoded, root.encoded])
    }

    @Test func theManifestCoversEveryRule() {
        #expect(Self.scenarios.count >= 25)
        let kinds = Set(Self.scenarios.map(\.expected))
        #expect(kinds == Set(Self.codes.keys).union(["valid"]))
    }

    @Test(arguments: scenarios)
    func scenarioGetsItsRecordedVerdict(_ scenario: Scenario) throws {
        let validator = PathValidator(
            anchors: try scenario.anchors.map(Self.certificate),
            algorithms: scenario.policy == "strict" ? .standard : .allowingSHA1
        )
        let leaf = try Self.certificate(scenario.leaf)
        let intermediates = try scenario.intermediates.map(Self.certificate)
        do {
            let chain = try validator.validate(leaf: leaf, intermediates: intermediates, at: scenario.at)
            #expect(scenario.expected == "valid", "validated a chain of \(chain.certificates.count)")
        } catch {
            let accepted = [scenario.expected] + scenario.alsoAccepted
            #expect(accepted.compactMap { Self.codes[$0] }.contains(error.code), "\(error)")
            // The blamed certificate is the manifest's culprit, when it names one and we report the main verdict.
            if let culprit = scenario.culprit, error.code == Self.codes[scenario.expected],
                let index = error.certificateIndex
            {
                #expect(error.subject == (try Self.certificate(culprit)).subject.description, "certificate \(index)")
            }
        }
    }
}
