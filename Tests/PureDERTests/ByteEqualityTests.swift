import Testing

@testable import PureDER

/// `hasSameBytes(as:)` answers as `==` does, at every length and wherever a difference lies.
@Suite struct ByteEqualityTests {
    /// Lengths around the 32-byte and 8-byte steps of the comparison, and a certificate's size.
    static let lengths = [0, 1, 7, 8, 9, 31, 32, 33, 40, 63, 64, 65, 1_234]

    @Test(arguments: lengths)
    func equalBytesInOtherMemoryAreTheSame(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let copy = Array(bytes)
        #expect(bytes[...].hasSameBytes(as: copy[...]))
    }

    @Test(arguments: lengths.filter { $0 > 0 })
    func oneDifferentBitAnywhereMakesThemDiffer(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for index in 0..<length {
            for bit in [0x01, 0x80] as [UInt8] {
                var other = bytes
                other[index] ^= bit
                #expect(!bytes[...].hasSameBytes(as: other[...]), "byte \(index) of \(length)")
                #expect(bytes[...].hasSameBytes(as: other[...]) == (bytes[...] == other[...]))
            }
        }
    }

    @Test func differentCountsDifferEvenWhenOneIsAPrefix() {
        let bytes: [UInt8] = Array(repeating: 0, count: 40)
        #expect(!bytes[...].hasSameBytes(as: bytes[0..<39]))
        #expect(!bytes[0..<0].hasSameBytes(as: bytes[0..<1]))
    }

    @Test func viewsAtOtherOffsetsOfOneArrayCompareTheirOwnBytes() {
        // The same array, unaligned views: equal where the bytes repeat, different where they do not.
        let bytes = Array(repeating: [0xA5, 0x5A, 0x00, 0xFF] as [UInt8], count: 20).flatMap { $0 }
        #expect(bytes[1..<41].hasSameBytes(as: bytes[5..<45]))
        #expect(!bytes[1..<41].hasSameBytes(as: bytes[2..<42]))
        #expect(bytes[3..<3].hasSameBytes(as: bytes[7..<7]))
    }

    @Test func aViewIsTheSameAsItself() {
        let bytes = (0..<100).map { UInt8($0) }
        let view = bytes[10..<90]
        #expect(view.hasSameBytes(as: view))
    }
}
