import Foundation
import PureDER
import Testing
import VectorSupport

@testable import PureX509

/// Apple's real certificates and receipt chains.
@Suite struct AppleChainTests {
    @Test func everyCertificateInTheVectorsParses() throws {
        let certificates = try ProjectVectors.certificateFiles().map {
            ($0.lastPathComponent, try ProjectVectors.bytes($0))
        }
        #expect(certificates.count == 19)
        try Self.expectParses(certificates)
    }

    static func expectParses(_ certificates: [(name: String, bytes: [UInt8])]) throws {
        for (name, bytes) in certificates {
            let certificate = try Certificate(derEncoded: bytes)
            #expect(certificate.version == 3, "\(name)")
            #expect(certificate.notBefore < certificate.notAfter)
        }
    }

    /// The checks of the certificates and receipt chains below that loop over every one, on the receipt and
    /// certificate the repository does not carry: a SHA-1 chain under WWDR G8.
    @Test(.needsOptionalVectors) func theOptionalReceiptChainAndCertificatePassTheSameChecks() throws {
        let certificates = try OptionalVectors.certificates()
        try Self.expectParses(certificates)
        Self.expectEveryProperPrefixFails(certificates)
        let samples = try ReceiptChainSample.optional()
        try Self.expectValidAtCreationDate(samples)
        try Self.expectInvalidOutsideTheLeafsValidity(samples)
        let (sha1, sha256) = try Self.expectStrictPolicyRefusesSHA1(samples)
        #expect(sha1 == 1 && sha256 == 0)
    }

    @Test func theAppleRootIsWhatItsOwnerPublishes() throws {
        let root = try appleRoot()
        #expect(root.subject.commonName == "Apple Root CA")
        #expect(root.isSelfIssued)
        #expect(root.basicConstraints?.isCertificateAuthority == true)
        #expect(root.keyUsage?.keyCertSign == true)
        #expect(root.signatureAlgorithm.oid == .sha1WithRSAEncryption)
        guard case .rsa(let key) = root.publicKey else {
            Issue.record("the Apple root's key is not RSA")
            return
        }
        #expect(key.modulusBitCount == 2048)
        #expect(root.notBefore == 1_146_001_236)  // 2006-04-25T21:40:36Z
        #expect(root.notAfter == 2_054_670_036)  // 2035-02-09T21:40:36Z
    }

