import PureDER
import Testing

@Suite struct TextEqualityTests {
    static func same(_ text: String?, _ expected: String) -> Bool {
        text.hasSameUTF8(as: expected)
    }

    @Test func identicalTextIsTheSame() {
        #expect(Self.same("com.example.app", "com.example.app"))
        #expect(Self.same("", ""))
    }

    @Test func absentTextIsNeverTheSame() {
        #expect(!Self.same(nil, ""))
        #expect(!Self.same(nil, "com.example.app"))
    }

    @Test func canonicallyEquivalentTextIsNotTheSame() {
        // Swift's `==` equates each pair; their bytes differ.
        let pairs = [("\u{E9}", "e\u{301}"), ("K", "\u{212A}"), ("com.example.caf\u{E9}", "com.example.cafe\u{301}")]
        for (composed, other) in pairs {
            #expect(composed == other)
            #expect(!Self.same(composed, other))
        }
    }

    @Test func textThatDiffersOnlyInLengthIsNotTheSame() {
        #expect(!Self.same("com.example", "com.example.app"))
        #expect(!Self.same("com.example.app", "com.example"))
    }
}
