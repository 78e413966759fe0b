import Testing

@testable import PureDER

/// ``DERElement/checkString()``, which checks a skipped value's text without making it, must accept exactly what
/// ``DERElement/string()`` accepts, with the same error; and a UTF8String is valid exactly when the standard
/// library's `String(validating:as:)` says so, with the same text.
struct StringCheckTests {
    /// Every one- and two-octet value, and three- and four-octet values around the UTF-8 boundaries (overlong
    /// forms, surrogates, the end of Unicode), then pseudo-random longer ones.
    static func contents() -> [[UInt8]] {
        var values: [[UInt8]] = [[]]
        for a in 0...255 { values.append([UInt8(a)]) }
        for a in 0...255 { for b in stride(from: 0, through: 255, by: 3) { values.append([UInt8(a), UInt8(b)]) } }
        let leads: [UInt8] = [0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF]
        let trails: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        for lead in leads {
            for b in trails {
                for c in trails {
                    values.append([lead, b, c])
                    for d in trails { values.append([lead, b, c, d]) }
                }
            }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in 1...40 {
            for _ in 0..<50 {
                values.append(
                    (0..<length).map { _ in
                        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                        return UInt8(truncatingIfNeeded: state >> 56)
                    }
                )
            }
        }
        return values
    }

    @Test(arguments: [12, 18, 19, 20, 22, 26, 28, 30] as [UInt32])
    func checkAgreesWithDecoding(_ number: UInt32) throws {
        let tag = DERTag(.universal, number, constructed: false)
        for contents in Self.contents() {
            var writer = DERWriter()
            writer.append(tag: tag, content: contents)
            let element = try DERReader.parse(writer.bytes[...]) { r throws(DERError) in try r.readElement() }
            let decoded = Result { () throws(DERError) in _ = try element.string() }
            let checked = Result { () throws(DERError) in try element.checkString() }
            // Both validate UTF-8 with isValidUTF8; the standard library's validation is the reference.
            if number == 12 {
                #expect(
                    (try? element.string()) == String(validating: contents, as: UTF8.self),
                    "\(Hex.encode(contents))"
                )
            }
            switch (decoded, checked) {
            case (.success, .success): continue
            case (.failure(let a), .failure(let b)):
                #expect(a.code == b.code && a.offset == b.offset, "\(tag) \(Hex.encode(contents))")
            default: Issue.record("\(tag) \(Hex.encode(contents)): string() \(decoded), checkString() \(checked)")
            }
        }
    }
}
