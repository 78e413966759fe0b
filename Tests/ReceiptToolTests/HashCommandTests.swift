import Foundation
import Testing
import VectorSupport

@testable import ReceiptTool

@Suite struct HashCommandTests {
    @Test func digestPrintsSha256sumLinesForEveryFile() throws {
        let abc = try temporaryFile(Array("abc".utf8))
        let empty = try temporaryFile([])
        let run = runTool(["digest", abc, empty])
        #expect(run.status == 0)
        #expect(
            run.out == """
                ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  \(abc)
                e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  \(empty)

                """
        )
    }

    @Test func digestHonoursEveryAlgorithm() throws {
        let abc = try temporaryFile(Array("abc".utf8))
        let expected = [
            "sha1": "a9993e364706816aba3e25717850c26c9cd0d89d",
            "sha256": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            "sha384": "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
                + "8086072ba1e7cc2358baeca134c825a7",
            "sha512": "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
        ]
        for (algorithm, hex) in expected {
            #expect(runTool(["digest", "-a", algorithm, abc]).out == "\(hex)  \(abc)\n")
        }
    }

    @Test func digestStreamsStandardInputAcrossManyChunks() {
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        let run = runTool(["digest", "-a", "sha1", "-"], stdin: million)
        #expect(run.out == "34aa973cd4c4daa4f61eeb2bdbad27316534016f  -\n")
    }

    @Test func digestReadsAFileAcrossManyChunksAndAPartialOne() throws {
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        // Several whole chunks of the file reader, then a partial one.
        #expect(million.count > 2 * DigestCommand.chunkSize && million.count % DigestCommand.chunkSize != 0)
        let file = try temporaryFile(million)
        let run = runTool(["digest", file])
        #expect(run.status == 0)
        // FIPS 180-2's SHA-256 example for a million "a".
        #expect(run.out == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0  \(file)\n")
    }

    @Test func digestReportsUnreadableFilesAndStillHashesTheOthers() throws {
        let abc = try temporaryFile(Array("abc".utf8))
        let run = runTool(["digest", "/nonexistent/file", abc])
        #expect(run.status == 2)
        #expect(
            run.lines == [
                "input.notFound  /nonexistent/file",
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  \(abc)",
            ]
        )
        #expect(run.err.hasPrefix("receipt: /nonexistent/file: input.notFound: no such file or directory\n"))
    }

    @Test func aStandardInputThatCannotBeReadIsAnIOErrorNotAnEmptyInput() {
        let digest = runTool(["digest", "-"], stdinFails: true)
        #expect(digest.status == 2)
        #expect(digest.out == "input.unreadable  -\n")
        #expect(digest.err.hasPrefix("receipt: -: input.unreadable: input/output error\n"))
        let dump = runTool(["asn1", "-"], stdinFails: true)
        #expect(dump.status == 2)
        #expect(dump.err == "receipt: -: input.unreadable: input/output error\n")
    }

    @Test func fingerprintRefusesAPublicKeyOrAnythingElseThatIsNotACertificate() throws {
        // A SubjectPublicKeyInfo is one DER element but not a certificate.
        let spki: [UInt8] = [0x30, 0x0A, 0x30, 0x03, 0x06, 0x01, 0x00, 0x03, 0x03, 0x00, 0x01, 0x02]
        let run = runTool(["fingerprint", try temporaryFile(spki)])
        #expect(run.status == 1)
        #expect(run.err.contains("not a DER certificate"))
    }

    @Test func digestRejectsUnknownAlgorithmsAndMissingArguments() {
        #expect(runTool(["digest", "-a", "md5", "x"]).status == 2)
        #expect(runTool(["digest", "-a"]).status == 2)
        #expect(runTool(["digest"]).status == 2)
    }

    @Test func fingerprintOfTheAppleRootMatchesThePublishedValue() throws {
        let path = ProjectVectors.file("certs/apple-roots/AppleIncRootCertificate.cer").path
        let run = runTool(["fingerprint", path])
        #expect(run.status == 0)
        #expect(
            run.out == """
                SHA1 Fingerprint=61:1E:5B:66:2C:59:3A:08:FF:58:D1:4A:E2:24:52:D1:98:DF:6C:60
                SHA256 Fingerprint=B0:B1:73:0E:CB:C7:FF:45:05:14:2C:49:F1:29:5E:6E:DA:6B:CA:ED:7E:2C:\
                68:C5:BE:91:B5:A1:10:01:F0:24

                """
        )
        // The same certificate as PEM on standard input.
        let der = try ProjectVectors.bytes(URL(fileURLWithPath: path))
        let pem = "-----BEGIN CERTIFICATE-----\n\(Data(der).base64EncodedString())\n-----END CERTIFICATE-----\n"
        #expect(runTool(["fingerprint", "-"], stdin: Array(pem.utf8)).out == run.out)
    }

    @Test func fingerprintRefusesWhatIsNotOneDERElement() throws {
        let run = runTool(["fingerprint", try temporaryFile([0x30, 0x00, 0x00])])
        #expect(run.status == 1)
        #expect(run.err.contains("not a DER certificate: offset 2"))
        #expect(runTool(["fingerprint"]).status == 2)
    }
}
