import PureDER
import PureX509

/// The certificates of an input that may hold several (`fingerprint`, `--anchor`): every block of a PEM bundle,
/// in order, or the one certificate of DER, base64 or a single PEM block.
///
/// Text outside the blocks is ignored (RFC 7468 §2: explanatory text may surround them). Each block is decoded
/// as a single PEM input is, so one block and a bundle of one read the same.
enum CertificateBundle {
    /// Bytes of a PEM label read: RFC 7468 labels are short words (`CERTIFICATE`); a longer one is refused, so
    /// that finding its END line costs a small multiple of the input whatever the label.
    static let maximumLabelLength = 64

    /// The DER of every certificate in `raw`, each checked to be one certificate; a block that is not one fails
    /// the command (exit 1), named by its position.
    static func certificates(in raw: [UInt8], name: InputName) throws(ToolFailure) -> [Certificate] {
        let blocks = try pemBlocks(raw, name: name)
        let inputs = blocks.isEmpty ? [raw[...]] : blocks
        var certificates: [Certificate] = []
        for (index, block) in inputs.enumerated() {
            let place =
                blocks.count > 1 ? "\(name.display) (certificate \(index + 1) of \(blocks.count))" : name.display
            let (bytes, _) = try decodeInput(Array(block), name: name)
            do throws(X509Error) {
                certificates.append(try Certificate(derEncoded: bytes))
            } catch {
                throw ToolFailure.undecodable(place, error.description)
            }
        }
        return certificates
    }

    /// Each `-----BEGIN label-----` … `-----END label-----` block of `raw`, when it starts (after whitespace) with
    /// one, or with lines of text before one (RFC 7468 §2's explanatory text, such as the `Bag Attributes` that
    /// `openssl pkcs12` writes); empty when it does not.
    static func pemBlocks(_ raw: [UInt8], name: InputName) throws(ToolFailure) -> [ArraySlice<UInt8>] {
        let begin = Array("-----BEGIN ".utf8)
        let dashes = Array("-----".utf8)
        let text = raw.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        var position = text.startIndex
        if !text.starts(with: begin) {
            // Text before the first block: lines of UTF-8 text, the block at the start of one. Binary input (DER) is
            // never taken for it: its first bytes are not all text.
            guard let line = find(Array("\n-----BEGIN ".utf8), in: raw, from: 0),
                UnrecognisedText.isUTF8Text(raw[..<line])
            else { return [] }
            position = line + 1
        }
        var blocks: [ArraySlice<UInt8>] = []
        while let start = find(begin, in: raw, from: position) {
            let labelStart = start + begin.count
            let labelEnd = find(dashes, in: raw, from: labelStart, within: maximumLabelLength + dashes.count)
            guard let labelEnd else {
                let label = raw[labelStart..<min(raw.count, labelStart + maximumLabelLength)]
                throw ToolFailure(
                    status: ExitStatus.failure,
                    message: "\(name.display): PEM label '\(TerminalText.escaped(utf8: label))…' has no closing "
                        + "dashes within \(maximumLabelLength) bytes"
                )
            }
            let footer = Array("-----END ".utf8) + raw[labelStart..<labelEnd] + dashes
            guard let footerStart = find(footer, in: raw, from: labelEnd + dashes.count) else {
                let label = TerminalText.escaped(utf8: raw[labelStart..<labelEnd])
                throw ToolFailure(
                    status: ExitStatus.failure,
                    message: "\(name.display): PEM block '\(label)' has no END line"
                )
            }
            position = footerStart + footer.count
            blocks.append(raw[start..<position])
        }
        return blocks
    }

    /// The first index of `needle` in `haystack` at or after `start` (and, with `within`, starting before
    /// `start + within`).
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int, within: Int = .max) -> Int? {
        guard let first = needle.first else { return start }
        var index = start
        let last = min(
            haystack.count - needle.count,
            start > Int.max - within ? Int.max : start + within - needle.count
        )
        while index <= last {
            if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
