#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

StandardStreams.prepare()
// The arguments' bytes as the system gives them: `CommandLine.arguments` would repair names that are not UTF-8.
let arguments = (1..<Int(CommandLine.argc)).map { index in
    CommandLine.unsafeArgv[index].map { argument in
        Array(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self),
                count: strlen(argument)
            )
        )
    } ?? []
}
exit(ReceiptCommand.run(arguments, io: StandardStreams.io))
