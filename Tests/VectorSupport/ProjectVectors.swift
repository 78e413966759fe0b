public import Foundation

/// The data the tests read: `TestVectors/` in this repository (its README.md says what each folder holds,
/// PROVENANCE.md where the real data comes from), found from this file's path, so present in every clone.
/// A file or folder missing from it is an error, never a skip.
public enum ProjectVectors {
    /// `<package>/TestVectors`.
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // VectorSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("TestVectors", isDirectory: true)

    /// `TestVectors/<path>`, a folder.
    public static func folder(_ path: String) -> URL {
        directory.appendingPathComponent(path, isDirectory: true)
    }

    /// `TestVectors/<path>`, a file.
    public static func file(_ path: String) -> URL {
        directory.appendingPathComponent(path, isDirectory: false)
    }

    /// The bytes of `TestVectors/<path>`.
    public static func bytes(_ path: String) throws -> [UInt8] {
        try bytes(file(path))
    }

    /// The bytes of a file.
    public static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// The UTF-8 text of `TestVectors/<path>`.
    public static func text(_ path: String) throws -> String {
        try String(contentsOf: file(path), encoding: .utf8)
    }

    /// The files directly in `TestVectors/<subdirectory>` whose names end with `suffix`, sorted by name.
    public static func files(in subdirectory: String, suffix: String) throws -> [URL] {
        try VectorFolder.files(in: folder(subdirectory), suffix: suffix)
    }

    /// Every `.der` receipt in `TestVectors/<subdirectory>` with its `.expected.json`, sorted by name.
    public static func receipts(in subdirectory: String) throws -> [ReceiptVector] {
        try files(in: subdirectory, suffix: ".der").map(ReceiptVector.init(contentsOf:))
    }

    /// The folders of `TestVectors/certs` that hold one certificate (DER) per file.
    public static let certificateFolders = ["apple-roots", "wwdr", "receipt-signing-leaves", "storekit", "other"]

    /// The certificate files of ``certificateFolders``, folder by folder, each sorted by name.
    public static func certificateFiles() throws -> [URL] {
        try certificateFolders.flatMap { try files(in: "certs/\($0)", suffix: "") }
    }

    /// The App Store receipts (DER) and the certificates (DER) as name and bytes.
    public static func derSamples() throws -> [(name: String, bytes: [UInt8])] {
        try (files(in: "receipts/apple", suffix: ".der") + certificateFiles()).map {
            ($0.lastPathComponent, try bytes($0))
        }
    }

    /// The Xcode StoreKit-testing receipts, whose envelopes are BER.
    public static func berSamples() throws -> [(name: String, bytes: [UInt8])] {
        try files(in: "receipts/xcode", suffix: ".der").map { ($0.lastPathComponent, try bytes($0)) }
    }
}

/// Listing a folder of vectors.
enum VectorFolder {
    /// The regular files directly in `folder` whose names end with `suffix`, sorted by name.
    static func files(in folder: URL, suffix: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
            .filter { url in
                guard url.lastPathComponent.hasSuffix(suffix) else { return false }
                return try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile ?? false
            }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
