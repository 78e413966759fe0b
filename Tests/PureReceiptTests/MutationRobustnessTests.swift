import Foundation
import PurePKCS7
import PureX509
import Testing
import VectorSupport

@testable import PureReceipt

/// For each real App Store receipt, deterministic single-byte mutations and truncations — 50 per receipt in a
/// plain `swift test`, `RECEIPT_MUTATIONS=1000` for the full run (use a release build:
/// `RECEIPT_MUTATIONS=1000 swift test -c release --filter MutationRobustnessTests`): never a trap,
/// and never valid unless the change is provably outside what validation relies on. Two such places exist,
/// both checked when a mutant validates:
/// - the container's own copy of the Apple root: parsed, but the bundled anchor is what paths end at, so the
///   copy is never relied upon;
/// - the SignerInfo's signatureAlgorithm, where `rsaEncryption` and the `shaNNNWithRSAEncryption` naming the
///   signer's digest are accepted as the same thing (both occur in real receipts).
@Suite struct MutationRobustnessTests {
    /// The carried App Store receipts, an empty list if their folder cannot be listed (which the test below
    /// catches).
    static let names: [String] =
        (try? ProjectVectors.files(in: "receipts/apple", suffix: ".der").map(\.lastPathComponent)) ?? []

    /// The parameterised test below runs no case at all if the list is empty: this one fails then.
    @Test func everyAppStoreReceiptIsMutated() {
        #expect(Self.names.count == 22)
    }

    @Test(arguments: names)
    func mutantsNeverTrapAndNeverValidate(_ name: String) throws {
        try Self.mutate(name, ProjectVectors.bytes("receipts/apple/\(name)"))
    }

    @Test(.needsOptionalVectors, arguments: OptionalVectors.appStoreReceiptPaths)
    func mutantsOfTheOptionalReceiptNeverTrapAndNeverValidate(_ path: String) throws {
        let url = OptionalVectors.file(path)
        try Self.mutate(url.lastPathComponent, ProjectVectors.bytes(url))
    }

    /// Validates `original`, then checks its mutants as the suite's comment says.
    static func mutate(_ name: String, _ original: [UInt8]) throws {
        let validator = ReceiptValidator()
        _ = try validator.validate(original)
        let signedData = try SignedData(berEncoded: original)
        let anchorCopies = signedData.certificates.filter { Array($0.encoded) == BundledCertificates.appleIncRoot }
            .map { $0.encoded.indices }
        var generator = SplitMix64(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        var validMutants = 0
        let rounds = Int(ProcessInfo.processInfo.environment["RECEIPT_MUTATIONS"] ?? "") ?? 50
        for round in 0..<rounds {
            var mutant = original
            var position: Int? = nil
            if round % 10 == 9 {
                mutant = Array(original[..<Int(generator.next() % UInt64(original.count))])
            } else {
                let index = Int(generator.next() % UInt64(original.count))
                mutant[index] ^= UInt8(1 + generator.next() % 255)
                position = index
            }
            guard let validated = try? validator.validate(mutant) else { continue }
            validMutants += 1
            let inAnchorCopy = position.map { index in anchorCopies.contains { $0.contains(index) } } ?? false
            let signatureAlgorithmOnly =
                (try? SignedData(berEncoded: mutant)).map {
                    $0.signer.signatureAlgorithm != signedData.signer.signatureAlgorithm
                        && $0.content == signedData.content
                } ?? false
            #expect(
                inAnchorCopy || signatureAlgorithmOnly,
                """
                \(name): a mutant at \(position.map(String.init) ?? "truncation") validated \
                (\(validated.receipt.bundleIdentifier ?? "?"))
                """
            )
        }
        // Most mutants must fail; the tolerated places are small.
        #expect(validMutants * 10 < rounds * 3, "\(name): \(validMutants) of \(rounds) mutants validated")
    }
}
