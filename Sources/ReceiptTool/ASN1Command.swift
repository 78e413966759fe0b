import PureDER

/// `receipt asn1 [--der|--ber] FILE|-`: an ASN.1 tree dump in the manner of `openssl asn1parse -i`.
enum ASN1Command {
    /// Which rules a dump uses.
    enum Mode {
        /// Strict DER; if that fails and BER succeeds, the BER tree with a note on standard error.
        case automatic
        /// Strict DER only (`--der`).
        case der
        /// The BER relaxations of ``EncodingRules/ber`` (`--ber`).
        case ber
    }

    static func run(_ arguments: [String], io: ToolIO) throws(ToolFailure) {
        let (flags, path) = try parseSingleInput(arguments, command: "asn1", flags: ["--ber", "--der"])
        guard flags.count < 2 else {
            throw ToolFailure(status: ExitStatus.usage, message: "asn1: --der and --ber exclude each other")
        }
        let mode: Mode = flags.contains("--ber") ? .ber : flags.contains("--der") ? .der : .automatic
        let (bytes, _) = try readInput(path, io: io)
        let tree: DERTree
        do throws(DERError) {
            tree = try DERTree(parsing: bytes, rules: mode == .ber ? .ber : .der)
        } catch {
            guard mode == .automatic else {
                throw ToolFailure(status: ExitStatus.failure, message: "\(path): \(error)")
            }
            do throws(DERError) {
                tree = try DERTree(parsing: bytes, rules: .ber)
                io.err("receipt: note: \(path) is BER, not DER (\(error)); shown with the BER rules\n")
            } catch let berError {
                // Where DER stopped at a relaxation BER allows, the BER error is the real fault.
                let relaxed = error.code == .indefiniteLength || error.code == .invalidConstruction
                throw ToolFailure(
                    status: ExitStatus.failure,
                    message: relaxed ? "\(path): \(berError) (read as BER; as DER: \(error))" : "\(path): \(error)"
                )
            }
        }
        var text = ""
        for node in tree.nodes {
            text += line(for: node, in: tree)
            text += "\n"
        }
        io.out(text)
    }

    /// `  offset:d=depth hl=N l=N cons: <indent>NAME  :value`, like `openssl asn1parse -i`.
    static func line(for node: DERTree.Node, in tree: DERTree) -> String {
        let length = node.isIndefiniteLength ? "inf" : "\(node.contentLength)"
        var text = "\(leftPad(node.offset, 5)):d=\(rightPad("\(node.depth)", 2)) hl=\(node.headerLength) "
        text += "l=\(leftPad(length, 4)) \(node.tag.isConstructed ? "cons" : "prim"): "
        text += String(repeating: " ", count: node.depth)
        let name = node.tag.description
        let value = node.tag.isConstructed ? "" : ValueFormatter.summary(of: tree.element(node))
        text += value.isEmpty ? name : rightPad(name, 18) + ":" + value
        return text
    }

    private static func leftPad(_ value: some CustomStringConvertible, _ width: Int) -> String {
        let text = value.description
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private static func rightPad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
