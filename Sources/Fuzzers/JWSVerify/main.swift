import FuzzHarness

// libFuzzer entry point of the `jws-verify` target. Built by scripts/fuzz.sh with -sanitize=fuzzer, which
// supplies `main`; a plain `swift build` links it too, as a program that does nothing. libFuzzer runs one input
// at a time on one thread, so the memo of certificate signatures verified carries from one input to the next.

nonisolated(unsafe) var memo = JWSVerifyMemo()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    if let failure = FuzzTargets.jwsVerify([UInt8](UnsafeRawBufferPointer(start: start, count: count)), memo: &memo) {
        fatalError("fuzz target jws-verify: \(failure)")
    }
    return 0
}
