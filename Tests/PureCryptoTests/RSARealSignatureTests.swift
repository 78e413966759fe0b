import Foundation
import PureCrypto
import PureDER
import Testing
import VectorSupport

/// Real RSA signatures from Apple: every certificate in TestVectors/certs (Apple roots, WWDR intermediates,
/// receipt-signing leaves, the StoreKit test certificate, a non-Apple CA), the certificates embedded in every
/// receipt, and every receipt's own PKCS#7 signature. Each verifies with its signer's key, and fails with
/// another key of the same size, after one bit of the signed bytes changes, and after one bit of the signature
/// changes. ECDSA-signed certificates are counted and skipped: the module verifies RSA only. With the optional
/// vectors, the same on the carried ones and the receipt and certificate the repository does not carry.
@Suite("Real RSA signatures: Apple certificates and receipts")
struct RSARealSignatureTests {
    @Test func everyRSASignedCertificateInTheVectorsVerifiesWithItsIssuersKey() throws {
        try checkFolderCertificates(CertificateLibrary.load(), count: 19)
    }

    @Test func everyCertificateEmbeddedInAReceiptVerifiesWithItsIssuersKey() throws {
        try checkEmbeddedCertificates(CertificateLibrary.load(), appStoreReceipts: 22)
    }

    @Test func everyReceiptSignatureVerifiesWithItsSigningCertificatesKey() throws {
        try checkReceiptSignatures(CertificateLibrary.load(), appStoreReceipts: 22)
    }

    /// The three checks above with the optional receipt and certificate added: one more certificate in the
    /// folders, one more App Store receipt with its three certificates, one more receipt signature.
    @Test(.needsOptionalVectors) func theOptionalReceiptAndCertificateVerifyToo() throws {
        let library = try CertificateLibrary.load(includingOptional: true)
        checkFolderCertificates(library, count: 20)
        checkEmbeddedCertificates(library, appStoreReceipts: 23)
        checkReceiptSignatures(library, appStoreReceipts: 23)
    }

    private func checkFolderCertificates(_ library: CertificateLibrary, count: Int) {
        #expect(library.folderCertificates.count == count)
        var verified = 0
        var skipped: [String] = []
        for certificate in library.folderCertificates {
            switch checkCertificate(certificate, library: library) {
            case .verified: verified += 1
            case .skippedECDSA: skipped.append(certificate.name)
            case .failed: break
            }
        }
        let skippedNames = skipped.joined(separator: ", ")
        print(
            "RSA certificate signatures (certs/): \(verified) verified, \(skipped.count) ECDSA skipped",
            terminator: ""
        )
        print(" (\(skippedNames))")
        // Apple Root CA - G3, WWDR G2 and WWDR G6 are ECDSA-signed; every other certificate is RSA-signed.
        #expect(skipped.count == 3)
        #expect(verified == library.folderCertificates.count - skipped.count)
    }

    private func checkEmbeddedCertificates(_ library: CertificateLibrary, appStoreReceipts: Int) {
        var verified = 0
        var skipped = 0
        for receipt in library.receipts {
            // App Store receipts carry leaf, WWDR intermediate and Apple Root CA; Xcode ones the StoreKit
            // certificate alone.
            #expect(receipt.certificates.count == (receipt.isXcode ? 1 : 3), "\(receipt.name)")
            for certificate in receipt.certificates {
                switch checkCertificate(certificate, library: library) {
                case .verified: verified += 1
                case .skippedECDSA: skipped += 1
                case .failed: break
                }
            }
        }
        print("RSA certificate signatures (embedded in receipts): \(verified) verified, \(skipped) ECDSA skipped")
        #expect(library.receipts.filter { !$0.isXcode }.count == appStoreReceipts)
        #expect(library.receipts.filter(\.isXcode).count == 3)
        #expect(verified == appStoreReceipts * 3 + 3)
        #expect(skipped == 0)
    }

