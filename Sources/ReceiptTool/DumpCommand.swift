import PureDER
import PureJSON
import PurePKCS7
import PureReceipt
import PureReceiptJSON

/// `receipt dump [--json] FILE|-`: a receipt's fields, in-app purchases and embedded certificates, decoded
/// without verifying anything, and marked so.
enum DumpCommand {
    static func run(_ arguments: [[UInt8]], io: ToolIO) throws(ToolFailure) {
        let (flags, name) = try parseSingleInput(arguments, command: "dump", flags: ["--json"])
        let json = flags.contains("--json")
        let (bytes, _) = try readInput(name, io: io)
        let signedData: SignedData
        let receipt: AppReceipt
        do throws(PKCS7Error) {
            signedData = try SignedData(berEncoded: bytes)
        } catch {
            throw ToolFailure(
                status: ExitStatus.failure,
                message:
                    "\(name.display): \(TerminalText.escapedMessage(error.description))"
            )
        }
        do throws(ReceiptError) {
            receipt = try AppReceipt(contentOf: signedData)
        } catch {
            throw ToolFailure(
                status: ExitStatus.failure,
                message:
                    "\(name.display): \(TerminalText.escapedMessage(error.description))"
            )
        }
        let fields: [(String, JSONValue)] = [
            ("verified", .bool(false)),
            ("receipt", ReceiptJSON.receipt(receipt)),
            ("certificates", .array(signedData.certificates.map(ReceiptJSON.certificate))),
        ]
        if json {
            try io.out(JSONOutput.line(.object(fields)))
        } else {
            try io.out(
                "UNVERIFIED: decoded without checking the signature or the chain (use receipt verify)\n"
                    + JSONOutput.indentedText(Array(fields.dropFirst()))
            )
        }
    }
}
