import Foundation
import PureJSON
import Testing
import VectorSupport

/// The JSON inside the StoreKit 2 samples of TestVectors/jws: compact JWS `header.payload.signature`, whose
/// first two parts are base64url JSON.
enum StoreKitSamples {
    struct Sample {
        let name: String
        let header: [UInt8]
        let payload: [UInt8]
        /// The sample's `.expected.json`, written by Python's json module (TestVectors/jws/README.md). Read
        /// with this parser: swift-corelibs-foundation's JSONSerialization misreads some of its numbers
        /// (1697679936049.7297 as 1697679936049.7292).
        let expected: JSONValue
    }

    /// Every sample with three parts whose header and payload decode (the malformed ones have fewer).
    static func all() throws -> [Sample] {
        var samples: [Sample] = []
        for folder in ["apple-signed", "apple-library-mocks", "xcode", "negative"] {
            let url = ProjectVectors.folder("jws/" + folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".jws") }
            for name in names.sorted() {
                let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                let parts = text.split(separator: ".", omittingEmptySubsequences: false)
                guard parts.count == 3, let header = base64URLDecode(parts[0]), let payload = base64URLDecode(parts[1])
                else { continue }
                let expectedURL = url.appendingPathComponent(String(name.dropLast(4)) + ".expected.json")
                let expected = try JSONValue(parsing: [UInt8](Data(contentsOf: expectedURL)))
                samples.append(Sample(name: name, header: header, payload: payload, expected: expected))
            }
        }
        return samples
    }
}

@Suite struct StoreKitDocumentTests {
    @Test func everyHeaderAndPayloadParsesAndRoundTrips() throws {
        let samples = try StoreKitSamples.all()
        #expect(samples.count >= 20)
        for sample in samples {
            for bytes in [sample.header, sample.payload] {
                let value = try JSONValue(parsing: bytes)
                #expect(try JSONValue(parsing: value.text) == value, "\(sample.name)")
            }
        }
    }

    @Test func headersNameTheAlgorithmAndCarryTheChain() throws {
        for sample in try StoreKitSamples.all() where sample.name.hasPrefix("gopay") {
            let header = try JSONValue(parsing: sample.header)
            #expect(header["alg"] == .string("ES256"))
            #expect(header["x5c"]?.elements?.count == 3)
            #expect(header["x5c"]?[0]?.stringValue?.hasPrefix("MII") == true)
        }
    }

    /// The payload's members are what Python's json module read: the recorded fields, and the top-level keys
    /// in order.
    @Test func payloadsHoldWhatTheExpectedFilesRecord() throws {
        var checkedFields = 0
        for sample in try StoreKitSamples.all() {
            guard let expected = sample.expected["payload"], !expected.isNull else { continue }
            let payload = try JSONValue(parsing: sample.payload)
            let keys = try #require(expected["top_level_keys"]?.elements, "\(sample.name)")
            #expect(payload.members?.map { JSONValue.string($0.0) } == keys, "\(sample.name)")
            let fields = try #require(expected["fields"], "\(sample.name)")
            checkedFields += expectFields(fields, in: payload, sample: sample.name)
        }
        #expect(checkedFields >= 150)
    }

    /// Compares each recorded field with the parsed member; returns how many were compared.
    private func expectFields(_ fields: JSONValue, in object: JSONValue, sample: String) -> Int {
        var compared = 0
        for (key, expected) in fields.members ?? [] {
            if key.hasSuffix("_iso") { continue }  // a date the expected file derived, not a member
            if key.hasPrefix("has_") {
                let member = String(key.dropFirst(4))
                #expect(.bool(object[member] != nil) == expected, "\(sample): \(key)")
            } else if expected.members != nil {
                compared += expectFields(expected, in: object[key] ?? .null, sample: sample)
                continue
            } else {
                #expect(object[key] == expected, "\(sample): \(key)")
            }
            compared += 1
        }
        return compared
    }

    @Test func xcodeDatesAreFractionalMillisecondsAndStayDoubles() throws {
        let sample = try #require(try StoreKitSamples.all().first { $0.name == "xcode-signed-transaction.jws" })
        let payload = try JSONValue(parsing: sample.payload)
        #expect(payload["signedDate"] == .double(1_697_679_936_056.485))
        #expect(payload["purchaseDate"] == .double(1_697_679_936_049.7297))
        #expect(payload["signedDate"].map { JSONValue.array([$0]).text } == "[1697679936056.485]")
    }

    @Test func nestedSignedDataInNotificationsParsesToo() throws {
        var nested = 0
        for sample in try StoreKitSamples.all() {
            let payload = try JSONValue(parsing: sample.payload)
            for key in ["signedTransactionInfo", "signedRenewalInfo"] {
                guard let jws = payload["data"]?[key]?.stringValue else { continue }
                let parts = jws.split(separator: ".")
                let inner = try #require(parts.count == 3 ? base64URLDecode(parts[1]) : nil)
                let value = try JSONValue(parsing: inner)
                #expect(value["environment"] == payload["data"]?["environment"], "\(sample.name) \(key)")
                #expect(value["signedDate"]?.integerValue != nil, "\(sample.name) \(key)")
                nested += 1
            }
        }
        #expect(nested >= 2)
    }
}
