import Foundation
import PureDER
import Testing
import VectorSupport

@testable import ReceiptTool

/// Issue 25, defect 2: no input can forge, split, colour or reorder what the tool prints.
@Suite struct OutputEscapingTests {
    static func repro(_ name: String) -> String { ProjectVectors.file("repro/\(name)").path }

    /// Bytes a terminal acts on or does not show: C0 controls (ESC above all), DEL, C1 controls and the
    /// bidirectional and zero-width format characters, in UTF-8.
    static func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && TerminalText.mustEscape($0) }
    }

    static func patched(_ bytes: [UInt8], replacing old: String, with new: [UInt8]) throws -> [UInt8] {
        let needle = Array(old.utf8)
        #expect(needle.count == new.count, "a patch keeps every length")
        let start = try #require(bytes.indices.first { bytes[$0...].starts(with: needle) })
        var result = bytes
        result.replaceSubrange(start..<start + needle.count, with: new)
        return result
    }

    @Test func aSubjectCannotForgeAValidLine() throws {
        let path = Self.repro("inject-valid-line.der")
        let run = runTool(["verify", path])
        #expect(run.status == 1)
        #expect(run.lines.count == 1)
        let line = try #require(run.lines.first)
        #expect(line.hasPrefix("\(path): INVALID chain: "))
        #expect(line.contains("leads from O=z, CN=x\\ninject-valid-line.der: valid: com.victim.app"))
        #expect(!run.out.contains("\ninject-valid-line.der: valid:"))
    }

    @Test func aChangedSubjectByteKeepsTheMessageOnOneLine() throws {
        let run = runTool(["verify", Self.repro("inject-subject-newline.der")])
        #expect(run.status == 1)
        #expect(run.lines.count == 1)
        #expect(run.lines.first?.contains("certificate 0 (CN=\\nvictim.der: valid: com.victim 9") == true)
        let entitlements = runTool(["entitlements", Self.repro("inject-subject-newline.der")])
        #expect(entitlements.lines.count == 1)
    }

    @Test func dumpEscapesControlCharactersInDecodedStrings() throws {
        let run = runTool(["dump", Self.repro("inject-dump.der")])
        #expect(run.status == 0)
        #expect(!Self.hasRawControls(run.out))
        #expect(run.out.contains("  bundle_id: com.x\\n  bundle_id: com.victim.app\\u{1b}[2K\n"))
        #expect(run.out.contains("  - subject: O=Probe, CN=Probe Receipt Signing\\n\\u{1b}[32mfake: valid\\u{1b}[0m\n"))
        let json = runTool(["dump", "--json", Self.repro("inject-dump.der")])
        #expect(json.lines.count == 1)
        #expect(!Self.hasRawControls(json.out))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let receipt = try #require(object["receipt"] as? [String: Any])
        #expect(receipt["bundle_id"] as? String == "com.x\n  bundle_id: com.victim.app\u{1B}[2K")
    }

    @Test func asn1AndCertEscapeWhatTheyPrint() throws {
        let asn1 = runTool(["asn1", Self.repro("inject-dump.der")])
        #expect(asn1.status == 0)
        #expect(!Self.hasRawControls(asn1.out))
        #expect(asn1.out.contains(":\"Probe Receipt Signing\\n\\u{1b}[32mfake: valid\\u{1b}[0m\""))
        // The probe's leaf, cut out of the receipt: SignedData's certificates [0] hold it first.
        let receipt = try ProjectVectors.bytes("repro/inject-dump.der")
        let tree = try DERTree(parsing: receipt)
        let bag = try #require(tree.nodes.first { $0.depth == 3 && $0.tag.tagClass == .contextSpecific })
        let leaf = try #require(tree.nodes.first { $0.depth == 4 && $0.offset > bag.offset })
        let path = try temporaryFile(Array(tree.element(leaf).encoded))
        let cert = runTool(["cert", path])
        #expect(cert.status == 0)
        #expect(!Self.hasRawControls(cert.out))
        #expect(cert.out.contains("subject: O=Probe, CN=Probe Receipt Signing\\n\\u{1b}[32mfake: valid\\u{1b}[0m\n"))
        let json = runTool(["cert", "--json", path])
        #expect(json.lines.count == 1)
        #expect(!Self.hasRawControls(json.out))
    }

    @Test func thePEMLabelIsEscapedAndCutOnStandardError() throws {
        let path = Self.repro("pem-label-inject.pem")
        for command in ["asn1", "dump", "cert", "fingerprint"] {
            let run = runTool([command, path])
            #expect(run.status == 1, "\(command)")
            #expect(run.err.split(separator: "\n").count == 1, "\(command)")
            #expect(!Self.hasRawControls(run.err), "\(command)")
            #expect(run.err.contains("\\u{1b}[31mfake.der: valid: com.victim.app\\u{1b}[0m"), "\(command)")
        }
        // An 8 MiB label is cut, not echoed whole.
        let label = [UInt8](repeating: UInt8(ascii: "A"), count: 8 << 20)
        let huge = try temporaryFile(Array("-----BEGIN ".utf8) + label + Array("-----\nAAAA\n".utf8))
        for command in ["asn1", "fingerprint"] {
            let run = runTool([command, huge])
            #expect(run.status == 1)
            #expect(run.err.utf8.count < 2048, "\(command)")
            #expect(run.err.split(separator: "\n").count == 1)
        }
        #expect(runTool(["asn1", huge]).err.contains("\\…[\((8 << 20) - TerminalText.maximumValueLength) more bytes]"))
    }

    @Test func bidirectionalOverridesAreShownAsEscapesAndKeptInJSON() throws {
        let rlo: [UInt8] = [0xE2, 0x80, 0xAE]  // U+202E RIGHT-TO-LEFT OVERRIDE
        let receipt = try ProjectVectors.bytes("repro/inject-valid-line.der")
        // In the leaf's subject, which the chain error quotes.
        let subject = try temporaryFile(try Self.patched(receipt, replacing: "Mac", with: rlo))
        let text = runTool(["verify", subject])
        #expect(text.lines.count == 1)
        #expect(!Self.hasRawControls(text.out))
        #expect(text.out.contains("\\u{202e} App Store and iTunes Store Receipt Signing"))
        let json = runTool(["verify", "--json", subject])
        #expect(json.lines.count == 1)
        #expect(!Self.hasRawControls(json.out))
        #expect(json.out.contains("\\u202e App Store"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        #expect((error["message"] as? String)?.contains("\u{202E} App Store") == true)
        // In the payload's bundle identifier, which dump prints.
        let payload = try temporaryFile(try Self.patched(receipt, replacing: "com", with: rlo))
        let dump = runTool(["dump", payload])
        #expect(dump.out.contains("  bundle_id: \\u{202e}.victim.app\n"))
        #expect(runTool(["dump", "--json", payload]).out.contains("\"bundle_id\":\"\\u202e.victim.app\""))
    }

    @Test func aC1ControlFromALatin1StringIsEscapedInTextAndJSON() throws {
        // The Apple root with its issuer's "Apple Inc." as a T61String (read as Latin-1) whose first letter is
        // 0x9B, CSI.
        let root = try ProjectVectors.bytes("certs/apple-roots/AppleIncRootCertificate.cer")
        let printable = Array("\u{13}\u{0A}Apple Inc.".utf8)
        let t61 = [0x14, 0x0A, 0x9B] + Array("pple Inc.".utf8)
        let start = try #require(root.indices.first { root[$0...].starts(with: printable) })
        var patched = root
        patched.replaceSubrange(start..<start + printable.count, with: t61)
        let path = try temporaryFile(patched)
        let text = runTool(["cert", path])
        #expect(text.status == 0)
        #expect(!Self.hasRawControls(text.out))
        #expect(text.out.contains("\nissuer: C=US, O=\\u{9b}pple Inc., "))
        let json = runTool(["cert", "--json", path])
        #expect(!Self.hasRawControls(json.out))
        #expect(json.out.contains("O=\\u009bpple Inc."))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect((object["issuer"] as? String)?.contains("O=\u{9B}pple Inc.") == true)
        let asn1 = runTool(["asn1", path])
        #expect(!Self.hasRawControls(asn1.out))
        #expect(asn1.out.contains("T61STRING         :\"\\u{9b}pple Inc.\""))
    }

    @Test func textThatIsNotUTF8IsShownByteByByte() {
        // A lone continuation byte, an overlong slash, a surrogate, a lead byte past U+10FFFF, a truncated sequence.
        let bytes: [UInt8] = [0x61, 0x80, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xF5, 0x62, 0xE2, 0x82]
        #expect(
            TerminalText.escaped(utf8: bytes)
                == "a\\x{80}\\x{c0}\\x{af}\\x{ed}\\x{a0}\\x{80}\\x{f5}b\\x{e2}\\x{82}"
        )
        #expect(TerminalText.escaped(utf8: Array("é€😀".utf8)) == "é€😀")
    }

    @Test func everyCharacterClassIsEscapedAsDocumented() {
        #expect(TerminalText.escaped("plain ASCII: text/1.0") == "plain ASCII: text/1.0")
        #expect(TerminalText.escaped("a\\b") == "a\\\\b")
        #expect(TerminalText.escaped("\n\r\t\u{0}\u{1B}\u{7F}") == "\\n\\r\\t\\u{0}\\u{1b}\\u{7f}")
        #expect(TerminalText.escaped("\u{85}\u{9B}") == "\\u{85}\\u{9b}")
        let format = "\u{200B}\u{200D}\u{200E}\u{202A}\u{202E}\u{2066}\u{2069}\u{FEFF}\u{AD}\u{2028}\u{2029}"
        #expect(
            TerminalText.escaped(format)
                == "\\u{200b}\\u{200d}\\u{200e}\\u{202a}\\u{202e}\\u{2066}\\u{2069}\\u{feff}\\u{ad}\\u{2028}\\u{2029}"
        )
        #expect(TerminalText.escaped("\u{E000}\u{F0000}\u{FFFE}\u{E0041}") == "\\u{e000}\\u{f0000}\\u{fffe}\\u{e0041}")
        #expect(TerminalText.escaped("say \"hi\"", reserving: .quote) == "say \\\"hi\\\"")
        #expect(TerminalText.escaped("a.der: valid: x", reserving: .colon) == "a.der\\u{3a} valid\\u{3a} x")
    }

    @Test func longValuesAreCutWithAMarkNoInputCanPrint() {
        let long = String(repeating: "x", count: 300)
        let cut = TerminalText.escaped(long)
        #expect(cut == String(repeating: "x", count: 256) + "\\…[44 more bytes]")
        #expect(TerminalText.escaped(String(repeating: "x", count: 256)) == String(repeating: "x", count: 256))
        // The mark's text in the input is shown with its backslash doubled, so it cannot pass for the mark.
        #expect(TerminalText.escaped("\\…[1 more bytes]") == "\\\\…[1 more bytes]")
    }

    @Test func jsonEscapesWhatATerminalWouldActOnAndParsesBackToTheSameText() throws {
        let text = "a\"b\\c\n\u{1B}[0m\u{7F}\u{85}\u{2028}\u{202E}é\u{F0000}😀"
        let line = JSONOutput.line(.object([("value", .string(text))]))
        let json = String(decoding: line, as: UTF8.self)
        #expect(
            json == "{\"value\":\"a\\\"b\\\\c\\n\\u001b[0m\\u007f\\u0085\\u2028\\u202eé\\udb80\\udc00😀\"}\n"
        )
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: String])
        #expect(object["value"] == text)
    }

    /// A chain certificate's name cannot pass for several links, for another attribute, or vanish: the chain's `←`
    /// is escaped inside names, values are escaped as RFC 4514 says, and an empty subject is named so.
    @Test func chainNamesCannotMimicOtherCertificates() throws {
        for (name, expected) in [
            ("arrow", #"signed by Leaf \u{2190} Apple WWDR \u{2190} Apple Root CA - G3, at "#),
            ("comma", #"signed by O=Evil\\, CN=Apple Root CA - G3, C=US, at "#),
            ("empty", "signed by (empty subject), at "),
        ] {
            let run = runTool(["verify", "--anchor", Self.repro("names/\(name).der"), Self.repro("names/\(name).jws")])
            #expect(run.status == 0, "\(run.out)")
            #expect(run.out.contains(expected), "\(run.out)")
        }
    }
}
