import Testing

@testable import PureDER

/// Base64 and PEM recognition of text inputs.
@Suite struct BinaryInputTests {
    @Test func base64DecodesWithWhitespaceAndPadding() {
        #expect(Base64.decode(Array("TWFu".utf8)) == Array("Man".utf8))
        #expect(Base64.decode(Array("TWE=".utf8)) == Array("Ma".utf8))
        #expect(Base64.decode(Array("TQ==".utf8)) == Array("M".utf8))
        #expect(Base64.decode(Array(" TW\r\nFu\tTQ==\n".utf8)) == Array("ManM".utf8))
        #expect(Base64.decode(Array("".utf8)) == [])
        #expect(Base64.decode(Array("+/+/".utf8)) == [0xFB, 0xFF, 0xBF])
    }

    @Test func malformedBase64IsRejected() {
        for text in ["TWE", "TQ", "T", "TQ=", "TQ===", "TWFu=", "TW=u", "TWFu!", "TQ==TQ==", "NOTARECEIPT"] {
            #expect(Base64.decode(Array(text.utf8)) == nil, "\(text)")
        }
    }

    @Test func inputsAreRecognisedAsBinaryBase64OrPEM() throws {
        let der: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x05]
        #expect(try BinaryInput.decode(der) == (der, .binary))
        #expect(try BinaryInput.decode(Array("MAMCAQU=\n".utf8)) == (der, .base64))
        let pem = " \n-----BEGIN PKCS7-----\nMAMC\nAQU=\n-----END PKCS7-----\ntrailing text"
        #expect(try BinaryInput.decode(Array(pem.utf8)) == (der, .pem(label: "PKCS7")))
    }

    @Test func brokenTextInputsAreReported() {
        #expect(throws: BinaryInput.DecodingError.invalidBase64) { try BinaryInput.decode(Array("MAMCAQ\n".utf8)) }
        #expect(throws: BinaryInput.DecodingError.pemWithoutEnd(label: "X")) {
            try BinaryInput.decode(Array("-----BEGIN X-----\nMAMCAQU=\n-----END Y-----".utf8))
        }
        #expect(throws: BinaryInput.DecodingError.invalidBase64) {
            try BinaryInput.decode(Array("-----BEGIN X-----\nMA!MCAQU=\n-----END X-----".utf8))
        }
    }
}

@Suite struct BinaryInputDetectionTests {
    @Test func derMadeOnlyOfBase64CharactersStaysBinary() throws {
        // SEQUENCE of 0x32 bytes, every one of them a base64 character: "02A0AAAA…".
        let der: [UInt8] = [0x30, 0x32, 0x41, 0x30] + [UInt8](repeating: 0x41, count: 48)
        #expect(Base64.looksLikeBase64(der))
        #expect(try BinaryInput.decode(der) == (der, .binary))
    }
}

@Suite struct HexTests {
    @Test func decodesBothCasesAndRefusesAnythingElse() {
        #expect(Hex.decode("00ff7Fa0") == [0x00, 0xFF, 0x7F, 0xA0])
        #expect(Hex.decode("") == [])
        #expect(Hex.decode(Hex.encode([0x01, 0xAB, 0xFE])) == [0x01, 0xAB, 0xFE])
        // An odd count, a sign (which UInt8(_:radix:) would accept), a space, a separator, a non-digit, and a
        // non-ASCII letter of two octets (an even count).
        for text in ["abc", "+f", "0 ", "ab:cd", "0g", "é"] {
            #expect(Hex.decode(text) == nil, "\(text)")
        }
    }
}