    /// Names are kept as their encoding and decoded on use: the attributes come out in encoded order, with text.
    @Test func theAppleRootsNameDecodesOnUse() throws {
        let subject = try appleRoot().subject
        #expect(!subject.isEmpty)
        #expect(subject.relativeNames.map(\.count) == [1, 1, 1, 1])
        #expect(
            subject.relativeNames.flatMap { $0 }.map(\.type) == [
                .countryName, .organizationName, .organizationalUnitName, .commonName,
            ]
        )
        #expect(subject.description == "C=US, O=Apple Inc., OU=Apple Certification Authority, CN=Apple Root CA")
        #expect(subject.values(of: .organizationName) == ["Apple Inc."])
    }

    @Test func everyReceiptChainValidatesAtItsReceiptsCreationDate() throws {
        let samples = try ReceiptChainSample.all()
        #expect(samples.count >= 20)
        try Self.expectValidAtCreationDate(samples)
    }

    static func expectValidAtCreationDate(_ samples: [ReceiptChainSample]) throws {
        let validator = PathValidator(anchors: [try appleRoot()], algorithms: .allowingSHA1)
        for sample in samples {
            let leaf = try #require(sample.leaf, "\(sample.name)")
            let chain = try validator.validate(leaf: leaf, intermediates: sample.others, at: sample.creationDate)
            #expect(chain.certificates.count == 3, "\(sample.name)")
            #expect(chain.anchor.subject.commonName == "Apple Root CA")
            #expect(chain.certificates[1].findExtension(.appleWWDRIntermediate) != nil, "\(sample.name)")
        }
    }

    @Test func everyReceiptChainFailsOneSecondOutsideItsLeafsValidity() throws {
        try Self.expectInvalidOutsideTheLeafsValidity(ReceiptChainSample.all())
    }

    static func expectInvalidOutsideTheLeafsValidity(_ samples: [ReceiptChainSample]) throws {
        let validator = PathValidator(anchors: [try appleRoot()], algorithms: .allowingSHA1)
        for sample in samples {
            let leaf = try #require(sample.leaf)
            expectPathError(.expired, at: 0, "\(sample.name)") { () throws(PathValidationError) in
                try validator.validate(leaf: leaf, intermediates: sample.others, at: leaf.notAfter + 1)
            }
            expectPathError(.notYetValid, at: 0, "\(sample.name)") { () throws(PathValidationError) in
                try validator.validate(leaf: leaf, intermediates: sample.others, at: leaf.notBefore - 1)
            }
            // Today every leaf has expired: validating at "now" is exactly the bug this library avoids.
            expectPathError(.expired, at: 0, "\(sample.name)") { () throws(PathValidationError) in
                try validator.validate(leaf: leaf, intermediates: sample.others, at: 1_795_219_200)  // 2026-11-21
            }
        }
    }

    @Test func sha1ChainsFailAStrictAlgorithmPolicyWhileSHA256ChainsPass() throws {
        let (sha1, sha256) = try Self.expectStrictPolicyRefusesSHA1(ReceiptChainSample.all())
        #expect(sha1 > 10 && sha256 >= 3)
    }

    /// Checks each chain under ``AlgorithmPolicy/standard`` and returns how many had a SHA-1 and a SHA-256 leaf.
    static func expectStrictPolicyRefusesSHA1(_ samples: [ReceiptChainSample]) throws -> (sha1: Int, sha256: Int) {
        let strict = PathValidator(anchors: [try appleRoot()], algorithms: .standard)
        var sha1 = 0
        var sha256 = 0
        for sample in samples {
            let leaf = try #require(sample.leaf)
            if leaf.signatureAlgorithm.oid == .sha1WithRSAEncryption {
                sha1 += 1
                expectPathError(.algorithmNotAllowed, at: 0, "\(sample.name)") { () throws(PathValidationError) in
                    try strict.validate(leaf: leaf, intermediates: sample.others, at: sample.creationDate)
                }
            } else {
                sha256 += 1
                // The G5 intermediate is signed with SHA-256; the root's own SHA-1 signature is never checked.
                #expect(throws: Never.self, "\(sample.name)") {
                    try strict.validate(leaf: leaf, intermediates: sample.others, at: sample.creationDate)
                }
            }
        }
        return (sha1, sha256)
    }

    @Test func theAlgorithmPolicyBoundsKeySizesAndExponents() throws {
        let sample = try #require(try ReceiptChainSample.all().first)
        let leaf = try #require(sample.leaf)
        guard case .rsa(let leafKey) = leaf.publicKey else {
            Issue.record("the leaf's key is not RSA")
            return
        }
        #expect(leafKey.exponentBitCount == 17)  // 65537
        var smallExponents = AlgorithmPolicy.allowingSHA1
        smallExponents.maximumRSAExponentBits = 16
        var largeKeys = AlgorithmPolicy.allowingSHA1
        largeKeys.minimumRSAModulusBits = 3072
        for policy in [smallExponents, largeKeys] {
            let validator = PathValidator(anchors: [try appleRoot()], algorithms: policy)
            expectPathError(.algorithmNotAllowed, at: 0) { () throws(PathValidationError) in
                try validator.validate(leaf: leaf, intermediates: sample.others, at: sample.creationDate)
            }
        }
    }

    @Test func aForeignRootGivesNoPath() throws {
        let foreign = try Certificate(derEncoded: ProjectVectors.bytes("certs/other/frank4dd-cacert.der"))
        let validator = PathValidator(anchors: [foreign], algorithms: .allowingSHA1)
        let sample = try #require(try ReceiptChainSample.all().first)
        let leaf = try #require(sample.leaf)
        // The receipt's own copy of the Apple root is an intermediate, not an anchor: it leads nowhere.
        expectPathError(.noPath, at: nil) { () throws(PathValidationError) in
            try validator.validate(leaf: leaf, intermediates: sample.others, at: sample.creationDate)
        }
    }

    @Test func theStoreKitCertificateIsItsOwnAnchor() throws {
        let storeKit = try Certificate(derEncoded: ProjectVectors.bytes("certs/storekit/StoreKitTestCertificate.cer"))
        // Its extendedKeyUsage (codeSigning) is critical: without a policy that takes charge of it, it fails.
        let validator = PathValidator(anchors: [storeKit])
        expectPathError(.unknownCriticalExtension, at: 0) { () throws(PathValidationError) in
            try validator.validate(leaf: storeKit, intermediates: [], at: storeKit.notBefore)
        }
        let chain = try validator.validate(
            leaf: storeKit,
            intermediates: [],
            at: storeKit.notBefore,
            policy: CertificatePolicy([.leafExtendedKeyUsage(allowing: .codeSigning)])
        )
        #expect(chain.certificates.count == 1)
        let apple = PathValidator(anchors: [try appleRoot()])
        expectPathError(.noPath, at: nil) { () throws(PathValidationError) in
            try apple.validate(leaf: storeKit, intermediates: [], at: storeKit.notBefore)
        }
    }

    @Test func everyProperPrefixOfACertificateFailsToParse() throws {
        Self.expectEveryProperPrefixFails(
            try ProjectVectors.certificateFiles().map { ($0.lastPathComponent, try ProjectVectors.bytes($0)) }
        )
    }

    static func expectEveryProperPrefixFails(_ certificates: [(name: String, bytes: [UInt8])]) {
        for (_, bytes) in certificates {
            for length in 0..<bytes.count {
                #expect(throws: X509Error.self) { try Certificate(derEncoded: bytes[..<length]) }
            }
        }
    }

    /// An extension whose OID an earlier one has is refused, naming the first such extension, with few extensions
    /// (compared pairwise) and with many (hashed, so that crafted certificates with thousands cost linear time).
    @Test(arguments: [5, 40])
    func aRepeatedExtensionIsRefusedWhateverTheirNumber(_ count: Int) throws {
        let root = try appleRoot()
        // The root's TBSCertificate up to its extensions, then `count` distinct ones and two repeats.
        var fields = try DERReader.parse(root.tbsCertificate) { r throws(DERError) in
            try r.readSequence { tbs throws(DERError) in
                var kept: [ArraySlice<UInt8>] = []
                while try tbs.peekTag() != .contextSpecific(3, constructed: true) {
                    kept.append(try tbs.readElement().encoded)
                }
                _ = try tbs.readElement()
                return kept
            }
        }
        let oids = (0..<UInt64(count)).map { OID(1, 2, 3, 4, $0) }
        var extensions = DERWriter()
        extensions.appendExplicit(3) { list in
            list.appendSequence { list in
                for oid in oids + [oids[3], oids[1]] {
                    list.appendSequence { item in
                        item.appendObjectIdentifier(oid)
                        item.appendOctetString([0x05, 0x00])
                    }
                }
            }
        }
        fields.append(extensions.bytes[...])
        var tbs = DERWriter()
        tbs.appendSequence { tbs in for field in fields { tbs.appendEncoded(field) } }
        let error = Self.refusal(of: tbs.bytes[...], algorithm: .sha1WithRSAEncryption, signature: root.signature)
        #expect(error?.code == .invalidExtension)
        #expect(error?.reason == "extension \(oids[3]) appears twice", "\(String(describing: error))")
    }

    @Test func differingInnerAndOuterSignatureAlgorithmsAreRefused() throws {
        let root = try appleRoot()
        let error = Self.refusal(
            of: root.tbsCertificate,
            algorithm: .sha256WithRSAEncryption,
            signature: root.signature
        )
        #expect(error?.code == .signatureAlgorithmMismatch)
    }

    /// The error parsing a certificate made of `tbs`, an outer `algorithm` with NULL parameters and `signature`
    /// gives; `nil`, and an issue recorded, if it parses.
    static func refusal(of tbs: ArraySlice<UInt8>, algorithm: OID, signature: ArraySlice<UInt8>) -> X509Error? {
        var writer = DERWriter()
        writer.appendSequence { certificate in
            certificate.appendEncoded(tbs)
            certificate.appendSequence { identifier in
                identifier.appendObjectIdentifier(algorithm)
                identifier.appendNull()
            }
            certificate.appendBitString(BitString(bytes: signature))
        }
        do {
            _ = try Certificate(derEncoded: writer.bytes)
            Issue.record("accepted a certificate that should be refused")
            return nil
        } catch {
            return error
        }
    }
}
