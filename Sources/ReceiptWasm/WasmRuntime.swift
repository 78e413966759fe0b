// The handful of C runtime functions that Embedded Swift code needs on wasm32, written here because the module
// links no libc (docs/webassembly.md): memory allocation over linear memory grown with `memory.grow`, `memcmp`,
// the 128-bit integer helpers LLVM calls on a 32-bit target (`__multi3`, `__lshrti3`), and `arc4random_buf`
// for the standard library's hash seeds. Natively the platform's own are used, so this file compiles only for
// wasm32 (scripts/build-wasm.sh passes -enable-experimental-feature BuiltinModule for `memory.grow`).

#if arch(wasm32)
import Builtin

// MARK: - Allocation

/// A size-class allocator: blocks of 32 B · 2^c, each with a 16-byte header holding its class and whether it
/// is in use, and one free list per class. Freed blocks are reused, never returned to the host (linear memory
/// cannot shrink); rounding up to a power of two bounds the waste to half of what is live. Single-threaded, as a wasm
/// instance is.
enum WasmHeap {
    static let headerSize: UInt = 16
    static let classCount = 26  // 32 B … 1 GiB
    static let pageSize: UInt = 65_536
    /// Marks a header that points back to an over-aligned block's real start.
    static let alignedMarker: UInt32 = 0xFFFF_FFFF
    /// The header's second word while the block is allocated (0 once freed).
    static let inUse: UInt32 = 0xA110_CA7E

    /// The next unused byte, and the end of linear memory; both 0 until the first allocation.
    nonisolated(unsafe) static var top: UInt = 0
    nonisolated(unsafe) static var end: UInt = 0
    /// The free lists' heads, `classCount` words at the start of the heap.
    nonisolated(unsafe) static var heads: UnsafeMutablePointer<UInt>? = nil

    /// Grows linear memory by `pages`; false when the host's maximum is reached.
    static func grow(pages: UInt) -> Bool {
        let previous = Int32(
            Builtin.int_wasm_memory_grow_Int32(Int32(0)._value, Int32(truncatingIfNeeded: pages)._value)
        )
        guard previous >= 0 else { return false }
        end = (UInt(bitPattern: Int(previous)) + pages) * pageSize
        return true
    }

    /// The heap starts where the linker's memory ends, so nothing the linker placed is touched.
    static func start() -> Bool {
        let pages = UInt(Int32(Builtin.int_wasm_memory_size_Int32(Int32(0)._value)))
        top = pages * pageSize
        end = top
        let headsSize = UInt(classCount) * UInt(MemoryLayout<UInt>.stride)
        guard grow(pages: 1) else { return false }
        heads = UnsafeMutablePointer<UInt>(bitPattern: top)
        heads?.initialize(repeating: 0, count: classCount)
        top += (headsSize + headerSize - 1) & ~(headerSize - 1)
        return true
    }

    static func allocate(_ size: UInt) -> UnsafeMutableRawPointer? {
        if heads == nil { guard start() else { return nil } }
        guard let heads, size <= (UInt(32) << (classCount - 1)) - headerSize else { return nil }
        var sizeClass = 0
        while (UInt(32) << sizeClass) < size + headerSize { sizeClass += 1 }
        let blockSize = UInt(32) << sizeClass
        var block = heads[sizeClass]
        if block != 0 {
            heads[sizeClass] = UnsafeMutablePointer<UInt>(bitPattern: block + 8)?.pointee ?? 0
        } else {
            if top + blockSize > end {
                guard grow(pages: (top + blockSize - end + pageSize - 1) / pageSize) else { return nil }
            }
            block = top
            top += blockSize
        }
        UnsafeMutablePointer<UInt32>(bitPattern: block)?.pointee = UInt32(sizeClass)
        UnsafeMutablePointer<UInt32>(bitPattern: block + 4)?.pointee = inUse
        return UnsafeMutableRawPointer(bitPattern: block + headerSize)
    }

    static func free(_ pointer: UnsafeMutableRawPointer) {
        // No block of ours starts below the header size: such a pointer (a host's mistake) is ignored, not
        // subtracted into a trap.
        guard let heads, UInt(bitPattern: pointer) >= headerSize else { return }
        var block = UInt(bitPattern: pointer) - headerSize
        guard var sizeClass = UnsafeMutablePointer<UInt32>(bitPattern: block)?.pointee else { return }
        if sizeClass == alignedMarker {
            // An over-aligned allocation: the header before it holds the real block's user pointer.
            guard let real = UnsafeMutablePointer<UInt>(bitPattern: block + 8)?.pointee, real >= headerSize else {
                return
            }
            block = real - headerSize
            guard let realClass = UnsafeMutablePointer<UInt32>(bitPattern: block)?.pointee else { return }
            sizeClass = realClass
        }
        // A block freed twice would sit on its free list twice and later be handed out twice: the second
        // free (a host's mistake) is ignored instead.
        guard let flag = UnsafeMutablePointer<UInt32>(bitPattern: block + 4), flag.pointee == inUse,
            Int(sizeClass) < classCount
        else { return }
        flag.pointee = 0
        UnsafeMutablePointer<UInt>(bitPattern: block + 8)?.pointee = heads[Int(sizeClass)]
        heads[Int(sizeClass)] = block
    }

