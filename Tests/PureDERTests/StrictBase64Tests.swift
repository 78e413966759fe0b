import Testing
import VectorSupport

@testable import PureDER

/// The strict base64 and base64url decoders (``Base64URL``, ``Base64/decodeStrictly(_:)``) against a reference
/// decoder written here from RFC 4648 and RFC 7515 §2 as plainly as possible: every byte at every position, and
/// random texts and round trips.
@Suite struct StrictBase64Tests {
    /// What decoding gave: the bytes, or the error's code and offset.
    enum Outcome: Equatable, CustomStringConvertible {
        case bytes([UInt8])
        case error(Base64Error.Code, Int)

        var description: String {
            switch self {
            case .bytes(let bytes): "bytes \(bytes)"
            case .error(let code, let offset): "\(code) at \(offset)"
            }
        }
    }

    enum Alphabet: CaseIterable {
        case standard
        case url

        var characters: [UInt8] {
            let last = self == .standard ? "+/" : "-_"
            return Array(("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" + last).utf8)
        }
    }

    /// RFC 4648 read literally: the data characters run to the first `=`, each must be in the alphabet, a last
    /// group of one character is too short, the unused bits of the last character must be zero, and then the
    /// padding: none in base64url (RFC 7515 §2), exactly enough `=` to complete the group in base64.
    static func reference(_ text: [UInt8], _ alphabet: Alphabet) -> Outcome {
        let equals = UInt8(ascii: "=")
        let dataEnd = text.firstIndex(of: equals) ?? text.count
        var bits: [Int] = []
        for index in 0..<dataEnd {
            guard let value = alphabet.characters.firstIndex(of: text[index]) else {
                return .error(.invalidCharacter, index)
            }
            for shift in (0..<6).reversed() { bits.append(value >> shift & 1) }
        }
        if dataEnd % 4 == 1 { return .error(.invalidLength, dataEnd - 1) }
        let wholeBytes = bits.count / 8
        if bits[(wholeBytes * 8)...].contains(1) { return .error(.nonCanonical, dataEnd - 1) }
        let bytes = (0..<wholeBytes).map { byte in
            UInt8(bits[(byte * 8)..<(byte * 8 + 8)].reduce(0) { $0 * 2 + $1 })
        }
        let padding = text[dataEnd...]
        switch alphabet {
        case .url:
            if !padding.isEmpty { return .error(.invalidPadding, dataEnd) }
        case .standard:
            let needed = (4 - dataEnd % 4) % 4
            for (count, index) in padding.indices.enumerated() {
                if text[index] != equals || count >= needed { return .error(.invalidPadding, index) }
            }
            if padding.count < needed { return .error(.invalidPadding, text.count) }
        }
        return .bytes(bytes)
    }

    static func outcome(_ decode: () throws(Base64Error) -> [UInt8]) -> Outcome {
        do throws(Base64Error) {
            return .bytes(try decode())
        } catch {
            return .error(error.code, error.offset)
        }
    }

    static func decode(_ text: ArraySlice<UInt8>, _ alphabet: Alphabet) throws(Base64Error) -> [UInt8] {
        switch alphabet {
        case .standard: try Base64.decodeStrictly(text)
        case .url: try Base64URL.decode(text)
        }
    }

    static func decode(_ text: String, _ alphabet: Alphabet) throws(Base64Error) -> [UInt8] {
        switch alphabet {
        case .standard: try Base64.decodeStrictly(text)
        case .url: try Base64URL.decode(text)
        }
    }

    /// Expects the decoder to give the reference's outcome for `text` as an array, as a slice of a larger buffer
    /// (offsets in that buffer) and as a string (offsets in its UTF-8).
    static func expectAgreement(
        _ text: [UInt8],
        _ alphabet: Alphabet,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = reference(text, alphabet)
        #expect(
            outcome { () throws(Base64Error) in try decode(text[...], alphabet) } == expected,
            "\(alphabet) \(text)",
            sourceLocation: sourceLocation
        )
        let buffer: [UInt8] = Array("xyz".utf8) + text + Array("=!".utf8)
        let shifted: Outcome =
            switch expected {
            case .bytes: expected
            case .error(let code, let offset): .error(code, offset + 3)
            }
        #expect(
            outcome { () throws(Base64Error) in try decode(buffer[3..<(3 + text.count)], alphabet) } == shifted,
            "\(alphabet) \(text) in a larger buffer",
            sourceLocation: sourceLocation
        )
        let string = String(decoding: text, as: UTF8.self)
        #expect(
            outcome { () throws(Base64Error) in try decode(string, alphabet) }
                == reference(Array(string.utf8), alphabet),
            "\(alphabet) \(string) as a string",
            sourceLocation: sourceLocation
        )
    }

    @Test(arguments: Alphabet.allCases)
    func everyByteAtEveryPositionGetsTheReferenceVerdict(alphabet: Alphabet) {
        // "ABCDEFGHI" and "ABCDE", "ABCDEF" in the alphabet's spelling: whole groups, then each length of tail;
        // each byte replaces every character (data and padding) and is appended after the last.
        let texts =
            alphabet == .standard
            ? ["QUJDREVGR0hJ", "QUJDRA==", "QUJDREU="] : ["QUJDREVGR0hJ", "QUJDRA", "QUJDREU"]
        for text in texts.map({ Array($0.utf8) }) {
            #expect(Self.reference(text, alphabet) != .error(.invalidCharacter, 0))
            for position in 0...text.count {
                for byte in UInt8.min...UInt8.max {
                    var changed = text
                    if position == text.count { changed.append(byte) } else { changed[position] = byte }
                    Self.expectAgreement(changed, alphabet)
                }
            }
        }
    }

    @Test(arguments: Alphabet.allCases)
    func randomTextsGetTheReferenceVerdict(alphabet: Alphabet) {
        // Mostly alphabet characters, so that texts reach the length, canonical and padding checks.
        let characters = Alphabet.standard.characters + Alphabet.url.characters + Array("====\n \u{0}\u{7F}".utf8)
        var generator = SplitMix64(seed: 0xB64)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...14, using: &generator)
            let text = (0..<length).map { _ in characters.randomElement(using: &generator) ?? 0 }
            Self.expectAgreement(text, alphabet)
        }
    }

    @Test(arguments: Alphabet.allCases)
    func randomBytesRoundTrip(alphabet: Alphabet) throws {
        var generator = SplitMix64(seed: 0x5EED)
        for length in 0...300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let text =
                switch alphabet {
                case .standard: Base64.encode(bytes)
                case .url: Base64URL.encode(bytes)
                }
            let expectedLength = alphabet == .standard ? (length + 2) / 3 * 4 : (length * 4 + 2) / 3
            #expect(text.utf8.count == expectedLength)
            #expect(Self.reference(Array(text.utf8), alphabet) == .bytes(bytes), "\(text)")
            #expect(try Self.decode(text, alphabet) == bytes, "\(text)")
            #expect(try Self.decode(Array(text.utf8)[...], alphabet) == bytes, "\(text)")
        }
    }
}
