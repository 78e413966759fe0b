/// The bytes of a ``JSONWriter``'s text and the room past them, in one allocation. Writers that are copies of one
/// another share it until one of them writes: a writer writes only into storage it alone references, and copies it
/// first otherwise, as an array does. Unlike an array, it hands the writer a pointer for a whole write, so that a
/// member's name is one check and a few stores rather than an array access per byte.
final class TextStorage {
    /// `capacity` bytes; those below a writer's length hold its text, the rest are room holding anything.
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int

    /// Storage for at least `capacity` bytes (at least one, so that the allocation is never of zero bytes).
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// New storage of `capacity` bytes holding a copy of the first `count` of these.
    func copy(count: Int, capacity: Int) -> TextStorage {
        precondition(0 <= count && count <= min(capacity, self.capacity), "a copy longer than its storage")
        let copy = TextStorage(capacity: capacity)
        copy.base.update(from: base, count: count)
        return copy
    }
}

/// Copies `count` bytes from `source` to `target` (which do not overlap). A member's name or a run of a string
/// is usually under 33 bytes: those are moved as a few overlapping words, without a call.
@inline(__always)
func copyBytes(_ source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(target)
    switch count {
    case 17...32:
        let tail = count - 16
        let words = (
            from.loadUnaligned(as: UInt64.self), from.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
            from.loadUnaligned(fromByteOffset: tail, as: UInt64.self),
            from.loadUnaligned(fromByteOffset: tail + 8, as: UInt64.self)
        )
        to.storeBytes(of: words.0, as: UInt64.self)
        to.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
        to.storeBytes(of: words.2, toByteOffset: tail, as: UInt64.self)
        to.storeBytes(of: words.3, toByteOffset: tail + 8, as: UInt64.self)
    case 8...16:
        to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
        let tail = count - 8
        to.storeBytes(
            of: from.loadUnaligned(fromByteOffset: tail, as: UInt64.self),
            toByteOffset: tail,
            as: UInt64.self
        )
    case 4..<8:
        to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
        let tail = count - 4
        to.storeBytes(
            of: from.loadUnaligned(fromByteOffset: tail, as: UInt32.self),
            toByteOffset: tail,
            as: UInt32.self
        )
    case 0..<4:
        for index in 0..<count { target[index] = source[index] }
    default:
        target.update(from: source, count: count)
    }
}
