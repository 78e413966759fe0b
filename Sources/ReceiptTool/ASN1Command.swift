import PureDER

/// `receipt asn1 [--ber] FILE|-`: an ASN.1 tree dump in the manner of `openssl asn1parse -i`.
enum ASN1Command {
    static func run(_ arguments: [String], io: ToolIO) throws(ToolFailure) {
        var rules = EncodingRules.der
        var paths: [String] = []
        for argument in arguments {
            switch argument {
            case "--ber": rules = .ber
            case "-": paths.append(argument)
            case _ where argument.hasPrefix("-"):
                throw ToolFailure(status: ExitStatus.usage, message: "asn1: unknown option '\(argument)'")
            default: paths.append(argument)
            }
        }
        guard paths.count == 1, let path = paths.first else {
            throw ToolFailure(
                status: ExitStatus.usage,
                message: "asn1: expected one FILE or -\n\n\(ReceiptCommand.usage)"
            )
        }
        let (bytes, _) = try readInput(path, io: io)
        let tree: DERTree
        do throws(DERError) {
            tree = try DERTree(parsing: bytes, rules: rules)
        } catch {
            let hint = rules == .der && error.code == .indefiniteLength ? " (try --ber)" : ""
            throw ToolFailure(status: ExitStatus.failure, message: "\(path): \(error)\(hint)")
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
