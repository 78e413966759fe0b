import PureDER
import PureJSON
import PurePKCS7
import PureReceipt
import PureSignedData
import PureX509

/// The run of `verify` and `entitlements`: every input read, validated and formatted on the workers of a
/// ``BatchScheduler``, one result line per input printed in input order, and the exit status of docs/cli.md: 0
/// when every input is valid, 1 when any is invalid, 2 when any could not be read (the others are still
/// printed) or output could not be written (the batch stops).
enum ValidationBatch {
    /// How a command prints one result, as one line with its line feed; JSON is written with the worker's
    /// writer, whose buffer is sized by the lines before.
    struct Format: Sendable {
        /// A validation's result.
        var result: @Sendable (InputName, Result<ValidatedReceipt, ReceiptValidationError>, inout JSONWriter) -> [UInt8]
        /// An input that could not be read.
        var inputError: @Sendable (InputName, InputError, inout JSONWriter) -> [UInt8]
        /// A verification of StoreKit signed data; `nil` for a command that reads receipts only, which then
        /// takes a JWS for bytes that are not a receipt.
        var signedData:
            (@Sendable (InputName, Result<VerifiedJWS<DecodedPayload>, SignedDataError>, inout JSONWriter) -> [UInt8])?
    }

    static func run(
        command: String,
        options: ValidationOptions,
        io: ToolIO,
        format: Format
    ) throws(ToolFailure) {
        let (validator, verifiers) = try options.validators(io: io)
        let source = try options.source(io: io)
        let tally = Tally()
        try BatchScheduler<BatchItem, Output>.run(
            jobs: options.jobs,
            next: { source.next() },
            makeWorker: { [memo = options.memo] in
                ValidationWorker(validator: validator, verifiers: verifiers, memo: memo)
            },
            process: { item, worker in
                switch item.load(io: io) {
                case .success(.signedData(let text)) where format.signedData != nil:
                    let result = worker.verify(text)
                    let outcome: Outcome
                    if case .success = result { outcome = .valid } else { outcome = .invalid }
                    return Output(line: format.signedData?(item.name, result, &worker.json) ?? [], outcome: outcome)
                case .success(.signedData):
                    // A command that reads receipts only (entitlements).
                    let reason =
                        "StoreKit 2 signed data (a JWS), where \(command) reads App Store receipts: "
                        + "receipt verify verifies a JWS"
                    return Output(line: format.result(item.name, notAReceipt(reason), &worker.json), outcome: .invalid)
                case .success(.receipt(let bytes)):
                    let result = worker.validate(bytes)
                    let outcome: Outcome
                    if case .success = result { outcome = .valid } else { outcome = .invalid }
                    return Output(line: format.result(item.name, result, &worker.json), outcome: outcome)
                case .success(.unrecognisedText(let reason)):
                    return Output(line: format.result(item.name, notAReceipt(reason), &worker.json), outcome: .invalid)
                case .failure(let error):
                    return Output(line: format.inputError(item.name, error, &worker.json), outcome: .unreadable)
                }
            },
            emit: { outputs throws(ToolFailure) in
                if outputs.count == 1 {
                    // The usual case with one job: the line as it is, without a copy.
                    try io.out(outputs[0].line)
                } else {
                    var lines: [UInt8] = []
                    lines.reserveCapacity(outputs.reduce(0) { $0 + $1.line.count })
                    for output in outputs { lines += output.line }
                    try io.out(lines)
                }
                for output in outputs { tally.count(output.outcome) }
            }
        )
        let inputs = tally.valid + tally.invalid + tally.unreadable
        // Nothing checked is not "every input valid": a script's `verify DIR && grant` must not pass on nothing.
        guard inputs > 0 else {
            throw .usage("\(command): no inputs: the directories or the lines given hold nothing to verify")
        }
        if tally.unreadable > 0 {
            // Exit status 2 wins, but the line still counts the invalid ones: a reader should not think them valid.
            let invalid = tally.invalid > 0 ? ", \(tally.invalid) invalid" : ""
            throw .usage("\(command): \(tally.unreadable) of \(inputs) inputs could not be read\(invalid)")
        }
        if tally.invalid > 0 {
            throw ToolFailure(status: ExitStatus.failure, message: "\(command): \(tally.invalid) of \(inputs) invalid")
        }
    }

