// The Swift side of scripts/json-differential.py. Reads documents from standard input, one per line, each in
// hexadecimal (so that any byte, newlines included, can be a document); writes one line per document:
//   ok TEXT            the document parsed; TEXT is the value as JSONValue.text writes it
//   error CODE OFFSET  the parse failed
// Not a product: `swift build --product JSONCheck` builds it for the script.

import PureJSON

func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    default: return nil
    }
}

func decodeHex(_ line: String) -> [UInt8]? {
    let digits = Array(line.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
        guard let high = hexDigit(digits[index]), let low = hexDigit(digits[index + 1]) else { return nil }
        bytes.append(high << 4 | low)
        index += 2
    }
    return bytes
}

while let line = readLine() {
    guard let document = decodeHex(line) else {
        print("bad-input")
        continue
    }
    do throws(JSONError) {
        print("ok " + (try JSONValue(parsing: document)).text)
    } catch {
        print("error \(error.code) \(error.offset)")
    }
}
