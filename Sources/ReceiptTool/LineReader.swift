#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of `--lines FILE|-`, read in large chunks, each line one input: a line feed ends a line (a carriage
/// return before it is dropped), lines holding only whitespace are skipped but counted, and a last line needs no
/// line feed. A line longer than `limit` bytes is reported as ``InputError/Code/tooLarge`` and skipped without
/// being held. Memory: one chunk, or the longest line up to the limit.
struct LineReader {
    /// Bytes asked of each read.
    static let chunkSize = 1 << 18

    /// What the reader gives next.
    enum Line {
        /// Line `number` and its text, without the line feed.
        case text(number: Int, [UInt8])
        /// Line `number` could not be taken: too long, or the stream failed while reading it.
        case failed(number: Int, InputError)
    }

    private let read: (UnsafeMutableRawBufferPointer) throws(InputError) -> Int
    private let limit: Int
    private var buffer: [UInt8]
    /// The unread bytes are `buffer[start..<end]`; those before `scanned` hold no line feed.
    private var start = 0
    private var end = 0
    private var scanned = 0
    private var number = 0
    /// Whether the current line passed the limit and is being skipped to its end.
    private var skipping = false
    private var atEnd = false

    init(limit: Int, read: @escaping (UnsafeMutableRawBufferPointer) throws(InputError) -> Int) {
        self.read = read
        self.limit = limit
        buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    mutating func next() -> Line? {
        while true {
            if let newline = findNewline() {
                let line = buffer[start..<newline]
                start = newline + 1
                scanned = start
                number += 1
                // A line read whole in one chunk is measured here; one that outgrew the buffer was skipped.
                if skipping || line.count > limit {
                    skipping = false
                    return .failed(number: number, tooLong)
                }
                if let text = Self.content(of: line) { return .text(number: number, text) }
                continue
            }
            if end - start > limit {
                // The line cannot fit: drop what there is of it and skip to its end.
                skipping = true
                start = end
                scanned = end
            }
            if atEnd {
                guard start < end || skipping else { return nil }
                let line = buffer[start..<end]
                start = end
                number += 1
                if skipping {
                    skipping = false
                    return .failed(number: number, tooLong)
                }
                if let text = Self.content(of: line) { return .text(number: number, text) }
                return nil
            }
            do throws(InputError) {
                try fill()
            } catch {
                atEnd = true
                start = end
                skipping = false
                return .failed(number: number + 1, error)
            }
        }
    }

    private var tooLong: InputError {
        InputError(code: .tooLarge, reason: "line longer than \(limit) bytes, the most read")
    }

    /// The index of the next line feed in the unread bytes, searched once per byte.
    private mutating func findNewline() -> Int? {
        guard scanned < end else { return nil }
        let found = buffer.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let hit = memchr(base + scanned, 0x0A, end - scanned) else { return nil }
            return base.distance(to: UnsafeRawPointer(hit))
        }
        scanned = found ?? end
        return found
    }

    /// Reads one more chunk after the unread bytes, moving them to the front first, and growing the buffer
    /// only when a line longer than it is not yet complete.
    private mutating func fill() throws(InputError) {
        if start > 0 {
            buffer.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return }
                memmove(base, base + start, end - start)
            }
            end -= start
            scanned -= start
            start = 0
        }
        if buffer.count - end < Self.chunkSize / 2 {
            buffer += [UInt8](repeating: 0, count: buffer.count)
        }
        let count = try buffer.withUnsafeMutableBytes { raw in
            Result { () throws(InputError) in try read(UnsafeMutableRawBufferPointer(rebasing: raw[end...])) }
        }.get()
        if count == 0 { atEnd = true }
        end += count
    }

    /// The line without a final carriage return, or `nil` when it holds only whitespace.
    private static func content(of line: ArraySlice<UInt8>) -> [UInt8]? {
        var line = line
        if line.last == 0x0D { line = line.dropLast() }
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
        return Array(line)
    }
}
