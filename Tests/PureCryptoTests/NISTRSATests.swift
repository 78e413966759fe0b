import Foundation
import PureCrypto
import PureDER
import Testing
import VectorSupport

/// The NIST CAVP RSA PKCS#1 v1.5 vectors for FIPS 186-3 (SigVer15 and SigGen15), read from
/// TestVectors/conformance/nist-cavp. Keys of every size (1024–4096 bits) are built with the unsafe
/// modulus/exponent initializer, which accepts 1024–8192 bits. SHA-224 cases are not run: the API does not offer
/// SHA-224.
@Suite("NIST CAVP RSA PKCS#1 v1.5 vectors")
struct NISTRSATests {
    private static let directory = "conformance/nist-cavp/rsa-pkcs1v15"

    @Test(arguments: [RSATestDigest.sha1, .sha256, .sha384, .sha512])
    func everySigVerCaseVerifiesExactlyWhenItsResultIsP(_ digest: RSATestDigest) throws {
        let text = try ProjectVectors.text("\(Self.directory)/SigVer15_186-3.rsp")
        let cases = try NISTSigVerCase.parse(text).filter { $0.hash == digest.nistName }
        // 5 modulus sizes × 18 cases; 3 pass and 15 fail (3 of each of the 5 failure kinds) per size.
        #expect(cases.count == 90)
        #expect(cases.filter(\.expectedValid).count == 15)
        var checked = 0
        for vector in cases {
            let exponent = withoutLeadingZeros(vector.exponent)  // given zero-padded to the modulus length
            let key: RSAPublicKey
            do {
                key = try RSAPublicKey(unsafeModulus: vector.modulus[...], exponent: exponent[...])
            } catch {
                Issue.record("\(vector.label): the key did not load: \(error)")
                continue
            }
            #expect(key.modulusBitCount == vector.modulusBits, "\(vector.label)")
            let verdict = key.isValidSignature(vector.signature, for: vector.message, padding: digest.padding)
            #expect(verdict == vector.expectedValid, "\(vector.label): Result = \(vector.result)")
            let digestVerdict = key.isValidSignature(
                vector.signature,
                forDigest: digest.digest(vector.message),
                padding: digest.padding
            )
            #expect(
                digestVerdict == vector.expectedValid,
                "\(vector.label) (precomputed digest): Result = \(vector.result)"
            )
            checked += 1
        }
        #expect(checked == 90)
    }

    @Test(arguments: [RSATestDigest.sha1, .sha256, .sha384, .sha512])
    func everySigGenSignatureVerifiesAndFailsAfterABitFlip(_ digest: RSATestDigest) throws {
        let text = try ProjectVectors.text("\(Self.directory)/SigGen15_186-3.rsp")
        let cases = try NISTSigGenCase.parse(text).filter { $0.hash == digest.nistName }
        // 5 modulus sizes × 10 messages.
        #expect(cases.count == 50)
        var checked = 0
        for (index, vector) in cases.enumerated() {
            let key: RSAPublicKey
            do {
                key = try RSAPublicKey(unsafeModulus: vector.modulus[...], exponent: vector.exponent[...])
            } catch {
                Issue.record("\(vector.label): the key did not load: \(error)")
                continue
            }
            #expect(key.modulusBitCount == vector.modulusBits, "\(vector.label)")
            #expect(
                key.isValidSignature(vector.signature, for: vector.message, padding: digest.padding),
                "\(vector.label)"
            )
            #expect(
                key.isValidSignature(
                    vector.signature,
                    forDigest: digest.digest(vector.message),
                    padding: digest.padding
                ),
                "\(vector.label) (precomputed digest)"
            )
            // One bit of the signature, at a position that walks through the whole signature across cases.
            let signatureBit = (index * 997 + 5) % (vector.signature.count * 8)
            let flippedSignature = flippingBit(vector.signature, signatureBit)
            #expect(
                !key.isValidSignature(flippedSignature, for: vector.message, padding: digest.padding),
                "\(vector.label): accepted after flipping signature bit \(signatureBit)"
            )
            let messageBit = (index * 131) % (vector.message.count * 8)
            let flippedMessage = flippingBit(vector.message, messageBit)
            #expect(
                !key.isValidSignature(vector.signature, for: flippedMessage, padding: digest.padding),
                "\(vector.label): accepted after flipping message bit \(messageBit)"
            )
            checked += 1
        }
        #expect(checked == 50)
    }

    @Test func sigVerKeysBelow2048BitsNeedTheUnsafeInitializer() throws {
        let text = try ProjectVectors.text("\(Self.directory)/SigVer15_186-3.rsp")
        var moduli: [Int: [UInt8]] = [:]
        for vector in try NISTSigVerCase.parse(text) { moduli[vector.modulusBits] = vector.modulus }
        #expect(moduli.keys.sorted() == [1024, 1536, 2048, 3072, 4096])
        let three: [UInt8] = [3]
        for (bits, modulus) in moduli {
            if bits < 2048 {
                expectRSAError(.modulusTooSmall, "\(bits)-bit NIST modulus") { () throws(RSAError) in
                    try RSAPublicKey(modulus: modulus[...], exponent: three[...])
                }
            } else {
                #expect(throws: Never.self) { _ = try RSAPublicKey(modulus: modulus[...], exponent: three[...]) }
            }
        }
    }
}

