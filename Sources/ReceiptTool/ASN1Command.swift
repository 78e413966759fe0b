import PureDER

/// `receipt asn1 [--der|--ber] FILE|-`: an ASN.1 tree dump in the manner of `openssl asn1parse -i`, streamed: the
/// input is checked whole first (as ``DERTree`` checks it, without keeping its nodes), then walked again and
/// printed line by line through an ``OutputBuffer``, so memory is the input and one chunk of output, however many
/// lines it prints.
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

    static func run(_ arguments: [[UInt8]], io: ToolIO) throws(ToolFailure) {
        let (flags, name) = try parseSingleInput(arguments, command: "asn1", flags: ["--ber", "--der"])
        guard flags.count < 2 else { throw .usage("asn1: --der and --ber exclude each other") }
        let mode: Mode = flags.contains("--ber") ? .ber : flags.contains("--der") ? .der : .automatic
        let (bytes, _) = try readInput(name, io: io)
        guard bytes.count <= DERLimits.maximumInputSize else {
            // What DERTree says of such input, before a walk that would say it only after reading the root.
            let reason = "input of \(bytes.count) bytes; at most \(DERLimits.maximumInputSize) are parsed"
            throw ToolFailure(
                status: ExitStatus.failure,
                message: "\(name.display): \(message(DERError(.inputTooLarge, at: 0, reason)))"
            )
        }
        let rules = try rules(for: bytes, mode: mode, name: name, io: io)
        var output = OutputBuffer(io: io)
        try walk(bytes, rules: rules, name: name) { element, depth throws(ToolFailure) in
            try output.appendLine(line(for: element, depth: depth))
        }
        try output.flush()
    }

    /// The rules the input parses under, checked whole: DER, or (automatic mode) BER with a note on standard
    /// error; otherwise the failure, naming where it lies.
    private static func rules(
        for bytes: [UInt8],
        mode: Mode,
        name: InputName,
        io: ToolIO
    ) throws(ToolFailure) -> EncodingRules {
        let first: EncodingRules = mode == .ber ? .ber : .der
        do throws(DERError) {
            try check(bytes, rules: first)
            return first
        } catch {
            guard mode == .automatic else {
                throw ToolFailure(status: ExitStatus.failure, message: "\(name.display): \(message(error))")
            }
            do throws(DERError) {
                try check(bytes, rules: .ber)
            } catch let berError {
                // Where DER stopped at a relaxation BER allows, the BER error is the real fault.
                let relaxed = error.code == .indefiniteLength || error.code == .invalidConstruction
                throw ToolFailure(
                    status: ExitStatus.failure,
                    message: relaxed
                        ? "\(name.display): \(message(berError)) (read as BER; as DER: \(message(error)))"
                        : "\(name.display): \(message(error))"
                )
            }
            try io.err("receipt: note: \(name.display) is BER, not DER (\(message(error))); shown with the BER rules\n")
            return .ber
        }
    }

    /// Checks `bytes` as ``DERTree/init(parsing:rules:)-(ArraySlice<UInt8>,_)`` does, in its order: one element
    /// and nothing after it, then every element within, without keeping them.
    static func check(_ bytes: [UInt8], rules: EncodingRules) throws(DERError) {
        var outer = DERReader(bytes, rules: rules)
        let root = try outer.readElement()
        try outer.finish()
        var inner = DERReader(root.encoded, rules: rules)
        _ = try inner.readCheckedElement()
    }

    /// Hands every element of checked input to `visit` with its depth, in document order, with an explicit
    /// stack as deep as the input's nesting (at most ``DERLimits/maximumDepth``): ``DERTree``'s walk, printing as it
    /// goes instead of keeping nodes.
    static func walk(
        _ bytes: [UInt8],
        rules: EncodingRules,
        name: InputName,
        _ visit: (DERElement, Int) throws(ToolFailure) -> Void
    ) throws(ToolFailure) {
        // The input was checked whole under the same rules, so no read below fails; if one did, it would be
        // reported as any malformed input is.
        func read<Value>(_ body: () throws(DERError) -> Value) throws(ToolFailure) -> Value {
            do throws(DERError) {
                return try body()
            } catch {
                throw ToolFailure(status: ExitStatus.failure, message: "\(name.display): \(message(error))")
            }
        }
        var outer = DERReader(bytes, rules: rules)
        let root = try read { () throws(DERError) in try outer.readElement() }
        var stack = [DERReader(root.encoded, rules: rules)]
        while let top = stack.indices.last {
            guard !stack[top].isAtEnd else {
                stack.removeLast()
                continue
            }
            let element = try read { () throws(DERError) in try stack[top].readElement() }
            try visit(element, stack[top].depth)
            if element.tag.isConstructed {
                stack.append(try read { () throws(DERError) in try stack[top].reader(forContentsOf: element) })
            }
        }
    }

    /// `  offset:d=depth hl=N l=N cons: <indent>NAME  :value`, like `openssl asn1parse -i`.
    static func line(for element: DERElement, depth: Int) -> String {
        let length = element.isIndefiniteLength ? "inf" : "\(element.contentLength)"
        var text = "\(leftPad(element.offset, 5)):d=\(rightPad("\(depth)", 2)) hl=\(element.headerLength) "
        text += "l=\(leftPad(length, 4)) \(element.tag.isConstructed ? "cons" : "prim"): "
        text += String(repeating: " ", count: depth)
        let name = element.tag.description
        let value = element.tag.isConstructed ? "" : ValueFormatter.summary(of: element)
        text += value.isEmpty ? name : rightPad(name, 18) + ":" + value
        return text
    }

    private static func message(_ error: DERError) -> String {
        TerminalText.escapedMessage(error.description)
    }

    private static func leftPad(_ value: some CustomStringConvertible, _ width: Int) -> String {
        let text = value.description
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private static func rightPad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
