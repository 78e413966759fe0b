#!/usr/bin/env python3
"""Writes the files of manifest.json from the real receipts of TestVectors/receipts/apple, and checks OpenSSL's
verdict on each against the manifest's (openssl on the PATH; skipped with --no-openssl).

    python3 TestVectors/differential-regressions/make.py [--no-openssl]

- `differential`: the false accepts of scripts/differential.sh, each its source with one octet XORed.
- `unreadFields`: the same class found by probing OpenSSL on what the parser skipped without reading: a
  `crls [1]` set (inserted before the signerInfos) or `unsignedAttrs [1]` (appended to the SignerInfo), built
  here, inserted into the source with every enclosing length re-encoded.
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
VECTORS = HERE.parent
sys.dont_write_bytecode = True
sys.path.insert(0, str(VECTORS / "fuzz"))
import derkit  # noqa: E402
from derkit import oid_encode, tlv  # noqa: E402


def utc(text):
    return tlv(0x17, text.encode())


SHA256_RSA = tlv(0x30, oid_encode("1.2.840.113549.1.1.11") + b"\x05\x00")
ISSUER = tlv(0x30, tlv(0x31, tlv(0x30, oid_encode("2.5.4.6") + tlv(0x13, b"US")))
             + tlv(0x31, tlv(0x30, oid_encode("2.5.4.3") + tlv(0x13, b"CRL issuer"))))
CRL_NUMBER = tlv(0x30, oid_encode("2.5.29.20") + tlv(0x04, tlv(0x02, b"\x01")))
REASON = tlv(0x30, oid_encode("2.5.29.21") + tlv(0x04, tlv(0x0A, b"\x01")))
COUNTERSIGNATURE = "1.2.840.113549.1.9.6"


def crl(version=b"\x02\x01\x01", issuer=ISSUER, this_update=utc("150101000000Z"), next_update=utc("300101000000Z"),
        revoked=tlv(0x30, tlv(0x30, tlv(0x02, b"\x05") + utc("150101000000Z") + tlv(0x30, REASON))),
        extensions=tlv(0xA0, tlv(0x30, CRL_NUMBER)), extra=b""):
    """A CertificateList (RFC 5280 §5.1) with a v2 version, an entry with a reason code and a CRL number unless
    told otherwise; the signature is not a real one (nothing checks it)."""
    tbs = tlv(0x30, version + SHA256_RSA + issuer + this_update + next_update + revoked + extensions + extra)
    return tlv(0x30, tbs + SHA256_RSA + tlv(0x03, b"\x00" + bytes(range(16))))


def name_of(tag, value):
    return tlv(0x30, tlv(0x31, tlv(0x30, oid_encode("2.5.4.3") + tlv(tag, value))))


def attribute(values, oid=COUNTERSIGNATURE):
    return tlv(0x30, oid_encode(oid) + tlv(0x31, values))


# file -> (where, contents of the [1] element)
UNREAD_FIELDS = {
    "crls-v2-crl.der": ("crls", crl()),
    "crls-v1-crl.der": ("crls", crl(version=b"", extensions=b"",
                                    revoked=tlv(0x30, tlv(0x30, tlv(0x02, b"\x05") + utc("150101000000Z"))))),
    "crls-empty-set.der": ("crls", b""),
    "crls-other-format.der": ("crls", tlv(0xA1, oid_encode("1.2.3.4") + b"\x05\x00")),
    "crls-other-format-integer-padding.der": ("crls", tlv(0xA1, oid_encode("1.2.3.4") + tlv(0x02, b"\x00\x01"))),
    "crls-integer.der": ("crls", tlv(0x02, b"\x05")),
    "crls-sequence-of-integer.der": ("crls", tlv(0x30, tlv(0x02, b"\x05"))),
    "crls-crl-version-3.der": ("crls", crl(version=b"\x02\x01\x02")),
    "crls-crl-issuer-generalstring.der": ("crls", crl(issuer=name_of(0x1B, b"x"))),
    "crls-crl-issuer-application-19.der": ("crls", crl(issuer=name_of(0x53, b"x"))),
    "crls-crl-empty-revoked-certificates.der": ("crls", crl(revoked=tlv(0x30, b""))),
    "crls-crl-empty-extensions.der": ("crls", crl(extensions=tlv(0xA0, tlv(0x30, b"")))),
    "crls-crl-this-update-integer.der": ("crls", crl(this_update=tlv(0x02, b"\x05"))),
    "crls-crl-entry-serial-padding.der": ("crls", crl(
        revoked=tlv(0x30, tlv(0x30, tlv(0x02, b"\x00\x05") + utc("150101000000Z"))))),
    "crls-crl-trailing-element.der": ("crls", crl(extra=tlv(0x02, b"\x05"))),
    "crls-crl-extension-critical-02.der": ("crls", crl(extensions=tlv(0xA0, tlv(0x30, tlv(
        0x30, oid_encode("2.5.29.20") + tlv(0x01, b"\x02") + tlv(0x04, tlv(0x02, b"\x01"))))))),
    "unsigned-attributes-valid.der": ("unsignedAttrs", attribute(tlv(0x04, b"x"))),
    "unsigned-attributes-empty.der": ("unsignedAttrs", b""),
    "unsigned-attributes-integer.der": ("unsignedAttrs", tlv(0x02, b"\x05")),
    "unsigned-attributes-no-values.der": ("unsignedAttrs", tlv(0x30, oid_encode(COUNTERSIGNATURE))),
    "unsigned-attributes-empty-values.der": ("unsignedAttrs", attribute(b"")),
    "unsigned-attributes-value-integer-padding.der": ("unsignedAttrs", attribute(tlv(0x02, b"\x00\x01"))),
    "unsigned-attributes-type-oid-80.der": ("unsignedAttrs", tlv(0x30, tlv(0x06, b"\x80\x01")
                                                                  + tlv(0x31, tlv(0x04, b"x")))),
    "unsigned-attributes-value-boolean-02.der": ("unsignedAttrs", attribute(tlv(0x01, b"\x02"))),
    "unsigned-attributes-value-utf8-ff.der": ("unsignedAttrs", attribute(tlv(0x0C, b"\xff"))),
}


def insert(source, where, contents):
    parsed = derkit.SignedDataFields(source)
    element = derkit.parse(b"\xa1" + derkit.encode_length(len(contents)) + contents)
    if where == "crls":
        parsed.signed_data.children.insert(parsed.signed_data.children.index(parsed.signer_infos), element)
    else:
        parsed.signers()[0].node.children.append(element)
    return parsed.root.encode()


def openssl_verdict(path, attime):
    root = VECTORS / "certs" / "apple-roots" / "AppleIncRootCertificate.cer"
    with tempfile.NamedTemporaryFile(suffix=".pem") as pem:
        subprocess.run(["openssl", "x509", "-inform", "DER", "-in", str(root), "-out", pem.name], check=True)
        run = subprocess.run(["openssl", "cms", "-verify", "-inform", "DER", "-binary", "-purpose", "any",
                              "-CAfile", pem.name, "-attime", str(attime), "-in", str(path), "-out", "/dev/null"],
                             capture_output=True, text=True)
    if run.returncode == 0:
        return "accept"
    reasons = re.findall(r"error:[0-9A-F]+:[^:]*:[^:]*:([^:]+):", run.stderr)
    return "refuse: " + ", ".join(r for r in dict.fromkeys(reasons) if r != "nested asn1 error")


def main():
    check_openssl = "--no-openssl" not in sys.argv[1:]
    manifest = json.loads((HERE / "manifest.json").read_text())
    entries = manifest["differential"] + manifest["unreadFields"]
    assert {e["file"] for e in manifest["unreadFields"]} == set(UNREAD_FIELDS), "manifest and make.py differ"
    mismatches = 0
    for entry in entries:
        source_path = VECTORS / "receipts" / "apple" / entry["source"]
        source = source_path.read_bytes()
        if "offset" in entry:
            data = bytearray(source)
            data[entry["offset"]] ^= entry["xor"]
            data = bytes(data)
        else:
            data = insert(source, *UNREAD_FIELDS[entry["file"]])
        (HERE / entry["file"]).write_bytes(data)
        verdict = ""
        if check_openssl:
            expected = json.loads(source_path.with_suffix(".expected.json").read_text())
            verdict = openssl_verdict(HERE / entry["file"], expected["receipt"]["receipt_creation_date_epoch"])
            if verdict != entry["openssl"]:
                mismatches += 1
                verdict += f"  (the manifest says {entry['openssl']})"
        print(f"{entry['file']}: {len(data)} bytes; openssl {verdict or 'not run'}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
