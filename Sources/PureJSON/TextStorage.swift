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
        copy.base.initialize(from: base, count: count)
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
        copyFirstAndLast(UInt64.self, count: 16, from: from, to: to)
        copyFirstAndLast(UInt64.self, count: 16, from: from + (count - 16), to: to + (count - 16))
    case 8...16: copyFirstAndLast(UInt64.self, count: count, from: from, to: to)
    case 4..<8: copyFirstAndLast(UInt32.self, count: count, from: from, to: to)
    case 0..<4:
        for index in 0..<count { target[index] = source[index] }
    default:
        target.update(from: source, count: count)
    }
}

/// Copies `count` bytes, at least one `Word` and at most two, as the first and the last `Word` of them, which
/// overlap unless `count` is two words.
@inline(__always)
private func copyFirstAndLast<Word: FixedWidthInteger>(
    _: Word.Type,
    count: Int,
    from: UnsafeRawPointer,
    to: UnsafeMutableRawPointer
) {
    let last = count - MemoryLayout<Word>.size
    let words = (from.loadUnaligned(as: Word.self), from.loadUnaligned(fromByteOffset: last, as: Word.self))
    to.storeBytes(of: words.0, as: Word.self)
    to.storeBytes(of: words.1, toByteOffset: last, as: Word.self)
}
