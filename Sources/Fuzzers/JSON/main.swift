import FuzzHarness

// libFuzzer entry point of the `json` target. Built by scripts/fuzz.sh with -sanitize=fuzzer, which supplies
// `main`; a plain `swift build` links it too, as a program that does nothing.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    if let failure = FuzzTargets.json([UInt8](UnsafeRawBufferPointer(start: start, count: count))) {
        fatalError("fuzz target json: \(failure)")
    }
    return 0
}
