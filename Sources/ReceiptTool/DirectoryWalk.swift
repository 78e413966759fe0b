#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files in a directory given as an input of `verify` or `entitlements`: its regular files (and symbolic
/// links to regular files), in the byte order of their names; with `--recursive`, its subdirectories' too,
/// depth-first, each where its name sorts. Names starting with `.` are skipped; symbolic links to directories,
/// devices, pipes and sockets are not followed or read. A directory that cannot be listed, or one nested
/// deeper than ``maximumDepth``, is an input of its own whose result is the error.
///
/// Memory: one listing per directory open on the way down, each its names in one buffer — proportional to the
/// largest directory, not to the files in the whole tree.
struct DirectoryWalk {
    /// Directories below the one given that are descended into; deeper ones are reported, not read.
    static let maximumDepth = 64

    /// One directory's entries, sorted.
    private struct Listing {
        let path: [UInt8]
        /// Every name, one after another; entry `i` is `names[starts[i]..<starts[i + 1]]`.
        var names: [UInt8] = []
        var starts: [Int] = [0]
        var types: [UInt8] = []
        /// Entry indices in name order.
        var order: [Int] = []
        var position = 0

        init(path: [UInt8]) throws(InputError) {
            self.path = path
            let directory = try FileInput.withSystemPath(path) { opendir($0) }
            guard let directory else { throw FileInput.error(errno) }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let type = entry.pointee.d_type
                let added = withUnsafeBytes(of: &entry.pointee.d_name) { raw -> Bool in
                    let name = raw.prefix { $0 != 0 }
                    guard name.first != UInt8(ascii: ".") else { return false }
                    self.names += name
                    return true
                }
                guard added else { continue }
                starts.append(names.count)
                types.append(type)
            }
            let allNames = names
            let nameStarts = starts
            order = Array(types.indices).sorted { left, right in
                let leftName = allNames[nameStarts[left]..<nameStarts[left + 1]]
                return leftName.lexicographicallyPrecedes(allNames[nameStarts[right]..<nameStarts[right + 1]])
            }
        }

        /// The next entry's path and type, or `nil` at the end.
        mutating func next() -> (path: [UInt8], type: UInt8)? {
            guard position < order.count else { return nil }
            let entry = order[position]
            position += 1
            return (path + [UInt8(ascii: "/")] + names[starts[entry]..<starts[entry + 1]], types[entry])
        }
    }

    private let recursive: Bool
    private var stack: [Listing] = []
    private var pending: InputName?
    private var rootError: InputError?

    init(_ path: [UInt8], recursive: Bool) {
        self.recursive = recursive
        do throws(InputError) {
            stack = [try Listing(path: path)]
        } catch {
            pending = .path(path)
            rootError = error
        }
    }

    /// The next file, or a directory that could not be read with its error; `nil` when the walk is done.
    mutating func next() -> BatchItem? {
        if let pending, let rootError {
            self.pending = nil
            return .unavailable(pending, rootError)
        }
        while let top = stack.indices.last {
            guard let (path, type) = stack[top].next() else {
                stack.removeLast()
                continue
            }
            switch kind(of: path, type: type) {
            case .file:
                return .file(path)
            case .directory where recursive:
                guard stack.count <= Self.maximumDepth else {
                    let reason = "deeper than \(Self.maximumDepth) directories below the one given"
                    return .unavailable(.path(path), InputError(code: .unreadable, reason: reason))
                }
                do throws(InputError) {
                    stack.append(try Listing(path: path))
                } catch {
                    return .unavailable(.path(path), error)
                }
            case .directory, .skipped:
                continue
            }
        }
        return nil
    }

    private enum Kind {
        case file
        case directory
        case skipped
    }

    /// What an entry is: by its directory entry's type where the file system gives one, else by `lstat`; a
    /// symbolic link by what it points to (a link that points nowhere is a file, whose reading reports it).
    private func kind(of path: [UInt8], type: UInt8) -> Kind {
        switch Int32(type) {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK), Int32(DT_UNKNOWN): break
        default: return .skipped
        }
        var status = stat()
        // An entry that cannot be examined is handed on as a file, whose reading reports why.
        guard let found = try? FileInput.withSystemPath(path, { lstat($0, &status) == 0 }), found else {
            return .file
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK:
            guard (try? FileInput.withSystemPath(path, { stat($0, &status) == 0 })) == true else { return .file }
            return status.st_mode & S_IFMT == S_IFREG ? .file : .skipped
        default: return .skipped
        }
    }
}
