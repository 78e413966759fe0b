import Foundation
import PureSignedData
import PureX509
import Testing
import VectorSupport

/// The forgeries and controls of `TestVectors/jws/forgeries` (made by its `make.py` with the project's own
/// elliptic test PKI): each control verifies, and each forgery is refused at the step and with the code its
/// manifest names.
@Suite struct SignedDataForgeryTests {
    struct Manifest: Decodable {
        struct Case: Decodable, CustomTestStringConvertible {
            struct Outcome: Decodable {
                let step: String
                let code: String
                let nestedIn: String?
                /// The member an expectation compared, as the error names it.
                let field: String?
            }

            struct Expectations: Decodable {
                let bundleId: String?
                let environment: String?
                let appAppleId: Int64?
            }

            let name: String
            let anchor: String
            /// `signedDate`: the verifier's default, the payload's own; `instant`: the caller's, `at`.
            let time: String
            /// The instant the chain is validated at, in milliseconds.
            let at: Int64
            let expect: Outcome?
            let expectations: Expectations?
            let note: String

            var testDescription: String { name }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                name = try container.decode(String.self, forKey: .name)
                anchor = try container.decode(String.self, forKey: .anchor)
                time = try container.decode(String.self, forKey: .time)
                at = try container.decode(Int64.self, forKey: .at)
                expectations = try container.decodeIfPresent(Expectations.self, forKey: .expectations)
                note = try container.decode(String.self, forKey: .note)
                // "valid", or the step and code of the refusal.
                expect = try? container.decode(Outcome.self, forKey: .expect)
            }

            enum CodingKeys: String, CodingKey {
                case name, anchor, time, at, expect, expectations, note
            }
        }

        let cases: [Case]
    }

    static let cases: [Manifest.Case] = {
        guard let data = try? Data(contentsOf: ProjectVectors.file("jws/forgeries/manifest.json")),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        else { return [] }
        return manifest.cases
    }()

    static func certificate(_ name: String) throws -> Certificate {
        try Certificate(derEncoded: try ProjectVectors.bytes("jws/forgeries/pki/\(name).der"))
    }

    static func verifier(for testCase: Manifest.Case) throws -> SignedDataVerifier {
        let trust: SignedDataTrust
        switch testCase.anchor {
        case "apple-g3": trust = .appStore
        case "test-root": trust = .replacingAnchors(with: [try certificate("test-root")])
        case "lookalike-root": trust = .replacingAnchors(with: [try certificate("lookalike-root")])
        default: throw CocoaError(.featureUnsupported)
        }
        let expected = testCase.expectations
        return SignedDataVerifier(
            trust: trust,
            validationTime: testCase.time == "instant" ? .instant(testCase.at / 1000) : .signedDate,
            expectations: .init(
                bundleIdentifier: expected?.bundleId,
                environment: expected?.environment.map { AppStoreEnvironment(rawValue: $0) },
                appAppleID: expected?.appAppleId
            )
        )
    }

    @Test func theManifestListsEveryCase() throws {
        let files = try ProjectVectors.files(in: "jws/forgeries", suffix: ".jws")
        #expect(Self.cases.count == 56)
        #expect(Self.cases.allSatisfy { $0.time == "signedDate" || $0.time == "instant" })
        #expect(Set(files.map { $0.deletingPathExtension().lastPathComponent }) == Set(Self.cases.map(\.name)))
    }

    @Test(arguments: cases)
    func eachCaseHasItsOutcome(_ testCase: Manifest.Case) throws {
        let text = try ProjectVectors.text("jws/forgeries/\(testCase.name).jws")
        let verifier = try Self.verifier(for: testCase)
        guard let expected = testCase.expect else {
            let verified = try verifier.verify(text)
            // At `signedDate`, the instant the verifier chose from the payload, which the manifest states apart.
            #expect(verified.validationTime == testCase.at / 1000)
            return
        }
        let error = try #require(throws: SignedDataError.self) { try verifier.verify(text) }
        #expect(error.step.rawValue == expected.step, "\(error)")
        #expect(error.nestedIn == expected.nestedIn, "\(error)")
        if let field = expected.field { #expect(error.field == field, "\(error)") }
        if error.code == .pathValidation {
            // The manifest names the path validator's code: why the chain failed.
            #expect(error.path?.code.rawValue == expected.code, "\(error)")
        } else {
            #expect(error.code.rawValue == expected.code, "\(error)")
        }
    }

    @Test func theControlNotificationCarriesItsNestedDataVerified() throws {
        let testCase = try #require(Self.cases.first { $0.name == "control-notification" })
        let verified = try Self.verifier(for: testCase).verify(
            try ProjectVectors.text("jws/forgeries/control-notification.jws"),
            as: ResponseBodyV2DecodedPayload.self
        )
        #expect(verified.nested.map(\.path) == ["data.signedTransactionInfo", "data.signedRenewalInfo"])
        guard case .transaction(let transaction)? = verified.nested(at: "data.signedTransactionInfo")?.payload else {
            Issue.record("the nested transaction is not a transaction")
            return
        }
        #expect(transaction.bundleId == "com.example.pure-receipt")
        #expect(verified.nested(at: "data.signedRenewalInfo")?.kind == .renewalInfo)
    }

    @Test func theTestPKIsRootIsTheAnchorNotItsCopyInX5c() throws {
        let testCase = try #require(Self.cases.first { $0.name == "control-transaction" })
        let verified = try Self.verifier(for: testCase).verify(
            try ProjectVectors.text("jws/forgeries/control-transaction.jws")
        )
        #expect(verified.chain.certificates.count == 3)
        #expect(verified.chain.anchor.encoded == (try Self.certificate("test-root")).encoded)
    }

    @Test func aSignatureOfAnotherLengthIsMalformedWithItsECDSAError() throws {
        let testCase = try #require(Self.cases.first { $0.name == "signature-der-encoded" })
        let error = try #require(throws: SignedDataError.self) {
            try Self.verifier(for: testCase).verify(
                try ProjectVectors.text("jws/forgeries/signature-der-encoded.jws")
            )
        }
        #expect(error.code == .malformedSignature)
        #expect(error.ecdsa?.code == .invalidLength)
    }

    @Test func rAtTheGroupOrderIsOutOfRange() throws {
        let testCase = try #require(Self.cases.first { $0.name == "signature-r-order" })
        let error = try #require(throws: SignedDataError.self) {
            try Self.verifier(for: testCase).verify(try ProjectVectors.text("jws/forgeries/signature-r-order.jws"))
        }
        #expect(error.ecdsa?.code == .scalarOutOfRange)
    }
}
