import PureJSON

/// StoreKit signed data (a JWS) split, decoded and checked in form, and NOT VERIFIED: neither the signature nor
/// the certificate chain has been checked, so every field is a claim of whoever wrote the bytes.
///
/// Decoding runs, in order and stopping at the first failure: the compact serialization
/// (``CompactSerialization``), the header (``JWSHeader``: `alg` `ES256`, `x5c` DER certificates in the
/// caller's ``CertificateChainLayout``), then the payload as strict JSON into `Payload`. Use it to inspect data
/// (`receipt dump`), or as the input of verification, which needs exactly what it keeps: the signing input, the
/// signature and the `x5c` certificates with their DER bytes.
public struct UnverifiedSignedData<Payload: SignedPayload>: Sendable {
    /// The split and decoded parts: the signing input (`header.payload` as in the input) and the signature.
    public let compactSerialization: CompactSerialization
    /// The decoded header, with the `x5c` certificates (each keeps its DER in `Certificate.encoded`).
    public let header: JWSHeader
    /// The decoded payload. Unverified.
    public let payload: Payload

    /// Decodes `input` without verifying it. Offsets in errors are indices of `input`'s buffer.
    public init(
        unverified input: ArraySlice<UInt8>,
        layout: CertificateChainLayout = .appStore
    )
        throws(SignedDataError)
    {
        let parts = try SignedDataParts(input, layout: layout)
        compactSerialization = parts.compactSerialization
        header = parts.header
        payload = try Payload(payload: parts.payload)
    }

    /// Decodes `input` without verifying it.
    public init(unverified input: [UInt8], layout: CertificateChainLayout = .appStore) throws(SignedDataError) {
        try self.init(unverified: input[...], layout: layout)
    }

    /// Decodes the UTF-8 of `text` without verifying it; offsets are indices in that UTF-8.
    public init(unverified text: String, layout: CertificateChainLayout = .appStore) throws(SignedDataError) {
        try self.init(unverified: Array(text.utf8)[...], layout: layout)
    }

    /// The ASCII bytes `header.payload` the signature covers (RFC 7515 §5.2).
    public var signingInput: ArraySlice<UInt8> { compactSerialization.signingInput }

    /// The signature bytes as decoded (ES256: 64 bytes r‖s, their length not yet checked).
    public var signature: [UInt8] { compactSerialization.signature }
}

/// The steps of decoding that do not depend on the payload type, apart so that they are not repeated for each.
struct SignedDataParts {
    let compactSerialization: CompactSerialization
    let header: JWSHeader
    /// The payload's bytes parsed as JSON, not yet decoded as a payload type.
    let payload: JSONValue

    init(_ input: ArraySlice<UInt8>, layout: CertificateChainLayout) throws(SignedDataError) {
        compactSerialization = try CompactSerialization(input)
        header = try JWSHeader(decoding: compactSerialization.header, layout: layout)
        do throws(JSONError) {
            payload = try JSONValue(parsing: compactSerialization.payload)
        } catch {
            throw SignedDataError(.payload, .invalidJSON, "the payload is not JSON", part: .payload, json: error)
        }
    }
}
