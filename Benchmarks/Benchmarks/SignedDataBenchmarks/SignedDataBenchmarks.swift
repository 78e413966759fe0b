import Benchmark
import Foundation
import PureSignedData
import PureX509

// jws-verify: one real App Store transaction (TestVectors/jws/apple-signed, G3 → G6 → leaf), verified at its own
// signedDate and its payload decoded: this package's SignedDataVerifier against the pieces Apple's App Store
// Server Library uses (AppleLibraryStack: swift-certificates' Verifier with Apple's marker policy, swift-crypto's
// P-256, Foundation's JSONDecoder). Both must accept the sample and refuse its copy with one payload byte changed
// before anything is timed.

let benchmarks: @Sendable () -> Void = {
    // RECEIPT_BENCHMARK_SECONDS shortens a run when only checking that the benchmarks work.
    let seconds = ProcessInfo.processInfo.environment["RECEIPT_BENCHMARK_SECONDS"].flatMap(Int.init) ?? 3
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 10,
        maxDuration: .seconds(seconds),
        maxIterations: 100_000
    )

    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TestVectors")
    let sample = "jws/apple-signed/gopay_transaction_2022-11-04_0cd9c84b.jws"
    guard let text = try? String(contentsOf: root.appendingPathComponent(sample), encoding: .utf8),
        let g3 = try? [UInt8](Data(contentsOf: root.appendingPathComponent("certs/apple-roots/AppleRootCA-G3.cer")))
    else { fatalError("cannot read \(sample) or Apple Root CA - G3 from TestVectors") }
    let tampered = tamperedPayload(text)

    let verifier = SignedDataVerifier()
    precondition(
        (try? verifier.verify(text, as: JWSTransactionDecodedPayload.self))?.payload.transactionId
            == "2000000184445477",
        "PureSignedData refused \(sample)"
    )
    do throws(SignedDataError) {
        _ = try verifier.verify(tampered)
        fatalError("PureSignedData accepted a tampered \(sample)")
    } catch {
        precondition(error.code == .invalidSignature, "PureSignedData refused the tampered \(sample) early: \(error)")
    }
    let stack = AppleLibraryStack(root: g3)

    Benchmark("jws-verify this") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try verifier.verify(text, as: JWSTransactionDecodedPayload.self))
        }
    }

    Benchmark(
        "jws-verify swift-certificates",
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                guard let transaction = await stack.verify(text) else { fatalError("the stack refused \(sample)") }
                blackHole(transaction)
            }
        },
        setup: {
            guard await stack.verify(text)?.transactionId == "2000000184445477" else {
                fatalError("swift-certificates, swift-crypto and JSONDecoder refused \(sample)")
            }
            guard await stack.verify(tampered) == nil else {
                fatalError("swift-certificates, swift-crypto and JSONDecoder accepted a tampered \(sample)")
            }
        }
    )
}

/// `text` with its payload's `"quantity":1` made `"quantity":2` and the payload re-encoded: well formed, with a
/// signature that no longer matches.
func tamperedPayload(_ text: String) -> String {
    let parts = text.split(separator: ".").map(String.init)
    guard let payload = AppleLibraryStack.base64URLDecoded(Substring(parts[1])),
        let json = String(data: payload, encoding: .utf8), json.contains("\"quantity\":1")
    else { fatalError("the sample has no quantity of 1 to change") }
    let changed = Data(json.replacingOccurrences(of: "\"quantity\":1", with: "\"quantity\":2").utf8)
    let encoded = changed.base64EncodedString().replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    return parts[0] + "." + encoded + "." + parts[2]
}
