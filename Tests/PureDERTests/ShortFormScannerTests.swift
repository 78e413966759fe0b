import Testing
import VectorSupport

@testable import PureDER

/// ``ShortFormScanner`` reads a subset of what ``DERReader`` reads, and reads it the same way: whatever it reads,
/// the reader reads as the same element (tag, contents, end) or the same integer; what it does not read, it leaves
/// where it was. Its callers fall back on the reader for the rest, so these two properties are all that keeps
/// their verdicts the reader's.
@Suite struct ShortFormScannerTests {
    static let identifiers: [(ShortFormScanner.Identifier, DERTag)] = [
        (.integer, .integer), (.octetString, .octetString), (.utf8String, .utf8String), (.ia5String, .ia5String),
        (.sequence, .sequence),
    ]

    /// What the scanner reads at the start of `bytes` (a slice whose indices do not start at 0).
    static func scan(_ bytes: ArraySlice<UInt8>, _ identifier: ShortFormScanner.Identifier) -> (Range<Int>?, Int) {
        bytes.withShortFormScanner(over: bytes.indices) { scanner in (scanner.read(identifier), scanner.position) }
    }

    static func scanInteger(_ bytes: ArraySlice<UInt8>) -> (Int?, Int) {
        bytes.withShortFormScanner(over: bytes.indices) { scanner in (scanner.readInteger(), scanner.position) }
    }

    /// `bytes` behind two octets that are not part of it, so that indices and buffer offsets differ.
    static func offset(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        ([0xA5, 0x5A] + bytes)[2...]
    }

    /// Checks the two properties for every identifier and for integers at the start of `bytes`; returns how many
    /// elements and how many integers the scanner read.
    @discardableResult
    static func compare(
        _ bytes: [UInt8],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (elements: Int, integers: Int) {
        let input = offset(bytes)
        var reads = 0
        for (identifier, tag) in identifiers {
            let (contents, position) = scan(input, identifier)
            var reader = DERReader(input, rules: .der)
            let bounds = try? reader.readBounds(tag)
            guard let contents else {
                #expect(position == input.startIndex, "moved without reading", sourceLocation: sourceLocation)
                continue
            }
            reads += 1
            #expect(bounds?.tag == tag, "\(bytes) as \(identifier)", sourceLocation: sourceLocation)
            #expect(bounds?.contents == contents, "\(bytes) as \(identifier)", sourceLocation: sourceLocation)
            #expect(bounds?.end == position, "\(bytes) as \(identifier)", sourceLocation: sourceLocation)
        }
        let (integer, position) = scanInteger(input)
        if let integer {
            var reader = DERReader(input, rules: .der)
            #expect((try? reader.readInteger(as: Int.self)) == integer, "\(bytes)", sourceLocation: sourceLocation)
            #expect(reader.offset == position, "\(bytes)", sourceLocation: sourceLocation)
        } else {
            #expect(position == input.startIndex, "moved without reading an integer", sourceLocation: sourceLocation)
        }
        return (reads, integer == nil ? 0 : 1)
    }

    @Test func readsTheShortForms() {
        let input = Self.offset([0x30, 0x08, 0x02, 0x01, 0x05, 0x04, 0x00, 0x0C, 0x01, 0x41])
        input.withShortFormScanner(over: input.indices) { scanner in
            let start = input.startIndex
            #expect(scanner.read(.integer) == nil)
            #expect(scanner.read(.sequence) == start + 2..<start + 10)
            #expect(scanner.isAtEnd)
            var inner = scanner.scanner(over: start + 2..<start + 10)
            #expect(inner.readInteger() == 5)
            #expect(inner.read(.octetString) == start + 7..<start + 7)
            #expect(inner.read(.ia5String) == nil)
            #expect(inner.read(.utf8String) == start + 9..<start + 10)
            #expect(inner.isAtEnd)
        }
    }

    @Test func decodesIntegersAsTheReaderDoes() {
        let cases: [([UInt8], Int)] = [
            ([0x02, 0x01, 0x00], 0), ([0x02, 0x01, 0x7F], 127), ([0x02, 0x02, 0x00, 0x80], 128),
            ([0x02, 0x01, 0xFF], -1), ([0x02, 0x01, 0x80], -128), ([0x02, 0x02, 0xFF, 0x7F], -129),
            ([0x02, 0x02, 0x06, 0xA6], 1702),
            ([0x02, 0x08, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], Int.max),
            ([0x02, 0x08, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00], Int.min),
        ]
        for (bytes, value) in cases {
            #expect(Self.scanInteger(Self.offset(bytes)).0 == value, "\(bytes)")
            #expect(Self.compare(bytes) == (1, 1), "\(bytes)")
        }
    }

    /// What the scanner leaves to the reader, which accepts some of it (long forms, wide integers) and refuses the
    /// rest with its own errors.
    @Test func leavesEverythingElseToTheReader() {
        // INTEGER elements whose contents are not a minimal integer that fits: read as elements, not as integers.
        let integers: [[UInt8]] = [
            [0x02, 0x00],  // empty
            [0x02, 0x02, 0x00, 0x05],  // not minimal
            [0x02, 0x02, 0xFF, 0x80],  // not minimal
            [0x02, 0x09, 0x00, 0x80, 0, 0, 0, 0, 0, 0, 0],  // 2⁶³: the reader decides that it does not fit
        ]
        for bytes in integers {
            #expect(Self.compare(bytes) == (1, 0), "\(bytes)")
        }
        let cases: [[UInt8]] = [
            [],
            [0x02],
            [0x04, 0x81, 0x80] + [UInt8](repeating: 0, count: 128),  // a long-form length the reader accepts
            [0x04, 0x81, 0x05, 1, 2, 3, 4, 5],  // a long-form length that should be short
            [0x04, 0x80, 0x00, 0x00],  // indefinite
            [0x04, 0x05, 1, 2],  // past the end
            [0x24, 0x02, 0x04, 0x00],  // a constructed OCTET STRING
            [0x31, 0x00],  // a SET where a SEQUENCE would be
            [0x10, 0x00],  // a primitive SEQUENCE
            [0x1F, 0x02, 0x00],  // a high tag number form
        ]
        for bytes in cases {
            #expect(Self.compare(bytes) == (0, 0), "\(bytes)")
        }
        // In the reader's input, the scanner reads what lies before the end it was given, and no further.
        let input = Self.offset([0x04, 0x02, 0x41, 0x42])
        let read = input.withShortFormScanner(over: input.startIndex..<input.endIndex - 1) { $0.read(.octetString) }
        #expect(read == nil)
    }

    /// Random short encodings over the octets that matter (the identifiers, small lengths, 0x80, 0xFF, 0x00):
    /// both properties hold for each, and the scanner reads a good share of them.
    @Test func agreesWithTheReaderOnRandomEncodings() {
        let alphabet: [UInt8] = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x0C, 0x16, 0x30, 0x31, 0x7F, 0x80, 0x81, 0xFF]
        var generator = SplitMix64(seed: 0x5F0_45CA)
        var reads = 0
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 12)
            let bytes = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let (elements, integers) = Self.compare(bytes)
            reads += elements + integers
        }
        #expect(reads > 1_000)
    }
}
