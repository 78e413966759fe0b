/// The three forms in which DER and BER arrive: raw bytes, base64 text, or PEM.
public enum BinaryInput {
    /// How an input was recognised.
    public enum Format: Sendable, Hashable {
        /// Raw bytes, used as they are.
        case binary
        /// Base64 text (whitespace allowed), decoded.
        case base64
        /// A PEM block (`-----BEGIN label-----` … `-----END label-----`, RFC 7468), its base64 decoded.
        case pem(label: String)
    }

    /// Why a text input could not be decoded.
    public enum DecodingError: Error, Sendable, Hashable {
        /// A PEM header without its matching `-----END label-----` line.
        case pemWithoutEnd(label: String)
        /// Text between the PEM lines, or the whole input, is not valid base64.
        case invalidBase64
    }

    /// Recognises and decodes `input`:
    /// - bytes that parse as one complete DER or BER element: binary, as they are (even when every byte
    ///   happens to be a base64 character);
    /// - starting, after optional whitespace, with `-----BEGIN `: the first PEM block;
    /// - made only of base64 characters, padding and whitespace: base64;
    /// - anything else: binary, for the caller's parser to reject with an offset.
    public static func decode(_ input: [UInt8]) throws(DecodingError) -> (bytes: [UInt8], format: Format) {
        let text = input.drop(while: Base64.isWhitespace)
        let isPEM = text.starts(with: Array("-----BEGIN ".utf8))
        // Input that can be neither PEM nor base64 is binary whether or not it parses, so the parse (a walk of
        // every element) is only needed to tell DER from text; a receipt fails the base64 test at its second byte.
        let isBase64 = !isPEM && Base64.looksLikeBase64(input)
        guard isPEM || isBase64 else { return (input, .binary) }
        if (try? DERTree(parsing: input, rules: .ber)) != nil {
            return (input, .binary)
        }
        if isPEM {
            return try decodePEM(text)
        }
        guard let bytes = Base64.decode(input) else { throw .invalidBase64 }
        return (bytes, .base64)
    }

    private static func decodePEM(_ text: ArraySlice<UInt8>) throws(DecodingError) -> (bytes: [UInt8], format: Format) {
        let dashes = Array("-----".utf8)
        let afterBegin = text.dropFirst("-----BEGIN ".utf8.count)
        // The label runs to the closing dashes of the header line.
        guard let labelEnd = firstRange(of: dashes, in: afterBegin) else { throw .invalidBase64 }
        let label = String(decoding: afterBegin[afterBegin.startIndex..<labelEnd], as: UTF8.self)
        let body = afterBegin[(labelEnd + dashes.count)...]
        let footer = Array("-----END \(label)-----".utf8)
        guard let bodyEnd = firstRange(of: footer, in: body) else { throw .pemWithoutEnd(label: label) }
        guard let bytes = Base64.decode(body[body.startIndex..<bodyEnd]) else { throw .invalidBase64 }
        return (bytes, .pem(label: label))
    }

    private static func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