    /// The result of an input refused before the validator sees it, for `reason`: at the container step, as
    /// the validator refuses bytes that are not a receipt.
    static func notAReceipt(_ reason: String) -> Result<ValidatedReceipt, ReceiptValidationError> {
        .failure(ReceiptValidationError(.container, reason, pkcs7: PKCS7Error(.malformed, reason)))
    }

    enum Outcome {
        case valid
        case invalid
        case unreadable
    }

    struct Output: Sendable {
        var line: [UInt8]
        var outcome: Outcome
    }

    /// The outcomes printed so far. Counted by the worker that prints, and printing is one worker's at a time
    /// (the scheduler hands the role over under its lock), so the counts need no lock of their own.
    private final class Tally: @unchecked Sendable {
        var valid = 0
        var invalid = 0
        var unreadable = 0

        func count(_ outcome: Outcome) {
            switch outcome {
            case .valid: valid += 1
            case .invalid: invalid += 1
            case .unreadable: unreadable += 1
            }
        }
    }
}

/// What one worker thread of a batch owns: the validator, and the memo of certificate signatures it has verified
/// (issue 23), handed to each validation. A batch of receipts shares a handful of leaves and intermediates, so
/// after the first few inputs a worker verifies only each receipt's own signature; every other check still runs
/// for every input. No state is shared between workers: each parses and verifies its own first chain.
struct ValidationWorker {
    let validator: ReceiptValidator
    let verifiers: SignedDataVerifiers
    /// `nil` with `--no-memo`: every signature verified for every input.
    private var memo: SignatureMemo?
    /// The writer of this worker's JSON lines.
    var json = JSONOutput.writer()

    init(validator: ReceiptValidator, verifiers: SignedDataVerifiers, memo: Bool) {
        self.validator = validator
        self.verifiers = verifiers
        self.memo = memo ? SignatureMemo() : nil
    }

    mutating func validate(_ bytes: [UInt8]) -> Result<ValidatedReceipt, ReceiptValidationError> {
        do throws(ReceiptValidationError) {
            if var owned = memo {
                // Moved out for the call and back, so that the memo has one owner and is never copied.
                memo = nil
                defer { memo = owned }
                return .success(try validator.validate(bytes, memo: &owned))
            }
            return .success(try validator.validate(bytes))
        } catch {
            return .failure(error)
        }
    }

    /// Verifies a JWS, then the receipt expectations it can answer: `--version` is an app transaction's
    /// `applicationVersion`, compared by its bytes as a receipt's `application_version` is (here rather than in
    /// the library's expectations, which Apple's library does not have either, and whose claims the WebAssembly
    /// module would then carry for nothing). One it cannot answer (`--version` of another kind, `--device-id` of
    /// any) makes it invalid at the expectations step, so that a batch never passes an input with a check left
    /// undone.
    mutating func verify(_ text: [UInt8]) -> Result<VerifiedJWS<DecodedPayload>, SignedDataError> {
        do throws(SignedDataError) {
            let verified = try verifiers.verify(text[...], memo: &memo)
            let expected = validator.expectations
            if let version = expected.applicationVersion {
                guard case .appTransaction(let app) = verified.payload else {
                    throw Self.unanswered("--version", by: "receipts and app transactions", verified.kind)
                }
                guard app.applicationVersion.hasSameUTF8(as: version) else {
                    throw SignedDataError(
                        .expectations,
                        .applicationVersionMismatch,
                        "application version \(app.applicationVersion ?? "(none)"), expected \(version)",
                        field: "applicationVersion"
                    )
                }
            }
            if expected.deviceIdentifier != nil {
                throw Self.unanswered("--device-id", by: "receipts", verified.kind)
            }
            return .success(verified)
        } catch {
            return .failure(error)
        }
    }

