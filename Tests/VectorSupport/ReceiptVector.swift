public import Foundation

/// A real receipt and what its `expected.json` records (made independently with openssl and a Python decoder;
/// see TestVectors/PROVENANCE.md).
public struct ReceiptVector {
    /// The file name, e.g. `TPInAppReceipt_receipt-sandbox-g5.der`.
    public let name: String
    /// The receipt's bytes.
    public let bytes: [UInt8]
    /// The whole `expected.json` object.
    public let expected: [String: Any]

    /// Reads the receipt at `url` and the `.expected.json` beside it; a receipt without one is an error.
    public init(contentsOf url: URL) throws {
        let expectedURL = url.deletingPathExtension().appendingPathExtension("expected.json")
        guard FileManager.default.fileExists(atPath: expectedURL.path) else {
            throw MissingFact(file: url.lastPathComponent, fact: "expected.json")
        }
        let json = try? JSONSerialization.jsonObject(with: try Data(contentsOf: expectedURL))
        guard let expected = json as? [String: Any] else {
            throw MissingFact(file: url.lastPathComponent, fact: "JSON object in expected.json")
        }
        self.name = url.lastPathComponent
        self.bytes = try ProjectVectors.bytes(url)
        self.expected = expected
    }

    /// `receipt.receipt_creation_date_epoch`: the time the receipt is validated at.
    public var creationDate: Int64 {
        get throws {
            let receipt = expected["receipt"] as? [String: Any]
            guard let epoch = receipt?["receipt_creation_date_epoch"] as? Int else {
                throw MissingFact(file: name, fact: "receipt.receipt_creation_date_epoch")
            }
            return Int64(epoch)
        }
    }
}

/// A fact a vector's `expected.json` lacks.
public struct MissingFact: Error, CustomStringConvertible {
    /// The receipt whose expected.json is short.
    public let file: String
    /// The missing member or file.
    public let fact: String
    /// What is missing where.
    public var description: String { "\(file): no \(fact)" }
}
