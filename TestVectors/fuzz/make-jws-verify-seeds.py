#!/usr/bin/env python3
"""Seeds of the jws-verify fuzz target (Sources/FuzzHarness/JWSVerifyTarget.swift), written to
TestVectors/fuzz/jws-verify/. Its inputs are edit programs (JWSEditProgram.swift): byte 0 picks one of the
StoreKit 2 seeds the harness reads from TestVectors/jws (modulo their number), byte 1 the expectations and the
payload type, then edits of the decoded pieces. The seeds here: every seed unedited, and for a few seeds one
edit of each kind on each piece, the expectations each way, and each payload type. Deterministic."""
import pathlib

OUT = pathlib.Path(__file__).resolve().parent / "jws-verify"
# More than the harness's seeds (about 60): indices wrap, so every seed is met unedited.
SEEDS = 64
PIECES = ["header", "payload", "signature", "x5c0", "x5c1", "x5c2", "text"]
# (name, edit kind, operands): JWSEditProgram.operands(of:)
EDITS = [
    ("overwrite", 0, bytes([3]) + b'"x"'),
    ("insert", 1, bytes([1]) + b" ,"),
    ("delete", 2, bytes([4])),
    ("flip", 3, bytes([2])),
    ("add", 4, bytes([1])),
    ("duplicate", 5, bytes([7])),
    ("truncate", 6, b""),
    ("crossover", 7, bytes([9])),
    ("negate-s", 8, b""),
    ("swap", 9, bytes([1])),
]


def program(seed, flags=0, edits=()):
    data = bytes([seed, flags])
    for piece, kind, position, operands in edits:
        data += bytes([PIECES.index(piece) << 4 | kind, position & 0xFF, position >> 8]) + operands
    return data


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.iterdir():
        old.unlink()
    seeds = {}
    for index in range(SEEDS):
        seeds[f"seed{index:02}"] = program(index)
    for piece in PIECES:
        for name, kind, operands in EDITS:
            seeds[f"seed00-{piece}-{name}"] = program(0, 0, [(piece, kind, 40, operands)])
    for index in (0, 7, 21):
        for flags in (0x01, 0x02, 0x05, 0x06, 0x0C, 0x1D, 0x80, 0xA0, 0xC0, 0xE0):
            seeds[f"seed{index:02}-flags{flags:02x}"] = program(index, flags)
    for name, data in seeds.items():
        (OUT / f"{name}.bin").write_bytes(data)


if __name__ == "__main__":
    main()
