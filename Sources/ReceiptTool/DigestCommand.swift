import PureCrypto

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `receipt digest [-a sha1|sha256|sha384|sha512] FILE...|-`: one `HEX  NAME` line per input, like `sha256sum`,
/// or `CODE  NAME` for an input that cannot be read (with its reason on standard error). Each input is hashed as
/// it is read, in chunks of ``chunkSize`` read straight into one buffer, so memory stays constant whatever its
/// size; a large regular file is hashed in place, through ``MappedHashing``, before what remains is read.
enum DigestCommand {
    /// Bytes per read: large enough that a system call per chunk costs nothing beside hashing it, small enough that
    /// the chunk the kernel has just copied is still in the core's nearest caches when it is hashed.
    static let chunkSize = 1 << 17

    static func run(_ arguments: [[UInt8]], io: ToolIO) throws(ToolFailure) {
        var algorithm: String? = nil
        var inputs: [InputName] = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = String(decoding: arguments[index], as: UTF8.self)
            if optionsEnded {
                inputs.append(InputName(argument: arguments[index]))
                index += 1
                continue
            }
            switch argument {
            case "--": optionsEnded = true
            case "-a", "--algorithm":
                index += 1
                guard index < arguments.count else { throw .usage("digest: \(argument) needs a value") }
                guard algorithm == nil else { throw .usage("digest: -a is given once") }
                algorithm = String(decoding: arguments[index], as: UTF8.self)
            case "-": inputs.append(.standardInput)
            case _ where argument.hasPrefix("-"):
                throw .usage("digest: unknown option '\(TerminalText.escaped(utf8: arguments[index]))'")
            default: inputs.append(.path(arguments[index]))
            }
            index += 1
        }
        guard !inputs.isEmpty else { throw .usage("digest: expected FILE... or -") }
        let hash: (InputName, UnsafeMutableRawBufferPointer) throws(InputError) -> String
        let algorithmName = algorithm ?? "sha256"
        switch algorithmName {
        case "sha1": hash = { name, buffer throws(InputError) in try digest(of: name, Insecure.SHA1.self, buffer, io) }
        case "sha256": hash = { name, buffer throws(InputError) in try digest(of: name, SHA256.self, buffer, io) }
        case "sha384": hash = { name, buffer throws(InputError) in try digest(of: name, SHA384.self, buffer, io) }
        case "sha512": hash = { name, buffer throws(InputError) in try digest(of: name, SHA512.self, buffer, io) }
        default:
            throw .usage(
                "digest: unknown algorithm '\(TerminalText.escaped(algorithmName))' (sha1, sha256, sha384, sha512)"
            )
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
        defer { buffer.deallocate() }
        var unreadable = 0
        for name in inputs {
            let result: Result<String, InputError>
            do throws(InputError) {
                result = .success(try hash(name, buffer))
            } catch {
                result = .failure(error)
            }
            switch result {
            case .success(let hex):
                try io.out("\(hex)  \(name.display)\n")
            case .failure(let error):
                unreadable += 1
                try io.out("\(error.code.rawValue)  \(name.display)\n")
                try io.err("receipt: \(name.display): \(error.code.rawValue): \(error.reason)\n")
            }
        }
        if unreadable > 0 { throw .usage("digest: \(unreadable) of \(inputs.count) inputs could not be read") }
    }

    /// The lowercase hex digest of a file or standard input, read through `buffer`.
    static func digest<Hash: HashFunction>(
        of name: InputName,
        _ type: Hash.Type,
        _ buffer: UnsafeMutableRawBufferPointer,
        _ io: ToolIO
    ) throws(InputError) -> String {
        var hasher = Hash()
        let read: (UnsafeMutableRawBufferPointer) throws(InputError) -> Int
        var file: FileInput.Descriptor?
        switch name {
        case .path(let path):
            let opened = try FileInput.openFile(path)
            file = opened
            try hashMapped(opened.number, into: &hasher)
            read = { buffer throws(InputError) in try FileInput.readSome(opened.number, into: buffer) }
        case .standardInput:
            read = io.readInput
        case .line:
            throw InputError(code: .notFound, reason: "a line is not a file")
        }
        while true {
            let count = try read(buffer)
            if count == 0 { break }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
        withExtendedLifetime(file) {}
        return hasher.finalize().description
    }

    /// Hashes what it can of a large regular file, open at its start, through ``MappedHashing`` in windows of
    /// `window` bytes, and leaves the file's offset after the bytes it hashed, where reading goes on; returns how
    /// many it hashed. A smaller file, a pipe or a device is all left to be read.
    @discardableResult
    static func hashMapped<Hash: HashFunction>(
        _ descriptor: Int32,
        window: Int = MappedHashing.windowSize,
        into hasher: inout Hash
    ) throws(InputError) -> Int {
        guard let size = FileInput.regularFileSize(descriptor), size >= MappedHashing.minimumSize else { return 0 }
        let hashed = try MappedHashing.hash(descriptor, size: size, window: window, into: &hasher)
        guard hashed > 0 else { return 0 }
        guard lseek(descriptor, off_t(hashed), SEEK_SET) >= 0 else { throw FileInput.error(errno) }
        return hashed
    }
}