extension RSATestDigest {
    /// The name in CAVP `.rsp` files: `SHA1`, `SHA256`, ….
    var nistName: String {
        switch self {
        case .sha1: "SHA1"
        case .sha256: "SHA256"
        case .sha384: "SHA384"
        case .sha512: "SHA512"
        }
    }
}

// MARK: - .rsp parsing

private struct RSPFormatError: Error, CustomStringConvertible {
    let description: String
}

/// The `name = value` lines of a `.rsp` file in order, with `[mod = N]` headers as `("mod", "N")`; comments
/// and blank lines dropped. Lines end in CR LF.
private func rspLines(_ text: String) -> [(name: String, value: String)] {
    text.split(whereSeparator: \.isNewline).compactMap { line in
        var line = line.trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty, !line.hasPrefix("#") else { return nil }
        if line.hasPrefix("[") && line.hasSuffix("]") {
            line = String(line.dropFirst().dropLast())
        }
        guard let equals = line.firstIndex(of: "=") else { return nil }
        return (
            line[..<equals].trimmingCharacters(in: .whitespaces),
            line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        )
    }
}

private func decodeHex(_ text: String, _ field: String) throws -> [UInt8] {
    guard let decoded = Hex.decode(text) else {
        throw RSPFormatError(description: "\(field) is not hexadecimal: \(text.prefix(40))")
    }
    return decoded
}

/// One SigVer15 case: the section's modulus, the case's exponent (zero-padded), message, signature and result.
private struct NISTSigVerCase {
    let modulusBits: Int
    let modulus: [UInt8]
    let hash: String
    let exponent: [UInt8]
    let message: [UInt8]
    let signature: [UInt8]
    let result: String
    let index: Int

    var expectedValid: Bool { result == "P" }
    var label: String { "SigVer15 #\(index) (\(modulusBits) bits, \(hash))" }

    static func parse(_ text: String) throws -> [NISTSigVerCase] {
        var cases: [NISTSigVerCase] = []
        var bits = 0
        var modulus: [UInt8] = []
        var fields: [String: String] = [:]
        for (name, value) in rspLines(text) {
            switch name {
            case "mod":
                guard let size = Int(value) else { throw RSPFormatError(description: "bad [mod = \(value)]") }
                bits = size
            case "n":
                modulus = try decodeHex(value, "n")
                guard bitLength(modulus) == bits else {
                    throw RSPFormatError(description: "n has \(bitLength(modulus)) bits under [mod = \(bits)]")
                }
            case "p", "q", "d", "SaltVal", "EM with hash moved", "EM with trailer wrong":
                // The private key, PSS salt, and the faulty encoded messages behind two kinds of failure.
                continue
            case "SHAAlg", "e", "Msg", "S":
                fields[name] = value
            case "Result":
                guard let hash = fields["SHAAlg"], let e = fields["e"], let msg = fields["Msg"], let s = fields["S"],
                    !modulus.isEmpty
                else {
                    throw RSPFormatError(description: "Result without SHAAlg, e, Msg, S and n before it")
                }
                cases.append(
                    NISTSigVerCase(
                        modulusBits: bits,
                        modulus: modulus,
                        hash: hash,
                        exponent: try decodeHex(e, "e"),
                        message: try decodeHex(msg, "Msg"),
                        signature: try decodeHex(s, "S"),
                        result: String(value.prefix(1)),
                        index: cases.count
                    )
                )
                fields = [:]
            default:
                throw RSPFormatError(description: "unexpected field \(name)")
            }
        }
        return cases
    }
}

/// One SigGen15 case: the section's modulus and exponent, and a message with the signature NIST computed.
private struct NISTSigGenCase {
    let modulusBits: Int
    let modulus: [UInt8]
    let exponent: [UInt8]
    let hash: String
    let message: [UInt8]
    let signature: [UInt8]
    let index: Int

    var label: String { "SigGen15 #\(index) (\(modulusBits) bits, \(hash))" }

    static func parse(_ text: String) throws -> [NISTSigGenCase] {
        var cases: [NISTSigGenCase] = []
        var bits = 0
        var modulus: [UInt8] = []
        var exponent: [UInt8] = []
        var hash: String?
        var message: [UInt8]?
        for (name, value) in rspLines(text) {
            switch name {
            case "mod":
                guard let size = Int(value) else { throw RSPFormatError(description: "bad [mod = \(value)]") }
                bits = size
            case "n":
                modulus = try decodeHex(value, "n")
                guard bitLength(modulus) == bits else {
                    throw RSPFormatError(description: "n has \(bitLength(modulus)) bits under [mod = \(bits)]")
                }
            case "e":
                exponent = withoutLeadingZeros(try decodeHex(value, "e"))
            case "SHAAlg":
                hash = value
            case "Msg":
                message = try decodeHex(value, "Msg")
            case "S":
                guard let hash, let message, !modulus.isEmpty, !exponent.isEmpty else {
                    throw RSPFormatError(description: "S without n, e, SHAAlg and Msg before it")
                }
                cases.append(
                    NISTSigGenCase(
                        modulusBits: bits,
                        modulus: modulus,
                        exponent: exponent,
                        hash: hash,
                        message: message,
                        signature: try decodeHex(value, "S"),
                        index: cases.count
                    )
                )
            default:
                throw RSPFormatError(description: "unexpected field \(name)")
            }
        }
        return cases
    }
}
