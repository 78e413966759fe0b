import FuzzHarness

// libFuzzer entry point of the `jws` target. Built by scripts/fuzz.sh with -sanitize=fuzzer, which supplies
// `main`; a plain `swift build` links it too, as a program that does nothing.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    if let failure = FuzzTargets.jws([UInt8](UnsafeRawBufferPointer(start: start, count: count))) {
        fatalError("fuzz target jws: \(failure)")
    }
    return 0
}