    private func checkReceiptSignatures(_ library: CertificateLibrary, appStoreReceipts: Int) {
        var verified = 0
        var byDigest: [RSATestDigest: Int] = [:]
        for receipt in library.receipts {
            let signedData = receipt.signedData
            let name = receipt.name
            #expect(signedData.signerCount == 1, "\(name)")
            // No signed attributes: the signature covers the digest of the content itself.
            #expect(!signedData.hasSignedAttributes, "\(name)")
            guard let digest = RSATestDigest(hashOID: signedData.digestAlgorithm), digest == .sha1 || digest == .sha256
            else {
                Issue.record("\(name): digest algorithm \(signedData.digestAlgorithm)")
                continue
            }
            // rsaEncryption (App Store, the 2020 Xcode receipt) or sha256WithRSAEncryption (later Xcode receipts).
            let algorithm = signedData.signatureAlgorithm
            #expect(
                algorithm == OIDs.rsaEncryption || RSATestDigest(rsaSignatureOID: algorithm) == digest,
                "\(name): signature algorithm \(algorithm) with digest \(digest)"
            )
            guard
                let leaf = receipt.certificates.first(where: {
                    $0.issuer.elementsEqual(signedData.signerIssuer) && $0.serial.elementsEqual(signedData.signerSerial)
                })
            else {
                Issue.record("\(name): no certificate matches the SignerInfo's issuer and serial number")
                continue
            }
            let key: RSAPublicKey
            do {
                key = try loadRSAKey(subjectPublicKeyInfo: leaf.subjectPublicKeyInfo).key
            } catch {
                Issue.record("\(name): the signing certificate's key did not load: \(error)")
                continue
            }
            let content = signedData.content
            let signature = signedData.signature
            let ok = key.isValidSignature(signature, for: content, padding: digest.padding)
            #expect(ok, "\(name): the receipt signature does not verify")
            #expect(
                key.isValidSignature(signature, forDigest: digest.digest(content), padding: digest.padding),
                "\(name): the receipt signature does not verify with a precomputed digest"
            )
            let payloadBit = content.count * 4 + 3  // a bit in the middle of the payload
            #expect(
                !key.isValidSignature(signature, for: flippingBit(content, payloadBit), padding: digest.padding),
                "\(name): verifies after a payload bit flip"
            )
            let signatureBit = signature.count * 8 - 9
            #expect(
                !key.isValidSignature(flippingBit(signature, signatureBit), for: content, padding: digest.padding),
                "\(name): verifies after a signature bit flip"
            )
            for (label, other) in library.otherKeys(sameSizeAs: leaf.subjectPublicKeyInfo) {
                #expect(
                    !other.isValidSignature(signature, for: content, padding: digest.padding),
                    "\(name): verifies with \(label)"
                )
            }
            if ok {
                verified += 1
                byDigest[digest, default: 0] += 1
            }
        }
        print(
            "Receipt signatures: \(verified) of \(library.receipts.count) verified"
                + " (SHA-1: \(byDigest[.sha1] ?? 0), SHA-256: \(byDigest[.sha256] ?? 0))"
        )
        #expect(verified == appStoreReceipts + 3)
        // SHA-1 until 2025 on the G1/G7/G8 chains; SHA-256 on G5 and in Xcode receipts.
        #expect((byDigest[.sha1] ?? 0) >= 15)
        #expect((byDigest[.sha256] ?? 0) >= 6)
    }

    // MARK: - One certificate

    private enum Outcome {
        case verified
        case skippedECDSA
        case failed
    }

    /// Verifies `certificate` with its issuer's key and checks the three ways it must fail.
    private func checkCertificate(
        _ certificate: TestCertificate,
        library: CertificateLibrary,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Outcome {
        let name = certificate.name
        guard let digest = certificate.rsaSignatureDigest else {
            let ecdsa = [OIDs.ecdsaWithSHA256, OIDs.ecdsaWithSHA384]
            #expect(
                ecdsa.contains(certificate.signatureAlgorithm),
                "\(name): unknown algorithm \(certificate.signatureAlgorithm)"
            )
            return .skippedECDSA
        }
        let issuers = library.issuerKeys(of: certificate)
        guard issuers.count == 1, let issuer = issuers.first else {
            Issue.record(
                "\(name): \(issuers.count) distinct issuer keys among the certificates whose subject is its issuer",
                sourceLocation: sourceLocation
            )
            return .failed
        }
        let key: RSAPublicKey
        do {
            key = try loadRSAKey(subjectPublicKeyInfo: issuer).key
        } catch {
            Issue.record("\(name): the issuer's key did not load: \(error)", sourceLocation: sourceLocation)
            return .failed
        }
        let tbs = certificate.tbs
        let signature = certificate.signature
        let padding = digest.padding
        var ok = true
        func check(_ condition: Bool, _ what: String) {
            if !condition {
                ok = false
                Issue.record(
                    "\(name) (\(digest), \(key.modulusBitCount)-bit issuer key): \(what)",
                    sourceLocation: sourceLocation
                )
            }
        }
        check(key.isValidSignature(signature, for: tbs, padding: padding), "the signature does not verify")
        check(
            key.isValidSignature(signature, forDigest: digest.digest(tbs), padding: padding),
            "the signature does not verify with a precomputed digest"
        )
        let tbsBit = tbs.count * 4 + 1
        check(
            !key.isValidSignature(signature, for: flippingBit(tbs, tbsBit), padding: padding),
            "verifies after a TBS bit flip"
        )
        let signatureBit = signature.count * 8 / 3
        check(
            !key.isValidSignature(flippingBit(signature, signatureBit), for: tbs, padding: padding),
            "verifies after a signature bit flip"
        )
        let others = library.otherKeys(sameSizeAs: issuer)
        check(!others.isEmpty, "no other key of the same size")
        for (label, other) in others {
            check(!other.isValidSignature(signature, for: tbs, padding: padding), "verifies with \(label)")
        }
        // The same digest algorithm in the padding is part of what is signed.
        for wrong in RSATestDigest.allCases where wrong != digest {
            check(!key.isValidSignature(signature, for: tbs, padding: wrong.padding), "verifies as \(wrong)")
        }
        return ok ? .verified : .failed
    }
}

