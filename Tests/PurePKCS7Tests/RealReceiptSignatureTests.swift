import Foundation
import PureDER
import PureX509
import Testing
import VectorSupport

@testable import PurePKCS7

/// Every real receipt's PKCS#7 container: parses, its signature verifies, its chain validates at the
/// receipt's creation date, and it fails for the right reason when anything is off.
@Suite struct RealReceiptSignatureTests {
    struct Sample {
        let name: String
        let bytes: [UInt8]
        let creationDate: Int64
    }

    static func samples(_ folder: String) throws -> [Sample] {
        try samples(ProjectVectors.receipts(in: folder))
    }

    static func samples(_ vectors: [ReceiptVector]) throws -> [Sample] {
        try vectors.map { vector in
            Sample(name: vector.name, bytes: vector.bytes, creationDate: try vector.creationDate)
        }
    }

    static func certificate(_ path: String) throws -> Certificate {
        try Certificate(derEncoded: ProjectVectors.bytes(path))
    }

    /// The Apple Inc. Root, with SHA-1 allowed (every chain before G5 is SHA-1).
    static func appleValidator() throws -> PathValidator {
        PathValidator(
            anchors: [try certificate("certs/apple-roots/AppleIncRootCertificate.cer")],
            algorithms: .allowingSHA1
        )
    }

