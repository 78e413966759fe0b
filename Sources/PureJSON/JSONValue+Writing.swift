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
        var writer = JSONWriter()
        writer.value(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
