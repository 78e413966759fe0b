import PureDER
import PureSignedData

/// The `jws-verify` target's reading of libFuzzer's bytes: not a JWS, but a choice of seed and of what the
/// verifier is asked, then edits to the seed's decoded pieces, applied before the JWS is spelled again. A
/// mutation of the raw text would almost always break base64url and stop at the first step; edits of the decoded
/// header JSON, payload JSON, certificate DER and signature reach the chain, the signature, the expectations and
/// a notification's nested data.
///
///     byte 0     the seed (modulo their number)
///     byte 1     bits 0–1 the bundle identifier expected: none, the seed's, another, the seed's
///                bits 2–3 the environment expected: none, the seed's, the other, Production
///                bit 4    the app Apple ID expected: none, or the seed's (1 if it has none)
///                bits 5–7 the type verified as: 0–3 DecodedPayload, 4–7 each of the four kinds
///     then edits, each an opcode byte (bits 4–7 the piece modulo 7: header skeleton, payload, signature, x5c[0],
///     x5c[1], x5c[2], the whole text; bits 0–3 the edit), a 16-bit little-endian position (modulo the piece's
///     length + 1) and the edit's operands. Bytes past the end read as 0.
struct JWSEditProgram {
    enum Piece: Int, CaseIterable {
        case header, payload, signature, certificate0, certificate1, certificate2, text
    }

    let seedIndex: Int
    let expectationBits: UInt8
    let kind: SignedDataKind?
    private let edits: ArraySlice<UInt8>

    init(_ input: [UInt8]) {
        seedIndex = Int(input.first ?? 0)
        let flags = input.count > 1 ? input[1] : 0
        expectationBits = flags & 0x1F
        let kinds: [SignedDataKind] = [.transaction, .renewalInfo, .appTransaction, .notification]
        kind = flags >> 5 < 4 ? nil : kinds[Int(flags >> 5) - 4]
        edits = input.dropFirst(2)
    }

    /// The expectations the bits choose, from the seed's own claims.
    func expectations(for claims: AppClaims) -> SignedDataVerifier.Expectations {
        var expected = SignedDataVerifier.Expectations()
        switch expectationBits & 3 {
        case 1, 3: expected.bundleIdentifier = claims.bundleId ?? "com.example.pure-receipt"
        case 2: expected.bundleIdentifier = "com.example.other"
        default: break
        }
        switch (expectationBits >> 2) & 3 {
        case 1: expected.environment = claims.environment ?? .sandbox
        case 2: expected.environment = claims.environment == .production ? .sandbox : .production
        case 3: expected.environment = .production
        default: break
        }
        if expectationBits & 0x10 != 0 { expected.appAppleID = claims.appAppleId ?? 1 }
        return expected
    }

    /// The compact serialization of `seed` after the edits; `seeds` lend their pieces to the crossover edit.
    func mutant(of seed: JWSVerifySeed, seeds: [JWSVerifySeed]) -> [UInt8] {
        var pieces: [[UInt8]] = [seed.headerSkeleton, seed.payload, seed.signature] + seed.certificates
        while pieces.count < 6 { pieces.append([]) }
        var textEdits: [(kind: UInt8, position: Int, operands: ArraySlice<UInt8>)] = []
        var reader = edits
        while !reader.isEmpty {
            let opcode = Self.next(&reader)
            let piece = Piece(rawValue: Int(opcode >> 4) % Piece.allCases.count) ?? .payload
            let position = Int(Self.next(&reader)) | Int(Self.next(&reader)) << 8
            let operands = Self.operands(of: opcode & 0x0F, &reader)
            if piece == .text {
                textEdits.append((opcode & 0x0F, position, operands))
            } else {
                Self.apply(opcode & 0x0F, at: position, operands, to: &pieces, piece.rawValue, seeds: seeds)
            }
        }
        var header: [UInt8] = []
        var placeholders = 0
        for byte in pieces[0] {
            guard byte == JWSVerifySeeds.placeholder else {
                header.append(byte)
                continue
            }
            header += Base64.encode(pieces[3 + placeholders % 3]).utf8
            placeholders += 1
        }
        var text = Array(
            (Base64URL.encode(header) + "." + Base64URL.encode(pieces[1]) + "." + Base64URL.encode(pieces[2])).utf8
        )
        for edit in textEdits { Self.editBytes(edit.kind, at: edit.position, edit.operands, &text) }
        return text
    }

