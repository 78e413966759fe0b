#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of the repository's `TestVectors/`, read with the C library: the `jws-verify` target mutates
/// real signed data it holds, and both its libFuzzer executable and the tests that replay its corpus run from
/// the checkout they were built in, so the folder is found from this file's own path.
enum VectorFiles {
    /// `TestVectors/`, beside `Sources/`.
    static let directory: String = {
        let components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        return components.dropLast(3).joined(separator: "/") + "/TestVectors"
    }()

    /// The names of the regular entries of `folder` (relative to `TestVectors/`) ending in `suffix`, sorted;
    /// none when the folder is missing.
    static func names(in folder: String, suffix: String) -> [String] {
        guard let stream = opendir(directory + "/" + folder) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name.hasSuffix(suffix), !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// The bytes of `path` (relative to `TestVectors/`), or `nil` when it cannot be read.
    static func bytes(_ path: String) -> [UInt8]? {
        guard let file = fopen(directory + "/" + path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return ferror(file) == 0 ? bytes : nil
    }
}