    static func expectFailure(
        _ code: PKCS7Error.Code,
        _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws(PKCS7Error) -> VerifiedSignedData
    ) -> PKCS7Error? {
        do {
            _ = try body()
            Issue.record("verified; expected \(code)", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(error.code == code, "\(error) \(comment?.description ?? "")", sourceLocation: sourceLocation)
            return error
        }
    }

    /// Claims the critical extendedKeyUsage of Xcode's StoreKit certificate and requires codeSigning.
    static let storeKitPolicy = CertificatePolicy([.leafExtendedKeyUsage(allowing: .codeSigning)])

    /// A known certificate stands in for an embedded one only when their encodings are byte for byte the same:
    /// the receipts' copies of the Apple root become the parsed anchor (a view of the anchor's own bytes, whose
    /// indices start at zero), every other certificate is parsed from the receipt, and a copy with one byte
    /// changed is parsed as what it is.
    @Test func knownCertificatesStandInOnlyForIdenticalBytes() throws {
        #expect(try Self.expectKnownCertificatesStandIn(Self.samples("receipts/apple")) > 0)
    }

    @Test func everyAppStoreReceiptVerifiesAtItsCreationDate() throws {
        let samples = try Self.samples("receipts/apple")
        #expect(samples.count == 22)
        try Self.expectVerifiesAtCreationDate(samples)
    }

    @Test func aFlippedPayloadBitBreaksTheSignature() throws {
        try Self.expectFlippedPayloadBitBreaksTheSignature(Self.samples("receipts/apple"))
    }

    @Test func validatingAtTodayOrAgainstAForeignRootFailsTheChain() throws {
        try Self.expectTodayAndAForeignRootFailTheChain(Self.samples("receipts/apple"))
    }

    /// The four checks above on the receipt the repository does not carry.
    @Test(.needsOptionalVectors) func theOptionalReceiptVerifiesAndFailsForTheSameReasons() throws {
        let samples = try Self.samples(OptionalVectors.appStoreReceipts())
        #expect(try Self.expectKnownCertificatesStandIn(samples) == samples.count)
        try Self.expectVerifiesAtCreationDate(samples)
        try Self.expectFlippedPayloadBitBreaksTheSignature(samples)
        try Self.expectTodayAndAForeignRootFailTheChain(samples)
    }

    /// Checks each receipt as the doc comment of ``knownCertificatesStandInOnlyForIdenticalBytes()`` says and
    /// returns how many copies of the root were taken over.
    static func expectKnownCertificatesStandIn(_ samples: [Sample]) throws -> Int {
        let root = try Self.certificate("certs/apple-roots/AppleIncRootCertificate.cer")
        var substituted = 0
        for sample in samples {
            let parsed = try SignedData(berEncoded: sample.bytes)
            let reusing = try SignedData(berEncoded: sample.bytes[...], knownCertificates: [root])
            #expect(reusing.certificates.map(\.encoded) == parsed.certificates.map(\.encoded), "\(sample.name)")
            // The same verdict and chain either way, at the creation date and today.
            let validator = PathValidator(anchors: [root], algorithms: .allowingSHA1)
            for instant in [sample.creationDate, 1_795_000_000] {
                let verdicts = [parsed, reusing].map { (signedData: SignedData) -> String in
                    do throws(PKCS7Error) {
                        let verified = try signedData.verify(
                            validator: validator,
                            at: instant,
                            policy: .none
                        )
                        return verified.chain.certificates.map { Hex.encode($0.encoded) }.joined(separator: " ")
                    } catch {
                        return "\(error.code)"
                    }
                }
                #expect(verdicts[0] == verdicts[1], "\(sample.name) at \(instant)")
            }
            for (index, certificate) in reusing.certificates.enumerated() {
                let isRoot = certificate.encoded == root.encoded
                #expect((certificate.encoded.startIndex == 0) == isRoot, "\(sample.name) certificate \(index)")
                if isRoot { substituted += 1 }
                #expect(parsed.certificates[index].encoded.startIndex > 0)
            }
            // The same receipt with the last octet of its root copy's signature changed.
            guard let copy = parsed.certificates.first(where: { $0.encoded == root.encoded }) else { continue }
            var bytes = sample.bytes
            bytes[copy.encoded.endIndex - 1] ^= 0x01
            let altered = try SignedData(berEncoded: bytes[...], knownCertificates: [root])
            #expect(altered.certificates.allSatisfy { $0.encoded.startIndex > 0 }, "\(sample.name)")
        }
        return substituted
    }

    static func expectVerifiesAtCreationDate(_ samples: [Sample]) throws {
        let validator = try appleValidator()
        for sample in samples {
            let signedData = try SignedData(berEncoded: sample.bytes)
            #expect(signedData.contentType == .pkcs7Data)
            #expect(signedData.certificates.count == 3, "\(sample.name)")
            let verified = try signedData.verify(
                validator: validator,
                at: sample.creationDate,
                policy: .none
            )
            #expect(!verified.hadSignedAttributes, "\(sample.name)")
            #expect(verified.chain.certificates.count == 3)
            #expect(verified.content.first == 0x31, "\(sample.name): the payload is a SET")
        }
    }

    @Test func everyXcodeReceiptVerifiesAgainstItsStoreKitCertificate() throws {
        let storeKit = try Self.certificate("certs/storekit/StoreKitTestCertificate.cer")
        let validator = PathValidator(anchors: [storeKit])
        let samples = try Self.samples("receipts/xcode")
        #expect(samples.count == 3)
        for sample in samples {
            let signedData = try SignedData(berEncoded: sample.bytes)
            // The eContent was a BER segmented OCTET STRING: joined into a buffer of its own.
            #expect(signedData.content.startIndex == 0)
            let verified = try signedData.verify(
                validator: validator,
                at: sample.creationDate,
                policy: Self.storeKitPolicy
            )
            #expect(verified.chain.certificates.count == 1, "\(sample.name)")
        }
    }

    static func expectFlippedPayloadBitBreaksTheSignature(_ samples: [Sample]) throws {
        let validator = try appleValidator()
        for sample in samples {
            let signedData = try SignedData(berEncoded: sample.bytes)
            var bytes = sample.bytes
            bytes[signedData.content.startIndex + signedData.content.count / 2] ^= 0x01
            let tampered = try SignedData(berEncoded: bytes)
            _ = Self.expectFailure(.badSignature, "\(sample.name)") { () throws(PKCS7Error) in
                try tampered.verify(validator: validator, at: sample.creationDate, policy: .none)
            }
        }
    }

    static func expectTodayAndAForeignRootFailTheChain(_ samples: [Sample]) throws {
        let apple = try appleValidator()
        let foreign = PathValidator(
            anchors: [try Self.certificate("certs/other/frank4dd-cacert.der")],
            algorithms: .allowingSHA1
        )
        for sample in samples {
            let signedData = try SignedData(berEncoded: sample.bytes)
            let expired = Self.expectFailure(.untrustedSigner, "\(sample.name)") { () throws(PKCS7Error) in
                try signedData.verify(validator: apple, at: 1_795_219_200, policy: .none)  // 2026-11-21
            }
            #expect(expired?.path?.code == .expired)
            let untrusted = Self.expectFailure(.untrustedSigner, "\(sample.name)") { () throws(PKCS7Error) in
                try signedData.verify(validator: foreign, at: sample.creationDate, policy: .none)
            }
            #expect(untrusted?.path?.code == .noPath)
        }
    }

    @Test func inputsThatAreNotSignedDataAreRefused() throws {
        #expect(throws: PKCS7Error.self) { try SignedData(berEncoded: Array("NOT A RECEIPT\n".utf8)) }
        var writer = DERWriter()
        writer.appendSequence { info in
            info.appendObjectIdentifier(.pkcs7Data)
            info.appendExplicit(0) { $0.appendOctetString([1, 2, 3]) }
        }
        do {
            _ = try SignedData(berEncoded: writer.bytes)
            Issue.record("accepted id-data")
        } catch {
            #expect(error.code == .notSignedData)
        }
        let notReceipts = try ProjectVectors.files(in: "receipts/not-pkcs7", suffix: "").filter {
            !$0.path.hasSuffix(".json")
        }
        #expect(notReceipts.count == 3)
        for url in notReceipts {
            #expect(throws: PKCS7Error.self, "\(url.lastPathComponent)") {
                try SignedData(berEncoded: try ProjectVectors.bytes(url))
            }
        }
    }

    @Test func everyProperPrefixOfAReceiptFailsToParse() throws {
        for sample in try Self.samples("receipts/xcode") + Self.samples("receipts/apple").prefix(3) {
            for length in stride(from: 0, to: sample.bytes.count, by: 7) {
                #expect(throws: PKCS7Error.self) { try SignedData(berEncoded: sample.bytes[..<length]) }
            }
        }
    }
}