    /// The error of `option`, which `kinds` alone answer, given for StoreKit 2 data of kind `kind`.
    private static func unanswered(_ option: String, by kinds: String, _ kind: SignedDataKind) -> SignedDataError {
        SignedDataError(
            .expectations,
            .kindMismatch,
            "\(option) applies to \(kinds) only, not to StoreKit 2 data of kind \(kind)",
            field: option == "--version" ? "applicationVersion" : "deviceId"
        )
    }
}

/// The verifiers of StoreKit signed data a batch uses: Apple's layout (`x5c` of three certificates) under the
/// bundled Apple Root CA - G3 or the `--anchor` certificates, and, with `--anchor`, Xcode's layout (one
/// certificate) under the same anchors, for data signed by Xcode's StoreKit testing certificate given as an
/// anchor. Which layout applies is decided by the count alone; trust still comes only from the anchors.
struct SignedDataVerifiers: Sendable {
    var appStoreLayout: SignedDataVerifier
    var xcodeLayout: SignedDataVerifier?

    /// Verifies `text` in Apple's layout; a JWS whose own `x5c` (not a nested one's) holds another number of
    /// certificates is verified in Xcode's when there is one to try. When that layout refuses the count too,
    /// the error is Apple's layout's (`certificate count N, expected 3`); when the one certificate is not an
    /// anchor, the error says so rather than how the path validator failed to use an anchor as its issuer.
    func verify(
        _ text: ArraySlice<UInt8>,
        memo: inout SignatureMemo?
    ) throws(SignedDataError) -> VerifiedJWS<DecodedPayload> {
        do throws(SignedDataError) {
            return try Self.verify(text, with: appStoreLayout, memo: &memo)
        } catch  where error.code == .certificateCount && error.nestedIn == nil {
            guard let xcodeLayout else { throw error }
            let appStoreError = error
            do throws(SignedDataError) {
                return try Self.verify(text, with: xcodeLayout, memo: &memo)
            } catch  where error.code == .certificateCount && error.nestedIn == nil {
                throw appStoreError
            } catch  where error.step == .chain && error.nestedIn == nil {
                throw Self.signerNotAnAnchor(text, anchors: xcodeLayout.trust.anchors) ?? error
            }
        }
    }

    /// The error of data in Xcode's layout whose one certificate is none of the anchors: Xcode makes a new
    /// certificate for each StoreKit configuration and year, and its data verifies only with the one that signed
    /// it. `nil` when the certificate is an anchor: then the validator's error (expired, key usage) is the one.
    static func signerNotAnAnchor(_ text: ArraySlice<UInt8>, anchors: [Certificate]) -> SignedDataError? {
        guard let unverified = try? UnverifiedSignedData<DecodedPayload>(unverified: text, layout: .xcode),
            let signer = unverified.header.certificates.first,
            !anchors.contains(where: { $0.encoded.elementsEqual(signer.encoded) })
        else { return nil }
        let reason =
            "the one certificate of x5c (Xcode's layout) is not an --anchor; such data verifies only with "
            + "the certificate that signed it as the anchor"
        return SignedDataError(
            .chain,
            .pathValidation,
            "the x5c chain does not validate",
            certificateIndex: 0,
            path: PathValidationError(.noPath, certificateIndex: 0, subject: "\(signer.subject)", reason)
        )
    }

    private static func verify(
        _ text: ArraySlice<UInt8>,
        with verifier: SignedDataVerifier,
        memo: inout SignatureMemo?
    ) throws(SignedDataError) -> VerifiedJWS<DecodedPayload> {
        guard var owned = memo else { return try verifier.verify(text) }
        // Moved out for the call and back, so that the memo has one owner and is never copied.
        memo = nil
        defer { memo = owned }
        return try verifier.verify(text, memo: &owned)
    }
}
