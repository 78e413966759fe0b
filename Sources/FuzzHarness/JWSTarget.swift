import PureDER
import PureSignedData

extension FuzzTargets {
    /// The JWS decoder (compact serialization, header, payload; no verification). Invariants:
    /// - no input traps, hangs or exhausts memory (libFuzzer's -timeout and -rss_limit_mb watch the last two);
    /// - verdicts are deterministic: decoding twice gives equal payloads or the same error;
    /// - the same bytes at another place of a larger buffer give the same verdict, offsets moved by as much;
    /// - a refusal's offset lies within the input;
    /// - an accepted input has one spelling: re-encoding its three decoded parts gives the input's bytes, and
    ///   the signing input is the input up to its second `.`;
    /// - an accepted header has `alg` `ES256` and exactly three certificates, and a payload of a known kind.
    public static func jws(_ input: [UInt8]) -> String? {
        let verdict = jwsVerdict(input[...])
        guard jwsVerdict(input[...]) == verdict else { return "two decodes of the same bytes differ" }
        let padded = [0x20, 0x2E] + input
        let moved = jwsVerdict(padded[2...])
        switch (verdict, moved) {
        case (.success(let value), .success(let other)):
            guard value == other else { return "the same bytes at index 2 decode to another value" }
        case (.failure(let error), .failure(let other)):
            var shifted = error
            shifted.offset = error.offset.map { $0 + 2 }
            if var base64 = shifted.base64, shifted.part != nil, shifted.step == .compactSerialization {
                base64.offset += 2
                shifted.base64 = base64
            }
            guard other == shifted else { return "at index 2 the error is \(other), not \(shifted)" }
        default:
            return "the same bytes at index 2 get another verdict"
        }
        switch verdict {
        case .failure(let error):
            if let offset = error.offset, !(0...input.count).contains(offset) {
                return "error offset \(offset) out of input"
            }
            return nil
        case .success(let decoded):
            let spelled =
                Base64URL.encode(decoded.compactSerialization.header) + "."
                + Base64URL.encode(decoded.compactSerialization.payload) + "."
                + Base64URL.encode(decoded.signature)
            guard Array(spelled.utf8) == input else { return "an accepted input has another spelling" }
            guard let secondDot = input.indices.filter({ input[$0] == 0x2E }).dropFirst().first,
                Array(decoded.signingInput) == Array(input[..<secondDot])
            else { return "the signing input is not the input up to its second dot" }
            guard decoded.header.certificates.count == 3 else { return "an accepted header has another count" }
            return nil
        }
    }

    private struct JWSDecoded: Equatable {
        let compactSerialization: CompactSerialization
        let signingInput: [UInt8]
        let signature: [UInt8]
        let header: JWSHeader
        let payload: DecodedPayload

        static func == (lhs: JWSDecoded, rhs: JWSDecoded) -> Bool {
            lhs.signingInput == rhs.signingInput && lhs.signature == rhs.signature && lhs.payload == rhs.payload
                && lhs.header.json == rhs.header.json
                && lhs.header.certificates.map { Array($0.encoded) }
                    == rhs.header.certificates.map {
                        Array($0.encoded)
                    }
        }
    }

    private static func jwsVerdict(_ bytes: ArraySlice<UInt8>) -> Result<JWSDecoded, SignedDataError> {
        do throws(SignedDataError) {
            let decoded = try UnverifiedSignedData<DecodedPayload>(unverified: bytes)
            return .success(
                JWSDecoded(
                    compactSerialization: decoded.compactSerialization,
                    signingInput: Array(decoded.signingInput),
                    signature: decoded.signature,
                    header: decoded.header,
                    payload: decoded.payload
                )
            )
        } catch {
            return .failure(error)
        }
    }
}
