#!/usr/bin/env python3
"""Writes the project's own small seeds for the DER fuzz target into der/ (one file per seed).

Each seed is a hand-built DER or BER input exercising one feature of the reader; the real receipts and
certificates of TestVectors/receipts and TestVectors/certs are added by scripts/fuzz.sh at run time.
Run from anywhere: python3 TestVectors/fuzz/make-der-seeds.py
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from derkit import oid_encode, tlv  # noqa: E402  (the DER encoding shared with make-seeds.py)


def seq(*parts: bytes) -> bytes:
    return tlv(0x30, b"".join(parts))


def oid(*arcs: int) -> bytes:
    return oid_encode(".".join(str(arc) for arc in arcs))


def integer(value: int) -> bytes:
    length = max(1, (value.bit_length() + 8) // 8)
    return tlv(0x02, value.to_bytes(length, "big", signed=True))


def indefinite(tag: int, *parts: bytes) -> bytes:
    return bytes([tag, 0x80]) + b"".join(parts) + b"\x00\x00"


seeds = {
    "primitives": seq(
        tlv(0x01, b"\xff"), integer(0), integer(-129), integer(2**70), tlv(0x05, b""),
        oid(1, 2, 840, 113549, 1, 7, 2), tlv(0x03, b"\x03\xa8"), tlv(0x04, b"\x00\x01"),
        tlv(0x0A, b"\x01"),
    ),
    "strings": seq(
        tlv(0x0C, "Grüße".encode()), tlv(0x13, b"Apple Inc."), tlv(0x16, b"a@b.c"), tlv(0x1A, b"~x"),
        tlv(0x12, b"12 3"), tlv(0x14, b"\xe9"), tlv(0x1E, "Aé€".encode("utf-16-be")),
        tlv(0x1C, "😀".encode("utf-32-be")),
    ),
    "times": seq(
        tlv(0x17, b"150922170721Z"), tlv(0x18, b"20350209214036Z"), tlv(0x18, b"20150922170721.5Z"),
    ),
    "tags": seq(
        bytes([0x9F, 0x1F, 0x00]), bytes([0xBF, 0x82, 0x01, 0x02, 0x05, 0x00]), tlv(0x81, b"\x05"),
        tlv(0xA0, integer(2)), bytes([0x5F, 0x20, 0x00]),
    ),
    "set-of": tlv(0x31, integer(1) + integer(2) + integer(300)),
    "long-length": tlv(0x04, bytes(300)),
    "nested": seq(seq(seq(seq(seq(tlv(0x05, b"")))))),
    "ber-indefinite": indefinite(0x30, oid(1, 2, 840, 113549, 1, 7, 1),
                                 indefinite(0xA0, indefinite(0x24, tlv(0x04, b"ab"), tlv(0x04, b"c")))),
    "ber-nested-segments": indefinite(0x24, tlv(0x24, tlv(0x04, b"x")), tlv(0x04, b"")),
    "signed-data-skeleton": seq(
        oid(1, 2, 840, 113549, 1, 7, 2),
        tlv(0xA0, seq(
            integer(1),
            tlv(0x31, seq(oid(1, 3, 14, 3, 2, 26), tlv(0x05, b""))),
            seq(oid(1, 2, 840, 113549, 1, 7, 1),
                tlv(0xA0, tlv(0x04, tlv(0x31, seq(integer(2), integer(1), tlv(0x04, tlv(0x0C, b"com.example"))))))),
            tlv(0x31, b""),
        )),
    ),
}

folder = pathlib.Path(__file__).resolve().parent / "der"
folder.mkdir(exist_ok=True)
for name, data in seeds.items():
    (folder / f"{name}.der").write_bytes(data)
print(f"wrote {len(seeds)} seeds to {folder}")
