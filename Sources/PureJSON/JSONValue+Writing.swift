extension JSONValue {
    /// Compact JSON text (RFC 8259): no whitespace, members in order, strings escaped where §7 requires it.
    ///
    /// Text written from a parsed value parses back to an equal value. An integer is written in decimal; a
    /// double as the shortest decimal that reads back as the same double, always with a fraction or an exponent
    /// (`1.0`, `1e-07`), so it parses back as a double. A non-finite double, which no parse produces, has no
    /// JSON form: it is written as `null`, as ECMAScript's `JSON.stringify` writes it.
    ///
    /// Iterative: a value nested deeper than any parse allows is written without deep recursion.
    public var text: String {
        var output = ""
        JSONWriter.write(self, to: &output)
        return output
    }
}

/// The writer behind ``JSONValue/text``: an explicit stack of the arrays and objects being written.
enum JSONWriter {
    private enum Frame {
        case array([JSONValue], next: Int)
        case object([(String, JSONValue)], next: Int)
    }

    static func write(_ root: JSONValue, to output: inout String) {
        var stack: [Frame] = []
        var pending: JSONValue? = root
        while true {
            if let value = pending {
                pending = nil
                switch value {
                case .string(let string): writeString(string, to: &output)
                case .integer(let integer): output += "\(integer)"
                case .double(let double): writeDouble(double, to: &output)
                case .bool(let flag): output += flag ? "true" : "false"
                case .null: output += "null"
                case .array(let values):
                    output += "["
                    stack.append(.array(values, next: 0))
                case .object(let members):
                    output += "{"
                    stack.append(.object(members, next: 0))
                }
            }
            guard let frame = stack.popLast() else { return }
            switch frame {
            case .array(let values, let next):
                guard next < values.count else {
                    output += "]"
                    continue
                }
                if next > 0 { output += "," }
                stack.append(.array(values, next: next + 1))
                pending = values[next]
            case .object(let members, let next):
                guard next < members.count else {
                    output += "}"
                    continue
                }
                if next > 0 { output += "," }
                writeString(members[next].0, to: &output)
                output += ":"
                stack.append(.object(members, next: next + 1))
                pending = members[next].1
            }
        }
    }

    /// Swift's `description` is the shortest decimal that reads back as the same double (digits, `.`,
    /// `e`, sign: all JSON number syntax), and it always shows a fraction or an exponent.
    private static func writeDouble(_ value: Double, to output: inout String) {
        guard value.isFinite else {
            output += "null"
            return
        }
        output += value.description
    }

    /// RFC 8259 §7: quotation mark, reverse solidus and the control characters U+0000…U+001F escaped; every
    /// other scalar as itself.
    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        guard value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
        else {
            output += value
            output += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let low = UInt8(scalar.value & 0xF)
                output += scalar.value < 0x10 ? "\\u000" : "\\u001"
                output.unicodeScalars.append(
                    Unicode.Scalar(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
                )
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