// MARK: - The vectors, parsed once per test

private struct TestReceipt {
    let name: String
    let isXcode: Bool
    let signedData: TestSignedData
    let certificates: [TestCertificate]
}

/// Every certificate of the vectors folder and every receipt with its embedded certificates.
private struct CertificateLibrary {
    let folderCertificates: [TestCertificate]
    let receipts: [TestReceipt]
    /// Every distinct certificate, from the folders and the receipts: where issuers are looked for.
    let all: [TestCertificate]
    /// Every distinct RSA SubjectPublicKeyInfo among them, with its loaded key.
    let rsaKeys: [(spki: ArraySlice<UInt8>, key: RSAPublicKey)]

    /// The carried vectors, and with `includingOptional` the optional receipt and certificate too.
    static func load(
        includingOptional: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CertificateLibrary {
        var certificateFiles: [(name: String, url: URL)] = []
        for folder in ProjectVectors.certificateFolders {
            for url in try ProjectVectors.files(in: "certs/\(folder)", suffix: "") {
                certificateFiles.append(("certs/\(folder)/\(url.lastPathComponent)", url))
            }
        }
        var receiptFiles: [(name: String, url: URL, isXcode: Bool)] = []
        for folder in ["apple", "xcode"] {
            for url in try ProjectVectors.files(in: "receipts/\(folder)", suffix: ".der") {
                receiptFiles.append(("receipts/\(folder)/\(url.lastPathComponent)", url, folder == "xcode"))
            }
        }
        if includingOptional {
            certificateFiles += OptionalVectors.certificatePaths.map { ($0, OptionalVectors.file($0)) }
            receiptFiles += OptionalVectors.appStoreReceiptPaths.map { ($0, OptionalVectors.file($0), false) }
        }
        var folderCertificates: [TestCertificate] = []
        for (name, url) in certificateFiles {
            do {
                folderCertificates.append(try TestCertificate(der: try ProjectVectors.bytes(url), name: name))
            } catch let error as DERError {
                Issue.record("\(name) does not parse: \(error)", sourceLocation: sourceLocation)
            }
        }
        var receipts: [TestReceipt] = []
        for (name, url, isXcode) in receiptFiles {
            do {
                let signedData = try TestSignedData(try ProjectVectors.bytes(url), rules: isXcode ? .ber : .der)
                var certificates: [TestCertificate] = []
                for (index, der) in signedData.certificates.enumerated() {
                    certificates.append(try TestCertificate(der: der, name: "\(name) certificate \(index)"))
                }
                receipts.append(
                    TestReceipt(
                        name: name,
                        isXcode: isXcode,
                        signedData: signedData,
                        certificates: certificates
                    )
                )
            } catch let error as DERError {
                Issue.record("\(name) does not parse: \(error)", sourceLocation: sourceLocation)
            }
        }
        var all: [TestCertificate] = []
        var seen: Set<[UInt8]> = []
        for certificate in folderCertificates + receipts.flatMap(\.certificates)
        where seen.insert(certificate.der).inserted {
            all.append(certificate)
        }
        var rsaKeys: [(ArraySlice<UInt8>, RSAPublicKey)] = []
        var seenKeys: Set<ArraySlice<UInt8>> = []
        for certificate in all where certificate.publicKeyAlgorithm == OIDs.rsaEncryption {
            guard seenKeys.insert(certificate.subjectPublicKeyInfo).inserted else { continue }
            do {
                rsaKeys.append(
                    (
                        certificate.subjectPublicKeyInfo,
                        try loadRSAKey(subjectPublicKeyInfo: certificate.subjectPublicKeyInfo).key
                    )
                )
            } catch {
                Issue.record("\(certificate.name): its RSA key does not load: \(error)", sourceLocation: sourceLocation)
            }
        }
        return CertificateLibrary(
            folderCertificates: folderCertificates,
            receipts: receipts,
            all: all,
            rsaKeys: rsaKeys
        )
    }

    /// The distinct SubjectPublicKeyInfos of the certificates whose subject name is `certificate`'s issuer
    /// name, byte for byte (the self-signed roots included).
    func issuerKeys(of certificate: TestCertificate) -> [ArraySlice<UInt8>] {
        var keys: [ArraySlice<UInt8>] = []
        for candidate in all
        where candidate.subject == certificate.issuer && !keys.contains(candidate.subjectPublicKeyInfo) {
            keys.append(candidate.subjectPublicKeyInfo)
        }
        return keys
    }

    /// Keys of the same size as the one in `spki` but different: every other real key of that size, and the
    /// key itself with one modulus bit changed in the middle.
    func otherKeys(sameSizeAs spki: ArraySlice<UInt8>) -> [(String, RSAPublicKey)] {
        guard let numbers = rsaNumbers(spki) else {
            Issue.record("not an RSA SubjectPublicKeyInfo")
            return []
        }
        let (modulus, exponent) = numbers
        let bits = bitLength(modulus)
        var others: [(String, RSAPublicKey)] = []
        for (otherSPKI, key) in rsaKeys where key.modulusBitCount == bits && otherSPKI != spki {
            others.append(("another \(bits)-bit certificate key", key))
            if others.count == 2 { break }
        }
        let altered = flippingBit(modulus, modulus.count * 4 + 2)
        do {
            others.append(
                (
                    "the issuer key with one modulus bit changed",
                    try loadRSAKey(modulus: altered, exponent: exponent).key
                )
            )
        } catch {
            Issue.record("an altered \(bits)-bit key did not load: \(error)")
        }
        return others
    }
}

/// The modulus and exponent (INTEGER contents without the sign octet) of an rsaEncryption SubjectPublicKeyInfo.
private func rsaNumbers(_ spki: ArraySlice<UInt8>) -> (modulus: [UInt8], exponent: [UInt8])? {
    try? DERReader.parse(spki) { reader throws(DERError) in
        try reader.readSequence { info throws(DERError) in
            _ = try info.readElement(.sequence)
            let key = try info.readBitString()
            return try DERReader.parse(key.bytes) { keyReader throws(DERError) in
                try keyReader.readSequence { numbers throws(DERError) in
                    (
                        withoutLeadingZeros(try numbers.readIntegerBytes()),
                        withoutLeadingZeros(try numbers.readIntegerBytes())
                    )
                }
            }
        }
    }
}
