package import PureJSON

// MARK: - Text form

extension JSONValue {
    /// Indented `key: value` lines: the text form of `receipt dump` and `receipt cert`.
    package static func indented(_ fields: [(String, JSONValue)], indent: String = "") -> String {
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
        case .double(let number): return JSONValue.double(number).text
        case .bool(let flag): return flag ? "yes" : "no"
        case .null: return "none"
        case .array, .object: return value.text
        }
    }
}