    /// Alignments up to 16 come for free; larger ones over-allocate and leave a marker header before the
    /// aligned pointer that leads `free` back to the block.
    static func allocate(_ size: UInt, alignment: UInt) -> UnsafeMutableRawPointer? {
        guard alignment > headerSize else { return allocate(size) }
        guard alignment & (alignment - 1) == 0, size <= UInt.max - alignment, let raw = allocate(size + alignment)
        else { return nil }
        let start = UInt(bitPattern: raw)
        let aligned = (start + headerSize + alignment - 1) & ~(alignment - 1)
        UnsafeMutablePointer<UInt32>(bitPattern: aligned - headerSize)?.pointee = alignedMarker
        UnsafeMutablePointer<UInt>(bitPattern: aligned - headerSize + 8)?.pointee = start
        return UnsafeMutableRawPointer(bitPattern: aligned)
    }
}

@_cdecl("posix_memalign")
func posixMemalign(
    _ result: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
    _ alignment: Int,
    _ size: Int
) -> Int32 {
    guard let pointer = WasmHeap.allocate(UInt(size), alignment: UInt(alignment)) else { return 12 }  // ENOMEM
    result.pointee = pointer
    return 0
}

/// `free`, under the name wasm-ld's `--wrap=free` gives it: Swift reserves the name `free` for its runtime.
@_cdecl("__wrap_free")
func wrappedFree(_ pointer: UnsafeMutableRawPointer?) {
    if let pointer { WasmHeap.free(pointer) }
}

// MARK: - Memory and integer helpers

@_cdecl("memcmp")
func memcmp(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Int32 {
    for index in 0..<count {
        let a = lhs.load(fromByteOffset: index, as: UInt8.self)
        let b = rhs.load(fromByteOffset: index, as: UInt8.self)
        if a != b { return a < b ? -1 : 1 }
    }
    return 0
}

/// The low 128 bits of a 128-bit product, from 32-bit halves: on wasm32 a wider multiplication would call
/// this very function.
@_cdecl("__multi3")
func multi3(_ result: UnsafeMutablePointer<UInt64>, _ aLow: UInt64, _ aHigh: UInt64, _ bLow: UInt64, _ bHigh: UInt64) {
    let (a0, a1) = (aLow & 0xFFFF_FFFF, aLow >> 32)
    let (b0, b1) = (bLow & 0xFFFF_FFFF, bLow >> 32)
    let p00 = a0 &* b0
    let p01 = a0 &* b1
    let p10 = a1 &* b0
    let p11 = a1 &* b1
    let middle = (p00 >> 32) &+ (p01 & 0xFFFF_FFFF) &+ (p10 & 0xFFFF_FFFF)
    result[0] = (middle << 32) | (p00 & 0xFFFF_FFFF)
    result[1] = p11 &+ (p01 >> 32) &+ (p10 >> 32) &+ (middle >> 32) &+ aLow &* bHigh &+ aHigh &* bLow
}

/// A 128-bit logical right shift by 0…127.
@_cdecl("__lshrti3")
func lshrti3(_ result: UnsafeMutablePointer<UInt64>, _ low: UInt64, _ high: UInt64, _ shift: Int32) {
    let shift = UInt64(truncatingIfNeeded: shift) & 127
    if shift == 0 {
        (result[0], result[1]) = (low, high)
    } else if shift < 64 {
        (result[0], result[1]) = ((low >> shift) | (high << (64 - shift)), high >> shift)
    } else {
        (result[0], result[1]) = (high >> (shift - 64), 0)
    }
}

/// The standard library seeds its hashing from here. A module without WASI has no entropy source, so the
/// bytes are a fixed pseudo-random sequence: hashing is deterministic, which matters only against hash
/// flooding, and the verifier hashes no attacker-chosen keys (its dictionaries are constant OID tables).
@_cdecl("arc4random_buf")
func arc4randomBuf(_ buffer: UnsafeMutableRawPointer, _ count: Int) {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for index in 0..<count {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        buffer.storeBytes(of: UInt8(truncatingIfNeeded: state), toByteOffset: index, as: UInt8.self)
    }
}
#endif
