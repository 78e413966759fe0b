import Foundation
import Testing
import VectorSupport

@testable import ReceiptTool

/// `receipt dump` on StoreKit signed data: recognised by its form, decoded, marked unverified.
@Suite struct DumpSignedDataTests {
    @Test func dumpsARealTransactionAsUnverifiedJSONWithApplesFieldNames() throws {
        let path = ProjectVectors.file("jws/apple-signed/gopay_transaction_2022-11-04_0cd9c84b.jws").path
        let run = runTool(["dump", "--json", path])
        #expect(run.status == 0)
        #expect(run.out.hasPrefix(#"{"verified":false,"kind":"transaction","header":{"alg":"ES256"},"certificates":["#))
        #expect(run.out.contains(#""transactionId":"2000000184445477""#))
        #expect(run.out.contains(#""signedDate":1667559685499"#))
    }

    @Test func dumpsAnXcodeRenewalInfoFromStandardInputWithItsFinalNewline() throws {
        var bytes = try ProjectVectors.bytes("jws/xcode/xcode-signed-renewal-info.jws")
        bytes.append(0x0A)
        let run = runTool(["dump", "-"], stdin: bytes)
        #expect(run.status == 0)
        #expect(
            run.out.hasPrefix("UNVERIFIED: decoded without checking the signature or the chain (use receipt verify)\n")
        )
        #expect(run.out.contains("renewalInfo"))
        #expect(run.out.contains("Apple_Xcode_Key"))
    }

    @Test func aJWSWithAnotherAlgorithmFailsWithItsCode() throws {
        let path = ProjectVectors.file("jws/negative/mimo-dotnet_alg-HS256.jws").path
        let run = runTool(["dump", path])
        #expect(run.status == 1)
        #expect(run.err.contains("unsupportedAlgorithm"))
    }
}
