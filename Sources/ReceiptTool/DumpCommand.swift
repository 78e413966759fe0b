import PureDER
import PureJSON
import PurePKCS7
import PureReceipt
import PureReceiptJSON
import PureSignedData

/// `receipt dump [--json] FILE|-`: a receipt's fields, in-app purchases and embedded certificates, or StoreKit
/// signed data's (JWS) header, certificates and payload, decoded without verifying anything, and marked so.
enum DumpCommand {
    static func run(_ arguments: [[UInt8]], io: ToolIO) throws(ToolFailure) {
        let (flags, name) = try parseSingleInput(arguments, command: "dump", flags: ["--json"])
        let json = flags.contains("--json")
        let bytes: [UInt8]
        switch LoadedInput(raw: try readRawInput(name, io: io)) {
        case .signedData(let text): return try dumpSignedData(text[...], name: name, json: json, io: io)
        case .receipt(let receipt): bytes = receipt
        case .unrecognisedText(let reason): throw ToolFailure.undecodable(name.display, reason)
        }
        let signedData: SignedData
        let receipt: AppReceipt
        do throws(PKCS7Error) {
            signedData = try SignedData(berEncoded: bytes)
        } catch {
            throw ToolFailure.undecodable(name.display, error.description)
        }
        do throws(ReceiptError) {
            receipt = try AppReceipt(contentOf: signedData)
        } catch {
            throw ToolFailure.undecodable(name.display, error.description)
        }
        guard !json else {
            var writer = JSONOutput.writer()
            return try io.out(
                JSONOutput.line(&writer) { writer in
                    writer.key("verified")
                    writer.bool(false)
                    writer.key("receipt")
                    ReceiptJSON.receipt(receipt, into: &writer)
                    writer.key("certificates")
                    writer.beginArray()
                    for certificate in signedData.certificates { ReceiptJSON.certificate(certificate, into: &writer) }
                    writer.endArray()
                }
            )
        }
        let fields: [(String, JSONValue)] = [
            ("receipt", ReceiptJSON.receipt(receipt)),
            ("certificates", .array(signedData.certificates.map(ReceiptJSON.certificate))),
        ]
        try printUnverifiedText(fields, io: io)
    }

    /// Prints what `dump` decoded as indented text, under a line that says nothing was verified.
    static func printUnverifiedText(_ fields: [(String, JSONValue)], io: ToolIO) throws(ToolFailure) {
        try io.out(
            "UNVERIFIED: decoded without checking the signature or the chain (use receipt verify)\n"
                + JSONOutput.indentedText(fields)
        )
    }
}

extension DumpCommand {
    /// A JWS, recognised by its form: App Store layout (three certificates), or Xcode's (one) when the header
    /// has exactly one. Nothing is verified, so the data choosing its own layout trusts nothing.
    static func dumpSignedData(
        _ bytes: ArraySlice<UInt8>,
        name: InputName,
        json: Bool,
        io: ToolIO
    ) throws(ToolFailure) {
        let decoded: UnverifiedSignedData<DecodedPayload>
        do throws(SignedDataError) {
            do throws(SignedDataError) {
                decoded = try UnverifiedSignedData(unverified: bytes, layout: .appStore)
            } catch  where error.code == .certificateCount {
                decoded = try UnverifiedSignedData(unverified: bytes, layout: .xcode)
            }
        } catch {
            throw ToolFailure(
                status: ExitStatus.failure,
                message: "\(name.display): \(error.code): \(TerminalText.escapedMessage(error.description))"
            )
        }
        var header: [(String, JSONValue)] = [("alg", .string(decoded.header.algorithm))]
        if let kid = decoded.header.keyIdentifier { header.append(("kid", .string(kid))) }
        if let type = decoded.header.type { header.append(("typ", .string(type))) }
        if json {
            var writer = JSONOutput.writer()
            try io.out(
                JSONOutput.line(&writer) { writer in
                    writer.key("verified")
                    writer.bool(false)
                    writer.key("kind")
                    writer.string(decoded.payload.kind.rawValue)
                    writer.key("header")
                    writer.value(.object(header))
                    writer.key("certificates")
                    writer.beginArray()
                    for certificate in decoded.header.certificates {
                        ReceiptJSON.certificate(certificate, into: &writer)
                    }
                    writer.endArray()
                    writer.key("payload")
                    writer.value(decoded.payload.json)
                }
            )
        } else {
            let fields: [(String, JSONValue)] = [
                ("kind", .string(decoded.payload.kind.rawValue)),
                ("header", .object(header)),
                ("certificates", .array(decoded.header.certificates.map(ReceiptJSON.certificate))),
                ("payload", decoded.payload.json),
            ]
            try printUnverifiedText(fields, io: io)
        }
    }
}
