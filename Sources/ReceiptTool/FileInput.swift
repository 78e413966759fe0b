import PureDER

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The most bytes read from one input: room for the largest DER input the library parses
/// (``DERLimits/maximumInputSize``) even as base64 text with line breaks.
let maximumInputFileSize = DERLimits.maximumInputSize * 3 / 2

/// Files read through POSIX `open` and `read`, by the bytes of their path as given: a name that is not UTF-8
/// opens as it is (a `String` path would be changed by its decoding), and every failure has its `errno` reason.
enum FileInput {
    /// An open file, closed when the value is dropped.
    final class Descriptor {
        let number: Int32

        init(_ number: Int32) { self.number = number }

        // A read-only descriptor: close has nothing to flush, and its failure nothing to lose.
        deinit { close(number) }
    }

    /// Opens `path` for reading; a directory is refused as ``InputError/Code/isDirectory``.
    static func openFile(_ path: [UInt8]) throws(InputError) -> Descriptor {
        let number = try withSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard number >= 0 else { throw error(errno) }
        let descriptor = Descriptor(number)
        var status = stat()
        guard fstat(number, &status) == 0 else { throw error(errno) }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw InputError(code: .isDirectory, reason: "is a directory")
        }
        return descriptor
    }

    /// The size of the regular file open as `descriptor`; `nil` for anything else (a pipe, a terminal, a device,
    /// a directory), or when the system cannot say.
    static func regularFileSize(_ descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(exactly: status.st_size)
    }

    /// Whether `path` names a directory (following symbolic links).
    static func isDirectory(_ path: [UInt8]) -> Bool {
        var status = stat()
        // A path no system call can take (empty, or holding a NUL) names no directory.
        let found = (try? withSystemPath(path) { stat($0, &status) == 0 }) ?? false
        return found && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Calls `body` with `path` as the NUL-terminated bytes a system call takes.
    static func withSystemPath<Result>(
        _ path: [UInt8],
        _ body: (UnsafePointer<CChar>) -> Result
    ) throws(InputError) -> Result {
        // Arguments and directory entries never hold a NUL; one could only cut the name short.
        guard !path.isEmpty, !path.contains(0) else {
            throw InputError(code: .notFound, reason: "no such file or directory")
        }
        var terminated = path
        terminated.append(0)
        let result = terminated.withUnsafeBytes { raw in
            raw.baseAddress.map { body($0.assumingMemoryBound(to: CChar.self)) }
        }
        guard let result else { throw InputError(code: .notFound, reason: "no such file or directory") }
        return result
    }

    /// All of the file at `path`, at most `limit` bytes.
    static func contents(of path: [UInt8], limit: Int = maximumInputFileSize) throws(InputError) -> [UInt8] {
        let descriptor = try openFile(path)
        return try contents(of: descriptor.number, limit: limit)
    }

    /// All that remains to read of `descriptor`, at most `limit` bytes: one byte past the limit tells an input at
    /// the limit from a larger one without reading the rest.
    static func contents(of descriptor: Int32, limit: Int) throws(InputError) -> [UInt8] {
        // A regular file's size sizes the buffer once (one byte more, for the read that finds its end); a pipe
        // has no size, and the buffer grows from 64 KiB.
        let size = regularFileSize(descriptor).map { min($0, limit) + 1 } ?? 1 << 16
        var bytes = [UInt8](repeating: 0, count: min(size, limit + 1))
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { break }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - count))
            }
            let read = try bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(InputError) in
                    try readSome(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
                }
            }.get()
            if read == 0 { break }
            count += read
        }
        guard count <= limit else {
            throw InputError(code: .tooLarge, reason: "larger than \(limit) bytes, the most read")
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// One `read(2)` into `buffer`, resumed after `EINTR`: the count read, 0 at the end.
    static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            let code = errno
            guard code == EINTR else { throw error(code) }
        }
    }

    /// The input error an `errno` value means.
    static func error(_ code: Int32) -> InputError {
        switch code {
        case ENOENT, ENOTDIR: return InputError(code: .notFound, reason: reason(code))
        case EISDIR: return InputError(code: .isDirectory, reason: reason(code))
        default: return InputError(code: .unreadable, reason: reason(code))
        }
    }

    /// The system's text for an `errno` value, lowercased as the tool's messages are: `no such file or directory`.
    static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let message = String(cString: text)
        guard let first = message.first else { return "error \(code)" }
        return first.lowercased() + message.dropFirst()
    }
}
