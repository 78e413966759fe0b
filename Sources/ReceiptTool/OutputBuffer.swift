/// Output gathered into chunks of whole lines before it is written: for commands whose output can be far larger
/// than their input (`asn1`), memory stays at one chunk whatever the output's size.
struct OutputBuffer {
    /// Bytes gathered before they are written.
    static let chunkSize = 1 << 16

    private let io: ToolIO
    private var bytes: [UInt8] = []

    init(io: ToolIO) {
        self.io = io
        bytes.reserveCapacity(Self.chunkSize + 1024)
    }

    /// Adds one line, with its line feed; writes the chunk once it is full.
    mutating func appendLine(_ line: String) throws(ToolFailure) {
        bytes += line.utf8
        bytes.append(0x0A)
        if bytes.count >= Self.chunkSize { try flush() }
    }

    /// Writes what is gathered.
    mutating func flush() throws(ToolFailure) {
        guard !bytes.isEmpty else { return }
        try io.out(bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}
