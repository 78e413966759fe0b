import Crypto
import Foundation
import SwiftASN1
@_spi(FixedExpiryValidationTime) import X509

/// The pieces Apple's App Store Server Library verifies signed data with, put together the way it does: the
/// header and payload decoded by Foundation (base64 and `JSONDecoder`), the `x5c` chain validated by
/// swift-certificates' `Verifier` under RFC 5280 at a fixed time plus Apple's marker-extension policy, the ES256
/// signature checked by swift-crypto's P-256 over `header.payload`, and the payload decoded into a `Decodable`
/// transaction.
struct AppleLibraryStack: Sendable {
    let trustRoots: CertificateStore

    init(root: [UInt8]) {
        guard let certificate = try? X509.Certificate(derEncoded: root) else {
            fatalError("swift-certificates refused Apple Root CA - G3")
        }
        trustRoots = CertificateStore([certificate])
    }

    /// The decoded transaction when the JWS verifies at its own `signedDate`, nil otherwise.
    func verify(_ text: String) async -> Transaction? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerBytes = Self.base64URLDecoded(parts[0]),
            let payloadBytes = Self.base64URLDecoded(parts[1]),
            let signatureBytes = Self.base64URLDecoded(parts[2]),
            let header = try? JSONDecoder().decode(Header.self, from: headerBytes),
            header.alg == "ES256", header.x5c.count == 3
        else { return nil }
        let certificates = header.x5c.compactMap { Data(base64Encoded: $0) }.compactMap {
            try? X509.Certificate(derEncoded: [UInt8]($0))
        }
        guard certificates.count == 3,
            let transaction = try? JSONDecoder().decode(Transaction.self, from: payloadBytes)
        else { return nil }

        let time = Date(timeIntervalSince1970: Double(transaction.signedDate) / 1000)
        var verifier = Verifier(rootCertificates: trustRoots) {
            RFC5280Policy(fixedExpiryValidationTime: time)
            AppleMarkerPolicy()
        }
        let result = await verifier.validate(
            leaf: certificates[0],
            intermediates: CertificateStore([certificates[1]])
        )
        guard case .validCertificate = result,
            let key = P256.Signing.PublicKey(certificates[0].publicKey),
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes),
            key.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8))
        else { return nil }
        return transaction
    }

    static func base64URLDecoded(_ part: Substring) -> Data? {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        return Data(base64Encoded: text)
    }

    struct Header: Decodable {
        let alg: String
        let x5c: [String]
    }

    /// The fields of a JWSTransactionDecodedPayload that the benchmark's sample carries, with Apple's names.
    struct Transaction: Decodable, Sendable {
        let transactionId: String
        let originalTransactionId: String
        let webOrderLineItemId: String?
        let bundleId: String
        let productId: String
        let subscriptionGroupIdentifier: String?
        let purchaseDate: Int64
        let originalPurchaseDate: Int64
        let expiresDate: Int64?
        let quantity: Int
        let type: String
        let appAccountToken: String?
        let inAppOwnershipType: String
        let signedDate: Int64
        let offerType: Int?
        let environment: String?
    }
}

/// Apple's chain shape as its library checks it: the leaf carries 1.2.840.113635.100.6.11.1 and the intermediate
/// 1.2.840.113635.100.6.2.1.
struct AppleMarkerPolicy: VerifierPolicy {
    static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]
    static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 1]

    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
        guard chain.count == 3 else { return .failsToMeetPolicy(reason: "not three certificates") }
        guard chain[0].extensions[oid: Self.leafMarker] != nil,
            chain[1].extensions[oid: Self.intermediateMarker] != nil
        else { return .failsToMeetPolicy(reason: "a marker extension is missing") }
        return .meetsPolicy
    }
}
