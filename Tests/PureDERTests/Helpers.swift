import Testing

@testable import PureDER

/// Parses `bytes` as one complete tree and expects the error `code` at `offset`.
func expectTreeError(
    _ code: DERError.Code,
    at offset: Int,
    _ bytes: [UInt8],
    rules: EncodingRules = .der,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let tree = try DERTree(parsing: bytes, rules: rules)
        Issue.record(
            "parsed \(tree.nodes.count) elements; expected \(code) at \(offset)",
            sourceLocation: sourceLocation
        )
    } catch {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        #expect(error.offset == offset, "\(error)", sourceLocation: sourceLocation)
    }
}

/// Reads `bytes` with `body`, requiring every byte consumed, and expects the error `code` at `offset`.
func expectReadError<T>(
    _ code: DERError.Code,
    at offset: Int,
    _ bytes: [UInt8],
    rules: EncodingRules = .der,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout DERReader) throws(DERError) -> T
) {
    do {
        let value = try DERReader.parse(bytes[...], rules: rules, body)
        Issue.record("read \(value); expected \(code) at \(offset)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        #expect(error.offset == offset, "\(error)", sourceLocation: sourceLocation)
    }
}

/// Reads `bytes` with `body`, requiring every byte consumed.
func read<T>(
    _ bytes: [UInt8],
    rules: EncodingRules = .der,
    _ body: (inout DERReader) throws(DERError) -> T
) throws(DERError) -> T {
    try DERReader.parse(bytes[...], rules: rules, body)
}

/// `depth` SEQUENCEs nested in one another around `innermost`, with indefinite lengths when `indefinite`.
func nestedSequences(_ depth: Int, around innermost: [UInt8], indefinite: Bool = false) -> [UInt8] {
    var bytes = innermost
    for _ in 0..<depth {
        if indefinite {
            bytes = [0x30, 0x80] + bytes + [0x00, 0x00]
        } else {
            var writer = DERWriter()
            writer.appendSequence { $0.appendEncoded(bytes) }
            bytes = writer.bytes
        }
    }
    return bytes
}

extension Array where Element == UInt8 {
    /// Bytes from hex text with optional spaces: `"30 03 02 01 01"`.
    init(hex: String) {
        var bytes: [UInt8] = []
        var high: UInt8? = nil
        for character in hex.utf8 where character != UInt8(ascii: " ") {
            let nibble = character <= UInt8(ascii: "9") ? character - UInt8(ascii: "0") : (character | 0x20) - 87
            if let pending = high {
                bytes.append(pending << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        self = bytes
    }
}

extension DERReader {
    /// Reads and discards every remaining element.
    mutating func skipAll() throws(DERError) {
        while !isAtEnd { _ = try readElement() }
    }
}
