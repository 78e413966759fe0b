import Foundation
import PureCrypto
import PureDER
import Testing
import VectorSupport

/// The NIST CAVP Secure Hash Algorithm Validation System vectors (SHAVS, byte-oriented), read from
/// TestVectors/conformance/nist-cavp: every ShortMsg, LongMsg and Monte Carlo case for SHA-1 and SHA-256.
@Suite("NIST SHAVS vectors")
struct NISTVectorTests {
    @Test(arguments: [HashAlgorithm.sha1, .sha256])
    func everyShortMessageVectorMatches(_ algorithm: HashAlgorithm) throws {
        let text = try ProjectVectors.text(Self.path(algorithm, "ShortMsg"))
        let cases = try SHAVSMessageCase.parse(text)
        // Len = 0, 8, …, 512 bits.
        #expect(cases.count == 65)
        for vector in cases {
            #expect(hex(algorithm.digest(vector.message)) == hex(vector.digest), "Len = \(vector.bitLength)")
        }
    }

    @Test(arguments: [HashAlgorithm.sha1, .sha256])
    func everyLongMessageVectorMatches(_ algorithm: HashAlgorithm) throws {
        let text = try ProjectVectors.text(Self.path(algorithm, "LongMsg"))
        let cases = try SHAVSMessageCase.parse(text)
        #expect(cases.count == 64)
        for vector in cases {
            #expect(hex(algorithm.digest(vector.message)) == hex(vector.digest), "Len = \(vector.bitLength)")
        }
    }

    @Test(arguments: [HashAlgorithm.sha1, .sha256])
    func everyMonteCarloCheckpointMatches(_ algorithm: HashAlgorithm) throws {
        let text = try ProjectVectors.text(Self.path(algorithm, "Monte"))
        let test = try SHAVSMonteCarloTest.parse(text)
        #expect(test.checkpoints.count == 100)
        let produced = monteCarloCheckpoints(algorithm.type, seed: test.seed, count: test.checkpoints.count)
        for (index, (expected, actual)) in zip(test.checkpoints, produced).enumerated() {
            #expect(hex(actual) == hex(expected), "COUNT = \(index)")
        }
    }

    private static func path(_ algorithm: HashAlgorithm, _ kind: String) -> String {
        let prefix =
            switch algorithm {
            case .sha1: "SHA1"
            case .sha256: "SHA256"
            case .sha384: "SHA384"
            case .sha512: "SHA512"
            }
        return "conformance/nist-cavp/shavs/\(prefix)\(kind).rsp"
    }
}

/// The SHAVS Monte Carlo procedure (SHAVS §6.4): each checkpoint is the last of 1000 chained hashes, each over
/// the three digests before it, starting from the previous checkpoint (or the seed) three times.
private func monteCarloCheckpoints<H: HashFunction>(_: H.Type, seed: [UInt8], count: Int) -> [[UInt8]] {
    var checkpoints: [[UInt8]] = []
    var seed = seed
    for _ in 0..<count {
        var (md0, md1, md2) = (seed, seed, seed)
        for _ in 3...1002 {
            var hasher = H()
            hasher.update(md0)
            hasher.update(md1)
            hasher.update(md2)
            (md0, md1, md2) = (md1, md2, hasher.finalize().bytes)
        }
        seed = md2
        checkpoints.append(md2)
    }
    return checkpoints
}

// MARK: - .rsp parsing

private struct SHAVSFormatError: Error, CustomStringConvertible {
    let description: String
}

/// The `name = value` lines of a `.rsp` file, in order, without comments and `[L = …]` headers.
private func rspFields(_ text: String) -> [(name: String, value: String)] {
    text.split(whereSeparator: \.isNewline).compactMap { line in
        let line = line.trimmingCharacters(in: .whitespaces)
        guard !line.hasPrefix("#"), !line.hasPrefix("["), let equals = line.firstIndex(of: "=") else {
            return nil
        }
        let name = line[..<equals].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        return (name, value)
    }
}

private func decodeHex(_ text: String, field: String) throws -> [UInt8] {
    guard let decoded = Hex.decode(text) else {
        throw SHAVSFormatError(description: "\(field) is not hexadecimal: \(text.prefix(40))")
    }
    return decoded
}

/// One `Len` / `Msg` / `MD` case of a ShortMsg or LongMsg file.
private struct SHAVSMessageCase {
    let bitLength: Int
    let message: [UInt8]
    let digest: [UInt8]

    static func parse(_ text: String) throws -> [SHAVSMessageCase] {
        var cases: [SHAVSMessageCase] = []
        var bitLength: Int?
        var message: [UInt8]?
        for (name, value) in rspFields(text) {
            switch name {
            case "Len":
                guard let length = Int(value), length % 8 == 0 else {
                    throw SHAVSFormatError(description: "Len is not a whole number of bytes: \(value)")
                }
                bitLength = length
            case "Msg":
                message = try decodeHex(value, field: "Msg")
            case "MD":
                guard let length = bitLength, let bytes = message, bytes.count >= length / 8 else {
                    throw SHAVSFormatError(description: "MD without a matching Len and Msg")
                }
                // "Len = 0" comes with "Msg = 00": only the first Len / 8 bytes are the message.
                cases.append(
                    SHAVSMessageCase(
                        bitLength: length,
                        message: Array(bytes.prefix(length / 8)),
                        digest: try decodeHex(value, field: "MD")
                    )
                )
                bitLength = nil
                message = nil
            default:
                throw SHAVSFormatError(description: "unexpected field \(name)")
            }
        }
        return cases
    }
}

/// The `Seed` and the `COUNT` / `MD` checkpoints of a Monte file.
private struct SHAVSMonteCarloTest {
    let seed: [UInt8]
    let checkpoints: [[UInt8]]

    static func parse(_ text: String) throws -> SHAVSMonteCarloTest {
        var seed: [UInt8]?
        var checkpoints: [[UInt8]] = []
        for (name, value) in rspFields(text) {
            switch name {
            case "Seed":
                seed = try decodeHex(value, field: "Seed")
            case "COUNT":
                guard Int(value) == checkpoints.count else {
                    throw SHAVSFormatError(description: "COUNT \(value) out of sequence")
                }
            case "MD":
                checkpoints.append(try decodeHex(value, field: "MD"))
            default:
                throw SHAVSFormatError(description: "unexpected field \(name)")
            }
        }
        guard let seed else {
            throw SHAVSFormatError(description: "no Seed")
        }
        return SHAVSMonteCarloTest(seed: seed, checkpoints: checkpoints)
    }
}
