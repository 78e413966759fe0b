/// An error underneath another error, held by reference: `@NestedError public var der: DERError?`.
///
/// The library's errors carry the errors underneath them as values (a PKCS#7 error its certificate's, a receipt's
/// its PKCS#7 error's), so a type that held them inline would be hundreds of bytes, and every throw, catch and
/// copy would move each field of every nested error. Held as one reference each, an error is a few words: the
/// code that passes errors around stays small (docs/webassembly.md). Errors are made on failure paths only, so
/// the allocation costs nothing that matters. The property reads and writes as the optional value it wraps;
/// equality and hashing are the nested value's, and a copy's nested error changes without touching the original
/// (the reference is to an immutable box, replaced on every write).
@propertyWrapper
public struct NestedError<Wrapped: Hashable & Sendable>: Hashable, Sendable {
    private indirect enum Box: Hashable, Sendable {
        case value(Wrapped)
    }

    private var box: Box?

    /// Holds `wrappedValue`, or nothing.
    public init(wrappedValue: Wrapped?) {
        box = wrappedValue.map(Box.value)
    }

    /// The nested error, or `nil`.
    public var wrappedValue: Wrapped? {
        get {
            guard case .value(let wrapped)? = box else { return nil }
            return wrapped
        }
        set { box = newValue.map(Box.value) }
    }
}
