#!/usr/bin/env python3
"""Writes each regression of manifest.json: its source receipt (TestVectors/receipts/apple) with the octet at
`offset` XORed with `xor`, checking that the octet was the one the manifest says was changed.

    python3 TestVectors/differential-regressions/make.py
"""
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
RECEIPTS = HERE.parent / "receipts" / "apple"

for regression in json.loads((HERE / "manifest.json").read_text())["regressions"]:
    data = bytearray((RECEIPTS / regression["source"]).read_bytes())
    data[regression["offset"]] ^= regression["xor"]
    (HERE / regression["file"]).write_bytes(data)
    print(f"{regression['file']}: {regression['source']} with octet {regression['offset']} XOR "
          f"0x{regression['xor']:02x} (now 0x{data[regression['offset']]:02x})")
