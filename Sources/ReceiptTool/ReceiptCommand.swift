import PureDER

/// The `receipt` command line: dispatches a subcommand and turns failures into exit statuses.
enum ReceiptCommand {
    static let usage = """
        usage: receipt <command> [options]

        commands:
          verify FILE...|DIR...|-|--lines FILE|- [--recursive] [--bundle-id ID] [--version V]
                 [--device-id UUID|HEX] [--app-apple-id N] [--environment ENV] [--anchor CERT]...
                 [--at RFC3339|now] [--json] [--jobs N] [--no-memo]
                                verify App Store receipts and StoreKit 2 signed data (JWS): signature,
                                chain to the Apple root (Apple Root CA - G3 for JWS) at each receipt's
                                creation date or each JWS's signedDate (or --at), and the expected
                                values; one line per input, in input order, as a stream (--lines: one
                                base64 receipt or one JWS per line); --no-memo: verify every
                                certificate signature again for every input
          entitlements INPUTS [--at RFC3339|now] [--validate-at RFC3339|now] [--json] [verify's options]
                                verify as verify does, then print what each receipt grants at --at
                                (default: its creation date): active subscriptions, products bought, the
                                original application version
          dump [--json] FILE|-  decode a receipt's fields, in-app purchases and certificates, or a JWS's
                                header, certificates and payload, UNVERIFIED
          asn1 [--der|--ber] FILE|-
                                print the ASN.1 tree of DER or BER input (binary, base64 or PEM), one line
                                per element: offset, depth, header and content length, tag, value.
                                Strict DER, falling back to BER with a note; --der: strict DER only;
                                --ber: the BER relaxations of Xcode receipts
          digest [-a sha1|sha256|sha384|sha512] FILE...|-
                                print 'HEX  NAME' lines like sha256sum (default sha256)
          fingerprint CERT|-    print the SHA-1 and SHA-256 fingerprints of a DER or PEM certificate,
                                or of each certificate of a PEM bundle
          cert [--json] CERT|-  print a certificate: names, serial, validity, key, algorithm, extensions,
                                fingerprints

        Exit status: 0 success, 1 malformed input or failed check, 2 usage error, an input that
        cannot be read, or output that cannot be written (docs/cli.md).

        """

    /// Runs the command line `arguments` (without the program name, each as its bytes) and returns the exit status.
    static func run(_ arguments: [[UInt8]], io: ToolIO) -> Int32 {
        do throws(ToolFailure) {
            try dispatch(arguments, io: io)
            return ExitStatus.success
        } catch {
            do throws(ToolFailure) {
                try io.err("receipt: \(error.message)\n")
            } catch {
                // Standard error cannot be written either: the exit status is all that is left to tell it.
                return ExitStatus.usage
            }
            return error.status
        }
    }

    /// ``run(_:io:)-([[UInt8]],_)`` with arguments as text.
    static func run(_ arguments: [String], io: ToolIO) -> Int32 {
        run(arguments.map { Array($0.utf8) }, io: io)
    }

    private static func dispatch(_ arguments: [[UInt8]], io: ToolIO) throws(ToolFailure) {
        guard let command = arguments.first.map({ String(decoding: $0, as: UTF8.self) }) else {
            try io.err(usage)
            throw ToolFailure.usage("expected a command")
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "verify": try VerifyCommand.run(rest, io: io)
        case "entitlements": try EntitlementsCommand.run(rest, io: io)
        case "dump": try DumpCommand.run(rest, io: io)
        case "asn1": try ASN1Command.run(rest, io: io)
        case "digest": try DigestCommand.run(rest, io: io)
        case "fingerprint": try FingerprintCommand.run(rest, io: io)
        case "cert": try CertificateCommand.run(rest, io: io)
        case "-h", "--help", "help": try io.out(usage)
        default: throw .usage("unknown command '\(TerminalText.escaped(command))'\n\n\(usage)")
        }
    }
}
