// swift-tools-version: 6.1
import PackageDescription

// libFuzzer entry points, one executable per parser, built by ../scripts/fuzz.sh with -sanitize=fuzzer.
// A nested package so that the main package's `swift build` never needs the fuzzer runtime.
let package = Package(
    name: "pure-receipt-fuzzing",
    dependencies: [.package(name: "pure-receipt", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzDER",
            dependencies: [.product(name: "PureDER", package: "pure-receipt")]
        )
    ],
    swiftLanguageModes: [.v6]
)