    private static func next(_ reader: inout ArraySlice<UInt8>) -> UInt8 {
        reader.popFirst() ?? 0
    }

    /// The operands of edit `kind`, taken from the program.
    private static func operands(of kind: UInt8, _ reader: inout ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        switch kind % 10 {
        case 0, 1:  // overwrite, insert: a length, then that many literal bytes
            let count = 1 + Int(next(&reader)) % (kind % 10 == 0 ? 8 : 16)
            let literal = reader.prefix(count)
            reader = reader.dropFirst(count)
            return literal
        case 6, 8:  // truncate, s → n − s: none
            return []
        default:  // delete, flip, add, duplicate, crossover, swap: one byte
            return [next(&reader)]
        }
    }

    private static func apply(
        _ kind: UInt8,
        at position: Int,
        _ operands: ArraySlice<UInt8>,
        to pieces: inout [[UInt8]],
        _ piece: Int,
        seeds: [JWSVerifySeed]
    ) {
        switch kind % 10 {
        case 7:  // crossover: the same piece of another seed
            let other = seeds[Int(operands.first ?? 0) % seeds.count]
            let lent = [other.headerSkeleton, other.payload, other.signature] + other.certificates
            if piece < lent.count { pieces[piece] = lent[piece] }
        case 8:  // s → n − s: the other valid signature of the same message
            pieces[2] = negatedS(pieces[2])
        case 9:  // swap two certificates (or a piece with a certificate)
            let other = 3 + Int(operands.first ?? 0) % 3
            pieces.swapAt(piece, other)
        default:
            editBytes(kind, at: position, operands, &pieces[piece])
        }
    }

    /// The byte-level edits, on any piece.
    static func editBytes(_ kind: UInt8, at position: Int, _ operands: ArraySlice<UInt8>, _ bytes: inout [UInt8]) {
        let at = position % (bytes.count + 1)
        let operand = Int(operands.first ?? 0)
        switch kind % 10 {
        case 0:
            for (offset, byte) in operands.enumerated() where at + offset < bytes.count { bytes[at + offset] = byte }
        case 1:
            bytes.insert(contentsOf: operands, at: at)
        case 2:
            bytes.removeSubrange(at..<min(bytes.count, at + 1 + operand % 64))
        case 3:
            if at < bytes.count { bytes[at] ^= 1 << (operand % 8) }
        case 4:
            if at < bytes.count { bytes[at] &+= UInt8(operand) }
        case 5:
            let copied = Array(bytes[at..<min(bytes.count, at + 1 + operand % 64)])
            bytes.insert(contentsOf: copied, at: at)
        case 6:
            bytes.removeSubrange(at...)
        default:
            break
        }
    }

    /// P-256's group order n, big-endian.
    private static let order: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
    ]

    /// r‖(n − s) for a 64-byte r‖s with s < n; other signatures unchanged.
    static func negatedS(_ signature: [UInt8]) -> [UInt8] {
        guard signature.count == 64, signature[32...].lexicographicallyPrecedes(order) else { return signature }
        var result = signature
        var borrow = 0
        for index in (0..<32).reversed() {
            let difference = Int(order[index]) - Int(signature[32 + index]) - borrow
            result[32 + index] = UInt8((difference + 256) % 256)
            borrow = difference < 0 ? 1 : 0
        }
        return result
    }
}
