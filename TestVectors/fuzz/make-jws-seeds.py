#!/usr/bin/env python3
"""Seeds of the jws fuzz target (Sources/FuzzHarness/JWSTarget.swift), written to TestVectors/fuzz/jws/: the
redistributable StoreKit 2 samples of TestVectors/jws/ as they are, and hostile variants of one real transaction
that each stop at another step (padding, a fourth part, a character of the other alphabet, alg none and ES384,
crit, two certificates, a payload that is not an object, a field of the wrong type). Deterministic; run it from
anywhere."""
import base64
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
JWS = ROOT / "TestVectors" / "jws"
OUT = ROOT / "TestVectors" / "fuzz" / "jws"


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=")


def unb64url(text):
    return base64.urlsafe_b64decode(text + b"=" * (-len(text) % 4))


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.iterdir():
        old.unlink()
    for path in sorted(JWS.glob("*/*.jws")):
        (OUT / f"{path.parent.name}-{path.stem}.jws").write_bytes(path.read_bytes().strip())
    real = (JWS / "apple-signed" / "gopay_transaction_2022-11-04_0cd9c84b.jws").read_bytes().strip()
    header, payload, signature = real.split(b".")
    header_json = json.loads(unb64url(header))
    payload_json = json.loads(unb64url(payload))

    def with_header(**changes):
        edited = dict(header_json, **changes)
        return b64url(json.dumps(edited, separators=(",", ":")).encode()) + b"." + payload + b"." + signature

    def with_payload(**changes):
        edited = dict(payload_json, **changes)
        return header + b"." + b64url(json.dumps(edited, separators=(",", ":")).encode()) + b"." + signature

    variants = {
        "padded": header + b"." + payload + b"." + signature + b"==",
        "four-parts": real + b"." + signature,
        "standard-alphabet": real.replace(b"-", b"+", 1).replace(b"_", b"/", 1),
        "whitespace": header + b".\n" + payload + b"." + signature,
        "alg-none": with_header(alg="none"),
        "alg-ES384": with_header(alg="ES384"),
        "crit": with_header(crit=["exp"]),
        "two-certificates": with_header(x5c=header_json["x5c"][:2]),
        "payload-array": header + b"." + b64url(b"[1,2]") + b"." + signature,
        "price-string": with_payload(price="1990"),
        "duplicate-key": header + b"." + b64url(unb64url(payload)[:-1] + b',"price":1}') + b"." + signature,
    }
    for name, data in variants.items():
        (OUT / f"hostile-{name}.jws").write_bytes(data)


if __name__ == "__main__":
    main()
