/// An error underneath another error, held by reference.
///
/// The library's errors carry the errors underneath them as values (a PKCS#7 error its certificate's, a receipt's
/// its PKCS#7 error's), so a type that held them inline would be hundreds of bytes, and every throw, catch and
/// copy would move each field of every nested error. Held as one reference each, an error is a few words: the
/// code that passes errors around stays small (docs/webassembly.md). Errors are made on failure paths only, so
/// the allocation costs nothing that matters. Equality and hashing are the nested value's.
package indirect enum NestedError<Wrapped: Hashable & Sendable>: Hashable, Sendable {
    case value(Wrapped)

    /// `wrapped` held by reference, or `nil`.
    package init?(_ wrapped: Wrapped?) {
        guard let wrapped else { return nil }
        self = .value(wrapped)
    }

    /// The nested error.
    package var value: Wrapped {
        switch self {
        case .value(let wrapped): wrapped
        }
    }
}
