import Foundation
import PureDER
import VectorSupport

@testable import PureX509

/// TestVectors/x509/worst-bags (made by make.py): hostile bags of candidate certificates for path building, each
/// with the verdict its manifest records.
enum WorstBags {
    struct Expected: Decodable {
        let valid: Bool
        let code: String?
        let certificateIndex: Int?
        let rule: String?
    }

    struct Case: Decodable, CustomStringConvertible {
        let name: String
        let leaf: String
        let anchors: [String]
        let bag: String?
        let bagCount: Int?
        let at: Int64
        let policy: String
        let expected: Expected
        let note: String

        var description: String { name }
    }

    struct Manifest: Decodable {
        let bags: [Case]
    }

    static let folder = ProjectVectors.folder("x509/worst-bags")

    static let cases: [Case] = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        else { return [] }
        return manifest.bags
    }()

    static func `case`(_ name: String) throws -> Case {
        guard let found = cases.first(where: { $0.name == name }) else { throw MissingCase(name: name) }
        return found
    }

    struct MissingCase: Error, CustomStringConvertible {
        let name: String
        var description: String { "no case \(name) in TestVectors/x509/worst-bags/manifest.json" }
    }

    /// The certificates of a file: one DER certificate, or a bag of them back to back.
    static func certificates(_ file: String) throws -> [Certificate] {
        let bytes = try ProjectVectors.bytes(folder.appendingPathComponent(file))
        var reader = DERReader(bytes)
        var found: [Certificate] = []
        while !reader.isAtEnd {
            found.append(try Certificate(derEncoded: try reader.readElement(.sequence).encoded))
        }
        return found
    }

    /// What one case needs: its leaf, anchors and candidates.
    struct Inputs {
        let leaf: Certificate
        let anchors: [Certificate]
        let intermediates: [Certificate]
    }

    static func inputs(_ item: Case) throws -> Inputs {
        let leaf = try certificates(item.leaf)
        precondition(leaf.count == 1, "\(item.leaf) holds \(leaf.count) certificates")
        return Inputs(
            leaf: leaf[0],
            anchors: try item.anchors.flatMap(certificates),
            intermediates: try item.bag.map(certificates) ?? []
        )
    }

    /// Validates a case under its policy with ``AlgorithmPolicy/standard``, returning the verdict and the work.
    static func run(
        _ item: Case,
        policy: CertificatePolicy? = nil
    ) throws -> (result: Result<ValidatedChain, PathValidationError>, work: PathSearchWork, inputs: Inputs) {
        let inputs = try inputs(item)
        let validator = PathValidator(anchors: inputs.anchors, algorithms: .standard)
        var work = PathSearchWork()
        let result: Result<ValidatedChain, PathValidationError>
        do throws(PathValidationError) {
            result = .success(
                try validator.validate(
                    leaf: inputs.leaf,
                    intermediates: inputs.intermediates,
                    at: item.at,
                    policy: policy ?? (item.policy == "none" ? .none : .issuanceProfile),
                    work: &work
                )
            )
        } catch {
            result = .failure(error)
        }
        return (result, work, inputs)
    }
}
