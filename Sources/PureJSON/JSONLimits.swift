/// The bounds every parse enforces.
///
/// A malformed input never makes the parser recurse (it keeps an explicit stack), loop without consuming
/// input, or allocate beyond a small multiple of its size. Strings, members and elements need no limit of their
/// own: each takes at least one input byte, so ``maximumInputSize`` bounds them all.
public enum JSONLimits {
    /// The most arrays and objects open at once: `[]` is at depth 1, `[[]]` at depth 2. Opening one more fails
    /// with ``JSONError/Code/depthLimitExceeded``. StoreKit documents nest 3 deep.
    public static let maximumDepth = 64

    /// The largest input a parse accepts: 1 MiB, a hundred times the largest StoreKit 2 payload found
    /// (10.7 KB, a notification carrying two signed transactions). Larger inputs fail with
    /// ``JSONError/Code/inputTooLarge`` before any byte is read.
    public static let maximumInputSize = 1 << 20

    /// The most significant digits of a number that take part in its conversion to `Double`. Any binary64
    /// rounding boundary has at most 767 significant digits, so digits past the 800th only tell whether the
    /// rest is zero, which one sticky digit records (docs/json.md).
    public static let maximumSignificantDigits = 800
}
