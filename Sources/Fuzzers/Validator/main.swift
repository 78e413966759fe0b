import FuzzHarness

// libFuzzer entry point of the `validator` target. Built by scripts/fuzz.sh with -sanitize=fuzzer, which supplies
// `main`; a plain `swift build` links it too, as a program that does nothing.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    if let failure = FuzzTargets.validator([UInt8](UnsafeRawBufferPointer(start: start, count: count))) {
        fatalError("fuzz target validator: \(failure)")
    }
    return 0
}
