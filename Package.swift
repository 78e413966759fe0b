// swift-tools-version: 6.1
import PackageDescription

// Layers, each a module so the compiler enforces the direction:
// PureDER ← PureCrypto ← PureX509 ← PurePKCS7 ← PureReceipt ← PureReceiptJSON ← ReceiptTool and ReceiptWasm;
// PureJSON (RFC 8259, depends on nothing) beside PureDER, under PureReceiptJSON;
// PureSignedData (StoreKit 2 JWS) over PureX509 and PureJSON, beside PurePKCS7.
// The libraries import the Swift standard library only and have no package dependencies.

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "pure-receipt",
    // The Apple floor of every library product: the systems whose apps still check receipts (docs/platforms.md).
    // Linux cannot see availability; scripts/check-availability.sh proves the library modules use no newer API.
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "PureDER", targets: ["PureDER"]),
        .library(name: "PureJSON", targets: ["PureJSON"]),
        .library(name: "PureCrypto", targets: ["PureCrypto"]),
        .library(name: "PureX509", targets: ["PureX509"]),
        .library(name: "PurePKCS7", targets: ["PurePKCS7"]),
        .library(name: "PureReceipt", targets: ["PureReceipt"]),
        .library(name: "PureSignedData", targets: ["PureSignedData"]),
        .executable(name: "receipt", targets: ["ReceiptTool"]),
        // Foundation product: Data in, Date out (docs/foundation.md). The only library that imports Foundation.
        .library(name: "PureReceiptFoundation", targets: ["PureReceiptFoundation"]),
    ],
    targets: [
        .target(
            name: "PureDER",
            swiftSettings: strictSettings
        ),
        .target(
            name: "PureJSON",
            swiftSettings: strictSettings
        ),
        .target(
            name: "PureCrypto",
            dependencies: ["PureDER"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PureX509",
            dependencies: ["PureDER", "PureCrypto"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PurePKCS7",
            dependencies: ["PureDER", "PureCrypto", "PureX509"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PureReceipt",
            dependencies: ["PureDER", "PureCrypto", "PureX509", "PurePKCS7"],
            swiftSettings: strictSettings
        ),
        // The JSON of a validation result, for the tool and the wasm module only: a target, not a product.
        .target(
            name: "PureReceiptJSON",
            dependencies: [
                "PureDER", "PureJSON", "PureCrypto", "PureX509", "PurePKCS7", "PureReceipt", "PureSignedData",
            ],
            swiftSettings: strictSettings
        ),
        // StoreKit 2 signed data (JWS): compact serialization, header, the payloads Apple ships (docs/storekit2.md).
        .target(
            name: "PureSignedData",
            dependencies: ["PureDER", "PureJSON", "PureCrypto", "PureX509"],
            swiftSettings: strictSettings
        ),
        // Foundation product (docs/foundation.md): Data, Date, URL and the app's own receipt over PureReceipt.
        // Outside the Embedded and wasm builds; built and tested on Linux with swift-corelibs-foundation.
        .target(
            name: "PureReceiptFoundation",
            dependencies: ["PureReceipt"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "ReceiptTool",
            dependencies: [
                "PureDER", "PureJSON", "PureCrypto", "PureX509", "PurePKCS7", "PureReceipt", "PureReceiptJSON",
                "PureSignedData",
            ],
            swiftSettings: strictSettings
        ),
        // The C-ABI entry of the WebAssembly module (scripts/build-wasm.sh); natively it builds too, so that
        // its contract is tested by swift test.
        .target(
            name: "ReceiptWasm",
            dependencies: ["PureDER", "PureJSON", "PureX509", "PureReceipt", "PureReceiptJSON", "PureSignedData"],
            swiftSettings: strictSettings
        ),
        // Fuzzing: the targets' invariants (shared with the tests that replay the corpus), and one libFuzzer
        // executable per target, built by scripts/fuzz.sh with -sanitize=fuzzer. Never part of a product.
        .target(
            name: "FuzzHarness",
            dependencies: [
                "PureDER", "PureJSON", "PureCrypto", "PureX509", "PurePKCS7", "PureReceipt", "PureSignedData",
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzDER",
            dependencies: ["FuzzHarness"],
            path: "Sources/Fuzzers/DER",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzDERBER",
            dependencies: ["FuzzHarness"],
            path: "Sources/Fuzzers/DERBER",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzCertificate",
            dependencies: ["FuzzHarness"],
            path: "Sources/Fuzzers/Certificate",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzECDSA",
            dependencies: ["FuzzHarness"],
            path: "Sources/Fuzzers/ECDSA",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzPKCS7",
            dependencies: ["FuzzHarness"],
            path: "Sources/Fuzzers/PKCS7",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzPayload",
            dependencies: ["FuzzHarness"],
            path: "Sources/Fuzzers/Payload",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzValidator",
            dependencies: ["FuzzHarness"],
            path: "Sources/Fuzzers/Validator",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzJSON",
            dependencies: ["FuzzHarness"],
            path: "Sources/Fuzzers/JSON",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzJWS",
            dependencies: ["FuzzHarness"],
            path: "Sources/Fuzzers/JWS",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FuzzJWSVerify",
            dependencies: ["FuzzHarness"],
            path: "Sources/Fuzzers/JWSVerify",
            swiftSettings: strictSettings
        ),
        // The Swift side of scripts/json-differential.py: one verdict per document. Never part of a product.
        .executableTarget(
            name: "JSONCheck",
            dependencies: ["PureJSON"],
            swiftSettings: strictSettings
        ),
        // Finds TestVectors/ (and the optional ../shared/vectors) for the test targets; never part of a product.
        .target(
            name: "VectorSupport",
            path: "Tests/VectorSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PureDERTests",
            dependencies: ["PureDER", "FuzzHarness", "VectorSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PureJSONTests",
            dependencies: ["PureJSON", "PureDER", "VectorSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PureCryptoTests",
            dependencies: ["PureCrypto", "PureDER", "VectorSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PureX509Tests",
            dependencies: ["PureX509", "PureCrypto", "PureDER", "VectorSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PurePKCS7Tests",
            dependencies: ["PurePKCS7", "PureX509", "PureCrypto", "PureDER", "VectorSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PureReceiptTests",
            dependencies: ["PureReceipt", "PurePKCS7", "PureX509", "PureCrypto", "PureDER", "VectorSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PureSignedDataTests",
            dependencies: ["PureSignedData", "PureJSON", "PureX509", "PureDER", "FuzzHarness", "VectorSupport"],
            swiftSettings: strictSettings
        ),
        // Foundation product's tests.
        .testTarget(
            name: "PureReceiptFoundationTests",
            dependencies: ["PureReceiptFoundation", "PureReceipt", "PureX509", "VectorSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReceiptWasmTests",
            dependencies: ["ReceiptWasm", "VectorSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReceiptToolTests",
            dependencies: ["ReceiptTool", "PureDER", "PurePKCS7", "VectorSupport"],
            // The map-step example of docs/cli.md, which a test runs with the built tool.
            exclude: ["map-step.sh"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
