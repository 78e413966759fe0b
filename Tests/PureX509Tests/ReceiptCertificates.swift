import Foundation
import PureDER
import Testing
import VectorSupport

@testable import PureX509

/// A real App Store receipt's embedded certificates and creation date, read with a test-only walk of the
/// PKCS#7 envelope (the PKCS#7 module comes later).
struct ReceiptChainSample {
    let name: String
    let certificates: [Certificate]
    let creationDate: Int64

    /// The receipt-signing leaf: the one certificate carrying Apple's receipt-signing marker.
    var leaf: Certificate? {
        certificates.first { $0.findExtension(.appleReceiptSigning) != nil }
    }

    /// Everything else in the container.
    var others: [Certificate] {
        certificates.filter { $0.findExtension(.appleReceiptSigning) == nil }
    }

    /// The carried App Store receipts.
    static func all() throws -> [ReceiptChainSample] {
        try samples(ProjectVectors.receipts(in: "receipts/apple"))
    }

    /// The App Store receipt the repository does not carry (``OptionalVectors``).
    static func optional() throws -> [ReceiptChainSample] {
        try samples(OptionalVectors.appStoreReceipts())
    }

    static func samples(_ vectors: [ReceiptVector]) throws -> [ReceiptChainSample] {
        try vectors.map { vector in
            ReceiptChainSample(
                name: vector.name,
                certificates: try embeddedCertificates(vector.bytes),
                creationDate: try vector.creationDate
            )
        }
    }

    /// ContentInfo → [0] → SignedData → certificates [0] IMPLICIT SET OF Certificate.
    static func embeddedCertificates(_ receipt: [UInt8]) throws -> [Certificate] {
        let elements = try DERReader.parse(receipt[...]) { reader throws(DERError) in
            try reader.readSequence { contentInfo throws(DERError) in
                _ = try contentInfo.readObjectIdentifier()
                return try contentInfo.readExplicit(0) { explicit throws(DERError) in
                    try explicit.readSequence { signedData throws(DERError) in
                        _ = try signedData.readInteger(as: Int.self)
                        _ = try signedData.readElement(.set)
                        _ = try signedData.readElement(.sequence)
                        let set = try signedData.readElement(.contextSpecific(0, constructed: true))
                        var certificates = try signedData.reader(forContentsOf: set)
                        var found: [DERElement] = []
                        while !certificates.isAtEnd { found.append(try certificates.readElement()) }
                        while !signedData.isAtEnd { _ = try signedData.readElement() }
                        return found
                    }
                }
            }
        }
        return try elements.map { try Certificate(derEncoded: $0.encoded) }
    }
}

/// The Apple Inc. Root.
func appleRoot() throws -> Certificate {
    try Certificate(derEncoded: ProjectVectors.bytes("certs/apple-roots/AppleIncRootCertificate.cer"))
}

/// Expects `body` to throw a PathValidationError with `code` at `index`.
func expectPathError(
    _ code: PathValidationError.Code,
    at index: Int?,
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(PathValidationError) -> ValidatedChain
) {
    do {
        let chain = try body()
        Issue.record(
            "validated a chain of \(chain.certificates.count); expected \(code)",
            sourceLocation: sourceLocation
        )
    } catch {
        #expect(error.code == code, "\(error) \(comment?.description ?? "")", sourceLocation: sourceLocation)
        #expect(error.certificateIndex == index, "\(error)", sourceLocation: sourceLocation)
    }
}
