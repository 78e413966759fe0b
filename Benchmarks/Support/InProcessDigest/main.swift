// `receipt digest`'s in-process counterpart, for run.sh: reads a file whole into memory, untimed, then hashes it
// with SHA-256 in one call and prints the seconds the hashing took and the digest. run.sh runs it in turn with
// `receipt digest -a sha256` on the same file, so that the tool's figure (process start, reads and all) compares
// with hashing alone measured in the same minutes: this machine's speed drifts, so the two are timed in turn.
//
//   InProcessDigest FILE
import PureCrypto

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `message` to standard error and exits with status 2.
func fail(_ message: String) -> Never {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}

guard CommandLine.arguments.count == 2, let file = fopen(CommandLine.arguments[1], "rb") else {
    fail("usage: InProcessDigest FILE (a readable file)")
}
var contents: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 1 << 20)
while true {
    let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    if count == 0 { break }
    contents += chunk[..<count]
}
guard ferror(file) == 0 else { fail("InProcessDigest: cannot read \(CommandLine.arguments[1])") }
fclose(file)

let clock = ContinuousClock()
let start = clock.now
let digest = contents.withUnsafeBytes { SHA256.hash(bufferPointer: $0) }
print((clock.now - start) / .seconds(1), digest)
