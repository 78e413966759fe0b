import Benchmark
import Foundation
import PureCrypto
import PureDER
import PureReceipt

// This package's allocations per operation, and nothing else: every `malloc` in the process during one
// iteration, checked against the thresholds committed in Benchmarks/Thresholds/ (run.sh runs
// `benchmark thresholds check` on this target). A target of its own, linking none of the peers, so that the check
// builds only this package, ordo-one/benchmark and the libraries under test. Counts are exact: a change that
// allocates more fails the check; one that allocates less updates the thresholds
// (`swift package --allow-writing-to-package-directory benchmark thresholds update --target AllocationBenchmarks
// --path Thresholds`) and gives the new counts in its commit message.

/// The repository's `TestVectors/`, found from this file's path.
enum AllocationVectors {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // AllocationBenchmarks
        .deletingLastPathComponent()  // Benchmarks (the targets)
        .deletingLastPathComponent()  // Benchmarks (the package)
        .deletingLastPathComponent()  // the repository
        .appendingPathComponent("TestVectors", isDirectory: true)

    static func bytes(_ relativePath: String) -> [UInt8] {
        let url = directory.appendingPathComponent(relativePath)
        guard let data = try? Data(contentsOf: url) else { fatalError("cannot read \(url.path)") }
        return [UInt8](data)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.mallocCountTotal],
        maxDuration: .seconds(1),
        maxIterations: 200,
        // Any change in a count fails the check: allocations are deterministic for a given build.
        thresholds: [
            .mallocCountTotal: .init(
                relative: BenchmarkThresholds.Relative.strict,
                absolute: BenchmarkThresholds.Absolute.strict
            )
        ]
    )

    let validator = ReceiptValidator()  // the bundled Apple root, at the receipt's creation date
    for (name, file) in [
        ("receipt-validate", "AppReceiptValidator_grandUnifiedExpiredAppleCert_receipt"),
        ("receipt-validate-g5", "TPInAppReceipt_receipt-sandbox-g5"),
        ("receipt-validate-legacy-79k", "TPInAppReceipt_receipt-sandbox-legacy"),
    ] {
        let bytes = AllocationVectors.bytes("receipts/apple/\(file).der")
        precondition((try? validator.validate(bytes)) != nil, "PureReceipt refused \(file)")
        Benchmark(name) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try validator.validate(bytes)) }
        }
    }

    let g5 = AllocationVectors.bytes("receipts/apple/TPInAppReceipt_receipt-sandbox-g5.der")
    Benchmark("der-parse-receipt") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try DERTree(parsing: g5)) }
    }

    let message = [UInt8](repeating: 0x61, count: 64)
    Benchmark("sha256-64B") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(SHA256.hash(message)) }
    }
    Benchmark("sha1-64B") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Insecure.SHA1.hash(message)) }
    }
}
