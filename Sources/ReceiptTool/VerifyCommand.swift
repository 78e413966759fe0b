import PureDER
import PureReceipt
import PureReceiptJSON

/// `receipt verify FILE... [--bundle-id ID] [--version V] [--device-id UUID|HEX] [--anchor CERT]...
/// [--at RFC3339|now] [--json] [--jobs N]`: one result per input, verified in parallel; exit 0 when every
/// input is valid, 1 when any is invalid, 2 on usage or I/O errors.
enum VerifyCommand {
    static func run(_ arguments: [String], io: ToolIO) throws(ToolFailure) {
        let options = try ValidationOptions.parse(arguments, command: "verify", validationTimeOption: "--at")
        try options.validateEach(command: "verify", io: io) { path, result in
            options.json ? ReceiptJSON.verification(result, file: path).text : text(path, result)
        }
    }

    static func text(_ path: String, _ result: Result<ValidatedReceipt, ReceiptValidationError>) -> String {
        switch result {
        case .success(let validated):
            let receipt = validated.receipt
            let chain = validated.chain.certificates.map { $0.subject.commonName ?? "?" }.joined(separator: " ← ")
            return "\(path): valid: \(receipt.bundleIdentifier ?? "?") \(receipt.applicationVersion ?? "?"), "
                + "\(receipt.inAppPurchases.count) in-app purchases, signed by \(chain), "
                + "at \(UTCDateTime.rfc3339(secondsSince1970: validated.validationTime))"
        case .failure(let error):
            return "\(path): INVALID \(error)"
        }
    }
}
