import Foundation
import PureDER
import Testing
import VectorSupport

@testable import ReceiptTool

/// `--lines` decodes base64 through ``LineBase64``, whose answer must be ``Base64/decode(_:)``'s for every line.
@Suite struct LineBase64Tests {
    @Test func everyReceiptDecodesToItsBytes() throws {
        for url in try ProjectVectors.files(in: "receipts/apple", suffix: ".der") {
            let bytes = try ProjectVectors.bytes(url)
            #expect(
                LineBase64.decode(Array(Data(bytes).base64EncodedString().utf8)) == bytes,
                "\(url.lastPathComponent)"
            )
        }
    }

    @Test func everyLengthAndPaddingAgreesWithTheLibrary() {
        var random = SplitMix64(seed: 23)
        for length in 0..<64 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let text = Array(Data(bytes).base64EncodedString().utf8)
            #expect(LineBase64.decode(text) == bytes, "\(length) bytes")
            #expect(LineBase64.decode(text) == Base64.decode(text))
        }
    }

    @Test func malformedLinesGetTheLibrarysVerdict() {
        let cases = [
            "", "=", "==", "A", "AB", "ABC", "AB=", "ABCD=", "A===", "AB=C", "====", "ABC=DEFG", "AB==CD==", "AAAA====",
            "QUJD", "QUI=", "QQ==", "QUJD\n", " QUJD", "QU JD", "QUJ\tD", "QUJD\r", "Q-JD", "Q_JD", "QUJ\u{0}",
            "QUJDQUJD", "QUJDQU==", "QUJDQUI=", "QUJDQQ==", "QUJD QQ==", "QUJDQQ=\n=",
        ]
        for text in cases {
            #expect(LineBase64.decode(Array(text.utf8)) == Base64.decode(Array(text.utf8)), "\(text.debugDescription)")
        }
    }

    @Test func mutatedLinesAgreeWithTheLibrary() throws {
        let receipt = try ProjectVectors.bytes("receipts/apple/TPInAppReceipt_receipt-sandbox-g5.der")
        let text = Array(Data(receipt.prefix(300)).base64EncodedString().utf8)
        var random = SplitMix64(seed: 25)
        let alphabet =
            Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= \t\r\n-_.".utf8) + [0, 0x80, 0xFF]
        for _ in 0..<2_000 {
            var mutated = text
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let index = Int.random(in: 0..<mutated.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: mutated[index] = alphabet.randomElement(using: &random)!
                case 1: mutated.remove(at: index)
                default: mutated.insert(alphabet.randomElement(using: &random)!, at: index)
                }
            }
            #expect(LineBase64.decode(mutated) == Base64.decode(mutated))
        }
    }
}
