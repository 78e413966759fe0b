public import Foundation
public import Testing

/// The real receipts, certificates and conformance suites in `../shared/vectors` (see its PROVENANCE.md),
/// read in place. When the folder is absent, tests that need it say so and return, unless the environment
/// sets `REQUIRE_SHARED_VECTORS=1` (as CI does), which turns that skip into a failure.
public enum SharedVectors {
    /// `$SHARED_VECTORS`, else `<package>/../shared/vectors` found from this file's path.
    public static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["SHARED_VECTORS"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // VectorSupport
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
            .deletingLastPathComponent()
            .appendingPathComponent("shared/vectors", isDirectory: true)
    }()

    /// Whether tests must fail rather than skip when the vectors are missing.
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["REQUIRE_SHARED_VECTORS"] == "1"
    }

    /// The vectors folder, or `nil` after reporting its absence: a skip message, or a recorded failure when
    /// ``isRequired``.
    public static func available(sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return directory
        }
        if isRequired {
            Issue.record(
                "shared vectors not found at \(directory.path) and REQUIRE_SHARED_VECTORS=1",
                sourceLocation: sourceLocation
            )
        } else {
            print("skipping: shared vectors not found at \(directory.path) (set SHARED_VECTORS to their folder)")
        }
        return nil
    }

    /// The text of `relativePath` inside the vectors folder, or `nil` after reporting: the folder's absence
    /// as ``available(sourceLocation:)`` does, or a missing file (always a recorded failure).
    public static func text(_ relativePath: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        guard let directory = available(sourceLocation: sourceLocation) else { return nil }
        let file = directory.appendingPathComponent(relativePath)
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("cannot read \(file.path) from the shared vectors folder", sourceLocation: sourceLocation)
            return nil
        }
        return text
    }

    /// The files directly in `subdirectory` of the vectors folder whose names end with `suffix`, sorted by name.
    public static func files(in subdirectory: String, suffix: String) throws -> [URL] {
        let folder = directory.appendingPathComponent(subdirectory, isDirectory: true)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(suffix) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The bytes of a file.
    public static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// A real receipt and what its `expected.json` records (made independently with openssl and a Python
    /// decoder; see PROVENANCE.md).
    public struct ReceiptVector {
        /// The file name, e.g. `TPInAppReceipt_receipt-sandbox-g5.der`.
        public let name: String
        /// The receipt's bytes.
        public let bytes: [UInt8]
        /// The whole `expected.json` object.
        public let expected: [String: Any]

        /// `receipt.receipt_creation_date_epoch`: the time the receipt is validated at.
        public var creationDate: Int64 {
            get throws {
                let receipt = expected["receipt"] as? [String: Any]
                guard let epoch = receipt?["receipt_creation_date_epoch"] as? Int else {
                    throw MissingFact(file: name, fact: "receipt.receipt_creation_date_epoch")
                }
                return Int64(epoch)
            }
        }
    }

    /// A fact a vector's `expected.json` lacks.
    public struct MissingFact: Error, CustomStringConvertible {
        /// The receipt whose expected.json is short.
        public let file: String
        /// The missing member or file.
        public let fact: String
        /// What is missing where.
        public var description: String { "\(file): no \(fact)" }
    }

    /// Every `.der` receipt in `subdirectory` with its `.expected.json`, sorted by name; a receipt without one
    /// is an error, not a skip.
    public static func receipts(in subdirectory: String) throws -> [ReceiptVector] {
        try files(in: subdirectory, suffix: ".der").map { url in
            let expectedURL = url.deletingPathExtension().appendingPathExtension("expected.json")
            guard FileManager.default.fileExists(atPath: expectedURL.path) else {
                throw MissingFact(file: url.lastPathComponent, fact: "expected.json")
            }
            let data = try Data(contentsOf: expectedURL)
            let json = try? JSONSerialization.jsonObject(with: data)
            guard let expected = json as? [String: Any] else {
                throw MissingFact(file: url.lastPathComponent, fact: "JSON object in expected.json")
            }
            return ReceiptVector(name: url.lastPathComponent, bytes: try bytes(url), expected: expected)
        }
    }

    /// The App Store receipts (DER), the Xcode receipts (BER) and the certificates (DER) as name and bytes.
    public static func derSamples() throws -> [(name: String, bytes: [UInt8])] {
        var samples: [(String, [UInt8])] = []
        for url in try files(in: "receipts/apple", suffix: ".der") {
            samples.append((url.lastPathComponent, try bytes(url)))
        }
        for folder in ["apple-roots", "wwdr", "receipt-signing-leaves", "storekit", "other"] {
            for url in try files(in: "certs/\(folder)", suffix: "") where !url.hasDirectoryPath {
                samples.append((url.lastPathComponent, try bytes(url)))
            }
        }
        return samples
    }

    /// The Xcode StoreKit-testing receipts, whose envelopes are BER.
    public static func berSamples() throws -> [(name: String, bytes: [UInt8])] {
        try files(in: "receipts/xcode", suffix: ".der").map { ($0.lastPathComponent, try bytes($0)) }
    }
}

/// The project's own vectors, `TestVectors/` in this repository (see its README.md).
public enum ProjectVectors {
    /// `<package>/TestVectors`, found from this file's path.
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // VectorSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("TestVectors", isDirectory: true)

    /// `TestVectors/<path>`.
    public static func folder(_ path: String) -> URL {
        directory.appendingPathComponent(path, isDirectory: true)
    }
}
