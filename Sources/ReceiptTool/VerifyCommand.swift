import Foundation
import PureDER
import PureReceipt
import PureReceiptJSON
import PureX509

/// `receipt verify FILE... [--bundle-id ID] [--version V] [--device-id UUID|HEX] [--anchor CERT]...
/// [--at RFC3339|now] [--json] [--jobs N]`: one result per input, verified in parallel; exit 0 when every
/// input is valid, 1 when any is invalid, 2 on usage or I/O errors.
enum VerifyCommand {
    struct Options {
        var paths: [String] = []
        var expectations = ReceiptValidator.Expectations()
        var anchorPaths: [String] = []
        var at: ReceiptValidator.ValidationTime = .receiptCreationDate
        var json = false
        var jobs = ProcessInfo.processInfo.activeProcessorCount
    }

    static func run(_ arguments: [String], io: ToolIO) throws(ToolFailure) {
        let options = try parse(arguments)
        var anchors: [Certificate] = []
        for path in options.anchorPaths {
            let (bytes, _) = try readInput(path, io: io)
            do throws(X509Error) {
                anchors.append(try Certificate(derEncoded: bytes))
            } catch {
                throw ToolFailure(status: ExitStatus.usage, message: "--anchor \(path): \(error)")
            }
        }
        let trust = anchors.isEmpty ? ReceiptTrust.apple : ReceiptTrust.replacingAnchors(with: anchors)
        let validator = ReceiptValidator(trust: trust, validationTime: options.at, expectations: options.expectations)

        // Inputs are read here, then verified in parallel; results print in input order.
        var inputs: [[UInt8]?] = []
        var unreadable = false
        for path in options.paths {
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
        let results = verifyAll(inputs, validator: validator, jobs: options.jobs)
        var allValid = true
        for (index, path) in options.paths.enumerated() {
            guard let result = results[index] else { continue }
            if case .failure = result { allValid = false }
            io.out((options.json ? json(path, result) : text(path, result)) + "\n")
        }
        if unreadable { throw ToolFailure(status: ExitStatus.usage, message: "verify: some inputs could not be read") }
        if !allValid { throw ToolFailure(status: ExitStatus.failure, message: "verify: some receipts are invalid") }
    }

    /// Validates every readable input on up to `jobs` threads.
    static func verifyAll(
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

    static func text(_ path: String, _ result: Result<ValidatedReceipt, ReceiptValidationError>) -> String {
        switch result {
        case .success(let validated):
            let receipt = validated.receipt
            let chain = validated.chain.certificates.map { $0.subject.commonName ?? "?" }.joined(separator: " ← ")
            return "\(path): valid: \(receipt.bundleIdentifier ?? "?") \(receipt.applicationVersion ?? "?"), "
                + "\(receipt.inAppPurchases.count) in-app purchases, signed by \(chain), "
                + "at \(UTCDateTime.rfc3339(secondsSince1970: validated.validationTime))"
        case .failure(let error):
            return "\(path): INVALID \(error)"
        }
    }

    static func json(_ path: String, _ result: Result<ValidatedReceipt, ReceiptValidationError>) -> String {
        ReceiptJSON.verification(result, file: path).text
    }

    static func parse(_ arguments: [String]) throws(ToolFailure) -> Options {
        var options = Options()
        var index = 0
        func value(_ name: String) throws(ToolFailure) -> String {
            index += 1
            guard index < arguments.count else {
                throw ToolFailure(status: ExitStatus.usage, message: "verify: \(name) needs a value")
            }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--bundle-id": options.expectations.bundleIdentifier = try value(argument)
            case "--version": options.expectations.applicationVersion = try value(argument)
            case "--device-id":
                let text = try value(argument)
                guard let device = deviceIdentifier(text) else {
                    throw ToolFailure(
                        status: ExitStatus.usage,
                        message: "verify: --device-id takes a UUID or hex bytes"
                    )
                }
                options.expectations.deviceIdentifier = device
            case "--anchor": options.anchorPaths.append(try value(argument))
            case "--at":
                let text = try value(argument)
                if text == "now" {
                    options.at = .instant(Int64(Date().timeIntervalSince1970))
                } else if let seconds = RFC3339.seconds(text) {
                    options.at = .instant(seconds)
                } else {
                    throw ToolFailure(status: ExitStatus.usage, message: "verify: --at takes RFC 3339 or now")
                }
            case "--json": options.json = true
            case "--jobs":
                guard let jobs = Int(try value(argument)), jobs > 0 else {
                    throw ToolFailure(status: ExitStatus.usage, message: "verify: --jobs takes a positive number")
                }
                options.jobs = jobs
            case "-": options.paths.append(argument)
            case _ where argument.hasPrefix("-"):
                throw ToolFailure(status: ExitStatus.usage, message: "verify: unknown option '\(argument)'")
            default: options.paths.append(argument)
            }
            index += 1
        }
        guard !options.paths.isEmpty else {
            throw ToolFailure(status: ExitStatus.usage, message: "verify: expected FILE... or -")
        }
        return options
    }

    /// A UUID (`3B76A7BD-8F5B-46A4-BCB1-CCE8DBD1B3CD`, 16 bytes) or hex digits (e.g. a 6-byte MAC address,
    /// colons allowed).
    static func deviceIdentifier(_ text: String) -> [UInt8]? {
        guard let bytes = Hex.decode(text.filter { $0 != "-" && $0 != ":" }), !bytes.isEmpty else { return nil }
        return bytes
    }
}
