import PureDER
import PureReceipt
import PureSignedData
import PureX509

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `verify` and `entitlements` share: the inputs (files, directories, `-`, or `--lines`), whom to trust
/// (`--anchor`), what to expect (`--bundle-id`, `--version`, `--device-id`; for signed data `--app-apple-id` and
/// `--environment`), when to validate the chain, `--json`, `--jobs` and `--no-memo`.
struct ValidationOptions {
    /// The FILE, directory and `-` arguments, as given.
    var inputs: [[UInt8]] = []
    /// `--lines FILE|-`: each line of it one input.
    var lines: InputName?
    /// `--recursive`: directories' subdirectories too.
    var recursive = false
    var expectations = ReceiptValidator.Expectations()
    /// `--app-apple-id` and `--environment`: what signed data must name besides the bundle identifier.
    var appAppleID: Int64?
    var environment: AppStoreEnvironment?
    var anchors: [InputName] = []
    var validationTime: ReceiptValidator.ValidationTime = .receiptCreationDate
    var json = false
    var jobs = min(ProcessorCount.available, maximumBatchJobs)
    /// Whether each worker keeps a ``PureX509/SignatureMemo`` across its inputs; `--no-memo` turns it off.
    var memo = true
    /// The values of the command's own options, by name; the last one given wins.
    var commandOptions: [String: String] = [:]

    /// Parses the arguments of `command`. `validationTimeOption` names the option that sets the chain's
    /// validation time (`--at` for `verify`, `--validate-at` for `entitlements`); `ownOptions` are the
    /// command's other options, each taking a value, kept in ``commandOptions``.
    static func parse(
        _ arguments: [[UInt8]],
        command: String,
        validationTimeOption: String,
        ownOptions: Set<String> = []
    ) throws(ToolFailure) -> ValidationOptions {
        var options = ValidationOptions()
        var index = 0
        // Options that hold one value; given twice, which one the user meant is unknowable (two bundle
        // identifiers are not "either"), so the second is a usage error, not a silent replacement.
        var given: Set<String> = []
        func value(_ name: String) throws(ToolFailure) -> [UInt8] {
            index += 1
            guard index < arguments.count else { throw .usage("\(command): \(name) needs a value") }
            guard name == "--anchor" || given.insert(name).inserted else {
                throw .usage("\(command): \(name) is given once")
            }
            return arguments[index]
        }
        func text(_ name: String) throws(ToolFailure) -> String {
            String(decoding: try value(name), as: UTF8.self)
        }
        var optionsEnded = false
        while index < arguments.count {
            let argument = String(decoding: arguments[index], as: UTF8.self)
            if optionsEnded {
                options.inputs.append(arguments[index])
                index += 1
                continue
            }
            switch argument {
            case "--": optionsEnded = true
            case "--bundle-id": options.expectations.bundleIdentifier = try text(argument)
            case "--version": options.expectations.applicationVersion = try text(argument)
            case "--device-id":
                guard let device = deviceIdentifier(try text(argument)) else {
                    throw .usage("\(command): --device-id takes a UUID (16 bytes) or a MAC address (6 bytes)")
                }
                options.expectations.deviceIdentifier = device
            case "--app-apple-id":
                guard let id = decimalNumber(try text(argument)), id > 0 else {
                    throw .usage("\(command): --app-apple-id takes a positive number")
                }
                options.appAppleID = id
            case "--environment":
                let name = try text(argument)
                guard let environment = Self.environments.first(where: { $0.rawValue == name }) else {
                    throw .usage("\(command): --environment takes Production, Sandbox, Xcode or LocalTesting")
                }
                options.environment = environment
            case "--anchor": options.anchors.append(InputName(argument: try value(argument)))
            case validationTimeOption:
                options.validationTime = .instant(try instant(try text(argument), option: argument, command: command))
            case _ where ownOptions.contains(argument): options.commandOptions[argument] = try text(argument)
            case "--json": options.json = true
            case "--recursive", "-r": options.recursive = true
            case "--no-memo": options.memo = false
            case "--lines": options.lines = InputName(argument: try value(argument))
            case "--jobs":
                guard let jobs = decimalNumber(try text(argument)).flatMap(Int.init(exactly:)),
                    (1...maximumBatchJobs).contains(jobs)
                else {
                    throw .usage("\(command): --jobs takes a number from 1 to \(maximumBatchJobs)")
                }
                options.jobs = jobs
            case "-": options.inputs.append(arguments[index])
            case _ where argument.hasPrefix("-"):
                throw .usage("\(command): unknown option '\(TerminalText.escaped(utf8: arguments[index]))'")
            default: options.inputs.append(arguments[index])
            }
            index += 1
        }
        guard options.lines == nil || options.inputs.isEmpty else {
            throw .usage("\(command): --lines takes the place of FILE arguments")
        }
        // Apple's rule, as its library applies it: Production data is told apart by the app Apple ID.
        guard options.environment != .production || options.appAppleID != nil else {
            throw .usage("\(command): --environment Production needs --app-apple-id")
        }
        guard options.lines != nil || !options.inputs.isEmpty else {
            throw .usage("\(command): expected FILE..., - or --lines FILE|-")
        }
        // Standard input can be read once: a second reader would find it empty and call the input invalid.
        let standardInputReaders =
            options.inputs.filter { $0 == [UInt8(ascii: "-")] }.count
            + options.anchors.filter { $0 == .standardInput }.count + (options.lines == .standardInput ? 1 : 0)
        guard standardInputReaders <= 1 else {
            throw .usage("\(command): standard input (-) can be read only once")
        }
        return options
    }

