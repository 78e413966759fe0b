// swift-tools-version: 6.3
import PackageDescription

// Runs the verifier's WebAssembly module (scripts/build-wasm.sh) in WasmKit, for scripts/wasm-verify.sh and
// docs/webassembly.md. A separate package, so that the library itself stays dependency-free.
let package = Package(
    name: "wasm-receipt-host",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/swiftwasm/WasmKit", exact: "0.4.2"),
        // The verifier's own input recognition (a JWS by its form) and decoding (base64 and PEM receipts), so
        // that the host feeds the module what the native tool validates.
        .package(name: "pure-receipt", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "WasmReceiptHost",
            dependencies: [
                .product(name: "WasmKit", package: "WasmKit"),
                .product(name: "PureDER", package: "pure-receipt"),
                .product(name: "PureSignedData", package: "pure-receipt"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
