import Foundation
import PureCrypto
import Testing
import VectorSupport

/// NIST CAVP ECDSA vectors (FIPS 186-3 example files, TestVectors/conformance/nist-cavp/ecdsa): every SigVer.rsp
/// case of P-256 and P-384 with SHA-256, SHA-384 and SHA-512 gets its verdict, and every SigGen.txt signature of
/// the same sections verifies.
@Suite("NIST CAVP ECDSA vectors")
struct NISTECDSATests {
    static let folder = ProjectVectors.folder("conformance/nist-cavp/ecdsa")
    static let sections = ["P-256", "P-384"].flatMap { curve in
        ["SHA-256", "SHA-384", "SHA-512"].map { "[\(curve),\($0)]" }
    }

    /// The records of the wanted sections: `key = value` lines, a record ending at a blank line.
    static func records(_ file: String) throws -> [(section: String, fields: [String: String])] {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        var records: [(String, [String: String])] = []
        var section = ""
        var fields: [String: String] = [:]
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map({
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }) {
            if line.hasPrefix("[") {
                section = line
            } else if line.isEmpty || line.hasPrefix("#") {
                if !fields.isEmpty, sections.contains(section) { records.append((section, fields)) }
                fields = [:]
            } else if let equals = line.firstIndex(of: "=") {
                let key = line[..<equals].trimmingCharacters(in: .whitespaces)
                fields[key] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            }
        }
        if !fields.isEmpty, sections.contains(section) { records.append((section, fields)) }
        return records
    }

    /// Verifies one record: the key from Qx and Qy, the raw signature from R and S, the message hashed with the
    /// section's hash. A key or signature that does not decode is a rejection.
    static func verify(section: String, _ fields: [String: String]) -> Bool {
        let size = section.hasPrefix("[P-256") ? 32 : 48
        func padded(_ name: String) -> [UInt8] {
            let value = hexBytes(fields[name] ?? "")
            return [UInt8](repeating: 0, count: max(0, size - value.count)) + value
        }
        let point = [0x04] + padded("Qx") + padded("Qy")
        let signature = padded("R") + padded("S")
        let message = hexBytes(fields["Msg"] ?? "")
        func check(_ body: (any HashDigest) -> Bool) -> Bool {
            if section.hasSuffix("SHA-256]") { return body(SHA256.hash(message)) }
            if section.hasSuffix("SHA-384]") { return body(SHA384.hash(message)) }
            return body(SHA512.hash(message))
        }
        if size == 32 {
            guard let key = try? P256.Signing.PublicKey(x963Representation: point),
                let decoded = try? P256.Signing.ECDSASignature(rawRepresentation: signature)
            else { return false }
            return check { key.isValidSignature(decoded, for: $0) }
        }
        guard let key = try? P384.Signing.PublicKey(x963Representation: point),
            let decoded = try? P384.Signing.ECDSASignature(rawRepresentation: signature)
        else { return false }
        return check { key.isValidSignature(decoded, for: $0) }
    }

    @Test func everySigVerCaseGetsItsVerdict() throws {
        let records = try Self.records("SigVer.rsp")
        var passed = 0
        var failed = 0
        var positives = 0
        for (section, fields) in records {
            let expected = fields["Result"]?.hasPrefix("P") == true
            if expected { positives += 1 }
            if Self.verify(section: section, fields) == expected {
                passed += 1
            } else {
                failed += 1
                Issue.record("SigVer \(section) Msg \(fields["Msg"]?.prefix(16) ?? ""): expected \(expected)")
            }
        }
        print(
            "NIST SigVer ECDSA (P-256, P-384 × SHA-256/384/512): \(passed) passed, \(failed) failed, \(positives) valid"
        )
        // 15 records in each of the 6 sections.
        #expect(records.count == 90)
        #expect(positives > 0 && positives < records.count)
    }

    @Test func everySigGenSignatureVerifies() throws {
        let records = try Self.records("SigGen.txt")
        var failed = 0
        for (section, fields) in records where !Self.verify(section: section, fields) {
            failed += 1
            Issue.record("SigGen \(section) Msg \(fields["Msg"]?.prefix(16) ?? ""): did not verify")
        }
        print(
            "NIST SigGen ECDSA (P-256, P-384 × SHA-256/384/512): \(records.count - failed) verified, \(failed) failed"
        )
        #expect(records.count == 90)
    }
}
