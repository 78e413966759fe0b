/// A JSON value whose objects keep their keys in the order written, so output is stable and readable.
public enum JSONValue: Sendable {
    case string(String)
    case integer(Int64)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Compact JSON text.
    public var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .string(let value): Self.writeString(value, to: &output)
        case .integer(let value): output += "\(value)"
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    /// RFC 8259 §7: quotes, backslashes and control characters escaped.
    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

// MARK: - Text form

extension JSONValue {
    /// Indented `key: value` lines.
    public static func indented(_ fields: [(String, JSONValue)], indent: String = "") -> String {
        var output = ""
        for (key, value) in fields {
            switch value {
            case .object(let members):
                output += "\(indent)\(key):\n" + indented(members, indent: indent + "  ")
            case .array(let values):
                output += "\(indent)\(key):\n"
                for value in values {
                    if case .object(let members) = value {
                        // The object's first line carries the list marker; the rest line up under it.
                        let body = indented(members, indent: indent + "    ")
                        output += indent + "  - " + body.dropFirst(indent.count + 4)
                    } else {
                        output += "\(indent)  - \(scalar(value))\n"
                    }
                }
            default:
                output += "\(indent)\(key): \(scalar(value))\n"
            }
        }
        return output
    }

    private static func scalar(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .integer(let number): return "\(number)"
        case .bool(let flag): return flag ? "yes" : "no"
        case .null: return "none"
        case .array, .object: return value.text
        }
    }
}
