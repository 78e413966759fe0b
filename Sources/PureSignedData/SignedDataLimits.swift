/// The bounds every decode of signed data enforces, checked before the bytes they bound are decoded.
///
/// The largest StoreKit 2 JWS found is an App Store Server Notification carrying a signed transaction and a
/// signed renewal info: 18,733 bytes, with a 4,411-byte header part (three certificates) and an 86-byte
/// signature part. The limits leave room for an order of magnitude more without letting an input make the
/// decoder work or allocate beyond a small multiple of its size: the decoded header and payload are at most
/// three quarters of their parts, and their JSON is bounded again by `JSONLimits`.
public enum SignedDataLimits {
    /// The longest compact serialization accepted: 256 KiB, thirteen times the largest found. Longer input
    /// fails with ``SignedDataError/Code/inputTooLarge`` before any byte is read.
    public static let maximumLength = 256 * 1024

    /// The longest header part (base64url characters): 32 KiB, seven times Apple's (a chain of three
    /// certificates of a few hundred bytes to 1.1 KB each).
    public static let maximumHeaderLength = 32 * 1024

    /// The longest payload part (base64url characters): the whole input's limit, less the smallest header and
    /// signature parts' room, rounded: 224 KiB.
    public static let maximumPayloadLength = 224 * 1024

    /// The longest signature part (base64url characters): 1 KiB. An ES256 signature (64 bytes) takes 86; the
    /// length itself is the signature step's to check.
    public static let maximumSignatureLength = 1024
}
