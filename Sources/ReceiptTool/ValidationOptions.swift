import Foundation
import PureDER
import PureReceipt
import PureX509

/// What `verify` and `entitlements` share: the inputs, whom to trust (`--anchor`), what to expect (`--bundle-id`,
/// `--version`, `--device-id`), when to validate the chain, `--json` and `--jobs`; and the run itself: inputs
/// read, validated in parallel, one result printed per input in input order, and `verify`'s exit statuses.
struct ValidationOptions {
    var paths: [String] = []
    var expectations = ReceiptValidator.Expectations()
    var anchorPaths: [String] = []
    var validationTime: ReceiptValidator.ValidationTime = .receiptCreationDate
    var json = false
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// The values of the command's own options, by name; the last one given wins.
    var commandOptions: [String: String] = [:]

    /// Parses the arguments of `command`. `validationTimeOption` names the option that sets the chain's
    /// validation time (`--at` for `verify`, `--validate-at` for `entitlements`); `ownOptions` are the
    /// command's other options, each taking a value, kept in ``commandOptions``.
    static func parse(
        _ arguments: [String],
        command: String,
        validationTimeOption: String,
        ownOptions: Set<String> = []
    ) throws(ToolFailure) -> ValidationOptions {
        var options = ValidationOptions()
        var index = 0
        func value(_ name: String) throws(ToolFailure) -> String {
            index += 1
            guard index < arguments.count else {
                throw ToolFailure(status: ExitStatus.usage, message: "\(command): \(name) needs a value")
            }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--bundle-id": options.expectations.bundleIdentifier = try value(argument)
            case "--version": options.expectations.applicationVersion = try value(argument)
            case "--device-id":
                guard let device = deviceIdentifier(try value(argument)) else {
                    throw ToolFailure(
                        status: ExitStatus.usage,
                        message: "\(command): --device-id takes a UUID or hex bytes"
                    )
                }
                options.expectations.deviceIdentifier = device
            case "--anchor": options.anchorPaths.append(try value(argument))
            case validationTimeOption:
                options.validationTime = .instant(try instant(try value(argument), option: argument, command: command))
            case _ where ownOptions.contains(argument): options.commandOptions[argument] = try value(argument)
            case "--json": options.json = true
            case "--jobs":
                guard let jobs = Int(try value(argument)), jobs > 0 else {
                    throw ToolFailure(status: ExitStatus.usage, message: "\(command): --jobs takes a positive number")
                }
                options.jobs = jobs
            case "-": options.paths.append(argument)
            case _ where argument.hasPrefix("-"):
                throw ToolFailure(status: ExitStatus.usage, message: "\(command): unknown option '\(argument)'")
            default: options.paths.append(argument)
            }
            index += 1
        }
        guard !options.paths.isEmpty else {
            throw ToolFailure(status: ExitStatus.usage, message: "\(command): expected FILE... or -")
        }
        return options
    }

    /// An RFC 3339 date-time or `now`, in seconds since 1970.
    static func instant(_ text: String, option: String, command: String) throws(ToolFailure) -> Int64 {
        if text == "now" { return Int64(Date().timeIntervalSince1970) }
        guard let seconds = RFC3339.seconds(text) else {
            throw ToolFailure(status: ExitStatus.usage, message: "\(command): \(option) takes RFC 3339 or now")
        }
        return seconds
    }

    /// A UUID (`3B76A7BD-8F5B-46A4-BCB1-CCE8DBD1B3CD`, 16 bytes) or hex digits (e.g. a 6-byte MAC address,
    /// colons allowed).
    static func deviceIdentifier(_ text: String) -> [UInt8]? {
        guard let bytes = Hex.decode(text.filter { $0 != "-" && $0 != ":" }), !bytes.isEmpty else { return nil }
        return bytes
    }

    /// The validator the options describe: the `--anchor` certificates in place of the bundled Apple root.
    func validator(io: ToolIO) throws(ToolFailure) -> ReceiptValidator {
        var anchors: [Certificate] = []
        for path in anchorPaths {
            let (bytes, _) = try readInput(path, io: io)
            do throws(X509Error) {
                anchors.append(try Certificate(derEncoded: bytes))
            } catch {
                throw ToolFailure(status: ExitStatus.usage, message: "--anchor \(path): \(error)")
            }
        }
        let trust = anchors.isEmpty ? ReceiptTrust.apple : ReceiptTrust.replacingAnchors(with: anchors)
        return ReceiptValidator(trust: trust, validationTime: validationTime, expectations: expectations)
    }

    /// Validates every input and prints `line(path, result)` for each, in input order. Exit statuses: 0 when every
    /// input is valid, 1 when any is invalid, 2 when any could not be read (the others are still printed).
    func validateEach(
        command: String,
        io: ToolIO,
        line: (String, Result<ValidatedReceipt, ReceiptValidationError>) -> String
    ) throws(ToolFailure) {
        let validator = try validator(io: io)
        // Inputs are read here, then validated in parallel; results print in input order.
        var inputs: [[UInt8]?] = []
        var unreadable = false
        for path in paths {
            do throws(ToolFailure) {
                // Text that does not decode is still an input: the validator refuses it at the container step.
                let raw = try readRawInput(path, io: io)
                inputs.append((try? BinaryInput.decode(raw))?.bytes ?? raw)
            } catch {
                io.err("receipt: \(error.message)\n")
                inputs.append(nil)
                unreadable = true
            }
        }
        let results = Self.validateAll(inputs, validator: validator, jobs: jobs)
        var allValid = true
        for (index, path) in paths.enumerated() {
            guard let result = results[index] else { continue }
            if case .failure = result { allValid = false }
            io.out(line(path, result) + "\n")
        }
        if unreadable {
            throw ToolFailure(status: ExitStatus.usage, message: "\(command): some inputs could not be read")
        }
        if !allValid { throw ToolFailure(status: ExitStatus.failure, message: "\(command): some receipts are invalid") }
    }

    /// Validates every readable input on up to `jobs` threads.
    static func validateAll(
        _ inputs: [[UInt8]?],
        validator: ReceiptValidator,
        jobs: Int
    ) -> [Result<ValidatedReceipt, ReceiptValidationError>?] {
        final class Results: @unchecked Sendable {
            var values: [Result<ValidatedReceipt, ReceiptValidationError>?]
            let lock = NSLock()
            init(count: Int) { values = Array(repeating: nil, count: count) }
        }
        let results = Results(count: inputs.count)
        let workers = max(1, min(jobs, inputs.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: inputs.count, by: workers) {
                guard let bytes = inputs[index] else { continue }
                let result: Result<ValidatedReceipt, ReceiptValidationError>
                do throws(ReceiptValidationError) {
                    result = .success(try validator.validate(bytes))
                } catch {
                    result = .failure(error)
                }
                results.lock.withLock { results.values[index] = result }
            }
        }
        return results.values
    }
}
