import Foundation
import PureCrypto

/// `receipt digest [-a sha1|sha256|sha384|sha512] FILE...|-`: `HEX  NAME` lines like `sha256sum`, reading
/// each input in 64 KiB chunks so memory stays constant whatever the file size.
enum DigestCommand {
    static let chunkSize = 1 << 16

    static func run(_ arguments: [String], io: ToolIO) throws(ToolFailure) {
        var algorithm = "sha256"
        var paths: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-a", "--algorithm":
                index += 1
                guard index < arguments.count else {
                    throw ToolFailure(status: ExitStatus.usage, message: "digest: \(argument) needs a value")
                }
                algorithm = arguments[index]
            case "-": paths.append(argument)
            case _ where argument.hasPrefix("-"):
                throw ToolFailure(status: ExitStatus.usage, message: "digest: unknown option '\(argument)'")
            default: paths.append(argument)
            }
            index += 1
        }
        guard !paths.isEmpty else {
            throw ToolFailure(status: ExitStatus.usage, message: "digest: expected FILE... or -")
        }
        var unreadable = 0
        for path in paths {
            let hex: String?
            switch algorithm {
            case "sha1": hex = digest(of: path, with: Insecure.SHA1.self, io: io)
            case "sha256": hex = digest(of: path, with: SHA256.self, io: io)
            case "sha384": hex = digest(of: path, with: SHA384.self, io: io)
            case "sha512": hex = digest(of: path, with: SHA512.self, io: io)
            default:
                throw ToolFailure(
                    status: ExitStatus.usage,
                    message: "digest: unknown algorithm '\(algorithm)' (sha1, sha256, sha384, sha512)"
                )
            }
            if let hex {
                io.out("\(hex)  \(path)\n")
            } else {
                unreadable += 1
            }
        }
        if unreadable > 0 {
            throw ToolFailure(status: ExitStatus.usage, message: "digest: \(unreadable) input(s) could not be read")
        }
    }

    /// The lowercase hex digest of a file or standard input, or `nil` after reporting why it cannot be read.
    static func digest<Hash: HashFunction>(of path: String, with type: Hash.Type, io: ToolIO) -> String? {
        var hasher = Hash()
        if path == "-" {
            while true {
                guard let chunk = io.readStandardInputChunk(chunkSize) else {
                    io.err("receipt: -: cannot read standard input\n")
                    return nil
                }
                if chunk.isEmpty { break }
                hasher.update(chunk)
            }
            return hasher.finalize().description
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            io.err("receipt: \(path): cannot read\n")
            return nil
        }
        defer { try? handle.close() }
        do {
            while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
                chunk.withUnsafeBytes { hasher.update(bufferPointer: $0) }
            }
        } catch {
            io.err("receipt: \(path): cannot read: \(error.localizedDescription)\n")
            return nil
        }
        return hasher.finalize().description
    }
}
