#!/usr/bin/env python3
"""Seeds and dictionary of the `ecdsa` fuzz target, from the project's copy of Wycheproof's ECDSA vectors.

    python3 TestVectors/fuzz/make-ecdsa-seeds.py

writes TestVectors/fuzz/ecdsa/ (one file per seed: a curve byte, 0 for P-256 and 1 for P-384, then a key or a
signature in one of the forms the target decodes) and TestVectors/fuzz/ecdsa.dict.
"""
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
WYCHEPROOF = HERE.parent / "conformance" / "wycheproof"
OUT = HERE / "ecdsa"
SOURCES = {
    0: ("ecdsa_secp256r1_sha256_test.json", "ecdsa_secp256r1_sha256_p1363_test.json"),
    1: ("ecdsa_secp384r1_sha384_test.json", "ecdsa_secp384r1_sha384_p1363_test.json"),
}


def compressed(uncompressed):
    size = (len(uncompressed) - 1) // 2
    return bytes([2 | (uncompressed[-1] & 1)]) + uncompressed[1 : 1 + size]


def main():
    OUT.mkdir(exist_ok=True)
    for old in OUT.iterdir():
        old.unlink()
    seeds = {}
    for curve, (der_file, p1363_file) in SOURCES.items():
        name = "p256" if curve == 0 else "p384"
        der = json.load(open(WYCHEPROOF / der_file))
        p1363 = json.load(open(WYCHEPROOF / p1363_file))
        group = der["testGroups"][0]
        point = bytes.fromhex(group["publicKey"]["uncompressed"])
        seeds[f"{name}-key-x963"] = point
        seeds[f"{name}-key-compressed"] = compressed(point)
        seeds[f"{name}-key-raw"] = point[1:]
        seeds[f"{name}-key-spki"] = bytes.fromhex(group["publicKeyDer"])
        # Valid signatures, and invalid encodings of every kind Wycheproof names (the first of each flag).
        seen = set()
        for test in (test for group in der["testGroups"] for test in group["tests"]):
            flag = (test["flags"] or ["none"])[0]
            if (test["result"], flag) in seen:
                continue
            seen.add((test["result"], flag))
            seeds[f"{name}-der-{test['result']}-{flag}-{test['tcId']}"] = bytes.fromhex(test["sig"])
        for test in p1363["testGroups"][0]["tests"][:4]:
            seeds[f"{name}-raw-{test['result']}-{test['tcId']}"] = bytes.fromhex(test["sig"])
        for label, value in list(seeds.items()):
            if label.startswith(name):
                (OUT / f"{label}.bin").write_bytes(bytes([curve]) + value)
    tokens = [
        b"\x00", b"\x01", b"\x02", b"\x03", b"\x04", b"\x06", b"\x07", b"\x30", b"\x02\x01\x01", b"\x02\x21\x00",
        b"\x02\x31\x00", b"\x30\x81", b"\x03\x42\x00\x04", b"\x03\x62\x00\x04",
        bytes.fromhex("06072a8648ce3d0201"), bytes.fromhex("06082a8648ce3d030107"), bytes.fromhex("06052b81040022"),
        bytes.fromhex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"),
        bytes.fromhex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"),
        bytes.fromhex("ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973"),
    ]
    lines = ["# ecdsa: point prefixes, DER tokens, the curve OIDs, p and n (written by make-ecdsa-seeds.py)"]
    lines += ['"' + "".join(f"\\x{b:02X}" for b in token) + '"' for token in tokens]
    (HERE / "ecdsa.dict").write_text("\n".join(lines) + "\n")
    print(f"ecdsa: {len(list(OUT.iterdir()))} seeds, {len(tokens)} dictionary tokens")


if __name__ == "__main__":
    main()
