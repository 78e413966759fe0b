import Benchmark
import Crypto
import PureCrypto

// SHA-1, SHA-256 and SHA-512 over 1 MiB and 64-byte messages: this package against swift-crypto (BoringSSL,
// with its SHA-NI/AVX assembly where the CPU has it). Names are "<benchmark> <implementation>"; run.sh turns
// the wall-clock medians into MB/s for docs/performance.json.

/// One message per size, filled with varied bytes (built outside the measured closures).
private func message(_ count: Int) -> [UInt8] {
    var state: UInt32 = 0x9E37_79B9
    return (0..<count).map { _ in
        state = state &* 1_664_525 &+ 1_013_904_223
        return UInt8(truncatingIfNeeded: state >> 24)
    }
}

/// Keep in step with the bytes-per-iteration table in run.sh.
private let sizes: [(name: String, bytes: [UInt8], repeats: Int)] = [
    ("1MiB", message(1 << 20), 1),
    ("64B", message(64), 1_000),
]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        maxDuration: .seconds(3),
        maxIterations: 100_000
    )

    for (sizeName, input, repeats) in sizes {
        // Each measured iteration hashes `repeats` messages (run.sh divides), so that 64-byte timings are not
        // dominated by the harness's own overhead.

        Benchmark("sha1-\(sizeName) this") { benchmark in
            for _ in benchmark.scaledIterations {
                for _ in 0..<repeats { blackHole(PureCrypto.Insecure.SHA1.hash(input)) }
            }
        }
        Benchmark("sha1-\(sizeName) swift-crypto") { benchmark in
            for _ in benchmark.scaledIterations {
                for _ in 0..<repeats { blackHole(Crypto.Insecure.SHA1.hash(data: input)) }
            }
        }
        Benchmark("sha256-\(sizeName) this") { benchmark in
            for _ in benchmark.scaledIterations {
                for _ in 0..<repeats { blackHole(PureCrypto.SHA256.hash(input)) }
            }
        }
        Benchmark("sha256-\(sizeName) swift-crypto") { benchmark in
            for _ in benchmark.scaledIterations {
                for _ in 0..<repeats { blackHole(Crypto.SHA256.hash(data: input)) }
            }
        }
        Benchmark("sha512-\(sizeName) this") { benchmark in
            for _ in benchmark.scaledIterations {
                for _ in 0..<repeats { blackHole(PureCrypto.SHA512.hash(input)) }
            }
        }
        Benchmark("sha512-\(sizeName) swift-crypto") { benchmark in
            for _ in benchmark.scaledIterations {
                for _ in 0..<repeats { blackHole(Crypto.SHA512.hash(data: input)) }
            }
        }
    }
}
