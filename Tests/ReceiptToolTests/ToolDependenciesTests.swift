import Foundation
import Testing

/// The tool loads the standard library and the C library, not Foundation: loading Foundation for a lock and a
/// thread doubled the tool's start and its resident memory (docs/performance-notes.md). Where `ldd` lists an
/// executable's libraries (Linux); skipped elsewhere.
struct ToolDependenciesTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd"), "ldd lists what Linux loads"))
    func theToolDoesNotLoadFoundation() throws {
        let run = try BuiltTool.shell(#"ldd "$RECEIPT""#)
        #expect(run.status == 0)
        // The listing is the tool's: the C library is always in it.
        #expect(run.outText.contains("libc.so"))
        #expect(!run.outText.contains("Foundation"), "\(run.outText)")
    }
}
