extension Optional where Wrapped == String {
    /// Whether the text is present and has exactly the UTF-8 bytes of `expected`: how the verifiers compare what
    /// a caller expects (a bundle identifier, a version, an environment) with what signed data says.
    ///
    /// Byte equality, not `==`: Swift's `==` equates canonically equivalent text (`"é"` and `"e\u{301}"`), which
    /// a signed identifier must not be matched by, and needs Unicode normalization tables that the WebAssembly
    /// module would otherwise carry for this alone.
    package func hasSameUTF8(as expected: String) -> Bool {
        guard let text = self else { return false }
        return text.utf8.elementsEqual(expected.utf8)
    }
}
