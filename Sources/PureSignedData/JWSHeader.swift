import PureDER
public import PureJSON
public import PureX509

/// How many certificates a JWS's `x5c` header carries, and what they are: the shape of the signer's chain,
/// which the caller states (the verifier's trust decides it), never the data.
public enum CertificateChainLayout: Sendable, Hashable {
    /// App Store signed data: exactly three certificates, leaf, intermediate (Apple Worldwide Developer
    /// Relations G6 so far) and root (Apple Root CA - G3). The root's copy in `x5c` is never what is trusted.
    case appStore
    /// Xcode's StoreKit testing: exactly one certificate, the self-signed "StoreKit Testing in Xcode", which
    /// signs and is trusted only when the caller makes it an anchor.
    case xcode

    /// The number of certificates `x5c` must hold.
    public var certificateCount: Int {
        switch self {
        case .appStore: return 3
        case .xcode: return 1
        }
    }
}

/// The protected header of StoreKit signed data (RFC 7515 §4), decoded and checked:
///
/// - a JSON object (strict RFC 8259, duplicate names refused);
/// - `alg` exactly `ES256` (ECDSA P-256 with SHA-256, RFC 7518 §3.4), checked first: `none`, `HS256`,
///   `RS256`, `ES384`, a missing or non-string `alg` are refused before anything else of the header is read;
/// - no `crit` (RFC 7515 §4.1.11: it names extensions a recipient must understand, and this decoder
///   understands none);
/// - `kid` and `typ`, when present, strings;
/// - `x5c` an array of exactly ``CertificateChainLayout/certificateCount`` strings, each strict standard base64
///   (RFC 7515 §4.1.6) of one DER certificate, leaf first.
///
/// Every other parameter is kept in ``json`` and used for nothing: the signer's key comes only from `x5c`.
public struct JWSHeader: Sendable {
    /// The certificates of `x5c`, parsed, leaf first. Nothing about them is checked yet but their encoding.
    public let certificates: [Certificate]
    /// `kid`, if present (Xcode writes `Apple_Xcode_Key`; App Store data has none).
    public let keyIdentifier: String?
    /// `typ`, if present (Apple's test data writes `JWT`; App Store data has none).
    public let type: String?
    /// The whole header object, every parameter in the order written.
    public let json: JSONValue

    /// The algorithm, which a decoded header always names: `ES256`.
    public var algorithm: String { "ES256" }

    /// Decodes the header's JSON bytes (the first part of a ``CompactSerialization``).
    public init(decoding bytes: [UInt8], layout: CertificateChainLayout) throws(SignedDataError) {
        let object: JSONValue
        do throws(JSONError) {
            object = try JSONValue(parsing: bytes)
        } catch {
            throw SignedDataError(.header, .invalidJSON, "the header is not JSON", part: .header, json: error)
        }
        guard object.members != nil else {
            throw SignedDataError(.header, .notAnObject, "the header is not a JSON object", part: .header)
        }
        try Self.checkAlgorithm(object["alg"])
        guard object["crit"] == nil else {
            throw SignedDataError(
                .header,
                .criticalHeader,
                "names critical extensions, and none is understood (RFC 7515 §4.1.11)",
                part: .header,
                field: "crit"
            )
        }
        keyIdentifier = try Self.string(object, "kid")
        type = try Self.string(object, "typ")
        certificates = try Self.certificates(object["x5c"], layout: layout)
        json = object
    }

    private static func checkAlgorithm(_ value: JSONValue?) throws(SignedDataError) {
        guard let value else {
            throw SignedDataError(.header, .unsupportedAlgorithm, "no alg", part: .header, field: "alg")
        }
        guard let name = value.stringValue else {
            throw SignedDataError(.header, .unsupportedAlgorithm, "alg is not a string", part: .header, field: "alg")
        }
        // The string JSON read, by its bytes: an escaped spelling is the same string, but no look-alike (another
        // case, a full-width letter, a trailing space) passes for it.
        guard name.utf8.elementsEqual("ES256".utf8) else {
            throw SignedDataError(
                .header,
                .unsupportedAlgorithm,
                "alg \(name) is not ES256",
                part: .header,
                field: "alg"
            )
        }
    }

    private static func string(_ object: JSONValue, _ name: String) throws(SignedDataError) -> String? {
        guard let value = object[name] else { return nil }
        guard let text = value.stringValue else {
            throw SignedDataError(
                .header,
                .invalidHeaderParameter,
                "not a string",
                part: .header,
                field: name
            )
        }
        return text
    }

    private static func certificates(
        _ value: JSONValue?,
        layout: CertificateChainLayout
    ) throws(SignedDataError) -> [Certificate] {
        guard let value else {
            throw SignedDataError(.header, .missingCertificateChain, "no x5c", part: .header, field: "x5c")
        }
        guard let entries = value.elements else {
            throw SignedDataError(.header, .invalidCertificateChain, "not an array", part: .header, field: "x5c")
        }
        // The count first: a chain of the wrong length fails before any certificate is decoded.
        guard entries.count == layout.certificateCount else {
            throw SignedDataError(
                .header,
                .certificateCount,
                "certificate count \(entries.count), expected \(layout.certificateCount)",
                part: .header,
                field: "x5c"
            )
        }
        var certificates: [Certificate] = []
        certificates.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let field = "x5c[\(index)]"
            guard let text = entry.stringValue else {
                throw SignedDataError(
                    .header,
                    .invalidCertificateChain,
                    "not a string",
                    part: .header,
                    field: field,
                    certificateIndex: index
                )
            }
            let der: [UInt8]
            do throws(Base64Error) {
                der = try Base64.decodeStrictly(text)
            } catch {
                throw SignedDataError(
                    .header,
                    .invalidCertificateEncoding,
                    "not standard base64 (RFC 7515 §4.1.6)",
                    part: .header,
                    field: field,
                    certificateIndex: index,
                    base64: error
                )
            }
            do throws(X509Error) {
                certificates.append(try Certificate(derEncoded: der))
            } catch {
                throw SignedDataError(
                    .header,
                    .invalidCertificate,
                    "not a DER certificate",
                    part: .header,
                    field: field,
                    certificateIndex: index,
                    x509: error
                )
            }
        }
        return certificates
    }
}