    /// The environments Apple names, as `--environment` takes them (case as Apple writes them).
    static let environments: [AppStoreEnvironment] = [.production, .sandbox, .xcode, .localTesting]

    /// An RFC 3339 date-time or `now`, in seconds since 1970.
    static func instant(_ text: String, option: String, command: String) throws(ToolFailure) -> Int64 {
        if text == "now" { return Int64(time(nil)) }
        guard let seconds = RFC3339.seconds(text) else { throw .usage("\(command): \(option) takes RFC 3339 or now") }
        return seconds
    }

    /// A UUID (`3B76A7BD-8F5B-46A4-BCB1-CCE8DBD1B3CD`, 16 bytes: identifierForVendor) or a MAC address in hex
    /// (6 bytes, colons allowed: a Mac's primary interface), the two identifiers a device hash is made with; any
    /// other length could only make the device hash step fail.
    static func deviceIdentifier(_ text: String) -> [UInt8]? {
        guard let bytes = Hex.decode(text.filter { $0 != "-" && $0 != ":" }), bytes.count == 16 || bytes.count == 6
        else { return nil }
        return bytes
    }

    /// The receipt validator and the signed-data verifiers the options describe: every certificate of the
    /// `--anchor` inputs (each a certificate or a PEM bundle) in place of the bundled Apple roots (Apple's chain
    /// shape still required of signed data). An anchor that cannot be read or is not a certificate is a usage
    /// error.
    func validators(io: ToolIO) throws(ToolFailure) -> (ReceiptValidator, SignedDataVerifiers) {
        var certificates: [Certificate] = []
        for anchor in anchors {
            do throws(ToolFailure) {
                certificates += try CertificateBundle.certificates(in: try readRawInput(anchor, io: io), name: anchor)
            } catch {
                throw .usage("--anchor \(error.message)")
            }
        }
        let trust = certificates.isEmpty ? ReceiptTrust.apple : ReceiptTrust.replacingAnchors(with: certificates)
        // --environment and --app-apple-id hold receipts too: their type (field 0) and app item ID (field 1).
        var receiptExpectations = expectations
        receiptExpectations.receiptType = environment.map(Self.receiptType(naming:))
        receiptExpectations.appItemIdentifier = appAppleID
        let receipts = ReceiptValidator(
            trust: trust,
            validationTime: validationTime,
            expectations: receiptExpectations
        )
        var signedData = SignedDataVerifier(
            trust: certificates.isEmpty ? .appStore : .replacingAnchors(with: certificates),
            expectations: .init(
                bundleIdentifier: expectations.bundleIdentifier,
                environment: environment,
                appAppleID: appAppleID
            )
        )
        if case .instant(let instant) = validationTime { signedData.validationTime = .instant(instant) }
        // Xcode's layout under the same anchors and rules: Apple's chain rule accepts a path of one certificate
        // only when that certificate is itself an anchor, so one `x5c` certificate is trusted only as named.
        var xcodeLayout: SignedDataVerifier? = nil
        if !certificates.isEmpty {
            xcodeLayout = signedData
            xcodeLayout?.trust.layout = .xcode
        }
        return (receipts, SignedDataVerifiers(appStoreLayout: signedData, xcodeLayout: xcodeLayout))
    }

    /// The receipt type (field 0) that names `environment` in a receipt: sandbox receipts say `ProductionSandbox`;
    /// `Production` and `Xcode` are written as in StoreKit 2 data.
    static func receiptType(naming environment: AppStoreEnvironment) -> String {
        environment == .sandbox ? "ProductionSandbox" : environment.rawValue
    }

    /// Where the inputs come from: the lines of `--lines`, or the arguments.
    func source(io: ToolIO) throws(ToolFailure) -> BatchSource {
        switch lines {
        case nil:
            return BatchSource(arguments: inputs, recursive: recursive)
        case .standardInput:
            return BatchSource(
                lines: LineReader(limit: maximumInputFileSize) { buffer throws(InputError) in
                    try io.readInput(buffer)
                }
            )
        case .path(let path):
            let file: FileInput.Descriptor
            do throws(InputError) {
                file = try FileInput.openFile(path)
            } catch {
                throw .input(.path(path), error)
            }
            return BatchSource(
                lines: LineReader(limit: maximumInputFileSize) { buffer throws(InputError) in
                    try FileInput.readSome(file.number, into: buffer)
                }
            )
        case .line:
            throw .usage("--lines takes a FILE or -")
        }
    }
}

/// The value of `text` when it is decimal digits alone, and fits: Swift's `Int64(_:)` would also take a sign ("+3").
func decimalNumber(_ text: String) -> Int64? {
    guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
    return Int64(text)
}
