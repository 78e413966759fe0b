/// Where a command's output goes and where standard input comes from: the process's streams
/// (``StandardStreams``), or a test's buffers, so that tests run commands in-process.
struct ToolIO: Sendable {
    /// Writes all of the bytes to standard output, in one piece (a line is never split between two writes that
    /// another thread or an interruption could come between), or throws why not.
    var writeOutput: @Sendable (UnsafeRawBufferPointer) throws(OutputError) -> Void
    /// Writes all of the bytes to standard error, or throws why not.
    var writeError: @Sendable (UnsafeRawBufferPointer) throws(OutputError) -> Void
    /// Reads standard input into the buffer: how many bytes were read, 0 at its end.
    var readInput: @Sendable (UnsafeMutableRawBufferPointer) throws(InputError) -> Int

    /// Writes `bytes` to standard output; a failure is an I/O error (exit 2).
    func out(_ bytes: [UInt8]) throws(ToolFailure) {
        do throws(OutputError) {
            try bytes.withUnsafeBytes { buffer in Result { () throws(OutputError) in try writeOutput(buffer) } }.get()
        } catch {
            throw .output(error)
        }
    }

    /// Writes `text` to standard output; a failure is an I/O error (exit 2).
    func out(_ text: String) throws(ToolFailure) {
        try out(Array(text.utf8))
    }

    /// Writes `text` to standard error; a failure is an I/O error (exit 2), whose message cannot be printed
    /// either, so the exit status is what tells it.
    func err(_ text: String) throws(ToolFailure) {
        do throws(OutputError) {
            try Array(text.utf8).withUnsafeBytes { buffer in
                Result { () throws(OutputError) in try writeError(buffer) }
            }.get()
        } catch {
            throw .output(error)
        }
    }
}
