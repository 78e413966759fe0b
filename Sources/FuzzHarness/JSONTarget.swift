import PureJSON

extension FuzzTargets {
    /// The JSON parser. Invariants:
    /// - no input traps, hangs or exhausts memory (libFuzzer's -timeout and -rss_limit_mb watch the last two);
    /// - verdicts are deterministic: parsing twice gives equal values or the same error;
    /// - the same bytes at another place of a larger buffer give the same verdict, offsets moved by as much;
    /// - a refusal's offset lies within the input; an accepted input is well-formed UTF-8 (by the standard
    ///   library's decoder) without a byte order mark;
    /// - an accepted document writes to text that parses to an equal value, and writing that value again gives
    ///   the same text;
    /// - every object of an accepted document has distinct keys (by their UTF-8 bytes, counted with a `Set`,
    ///   independently of the parser's own check), and lookup by key finds each member (objects of up to 64).
    public static func json(_ input: [UInt8]) -> String? {
        let verdict = jsonVerdict(input[...])
        guard jsonVerdict(input[...]) == verdict else { return "two parses of the same bytes differ" }
        let padded = [0x20, 0x5B] + input
        switch (verdict, jsonVerdict(padded[2...])) {
        case (.success(let value), .success(let moved)):
            guard value == moved else { return "the same bytes at index 2 parse to another value" }
        case (.failure(let error), .failure(let moved)):
            guard moved.code == error.code && moved.offset == error.offset + 2 else {
                return
                    "at index 2 the error is \(moved.code) at \(moved.offset), not \(error.code) at \(error.offset + 2)"
            }
        default:
            return "the same bytes at index 2 get another verdict"
        }
        let value: JSONValue
        switch verdict {
        case .failure(let error):
            guard (0...input.count).contains(error.offset) else { return "error offset \(error.offset) out of input" }
            return nil
        case .success(let parsed):
            value = parsed
        }
        guard Array(String(decoding: input, as: UTF8.self).utf8) == input else {
            return "accepted bytes that are not well-formed UTF-8"
        }
        guard !input.starts(with: [0xEF, 0xBB, 0xBF]) else { return "accepted a byte order mark" }
        let text = value.text
        guard case .success(let reparsed) = jsonVerdict(Array(text.utf8)[...]) else {
            return "the written text does not parse: \(text)"
        }
        guard reparsed == value else { return "the written text parses to another value: \(text)" }
        guard reparsed.text == text else { return "writing is not a fixed point: \(text)" }
        return checkObjects(value)
    }

    private static func jsonVerdict(_ bytes: ArraySlice<UInt8>) -> Result<JSONValue, JSONError> {
        do throws(JSONError) {
            return .success(try JSONValue(parsing: bytes))
        } catch {
            return .failure(error)
        }
    }

    /// Distinct keys and lookup in every object, walking the value with an explicit stack.
    private static func checkObjects(_ root: JSONValue) -> String? {
        var pending = [root]
        while let value = pending.popLast() {
            switch value {
            case .array(let elements):
                pending += elements
            case .object(let members):
                guard Set(members.map { Array($0.0.utf8) }).count == members.count else {
                    return "an accepted object repeats a key"
                }
                for (key, member) in members {
                    // Lookup is linear: a quadratic check of a huge object would slow the fuzzer down.
                    guard members.count > 64 || value[key] == member else {
                        return "lookup of key '\(key)' finds another value"
                    }
                    pending.append(member)
                }
            default:
                continue
            }
        }
        return nil
    }
}
