public import Foundation
public import Testing

/// Real data the repository does not carry because its sources grant no licence to redistribute it
/// (TestVectors/PROVENANCE.md names each file and why): read in place from the shared collection,
/// `$SHARED_VECTORS` or else `../shared/vectors` beside the package, when it is there. Its files sit at the
/// relative paths they would have in `TestVectors/`.
///
/// Tests that read it carry ``Testing/Trait/needsOptionalVectors``, so that without it they are reported as
/// skipped, with the reason, and never pass after checking nothing; with it they run, and a listed file that
/// is missing is a failure.
public enum OptionalVectors {
    /// `$SHARED_VECTORS`, else `<package>/../shared/vectors`.
    public static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["SHARED_VECTORS"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return ProjectVectors.directory
            .deletingLastPathComponent()  // package root
            .deletingLastPathComponent()
            .appendingPathComponent("shared/vectors", isDirectory: true)
    }()

    /// Whether the shared collection is there: ``directory`` holds the first of ``appStoreReceiptPaths``.
    public static let isPresent = FileManager.default.fileExists(atPath: file(appStoreReceiptPaths[0]).path)

    /// The App Store receipt the repository does not carry (capital-blue/apple-receipt-validator, no licence):
    /// the only public receipt found on the SHA-1 WWDR G8 chain.
    public static let appStoreReceiptPaths = ["receipts/apple/capital-blue_sandboxReceipt.der"]

    /// The certificate the repository does not carry: the G8 receipt-signing leaf, whose only source is that
    /// receipt.
    public static let certificatePaths = [
        "certs/receipt-signing-leaves/MacAppStoreAndiTunesStoreReceiptSigning_2023-07-13_2024-08-11_under-WWDR-G8.cer"
    ]

    /// The folder and name prefix of the StoreKit 2 JWS samples the repository does not carry
    /// (session-foundation/session-pro-backend, no licence), each `.jws` with its `.expected.json`.
    public static let jwsSamples = (folder: "jws/apple-signed", prefix: "session-pro-backend_")

    /// `<directory>/<path>`.
    public static func file(_ path: String) -> URL {
        directory.appendingPathComponent(path, isDirectory: false)
    }

    /// The receipts of ``appStoreReceiptPaths`` with their `.expected.json`.
    public static func appStoreReceipts() throws -> [ReceiptVector] {
        try appStoreReceiptPaths.map { try ReceiptVector(contentsOf: file($0)) }
    }

    /// The certificates of ``certificatePaths`` as name and bytes.
    public static func certificates() throws -> [(name: String, bytes: [UInt8])] {
        try certificatePaths.map { path in
            let url = file(path)
            return (url.lastPathComponent, try ProjectVectors.bytes(url))
        }
    }

    /// The App Store receipts and the certificate as name and bytes, as ``ProjectVectors/derSamples()`` gives
    /// the carried ones.
    public static func derSamples() throws -> [(name: String, bytes: [UInt8])] {
        try appStoreReceipts().map { ($0.name, $0.bytes) } + certificates()
    }

    /// The files of the JWS samples whose names end with `suffix` (`.jws`, `.expected.json`), sorted by name.
    public static func jwsFiles(suffix: String) throws -> [URL] {
        try VectorFolder.files(in: directory.appendingPathComponent(jwsSamples.folder), suffix: suffix)
            .filter { $0.lastPathComponent.hasPrefix(jwsSamples.prefix) }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when ``OptionalVectors`` are present; otherwise Swift Testing reports it skipped.
    public static var needsOptionalVectors: Self {
        .enabled(
            if: OptionalVectors.isPresent,
            "needs the unlicensed vectors of ../shared/vectors (or $SHARED_VECTORS); see TestVectors/PROVENANCE.md"
        )
    }
}
