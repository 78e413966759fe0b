import Foundation
import PureDER
import PureX509

// Support for X509LimboTests: what limbo's cases carry beside certificates (their instants) and the peer name
// checks they ask for.

/// RFC 3339 instants as limbo writes them (`2023-07-10T00:00:00+00:00`), to seconds since 1970.
enum LimboTime {
    static func secondsSince1970(_ text: String) -> Int64? {
        let chars = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= chars.count else { return nil }
            var value = 0
            for byte in chars[start..<(start + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        func at(_ index: Int, _ character: Character) -> Bool {
            index < chars.count && chars[index] == character.asciiValue
        }
        guard let year = number(0, 4), at(4, "-"), let month = number(5, 2), at(7, "-"), let day = number(8, 2),
            at(10, "T") || at(10, "t") || at(10, " "), let hour = number(11, 2), at(13, ":"),
            let minute = number(14, 2), at(16, ":"), let second = number(17, 2),
            let instant = UTCDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        var index = 19
        if at(index, ".") {  // fractions of a second are dropped
            index += 1
            while index < chars.count, (0x30...0x39).contains(chars[index]) { index += 1 }
        }
        if (at(index, "Z") || at(index, "z")) && index + 1 == chars.count { return instant.secondsSince1970 }
        guard at(index, "+") || at(index, "-"), let offsetHours = number(index + 1, 2), at(index + 3, ":"),
            let offsetMinutes = number(index + 4, 2), index + 6 == chars.count
        else { return nil }
        let offset = Int64(offsetHours * 3600 + offsetMinutes * 60)
        return instant.secondsSince1970 - (at(index, "+") ? offset : -offset)
    }
}

/// Just enough of subjectAltName (RFC 5280 §4.2.1.6) to tell whether a peer name appears in it verbatim.
enum SubjectAlternativeNames {
    /// Whether `certificate`'s SAN has a dNSName equal (ignoring ASCII case) to a DNS `name`, or an iPAddress
    /// equal to an IP `name`. No wildcards, no CN fallback; a missing or malformed SAN contains nothing.
    static func exactlyContains(_ certificate: Certificate, _ name: LimboTestcase.PeerName) -> Bool {
        guard let value = certificate.findExtension(.subjectAlternativeName)?.value,
            let entries = try? generalNames(value)
        else { return false }
        switch name.kind {
        case "DNS":
            let wanted = name.value.lowercased()
            return entries.contains { $0.tag == 2 && String(decoding: $0.value, as: UTF8.self).lowercased() == wanted }
        case "IP":
            guard let wanted = ipAddressBytes(name.value) else { return false }
            return entries.contains { $0.tag == 7 && Array($0.value) == wanted }
        default:
            return false
        }
    }

    /// `GeneralNames ::= SEQUENCE SIZE (1..MAX) OF GeneralName`, as context tag numbers and contents.
    static func generalNames(_ value: ArraySlice<UInt8>) throws(DERError) -> [(tag: UInt32, value: ArraySlice<UInt8>)] {
        try DERReader.parse(value) { reader throws(DERError) in
            try reader.readSequence { sequence throws(DERError) in
                var entries: [(tag: UInt32, value: ArraySlice<UInt8>)] = []
                while !sequence.isAtEnd {
                    let element = try sequence.readElement()
                    guard element.tag.tagClass == .contextSpecific else {
                        throw DERError(.unexpectedTag, at: element.offset, "GeneralName is not context-specific")
                    }
                    entries.append((element.tag.number, element.content))
                }
                return entries
            }
        }
    }

    /// Dotted IPv4 or RFC 4291 IPv6 text (with `::`, without an embedded IPv4 suffix) as 4 or 16 bytes.
    static func ipAddressBytes(_ text: String) -> [UInt8]? {
        if !text.contains(":") {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 4 else { return nil }
            var bytes: [UInt8] = []
            for part in parts {
                guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
                    let value = UInt8(part)
                else {
                    return nil
                }
                bytes.append(value)
            }
            return bytes
        }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ half: String) -> [UInt16]? {
            guard !half.isEmpty else { return [] }
            var values: [UInt16] = []
            for group in half.split(separator: ":", omittingEmptySubsequences: false) {
                guard (1...4).contains(group.count), group.allSatisfy(\.isHexDigit),
                    let value = UInt16(group, radix: 16)
                else { return nil }
                values.append(value)
            }
            return values
        }
        guard let head = groups(halves[0]) else { return nil }
        var all = head
        if halves.count == 2 {
            guard let tail = groups(halves[1]), head.count + tail.count <= 7 else { return nil }
            all += Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        }
        guard all.count == 8 else { return nil }
        return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}
