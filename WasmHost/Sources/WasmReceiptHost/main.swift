// Verifies receipts through the WebAssembly module in WasmKit, printing for each input the module's JSON line:
// the object `receipt verify --json` prints, without its `file` key (docs/webassembly.md):
//
//   WasmReceiptHost MODULE.wasm [--anchor CERT]... [--bundle-id ID] [--instant SECONDS] [--repeat N] FILE...
//
// --repeat N validates each input N more times and reports the mean time per validation on stderr.
// Exit status: 0 every input valid, 1 any invalid, 2 usage, I/O or runtime errors.

import Foundation
import PureDER
import PureSignedData
import WasmKit

struct HostFailure: Error, CustomStringConvertible {
    let description: String
}

/// The module's exports, called with plain Swift values.
struct ReceiptModule {
    let instance: Instance
    let memory: Memory

    init(path: String) throws {
        let module = try parseWasm(bytes: try Self.read(path))
        let store = Store(engine: Engine())
        instance = try module.instantiate(store: store)
        guard let memory = instance.exports[memory: "memory"] else {
            throw HostFailure(description: "no memory export")
        }
        self.memory = memory
    }

    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw HostFailure(description: "cannot read \(path)")
        }
        return [UInt8](data)
    }

    func call(_ name: String, _ arguments: [Value]) throws -> [Value] {
        guard let function = instance.exports[function: name] else {
            throw HostFailure(description: "the module does not export \(name)")
        }
        return try function(arguments)
    }

    /// Copies `bytes` into memory from `receipt_allocate`; address 0 with length 0 for `nil`.
    func place(_ bytes: [UInt8]?) throws -> (address: UInt32, length: UInt32) {
        guard let bytes else { return (0, 0) }
        let address = try call("receipt_allocate", [.i32(UInt32(bytes.count))])[0].i32
        guard address != 0 else { throw HostFailure(description: "the module is out of memory") }
        memory.withUnsafeMutableBufferPointer(offset: UInt(address), count: bytes.count) { buffer in
            buffer.copyBytes(from: bytes)
        }
        return (address, UInt32(bytes.count))
    }

    static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return Array(bytes[start...end])
    }

    func readResultJSON() throws -> String {
        let address = try call("receipt_result_json_pointer", [])[0].i32
        let length = try call("receipt_result_json_length", [])[0].i32
        return memory.withUnsafeMutableBufferPointer(offset: UInt(address), count: Int(length)) { buffer in
            String(decoding: buffer, as: UTF8.self)
        }
    }

    /// Validates one receipt; returns the status and the result's JSON.
    func validate(
        _ receipt: [UInt8],
        anchors: [UInt8]?,
        instant: Int64?,
        bundleIdentifier: String?
    ) throws -> (
        status: UInt32, json: String
    ) {
        // StoreKit signed data, recognised by its form as the native tool recognises it (hasCompactForm),
        // surrounding whitespace ignored.
        let trimmed = Self.trimmed(receipt)
        let isSignedData = CompactSerialization.hasCompactForm(trimmed)
        // A receipt in base64 or PEM is decoded first, as the native tool decodes it (BinaryInput); the module
        // takes the DER. Text that does not decode is passed as it is, for the module to refuse.
        let input = try place(isSignedData ? trimmed : ((try? BinaryInput.decode(receipt))?.bytes ?? receipt))
        let anchorInput = try place(anchors)
        let bundleInput = try place(bundleIdentifier.map { Array($0.utf8) })
        defer {
            for address in [input.address, anchorInput.address, bundleInput.address] where address != 0 {
                _ = try? call("receipt_free", [.i32(address)])
            }
        }
        let status = try call(
            isSignedData ? "signed_data_verify" : "receipt_validate",
            [
                .i32(input.address), .i32(input.length), .i32(anchorInput.address), .i32(anchorInput.length),
                .i32(instant == nil ? 0 : 1), .i64(UInt64(bitPattern: instant ?? 0)),
                .i32(bundleInput.address), .i32(bundleInput.length),
            ]
        )[0].i32
        return (status, try readResultJSON())
    }
}

func run() throws -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard !arguments.isEmpty else {
        throw HostFailure(
            description:
                "usage: WasmReceiptHost MODULE.wasm [--anchor CERT]... [--bundle-id ID] [--instant SECONDS]"
                + " [--repeat N] FILE..."
        )
    }
    let module = try ReceiptModule(path: arguments.removeFirst())
    var anchors: [UInt8]? = nil
    var bundleIdentifier: String? = nil
    var instant: Int64? = nil
    var repeats = 0
    var files: [String] = []
    while !arguments.isEmpty {
        let argument = arguments.removeFirst()
        func value() throws -> String {
            guard !arguments.isEmpty else { throw HostFailure(description: "\(argument) needs a value") }
            return arguments.removeFirst()
        }
        switch argument {
        case "--anchor": anchors = (anchors ?? []) + (try ReceiptModule.read(try value()))
        case "--bundle-id": bundleIdentifier = try value()
        case "--instant":
            guard let seconds = Int64(try value()) else { throw HostFailure(description: "--instant takes seconds") }
            instant = seconds
        case "--repeat":
            guard let count = Int(try value()), count >= 0 else { throw HostFailure(description: "--repeat takes N") }
            repeats = count
        default: files.append(argument)
        }
    }
    var allValid = true
    var totalSeconds = 0.0
    var totalValidations = 0
    for file in files {
        let receipt = try ReceiptModule.read(file)
        let (status, json) = try module.validate(
            receipt,
            anchors: anchors,
            instant: instant,
            bundleIdentifier: bundleIdentifier
        )
        guard status <= 1, json.hasPrefix("{") else {
            throw HostFailure(description: "\(file): status \(status): \(json)")
        }
        if status != 0 { allValid = false }
        print(json)
        if repeats > 0 {
            let clock = ContinuousClock()
            let elapsed = try clock.measure {
                for _ in 0..<repeats {
                    _ = try module.validate(
                        receipt,
                        anchors: anchors,
                        instant: instant,
                        bundleIdentifier: bundleIdentifier
                    )
                }
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            totalSeconds += seconds
            totalValidations += repeats
            FileHandle.standardError.write(
                Data(
                    "wasm: \(file): \(String(format: "%.0f", seconds / Double(repeats) * 1e6)) µs per validation\n".utf8
                )
            )
        }
    }
    if totalValidations > 0 {
        let meanMicroseconds = totalSeconds / Double(totalValidations) * 1e6
        FileHandle.standardError.write(
            Data(
                "wasm: \(totalValidations) validations, mean \(String(format: "%.0f", meanMicroseconds)) µs\n".utf8
            )
        )
    }
    return allValid ? 0 : 1
}

do {
    exit(try run())
} catch {
    FileHandle.standardError.write(Data("WasmReceiptHost: \(error)\n".utf8))
    exit(2)
}
