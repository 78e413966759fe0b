// swift-tools-version: 6.1
import PackageDescription

// Side-by-side benchmarks of this package against its peers. A separate package, so that the library itself
// stays dependency-free. Run everything with ./run.sh (it also measures the OpenSSL command line and the
// `receipt verify` batch throughput). CLibcryptoReceipt links the system's libcrypto: its headers come from
// libssl-dev (scripts/install-build-dependencies.sh installs it).
let package = Package(
    name: "pure-receipt-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "pure-receipt", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        .package(url: "https://github.com/attaswift/BigInt", exact: "6.0.1"),
        .package(url: "https://github.com/apple/swift-asn1", exact: "1.7.4"),
        .package(url: "https://github.com/apple/swift-certificates", exact: "1.21.1"),
    ],
    targets: [
        .executableTarget(
            name: "HashBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PureCrypto", package: "pure-receipt"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Benchmarks/HashBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "RSABenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PureCrypto", package: "pure-receipt"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "BigInt", package: "BigInt"),
            ],
            path: "Benchmarks/RSABenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ECDSABenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PureCrypto", package: "pure-receipt"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Benchmarks/ECDSABenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ReceiptBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PureCrypto", package: "pure-receipt"),
                .product(name: "PureDER", package: "pure-receipt"),
                .product(name: "PureReceipt", package: "pure-receipt"),
                .product(name: "PureX509", package: "pure-receipt"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
                "CLibcryptoReceipt",
            ],
            path: "Benchmarks/ReceiptBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SignedDataBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PureSignedData", package: "pure-receipt"),
                .product(name: "PureX509", package: "pure-receipt"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            path: "Benchmarks/SignedDataBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // This package's allocation counts per operation, checked against Thresholds/ (run.sh). It links no
        // peer, so that checking them builds as little as possible.
        .executableTarget(
            name: "AllocationBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PureCrypto", package: "pure-receipt"),
                .product(name: "PureDER", package: "pure-receipt"),
                .product(name: "PureReceipt", package: "pure-receipt"),
            ],
            path: "Benchmarks/AllocationBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // SHA-256 over a file already in memory, which run.sh times in turn with `receipt digest`. Outside
        // Benchmarks/, where the benchmark plugin would take it for a benchmark target and run it.
        .executableTarget(
            name: "InProcessDigest",
            dependencies: [.product(name: "PureCrypto", package: "pure-receipt")],
            path: "Support/InProcessDigest"
        ),
        // OpenSSL's PKCS7_verify, called in-process, for ReceiptBenchmarks.
        .target(
            name: "CLibcryptoReceipt",
            path: "Benchmarks/CLibcryptoReceipt",
            linkerSettings: [.linkedLibrary("crypto")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
